import { Route, Routes } from 'react-router';
import LoginPage from '../features/auth/login-page';
import { useSessionStore } from '../shared/session/session-store';
import { NotFound } from '../shared/ui/not-found';
import { RequireSession } from './guards';
import { ConsoleLayout } from './layout/console-layout';
import { canSee, consoleRoutes } from './routes';

/** The route table: 登录 outside, every other screen inside the layout, each behind its roles. */
export function AppRoutes() {
  const role = useSessionStore((s) => s.session?.role);
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route
        element={
          <RequireSession>
            <ConsoleLayout />
          </RequireSession>
        }
      >
        {consoleRoutes.map((route) => {
          const Page = route.page;
          const allowed = role !== undefined && canSee(role, route);
          return <Route key={route.path} path={route.path} element={allowed ? <Page /> : <NotFound forbidden />} />;
        })}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
