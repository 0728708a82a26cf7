import { adminEndpoints } from '@h5/contract';
import { useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../shared/api/client';

export const DASHBOARD_POLL_MS = 15_000;

/** Pending items per queue the operator's role may see, refreshed every 15 s (also in a background tab). */
export function useDashboardPending() {
  return useQuery({
    queryKey: ['dashboardPending'],
    queryFn: ({ signal }) => callAdmin(adminEndpoints.dashboardPending, { signal, silent: true }),
    refetchInterval: DASHBOARD_POLL_MS,
    refetchIntervalInBackground: true,
  });
}
