import { Navigate, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { useSessionStore } from '../shared/session/session-store';

/** Screens behind the sign-in: without a session (never had one, or a 401 ended it) the console shows 登录. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSessionStore((s) => s.session);
  const location = useLocation();
  if (!session) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={from === '/' ? null : { from }} />;
  }
  return children;
}
