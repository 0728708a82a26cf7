import { randomUUID } from 'node:crypto';
import { BizCode, MSG } from '@h5/contract';
import { AppError } from '../../http/errors';
import { venueLaunchers } from '../../providers/venues/venue-launchers';
import { launchProfile } from '../accounts/member-records';
import { newToken } from '../../lib/tokens';
import { storeLaunch } from '../games/launch-tokens';
import { venueToLaunch } from '../venues/venue-launch-settings';
import { accountCode, balanceOf } from '../ledger/ledger-service';
import { remoteTransfer } from './remote-transfers';
import type { VenueInfo } from './venue-directory';
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
  // The protocol decides only how the game's address is asked for (docs/venues.md "Venue protocols"): the token,
  // the auto-transfer and the wallet are the same for every protocol.
  const gameServer = await venueToLaunch(deps.db, venue.code, seamless ? 'seamless' : 'transfer');
  const member = await launchProfile(deps.db, memberId);
  if (!gameServer || !member) throw new AppError(BizCode.TRANSFER_REFUSED, MSG.venueUnavailable);
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
  const launched = await venueLaunchers[gameServer.protocol](
    gameServer,
    {
      player: member.username,
      token: issued.token,
      gameCode: input.game_code,
      mobile: input.is_mobile_url === 1,
      lobbyUrl: `${origin}/`,
      ip,
    },
    { clock: deps.clock, timeoutMs: deps.venueTimeoutMs, outbound: deps.outbound },
  );
  if (!launched) throw new AppError(BizCode.TRANSFER_REFUSED, MSG.venueNotAnswering);
  return launched;
}
