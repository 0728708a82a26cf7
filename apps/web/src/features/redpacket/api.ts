import { apiRoutes } from '@h5/contract/routes';
import { callApiWithMessage, callApi } from '../../shared/api/client';
import { useMemberPages, useMemberQuery, useRefetchingMutation } from '../../shared/api/member-query';

/** GET /api/userredpacket: grabs left (sendnums) and taken today (acquirednum), and the enabled rules. */
export function useRedpacketInfo() {
  return useMemberQuery(['userRedpacket'], {
    queryFn: () => callApi(apiRoutes.userRedpacket, { page: 1 }),
    staleTime: 0,
  });
}

/**
 * POST /api/douserredpacket: one grab. Silent: the page shows every outcome in a dialog (docs/member-app.md "Messages and errors"), not a toast.
 * Afterwards the counts, the records and the balances refetch (a prize is credited at once).
 */
export function useGrabRedpacket() {
  return useRefetchingMutation(() => callApiWithMessage(apiRoutes.doUserRedpacket, {}, { silent: true }), {
    refetch: ['userRedpacket', 'redpacket', 'balance', 'user'],
    after: 'settled',
    wait: true,
  });
}

/** POST /api/redpacket {page}: the member's grabs, newest first, page after page from 1. */
export function useRedpacketRecords() {
  return useMemberPages(['redpacket'], {
    fetchPage: (page, signal) => callApi(apiRoutes.redpacket, { page }, { signal }),
    gcTime: 0,
  });
}
