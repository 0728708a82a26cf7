import { apiRoutes } from '@h5/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';

export interface GameLaunch {
  name: string;
  type: string;
  code: string;
}

/** docs/member-app.md "Server calls": POST /api/getGameUrl {plat_name, game_type (default 0), game_code, is_mobile_url: 1}. */
export function useGameUrl(launch: GameLaunch, enabled: boolean) {
  return useQuery({
    queryKey: ['getGameUrl', launch.name, launch.type, launch.code],
    queryFn: () =>
      callApi(apiRoutes.getGameUrl, {
        plat_name: launch.name,
        game_type: launch.type || '0',
        game_code: launch.code,
        is_mobile_url: 1,
      }),
    enabled,
    // A launch URL carries a one-time ticket: never reuse one.
    staleTime: 0,
    gcTime: 0,
    select: (data) => data.url,
  });
}

export function useAgentLoginUrl(enabled: boolean) {
  return useQuery({
    queryKey: ['getAgentLoginUrl'],
    queryFn: () => callApi(apiRoutes.getAgentLoginUrl),
    enabled,
    staleTime: 0,
    select: (data) => data.url,
  });
}

export function useServiceUrl(enabled: boolean) {
  return useQuery({
    queryKey: ['getServicerUrl'],
    queryFn: () => callApi(apiRoutes.getServicerUrl, {}),
    enabled,
    select: (data) => data.url,
  });
}

/** docs/member-app.md "Server calls": POST /api/gamelistBycode {gamecode}. */
export function useSlotGames(gamecode: string) {
  return useQuery({
    queryKey: ['gamelistByCode', gamecode],
    queryFn: () => callApi(apiRoutes.gamelistByCode, { gamecode }),
    staleTime: 5 * 60_000,
  });
}
