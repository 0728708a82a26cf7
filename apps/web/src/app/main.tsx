import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bannersQuery } from '../features/home/api';
import { queryClient } from '../shared/api/query-client';
import { followVisitUrl } from '../shared/site/visit-url';
import { App } from './app';
import './styles.css';

// On the home address the banners (the largest thing the first screen paints) are asked for before React
// renders, in parallel with the rest of the start-up, rather than after the home screen mounts.
if (/^(#\/?)?$/.test(window.location.hash)) void queryClient.prefetchQuery(bannersQuery);

// SPEC 7: a site that has moved sends its visitors on (getVisitUrl), checked once at start.
void followVisitUrl();

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
