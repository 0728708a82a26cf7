import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { useCallback } from 'react';

export interface ConfirmActionOptions<T> {
  title: string;
  content?: ReactNode;
  okText?: string;
  danger?: boolean;
  action: () => Promise<T>;
  /** Lists and details the action changes; refreshed whatever the outcome (someone else may have acted first). */
  invalidate: QueryKey[];
  success: string | ((result: T) => string);
  onDone?: (result: T) => void;
}

/**
 * Every decision of the console: a confirm dialog, then the call (the OK button spins meanwhile), then the lists
 * it touched refresh. A failure was already shown by the client's toast; the dialog closes either way.
 */
export function useConfirmAction() {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  return useCallback(
    <T,>(options: ConfirmActionOptions<T>) => {
      modal.confirm({
        title: options.title,
        content: options.content,
        okText: options.okText ?? '确定',
        cancelText: '取消',
        okButtonProps: { danger: options.danger ?? false },
        onOk: async () => {
          try {
            const result = await options.action();
            void message.success(typeof options.success === 'function' ? options.success(result) : options.success);
            options.onDone?.(result);
          } catch {
            // shown by the client
          } finally {
            await Promise.all(options.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
          }
        },
      });
    },
    [modal, message, queryClient],
  );
}
