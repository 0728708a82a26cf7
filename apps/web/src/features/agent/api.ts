import { apiRoutes } from '@h5/contract/routes';
import { callApi, callApiWithMessage } from '../../shared/api/client';
import { useMemberQuery, useRefetchingMutation } from '../../shared/api/member-query';

export interface AgentApplication {
  mobile: string;
  apply_info: string;
}

/** POST /api/applyagentdo {mobile, apply_info}; answers the server message (申请成功) for the page to show. */
export function useApplyAgent() {
  return useRefetchingMutation(
    async (body: AgentApplication) => (await callApiWithMessage(apiRoutes.applyAgentDo, body)).message,
    // A refusal (226, applied before) refetches the state too: the screen then shows where that application stands.
    { refetch: ['user', 'agentApplyState'], after: 'settled' },
  );
}

/** POST /api/agentapplystate: where the member's application stands (AGENT_APPLY_STATE; 0 none). */
export function useAgentApplyState() {
  return useMemberQuery(['agentApplyState'], {
    queryFn: () => callApi(apiRoutes.agentApplyState, {}, { silent: true }),
    select: (data) => data.state,
  });
}
