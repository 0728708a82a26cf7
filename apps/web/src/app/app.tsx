import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { HashRouter } from '../shared/router/router';
import { MaintenanceBanner } from './maintenance/maintenance-banner';
import { OfflineBanner } from './offline/offline-banner';
import { AppRoutes } from './routes';
import { ScrollToTop } from './scroll-to-top';
import { SessionEffects } from './session-effects';

// antd-mobile's default locale is zh-CN, which is what we need, so no ConfigProvider.
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <HashRouter>
        <ScrollToTop />
        <SessionEffects />
        <OfflineBanner />
        <MaintenanceBanner />
        <AppRoutes />
      </HashRouter>
    </QueryClientProvider>
  );
}
