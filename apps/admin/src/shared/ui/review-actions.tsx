import { MSG } from '@h5/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { type ReactNode, useState } from 'react';
import { useConfirmAction } from './confirm-action';
import { ReasonDialog } from './reason-dialog';

export interface ReviewOptions<T> {
  /** What is reviewed, e.g. 存款. */
  what: string;
  /** The facts a reviewer decides on, shown in both dialogs. */
  describe: (row: T) => ReactNode;
  approve: (row: T) => Promise<{ message: string }>;
  reject: (row: T, reason: string) => Promise<unknown>;
  /** The queue and whatever else the decision changes (dashboard counts, the member). */
  invalidate: QueryKey[];
  approvedText?: string;
  /** The approve dialog's extra warning for this row, if any (a second review, say). */
  approveNote?: (row: T) => ReactNode;
}

/**
 * 通过 and 拒绝 of a review queue: approving is confirmed in a dialog; refusing asks for the reason in one. The
 * server's message is shown on success (a first approval of a large withdrawal says it awaits a second).
 */
export function useReviewActions<T>(options: ReviewOptions<T>) {
  const confirm = useConfirmAction();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<T | null>(null);

  const approve = (row: T) =>
    confirm({
      title: `确认通过该${options.what}？`,
      content: (
        <>
          {options.describe(row)}
          {options.approveNote?.(row)}
        </>
      ),
      okText: '确认通过',
      action: () => options.approve(row),
      invalidate: options.invalidate,
      // A plain success says what happens next; any other message (awaiting a second review) is the server's.
      success: (answer) =>
        answer.message && answer.message !== MSG.ok && answer.message !== 'ok'
          ? answer.message
          : (options.approvedText ?? '已通过'),
    });

  const dialog = (
    <ReasonDialog
      open={rejecting !== null}
      title={`拒绝${options.what}`}
      summary={rejecting === null ? null : options.describe(rejecting)}
      onClose={() => setRejecting(null)}
      onSubmit={async (reason) => {
        if (rejecting === null) return;
        try {
          await options.reject(rejecting, reason);
          void message.success('已拒绝');
        } catch {
          // the client has shown why
        } finally {
          await Promise.all(options.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
        }
      }}
    />
  );
  return { approve, reject: (row: T) => setRejecting(row), dialog };
}
