import { apiRoutes } from '@h5/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';

/** SPEC 7: POST /api/getservicerurl answers data.url. */
export function useServiceUrl() {
  return useQuery({
    queryKey: ['getServicerUrl'],
    queryFn: () => callApi(apiRoutes.getServicerUrl, {}),
    select: (data) => data.url,
  });
}
