import { apiRoutes } from '@h5/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';

/** docs/member-app.md "Server calls": POST /api/article {type}. */
export function useArticle(type: number) {
  return useQuery({
    queryKey: ['article', type],
    queryFn: () => callApi(apiRoutes.article, { type }),
    enabled: Number.isInteger(type) && type > 0,
    staleTime: 10 * 60_000,
  });
}
