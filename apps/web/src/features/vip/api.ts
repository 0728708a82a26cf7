import { apiRoutes } from '@h5/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';

/** docs/member-app.md "Server calls": POST /api/uservip, the list of 10 levels. */
export function useVipLevels() {
  return useQuery({
    queryKey: ['userVip'],
    queryFn: () => callApi(apiRoutes.userVip, {}),
    staleTime: 10 * 60_000,
  });
}
