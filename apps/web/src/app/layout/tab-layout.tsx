import { Suspense } from 'react';
import { Outlet, useLocation } from '../../shared/router/router';
import { PageLoading } from '../../shared/ui/page-loading';
import { AppHeader } from './app-header';
import { TabBar } from './tab-bar';

/** docs/member-app.md "Layout": the header is hidden on these paths (the last two live outside the tab layout anyway). */
export const HEADER_HIDDEN = new Set(['/activity', '/activityInfo', '/mine', '/transfer']);

export function TabLayout() {
  const { pathname } = useLocation();
  return (
    <div className="tab-layout">
      {!HEADER_HIDDEN.has(pathname) && <AppHeader />}
      <div className="tab-layout-body">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </div>
      <TabBar />
    </div>
  );
}
