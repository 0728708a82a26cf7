import { apiRoutes } from '@h5/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../api/client';
import { useSessionStore } from './session-store';

export const BALANCE_POLL_MS = 4300; // docs/member-app.md "Constants and limits": balance poll 4300 ms while logged in

export function useSession() {
  const token = useSessionStore((s) => s.token);
  const userInfo = useSessionStore((s) => s.userInfo);
  return { token, userInfo, isLoggedIn: Boolean(token) };
}

/** The member summary: starts from the locally stored copy, refreshed from /api/user and saved back. */
export function useUserInfo() {
  const token = useSessionStore((s) => s.token);
  const stored = useSessionStore((s) => s.userInfo);
  const setUserInfo = useSessionStore((s) => s.setUserInfo);
  const query = useQuery({
    queryKey: ['user', token],
    queryFn: () => callApi(apiRoutes.user),
    enabled: Boolean(token),
    initialData: stored ?? undefined,
    // The stored copy is shown at once but always refreshed.
    initialDataUpdatedAt: 0,
  });
  const fresh = query.isFetchedAfterMount ? query.data : undefined;
  useEffect(() => {
    if (fresh) setUserInfo(fresh);
  }, [fresh, setUserInfo]);
  return { ...query, data: token ? query.data : undefined };
}

/** Central balance, polled while logged in. A 401 here is a forced logout (docs/member-app.md "Messages and errors"), told by the 认证失败 dialog. */
export function useBalance() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: ['balance', token],
    queryFn: () => callApi(apiRoutes.balance, {}, { silent: true }),
    enabled: Boolean(token),
    refetchInterval: BALANCE_POLL_MS,
    select: (data) => data.balance,
  });
}
