import { apiRoutes } from '@h5/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiWithMessage, callApi } from '../../shared/api/client';
import { useMemberPages, useMemberQuery } from '../../shared/api/member-query';

/** GET /api/userredpacket: grabs left (sendnums) and taken today (acquirednum), and the enabled rules. */
export function useRedpacketInfo() {
  return useMemberQuery(['userRedpacket'], {
    queryFn: () => callApi(apiRoutes.userRedpacket, { page: 1 }),
    staleTime: 0,
  });
}

/**
 * POST /api/douserredpacket: one grab. Silent: the page shows every outcome in a dialog (SPEC 8), not a toast.
 * Afterwards the counts, the records and the balances refetch (a prize is credited at once).
 */
export function useGrabRedpacket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApiWithMessage(apiRoutes.doUserRedpacket, {}, { silent: true }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['userRedpacket'] }),
        queryClient.invalidateQueries({ queryKey: ['redpacket'] }),
        queryClient.invalidateQueries({ queryKey: ['balance'] }),
        queryClient.invalidateQueries({ queryKey: ['user'] }),
      ]),
  });
}

/** POST /api/redpacket {page}: the member's grabs, newest first, page after page from 1. */
export function useRedpacketRecords() {
  return useMemberPages(['redpacket'], {
    fetchPage: (page, signal) => callApi(apiRoutes.redpacket, { page }, { signal }),
    gcTime: 0,
  });
}
