import { apiRoutes } from '@h5/contract/routes';
import { callApi } from './client';

/**
 * docs/member-app.md "Server calls": GET /api/game/list, every home game (`app_state` 1 the shown ones), one cached
 * answer for the screens that read it (the home lobby's sections, the slot page's venues).
 */
export const gameListQuery = {
  queryKey: ['gameList'],
  queryFn: () => callApi(apiRoutes.gameList, { category: '' }),
  staleTime: 5 * 60_000,
};
