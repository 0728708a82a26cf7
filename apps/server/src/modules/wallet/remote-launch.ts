import { randomUUID } from 'node:crypto';
import { BizCode, MSG } from '@h5/contract';
import { AppError } from '../../http/errors';
import { callVenue } from '../../providers/remote-venue-client';
import { hub88GameUrl } from '../../providers/venues/hub88/hub88-games-client';
import { launchProfile } from '../accounts/member-records';
import { newToken } from '../../lib/tokens';
import { storeLaunch } from '../games/launch-tokens';
import { type Hub88Venue, hub88VenueByCode } from '../venues/venue-hub88';
import { accountCode, balanceOf } from '../ledger/ledger-service';
import { remoteTransfer } from './remote-transfers';
import { remoteVenue, type VenueInfo } from './venue-directory';
import type { WalletDeps } from './wallet-deps';

/** A launch stays valid for 12 hours, and never beyond the member's session. */
const LAUNCH_MS = 12 * 3600 * 1000;

/**
 * /api/getGameUrl: the venue answers the game's address. The venue gets a launch token it authenticates the member
 * with through our wallet API (a seamless venue must); with auto-transfer on, every other venue's money first comes back, and a
 * transfer-wallet venue then receives the whole central balance (a remote transfer like any other, outside any
 * transaction).
 */
export async function launchRemote(
  deps: WalletDeps,
  memberId: number,
  venue: VenueInfo,
  input: { game_code: string; is_mobile_url: number },
  origin: string,
  sessionHash: string,
  recycleOtherVenues: () => Promise<unknown>,
  ip = '',
): Promise<{ url: string }> {
  const seamless = venue.walletMode === 'seamless';
  // The protocol decides only who is asked for the game's address (docs/venues.md "Venue protocols"): the token,
  // the auto-transfer and the wallet are the same for every protocol.
  const hub88 = seamless && venue.protocol === 'hub88' ? await hub88VenueByCode(deps.db, venue.code) : null;
  const api = hub88 ? null : await remoteVenue(deps.db, venue.code, seamless ? 'seamless' : 'transfer');
  const member = await launchProfile(deps.db, memberId);
  if ((!api && !hub88) || !member) throw new AppError(BizCode.TRANSFER_REFUSED, MSG.venueUnavailable);
  // The member is about to play there: the balance kept for it no longer says much.
  await deps.venueBalances.store.forget(memberId, venue.code);

  // Auto-transfer: the money of every other venue comes back first; a seamless venue then plays from the central
  // wallet, a transfer-wallet venue receives all of it.
  if (member.transferstatus === 1) await recycleOtherVenues();
  // Every launch hands the venue a token it can authenticate the member with through our wallet API, which ends with
  // the member's session (logging off, a password change or a disable deletes it).
  const issued = newToken();
  await storeLaunch(deps.db, {
    ticketHash: issued.hash,
    memberId,
    venueCode: venue.code,
    category: venue.category,
    gameCode: input.game_code,
    sessionHash,
    expiresAt: new Date(deps.clock.now().getTime() + LAUNCH_MS),
  });
  if (!seamless && member.transferstatus === 1) {
    const central = await balanceOf(deps.db, accountCode.wallet(memberId));
    try {
      if (central > 0)
        await remoteTransfer(
          deps,
          memberId,
          venue.code,
          'in',
          central,
          `autotransfer:${memberId}:${venue.code}:${randomUUID()}`,
        );
    } catch (e) {
      // The central balance moved meanwhile (another launch or transfer took it under the wallet lock): nothing is
      // moved, and the game opens with what the venue holds.
      if (!(e instanceof AppError && e.code === BizCode.INSUFFICIENT_BALANCE)) throw e;
    }
  }
  if (hub88) {
    return launchAtHub88(deps, hub88, {
      user: member.username,
      token: issued.token,
      game_code: input.game_code,
      lobby_url: `${origin}/`,
      ip,
    });
  }
  if (!api) throw new AppError(BizCode.TRANSFER_REFUSED, MSG.venueUnavailable);
  const result = await callVenue(
    api,
    'launch',
    {
      player: member.username,
      game_code: input.game_code,
      mobile: input.is_mobile_url === 1,
      return_url: `${origin}/`,
      token: issued.token,
    },
    { clock: deps.clock, timeoutMs: deps.venueTimeoutMs, outbound: deps.outbound },
  );
  if (result.kind === 'in-doubt' || result.answer.status !== 'OK' || !result.answer.url) {
    throw new AppError(BizCode.TRANSFER_REFUSED, MSG.venueNotAnswering);
  }
  return { url: result.answer.url };
}

/**
 * The game's address from a hub88 venue's aggregator (Games API `game/url`, docs/venues.md "Hub88 Games API
 * client"): `user` is the username the Wallet API's calls name the member by, `token` our launch token its bets
 * carry back. Any failure is the same answer as an h5 venue that does not answer, never a server error.
 */
async function launchAtHub88(
  deps: WalletDeps,
  venue: Hub88Venue,
  launch: { user: string; token: string; game_code: string; lobby_url: string; ip: string },
): Promise<{ url: string }> {
  const answer = await hub88GameUrl(
    venue.operator,
    { ...launch, platform: 'GPL_MOBILE', currency: venue.currency, lang: 'zh' },
    { timeoutMs: deps.venueTimeoutMs, outbound: deps.outbound },
  );
  if (!answer.ok) throw new AppError(BizCode.TRANSFER_REFUSED, MSG.venueNotAnswering);
  return { url: answer.value.url };
}
