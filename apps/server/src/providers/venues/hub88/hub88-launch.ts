import type { VenueLauncher } from '../venue-launch';
import { hub88GameUrl } from './hub88-games-client';

/**
 * A launch in the hub88 protocol: the Games API's `game/url` (docs/venues.md "Hub88 Games API client"), `user` the
 * username the Wallet API's calls name the member by, `token` our launch token its bets carry back. Our site plays in
 * the mobile layout, in Chinese.
 */
export const hub88Launch: VenueLauncher = async (venue, launch, options) => {
  const answer = await hub88GameUrl(
    { baseUrl: venue.apiBaseUrl, operatorId: venue.credentials.operatorId, privateKey: venue.credentials.privateKey },
    {
      user: launch.player,
      token: launch.token,
      game_code: launch.gameCode,
      lobby_url: launch.lobbyUrl,
      ip: launch.ip,
      platform: 'GPL_MOBILE',
      currency: venue.currency,
      lang: 'zh',
    },
    options,
  );
  return answer.ok ? { url: answer.value.url } : null;
};
