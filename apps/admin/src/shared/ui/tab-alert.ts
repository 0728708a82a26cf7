import { useEffect } from 'react';

/**
 * While `count` is above zero the browser tab's title leads with it and `what` (【3】新会话待接入 · 星河后台), so an
 * operator on another tab sees that something waits; the title comes back as it was when the count drops to zero or
 * the screen closes.
 */
export function useTabAlert(count: number, what: string) {
  useEffect(() => {
    if (count <= 0) return;
    const before = document.title;
    document.title = `【${count}】${what} · ${before}`;
    return () => {
      document.title = before;
    };
  }, [count, what]);
}
