import { apiRoutes } from '@h5/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiWithMessage } from '../../shared/api/client';

export interface AgentApplication {
  mobile: string;
  apply_info: string;
}

/** POST /api/applyagentdo {mobile, apply_info}; answers the server message (申请成功) for the page to show. */
export function useApplyAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AgentApplication) => (await callApiWithMessage(apiRoutes.applyAgentDo, body)).message,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['user'] }),
  });
}
