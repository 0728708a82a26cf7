import { apiRoutes } from '@h5/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { useSessionStore } from '../../shared/session/session-store';

/** POST /api/referralinfo (ours): the invite link carrying the member's pid and how many registered with it. */
export function useReferralInfo() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: ['referralInfo', token],
    queryFn: () => callApi(apiRoutes.referralInfo, {}),
    enabled: Boolean(token),
  });
}
