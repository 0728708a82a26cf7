import type { RgInfo } from '@h5/contract';
import { apiRoutes } from '@h5/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiWithMessage } from '../../shared/api/client';

const KEY = ['responsible'] as const;

/** POST /api/responsible: limits, break, what the windows count, history. */
export function useResponsible() {
  return useQuery({ queryKey: KEY, queryFn: () => callApi(apiRoutes.responsible, {}) });
}

/** Each change answers the screen's data afresh and the server's message (立即生效 or 24小时后生效). */
function useRgMutation<B>(send: (body: B) => Promise<{ data: RgInfo; message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ data }) => queryClient.setQueryData(KEY, data),
  });
}

export function useSetLimit() {
  return useRgMutation((body: { kind: string; value: string }) => callApiWithMessage(apiRoutes.responsibleSet, body));
}

export function useStartBreak() {
  return useRgMutation((body: { period: string }) => callApiWithMessage(apiRoutes.responsibleBreak, body));
}
