import { apiRoutes } from '@h5/contract/routes';
import { callApi } from '../../shared/api/client';
import { useMemberPages, useMemberQuery } from '../../shared/api/member-query';

/**
 * POST /api/agent/summary: the partner's month so far, plan and referral link. Silent: a member who is not a
 * partner hears 403 MSG.notPartner, which the page shows in place of the centre rather than as a toast.
 */
export function useAgentSummary() {
  return useMemberQuery(['agentSummary'], {
    queryFn: ({ signal }) => callApi(apiRoutes.agentSummary, {}, { signal, silent: true }),
    retry: false,
    staleTime: 0,
  });
}

/** POST /api/agent/downline {page}: the partner's members, newest first, page after page. */
export function useAgentDownline(enabled: boolean) {
  return useMemberPages(['agentDownline'], {
    fetchPage: (page, signal) => callApi(apiRoutes.agentDownline, { page }, { signal }),
    enabled,
  });
}

/** POST /api/agent/statements {page}: the partner's monthly statements, newest first. */
export function useAgentStatements(enabled: boolean) {
  return useMemberPages(['agentStatements'], {
    fetchPage: (page, signal) => callApi(apiRoutes.agentStatements, { page }, { signal }),
    enabled,
  });
}
