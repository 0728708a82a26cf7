import { apiRoutes } from '@h5/contract/routes';
import { callApiWithMessage } from '../../shared/api/client';
import { useRefetchingMutation } from '../../shared/api/member-query';

export interface AgentApplication {
  mobile: string;
  apply_info: string;
}

/** POST /api/applyagentdo {mobile, apply_info}; answers the server message (申请成功) for the page to show. */
export function useApplyAgent() {
  return useRefetchingMutation(
    async (body: AgentApplication) => (await callApiWithMessage(apiRoutes.applyAgentDo, body)).message,
    { refetch: ['user'] },
  );
}
