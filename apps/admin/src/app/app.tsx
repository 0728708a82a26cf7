import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { FeedbackBridge } from '../shared/ui/feedback';
import { AppRoutes } from './app-routes';
import { consoleTheme } from './theme';

/** antd in Chinese with our theme and its message/modal context, and the query client. */
export function ConsoleProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    // No space inserted between two Chinese characters of a button: "通过", not "通 过", as operators read and search it.
    <ConfigProvider locale={zhCN} theme={consoleTheme} button={{ autoInsertSpace: false }}>
      <AntApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

/** The console, mounted by the server at /admin/ (every deep link answers index.html). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <ConsoleProviders queryClient={queryClient}>
      <BrowserRouter basename="/admin">
        <AppRoutes />
      </BrowserRouter>
    </ConsoleProviders>
  );
}
