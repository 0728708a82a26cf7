import type { UserInfo } from '@h5/contract';
import { apiRoutes } from '@h5/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiWithMessage } from '../../shared/api/client';
import { useSessionStore } from '../../shared/session/session-store';

/** docs/member-app.md "Server calls": POST /api/uservip, the 10 levels (the /vip page shares this cache key). */
export function useVipLevels() {
  return useQuery({
    queryKey: ['userVip'],
    queryFn: () => callApi(apiRoutes.userVip, {}, { silent: true }),
    staleTime: 10 * 60_000,
  });
}

/**
 * docs/member-app.md "Server calls": POST /api/refreshusermoney answers the user info, saved locally; the polled balance refetches too.
 * Answers the server message (刷新成功) for the page to show.
 */
export function useRefreshUserMoney() {
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const setUserInfo = useSessionStore((s) => s.setUserInfo);
  return useMutation({
    mutationFn: () => callApiWithMessage(apiRoutes.refreshUserMoney, {}),
    onSuccess: ({ data }) => {
      queryClient.setQueryData<UserInfo>(['user', token], data);
      setUserInfo(data);
      void queryClient.invalidateQueries({ queryKey: ['balance'] });
    },
  });
}
