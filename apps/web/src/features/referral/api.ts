import { apiRoutes } from '@h5/contract/routes';
import { callApi } from '../../shared/api/client';
import { useMemberQuery } from '../../shared/api/member-query';

/** POST /api/referralinfo (ours): the invite link carrying the member's pid and how many registered with it. */
export function useReferralInfo() {
  return useMemberQuery(['referralInfo'], { queryFn: () => callApi(apiRoutes.referralInfo, {}) });
}
