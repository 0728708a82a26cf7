import { callVenue } from '../../remote-venue-client';
import type { VenueLauncher } from '../venue-launch';

/** A launch in the h5 protocol: the signed `launch` call (contract `venue-wallet.ts`), answered with the address. */
export const h5Launch: VenueLauncher = async (venue, launch, options) => {
  const result = await callVenue(
    { code: venue.code, apiBaseUrl: venue.apiBaseUrl, apiSecret: venue.credentials.secret, currency: venue.currency },
    'launch',
    {
      player: launch.player,
      game_code: launch.gameCode,
      mobile: launch.mobile,
      return_url: launch.lobbyUrl,
      token: launch.token,
    },
    options,
  );
  if (result.kind === 'in-doubt' || result.answer.status !== 'OK' || !result.answer.url) return null;
  return { url: result.answer.url };
};
