import { Toast } from 'antd-mobile';
import { useRef } from 'react';

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
