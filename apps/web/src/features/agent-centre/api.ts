import { apiRoutes } from '@h5/contract/routes';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { useSessionStore } from '../../shared/session/session-store';
import { nextPageOf } from '../messages/api';

/**
 * POST /api/agent/summary: the partner's month so far, plan and referral link. Silent: a member who is not a
 * partner hears 403 MSG.notPartner, which the page shows in place of the centre rather than as a toast.
 */
export function useAgentSummary() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: ['agentSummary', token],
    queryFn: ({ signal }) => callApi(apiRoutes.agentSummary, {}, { signal, silent: true }),
    enabled: Boolean(token),
    retry: false,
    staleTime: 0,
  });
}

/** POST /api/agent/downline {page}: the partner's members, newest first, page after page. */
export function useAgentDownline(enabled: boolean) {
  const token = useSessionStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: ['agentDownline', token],
    queryFn: ({ pageParam, signal }) => callApi(apiRoutes.agentDownline, { page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageOf(pages),
    enabled: Boolean(token) && enabled,
    staleTime: 0,
  });
}

/** POST /api/agent/statements {page}: the partner's monthly statements, newest first. */
export function useAgentStatements(enabled: boolean) {
  const token = useSessionStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: ['agentStatements', token],
    queryFn: ({ pageParam, signal }) => callApi(apiRoutes.agentStatements, { page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageOf(pages),
    enabled: Boolean(token) && enabled,
    staleTime: 0,
  });
}
