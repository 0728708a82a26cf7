import { App } from 'antd';
import { useEffect } from 'react';

type AppApi = ReturnType<typeof App.useApp>;

let current: AppApi | null = null;

/**
 * Hands antd's context-aware message and modal APIs (theme and zh_CN locale) to code outside components, such as
 * the API client. Rendered once inside antd's <App>.
 */
export function FeedbackBridge() {
  const api = App.useApp();
  useEffect(() => {
    current = api;
    return () => {
      if (current === api) current = null;
    };
  }, [api]);
  return null;
}

/** The one error toast: the server's Chinese message. */
export function showError(text: string) {
  void current?.message.error(text);
}

export function showSuccess(text: string) {
  void current?.message.success(text);
}
