import { apiRoutes } from '@h5/contract/routes';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApiWithMessage, callApi } from '../../shared/api/client';
import { useSessionStore } from '../../shared/session/session-store';
import { nextPageOf } from '../records/api';

/** GET /api/userredpacket: grabs left (sendnums) and taken today (acquirednum), and the enabled rules. */
export function useRedpacketInfo() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: ['userRedpacket', token],
    queryFn: () => callApi(apiRoutes.userRedpacket, { page: 1 }),
    enabled: Boolean(token),
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
  const token = useSessionStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: ['redpacket', token],
    queryFn: ({ pageParam, signal }) => callApi(apiRoutes.redpacket, { page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageOf(pages),
    enabled: Boolean(token),
    gcTime: 0,
    staleTime: 0,
  });
}
