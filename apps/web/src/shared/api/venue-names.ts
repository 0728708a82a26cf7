import { apiRoutes } from '@h5/contract/routes';
import { callApi } from './client';
import { useMemberQuery } from './member-query';

/**
 * Each venue wallet's name by its code (platname), for screens that are given a code (交易记录's transfers):
 * POST /api/balancelist, the key the wallet screens and the platform filter share. It lists transfer venues only; the
 * game frame takes its venue's name from the launch's answer.
 */
export function useVenueNames() {
  return useMemberQuery(['balanceList'], {
    queryFn: () => callApi(apiRoutes.balanceList, {}, { silent: true }),
    staleTime: 5 * 60_000,
    select: (venues) => new Map(venues.map((v) => [v.platname, v.name])),
  });
}
