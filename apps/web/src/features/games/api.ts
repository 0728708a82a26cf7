import { apiRoutes } from '@h5/contract/routes';
import type { SlotGame } from '@h5/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';

export interface GameLaunch {
  name: string;
  type: string;
  code: string;
}

/**
 * docs/member-app.md "Server calls": POST /api/getGameUrl {plat_name, game_type (default 0), game_code, is_mobile_url: 1};
 * answers the URL and (ours) the venue's name.
 */
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

/**
 * What a launch is called for a person: the venue's name as the launch answered it (every venue, seamless ones such
 * as 环球电子 too, which /api/balancelist does not list), and a slot game's name after it when its venue's list was
 * opened; null until known (a code is never shown).
 */
export function useLaunchTitle(launch: GameLaunch, venue: string | undefined): string | null {
  const queryClient = useQueryClient();
  if (!venue) return null;
  const slots = queryClient.getQueryData<SlotGame[]>(['gamelistByCode', launch.name]);
  const game = launch.code ? slots?.find((g) => g.gamecode === launch.code)?.gamename : undefined;
  return game ? `${venue} · ${game}` : venue;
}
