import { apiRoutes } from '@h5/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';

/**
 * docs/member-app.md "Server calls": POST /api/getservicerurl answers data.url. Silent: when there is no address the page says 客服暂时不可用
 * (docs/member-app.md "States and transitions"), and the server's own toast, arriving a moment later, would otherwise replace it.
 */
export function useServiceUrl() {
  return useQuery({
    queryKey: ['getServicerUrl', 'silent'],
    queryFn: () => callApi(apiRoutes.getServicerUrl, {}, { silent: true }),
    select: (data) => data.url,
  });
}
