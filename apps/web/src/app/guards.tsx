import { FIRST_SCREEN_MSG } from '@h5/contract/first-screen-messages';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from '../shared/router/router';
import { confirmLoginInvite } from '../shared/navigation/login-invite';
import { useSession } from '../shared/session/hooks';
import { EmptyState } from '../shared/ui/empty-state';

/** docs/member-app.md "Routes needing login": an anonymous user goes to /login with a redirect query. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  if (isLoggedIn) return children;
  // A session that has just ended (logout, login password change, 401) has already moved the address to /login and
  // the router follows in a transition: the page being left must not replace that address with its own redirect.
  if (/^#\/login(?:\?|$)/.test(window.location.hash)) return null;
  const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
  return <Navigate to={`/login?redirect=${redirect}`} replace />;
}

/**
 * docs/member-app.md "Runtime navigation rules": /mine without a token goes to /login. The route table lists /mine as public, so this check
 * applies on top of it, with the same redirect query as the member routes.
 */
export const RequireTokenOrLogin = RequireAuth;

/** docs/member-app.md "Runtime navigation rules": /hongbao (public in the route table) asks a visitor to log in first. */
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
      <EmptyState title={FIRST_SCREEN_MSG.pleaseLogin}>
        <button type="button" className="pill-button large" onClick={() => navigate('/login')}>
          {FIRST_SCREEN_MSG.goLogin}
        </button>
      </EmptyState>
    </main>
  );
}
