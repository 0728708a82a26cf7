import { MSG } from '@h5/contract/messages';
import { Button } from 'antd-mobile';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { confirmLoginInvite } from '../shared/navigation/login-invite';
import { useSession } from '../shared/session/hooks';
import { EmptyState } from '../shared/ui/empty-state';

/** SPEC 2 "Routes needing login": an anonymous user goes to /login with a redirect query. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  if (isLoggedIn) return children;
  // A session that has just ended (logout, login password change, 401) has already moved the address to /login and
  // the router follows in a transition. A redirect from the page being left would replace that address with
  // /login?redirect=<that page>, and logging in again would return there instead of going to / (SPEC 4).
  if (/^#\/login(?:\?|$)/.test(window.location.hash)) return null;
  const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
  return <Navigate to={`/login?redirect=${redirect}`} replace />;
}

/**
 * SPEC 2 runtime rule: /mine without a token goes to /login. The route table lists /mine as public, so this check
 * applies on top of it; it keeps the redirect query so that logging in returns to /mine.
 */
export const RequireTokenOrLogin = RequireAuth;

/** SPEC 2 runtime rule: /hongbao (public in the route table) asks a visitor to log in first. */
export function InviteToLogin({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    if (isLoggedIn) return;
    void confirmLoginInvite().then((accepted) => {
      if (accepted) navigate('/login');
    });
  }, [isLoggedIn, navigate]);

  if (isLoggedIn) return children;
  return (
    <main className="page">
      <EmptyState title={MSG.pleaseLogin}>
        <Button color="primary" onClick={() => navigate('/login')}>
          {MSG.goLogin}
        </Button>
      </EmptyState>
    </main>
  );
}
