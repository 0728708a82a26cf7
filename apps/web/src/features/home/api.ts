import type { Game } from '@h5/contract';
import { GAME_CATEGORIES, type GameCategoryId } from '@h5/contract/codes';
import { apiRoutes } from '@h5/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { gameListQuery } from '../../shared/api/game-list';

/** docs/member-app.md "Server calls": bannerList is called with type 2. */
export const bannersQuery = {
  queryKey: ['bannerList', 2],
  queryFn: () => callApi(apiRoutes.bannerList, { type: 2 }),
  staleTime: 5 * 60_000,
};

export function useBanners() {
  return useQuery(bannersQuery);
}

export function useHomeNotices() {
  return useQuery({
    queryKey: ['homeNotice'],
    queryFn: () => callApi(apiRoutes.homeNotice, {}),
    staleTime: 5 * 60_000,
  });
}

export interface GameSection {
  id: GameCategoryId;
  name: string;
  unit: string;
  games: Game[];
}

/** docs/member-app.md "Server calls": games filtered to app_state 1 and grouped by category_id, in sidebar order (docs/member-app.md "Entities and fields"). */
export function groupGames(games: readonly Game[]): GameSection[] {
  return GAME_CATEGORIES.map((category) => ({
    ...category,
    games: games.filter((game) => game.app_state === 1 && game.category_id === category.id),
  }));
}

export function useGameSections() {
  return useQuery({ ...gameListQuery, select: groupGames });
}
