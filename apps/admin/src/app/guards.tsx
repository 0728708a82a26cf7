import { Navigate, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { useSessionStore } from '../shared/session/session-store';

/**
 * Screens behind the sign-in: without a session the console shows 登录, and signing in returns to the screen that
 * was asked for (a deep link, or the screen of a session that expired); after 退出登录 it starts at 仪表盘.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSessionStore((s) => s.session);
  const signedOut = useSessionStore((s) => s.signedOut);
  const location = useLocation();
  if (!session) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={from === '/' || signedOut ? null : { from }} />;
  }
  return children;
}
