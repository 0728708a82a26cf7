import { adminEndpoints } from '@h5/contract';
import { useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../shared/api/client';

export const DASHBOARD_POLL_MS = 15_000;

/** Pending items per queue the operator's role may see, refreshed every 15 s (also in a background tab). */
export function useDashboardPending(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['dashboardPending'],
    queryFn: ({ signal }) => callAdmin(adminEndpoints.dashboardPending, { signal, silent: true }),
    refetchInterval: DASHBOARD_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** Figures change with every approval; a minute apart is plenty for a glance, and the read is a heavy one. */
export const FIGURES_POLL_MS = 60_000;

/** Today against yesterday and the last 30 days (finance, admin): docs/reports.md "Reports". */
export function useDashboardFigures() {
  return useQuery({
    queryKey: ['dashboardFigures'],
    queryFn: ({ signal }) => callAdmin(adminEndpoints.dashboardFigures, { signal, silent: true }),
    refetchInterval: FIGURES_POLL_MS,
    // Money moves on many screens (reviews, adjustments): coming back to the dashboard always asks again.
    refetchOnMount: 'always',
  });
}

/** The desk's figures (admin, support): the ratings of the last 7 days and who waits now, with the queue's pace. */
export function useSupportDeskStats(enabled: boolean) {
  return useQuery({
    queryKey: ['supportDeskStats'],
    queryFn: ({ signal }) => callAdmin(adminEndpoints.supportDeskStats, { signal, silent: true }),
    refetchInterval: DASHBOARD_POLL_MS,
    enabled,
  });
}
