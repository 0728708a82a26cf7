import { apiRoutes } from '@h5/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiWithMessage } from '../../shared/api/client';
import { useMemberPages } from '../../shared/api/member-query';
import { useSessionStore } from '../../shared/session/session-store';
import type { PlatformPeriod } from '../../shared/ui/platform-period-filter';

/**
 * POST /api/getfanshui {date, page, api_type, type: ''}: data.list is the page, beside jisuan (claimed) and
 * nojisuan (claimable). A filter change is a new key, so the list starts again at page 1.
 */
export function useRebates({ platform, period }: PlatformPeriod) {
  return useMemberPages(['getFanshui', platform, period], {
    fetchPage: (page, signal) =>
      callApi(apiRoutes.getFanshui, { date: period, page, api_type: platform, type: '' }, { signal }),
    paginatorOf: (answer) => answer.list,
    gcTime: 0,
  });
}

/**
 * POST /api/dofanshui: claims every pending rebate; answers the server message. docs/member-app.md "States and transitions": then the user info and
 * the list refresh, and the list is reset (reset, not refetch: only page 1 loads again).
 */
export function useClaimRebates() {
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const setUserInfo = useSessionStore((s) => s.setUserInfo);
  // Fetched even when no screen shows the user info: the stored copy (fanshui, balance) must not go stale.
  const refreshUserInfo = async () => {
    const info = await queryClient.fetchQuery({
      queryKey: ['user', token],
      queryFn: () => callApi(apiRoutes.user, undefined, { silent: true }),
    });
    setUserInfo(info);
  };
  return useMutation({
    mutationFn: async () => (await callApiWithMessage(apiRoutes.doFanshui, {})).message,
    onSuccess: () =>
      Promise.all([
        refreshUserInfo().catch(() => undefined),
        queryClient.invalidateQueries({ queryKey: ['balance'] }),
        queryClient.resetQueries({ queryKey: ['getFanshui'] }),
      ]),
  });
}
