import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bannersQuery } from '../features/home/api';
import { queryClient } from '../shared/api/query-client';
import { captureInstallPrompt } from '../shared/pwa/install-prompt';
import { followVisitUrl } from '../shared/site/visit-url';
import { App } from './app';
import './styles.css';

// On the home address the banners (the largest thing the first screen paints) are asked for before React
// renders, in parallel with the rest of the start-up, rather than after the home screen mounts.
if (/^(#\/?)?$/.test(window.location.hash)) void queryClient.prefetchQuery(bannersQuery);

// docs/member-app.md "Server calls": a site that has moved sends its visitors on (getVisitUrl), checked once at start.
void followVisitUrl();

// Installable (scripts/pwa): the worker that keeps the shell for offline starts is registered once the page has
// loaded, so it never competes with the first screen; the install prompt is kept for 添加到主屏幕 on /app.
captureInstallPrompt();
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => void navigator.serviceWorker.register('./sw.js').catch(() => undefined));
}

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');

// The first render as a transition: React then renders in slices and gives the main thread back between them, so
// a slow phone can take a tap or paint while the first screen is being built instead of freezing until it is done.
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  ),
);
