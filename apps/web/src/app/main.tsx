import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bannersQuery } from '../features/home/api';
import { queryClient } from '../shared/api/query-client';
import { installAntdRender } from '../shared/ui/antd-render';
import { App } from './app';
import './styles.css';

installAntdRender();

// On the home address the banners (the largest thing the first screen paints) are asked for before React
// renders, in parallel with the rest of the start-up, rather than after the home screen mounts.
if (/^(#\/?)?$/.test(window.location.hash)) void queryClient.prefetchQuery(bannersQuery);

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
