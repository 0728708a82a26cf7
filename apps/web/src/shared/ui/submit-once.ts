import { Toast } from 'antd-mobile';
import { useRef } from 'react';
import { isApiError } from '@h5/contract/api-error';
import { newIdempotencyKey } from '../api/client';

interface SubmitSteps {
  /** The form's first problem, toasted instead of sending (null when the form is fine). */
  check: () => string | null;
  send: () => Promise<void>;
  /** After a failed send; the client has already shown the server's message. */
  failed?: (error: unknown) => void;
}

/**
 * A member form's submit: one send at a time (the flag is set synchronously on tap, so a second tap before React
 * re-renders the disabled button sends nothing), and a form with a problem is not sent: the problem is toasted.
 */
export function useSubmitOnce() {
  const busy = useRef(false);
  return async ({ check, send, failed }: SubmitSteps): Promise<void> => {
    if (busy.current) return;
    const problem = check();
    if (problem) {
      Toast.show({ content: problem });
      return;
    }
    busy.current = true;
    try {
      await send();
    } catch (error) {
      failed?.(error);
    } finally {
      busy.current = false;
    }
  };
}

/**
 * The Idempotency-Key of a money form's action: made on the first tap, kept for a retry after a transport failure
 * (the request may still have reached the server, and the same key cannot move money twice), dropped once the
 * server has answered or the form changes (a different amount or wallet is a different action).
 */
export function useActionKey() {
  const ref = useRef<string | null>(null);
  const drop = () => {
    ref.current = null;
  };
  return {
    /** The key to send: the kept one on a retry, else a new one. */
    take: () => (ref.current ??= newIdempotencyKey()),
    /** The server has answered, or the form changed: the next tap is a new action. */
    drop,
    /** After a failed send: the key is kept only when the failure was the transport's (a negative code). */
    failed: (error: unknown) => {
      if (!isApiError(error) || error.code >= 0) drop();
    },
    /** A setter that also drops the key, for the form's fields: an edited form is a different action. */
    editing:
      <T>(set: (value: T) => void) =>
      (value: T) => {
        drop();
        set(value);
      },
  };
}
