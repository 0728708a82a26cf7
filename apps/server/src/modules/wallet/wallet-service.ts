import { randomUUID } from 'node:crypto';
import { BizCode, centsToMoney, MSG, parseMoneyToCents, VENUE_WALLET } from '@h5/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError, badInput } from '../../http/errors';
import { setTransferStatus } from '../accounts/member-records';
import { accountCode, balanceOf } from '../ledger/ledger-service';
import { guardPlay } from '../responsible/responsible-service';
import { launchRemote } from './remote-launch';
import { remoteBalances, remoteTransfer } from './remote-transfers';
import { shownVenueBalances } from './venue-balance-cache';
import { findVenue, findVenueToTransfer, listVenues, type VenueInfo } from './venue-directory';
import type { WalletDeps } from './wallet-deps';
import { venueTransfers } from '../../db/tables/wallet';

export type { WalletDeps };

/** Venue balances of at least 1.00 are recycled; smaller dust stays (docs/wire-rules.md "Wallets and venues", transall). */
const RECYCLE_MINIMUM_CENTS = 100;

async function enabledVenue(db: Db, code: string): Promise<VenueInfo> {
  const venue = await findVenue(db, code);
  if (!venue || !venue.enabled) throw new AppError(BizCode.TRANSFER_REFUSED, MSG.venueUnavailable);
  return venue;
}

export interface TransferInput {
  amount: string;
  sourcetype: string;
  targettype: string;
}

/**
 * A manual transfer between the central wallet (userbalance) and one venue (docs/wire-rules.md "Wallets and venues").
 * Every venue keeps its own wallet and is called outside any transaction (remote-transfers.ts); a seamless venue
 * plays from the central wallet and takes no transfers. Money may always come out of a disabled venue.
 */
export async function transfer(
  deps: WalletDeps,
  memberId: number,
  input: TransferInput,
  idempotencyKey: string,
  player?: string,
) {
  const cents = parseMoneyToCents(input.amount);
  if (cents === null || cents <= 0) throw badInput(MSG.transferAmountRequired);
  const source = input.sourcetype.trim();
  const target = input.targettype.trim();
  if (!source || !target || source === target) throw new AppError(BizCode.TRANSFER_REFUSED, MSG.sameWallet);
  if (source !== VENUE_WALLET && target !== VENUE_WALLET) {
    throw new AppError(BizCode.TRANSFER_REFUSED, MSG.venueToVenueRefused);
  }
  const into = target !== VENUE_WALLET;
  // 理性娱乐: money goes in only outside a break and below the day's loss limit; money out is never held.
  if (into) await guardPlay(deps.db, memberId, deps.clock.now());
  const reference = `transfer:${memberId}:${idempotencyKey}`;
  const found = await findVenueToTransfer(deps.db, into ? target : source);
  const venue = found?.info;
  if (!venue || (into && !venue.enabled)) throw new AppError(BizCode.TRANSFER_REFUSED, MSG.venueUnavailable);
  if (venue.walletMode === 'seamless') throw new AppError(BizCode.TRANSFER_REFUSED, MSG.venueUsesCentralWallet);
  if (!into && !(await sameRequestBefore(deps.db, reference))) {
    // More than the venue holds is refused as more than any wallet holds, before the venue is asked to send it.
    const [held] = (await remoteBalances(deps, memberId, [venue.code])).values();
    if (held !== undefined && held !== null && cents > held)
      throw new AppError(BizCode.INSUFFICIENT_BALANCE, MSG.amountAboveBalance);
  }
  const outcome = await remoteTransfer(deps, memberId, venue.code, into ? 'in' : 'out', cents, reference, {
    venue: found.remote ?? undefined,
    player,
  });
  if (outcome.state === 0) throw new AppError(BizCode.TRANSFER_REFUSED, MSG.transferRefusedByVenue);
  return { balance: outcome.balance, message: outcome.state === 1 ? MSG.transferOk : MSG.transferPending };
}

/** Whether this transfer request was made before (a repeat answers as the first one did). */
async function sameRequestBefore(db: Db, reference: string): Promise<boolean> {
  const [row] = await db
    .select({ id: venueTransfers.id })
    .from(venueTransfers)
    .where(eq(venueTransfers.reference, reference))
    .limit(1);
  return Boolean(row);
}

/**
 * Asks each transfer-wallet venue (but `except`) where the member holds at least 1.00 to send it all back, one
 * remote transfer each, outside any transaction. Answers the cents the venues confirmed.
 */
async function recycleRemote(deps: WalletDeps, memberId: number, reason: string, except?: string): Promise<number> {
  const remote = (await listVenues(deps.db))
    .filter((v) => v.walletMode === 'transfer' && v.code !== except)
    .map((v) => v.code);
  let recycled = 0;
  for (const [code, cents] of await remoteBalances(deps, memberId, remote)) {
    if (cents === null || cents < RECYCLE_MINIMUM_CENTS) continue;
    let outcome;
    try {
      outcome = await remoteTransfer(
        deps,
        memberId,
        code,
        'out',
        cents,
        `${reason}:${memberId}:${code}:${randomUUID()}`,
      );
    } catch (e) {
      // Not sent (the database was busy, nothing moved): this venue keeps its money and the others are still asked.
      if (e instanceof AppError && e.code === BizCode.CONFLICT) continue;
      throw e;
    }
    if (outcome.state === 1) recycled += cents;
  }
  return recycled;
}

/**
 * /api/transall and the back office's 回收: each transfer-wallet venue holding at least 1.00 is asked to send it all
 * back (outside any transaction). Answers the cents the venues confirmed and the new central balance.
 */
export async function transAll(deps: WalletDeps, memberId: number, reason = 'transall') {
  const recycled = await recycleRemote(deps, memberId, reason);
  const balance = centsToMoney(await balanceOf(deps.db, accountCode.wallet(memberId)));
  return { recycled, balance };
}

/**
 * /api/balancelist: every enabled venue the member moves money to, in display order, with the member's balance
 * there as the venue answered it within the last seconds (venue-balance-cache.ts). A venue slow or down shows the
 * last balance it gave with `stale: 1`, or '0.00' when it never gave one (as one not connected). Seamless venues
 * play from the central wallet and are not listed.
 */
export async function venueBalances(deps: WalletDeps, memberId: number) {
  const venues = (await listVenues(deps.db)).filter((v) => v.enabled && v.walletMode !== 'seamless');
  const shown = await shownVenueBalances(
    deps,
    memberId,
    venues.map((v) => v.code),
  );
  return venues.map((v) => {
    const balance = shown.get(v.code);
    const item = { name: v.name, platname: v.code, balance: centsToMoney(balance?.cents ?? 0) };
    // Present only when set: existing clients read exactly name, platname and balance.
    return balance?.stale ? { ...item, stale: 1 as const } : item;
  });
}

export async function setAutoTransfer(db: Db, memberId: number, transferstatus: 0 | 1) {
  // docs/wire-rules.md "Wallets and venues" (ours): only the switch is written.
  await setTransferStatus(db, memberId, transferstatus);
}

/**
 * /api/getGameUrl: the venue answers the launch URL, given back with the venue's name; with auto-transfer on, every
 * other venue's money first comes back and a transfer-wallet venue then receives the whole central balance
 * (remote-launch.ts).
 */
export async function launchGame(
  deps: WalletDeps,
  memberId: number,
  input: { plat_name: string; game_type: string; game_code: string; is_mobile_url: number },
  origin: string,
  sessionHash: string,
  ip = '',
) {
  const venue = await enabledVenue(deps.db, input.plat_name.trim());
  await guardPlay(deps.db, memberId, deps.clock.now());
  const launched = await launchRemote(
    deps,
    memberId,
    venue,
    input,
    origin,
    sessionHash,
    () => recycleRemote(deps, memberId, 'autotransfer-recycle', venue.code),
    ip,
  );
  // The member app titles the game frame with the venue's name (环球电子, never HQDZ), whatever its wallet mode.
  return { ...launched, venue_name: venue.name };
}
