import { randomUUID } from 'node:crypto';
import { BizCode, centsToMoney, MSG, parseMoneyToCents, VENUE_WALLET } from '@h5/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../lib/time';
import { AppError, badInput } from '../../http/errors';
import type { GameProvider } from '../../providers/game-provider';
import { members } from '../accounts/accounts-tables';
import { accountCode, asInsufficientFunds, balanceOf, balancesOf, lockWallet, post } from '../ledger/ledger-service';
import { centsToNumeric, numericToCents } from '../../lib/money';
import { guardPlay } from '../responsible/responsible-service';
import { launchRemote } from './remote-launch';
import { remoteBalances, remoteTransfer } from './remote-transfers';
import { findVenue, holdVenue, listVenues, type VenueInfo } from './venue-directory';

export interface WalletDeps {
  db: Db;
  provider: GameProvider;
  clock: Clock;
  /** How long a remote venue's call may take before it is treated as in doubt. */
  venueTimeoutMs: number;
}

/** Venue balances of at least 1.00 are recycled; smaller dust stays (SERVER-RULES transall). */
const RECYCLE_MINIMUM_CENTS = 100;

const refFor = (memberId: number, venue: VenueInfo) => ({ memberId, venue: venue.code, category: venue.category });

async function enabledVenue(db: Db | Tx, code: string): Promise<VenueInfo> {
  const venue = await findVenue(db, code);
  if (!venue || !venue.enabled) throw new AppError(BizCode.TRANSFER_REFUSED, MSG.venueUnavailable);
  return venue;
}

/**
 * Inside the movement's transaction: the venue still exists (locked against a back-office delete) and, for money
 * going in, is still enabled. Money may always come out of a disabled venue: disabling never traps a balance.
 */
async function stillOpen(tx: Tx, venue: VenueInfo, into: boolean): Promise<void> {
  const now = await holdVenue(tx, venue.code);
  if (!now || (into && !now.enabled)) throw new AppError(BizCode.TRANSFER_REFUSED, MSG.venueUnavailable);
}

/** Moves money from the central wallet into a venue, inside the caller's transaction. */
async function moveIn(tx: Tx, deps: WalletDeps, memberId: number, venue: VenueInfo, cents: number, reference: string) {
  const ref = refFor(memberId, venue);
  await deps.provider.ensureAccount(tx, ref);
  const result = await post(tx, {
    reference,
    kind: 'transfer_in',
    memberId,
    memo: venue.code,
    legs: [
      { account: accountCode.wallet(memberId), cents: -cents },
      { account: accountCode.venue(memberId, venue.code), cents },
    ],
  });
  if (!result.replayed) await deps.provider.transferIn(tx, ref, cents, reference);
  return result;
}

async function moveOut(tx: Tx, deps: WalletDeps, memberId: number, venue: VenueInfo, cents: number, reference: string) {
  const ref = refFor(memberId, venue);
  await deps.provider.ensureAccount(tx, ref);
  const result = await post(tx, {
    reference,
    kind: 'transfer_out',
    memberId,
    memo: venue.code,
    legs: [
      { account: accountCode.venue(memberId, venue.code), cents: -cents },
      { account: accountCode.wallet(memberId), cents },
    ],
  });
  if (!result.replayed) await deps.provider.transferOut(tx, ref, cents, reference);
  return result;
}

export interface TransferInput {
  amount: string;
  sourcetype: string;
  targettype: string;
}

/**
 * A manual transfer between the central wallet (userbalance) and one venue (SERVER-RULES "Wallets and venues").
 * The hot path of the wallet screen: for a ledger venue the whole movement is one statement, the database function
 * wallet_transfer (migration 0015), which holds the member's wallet row for the movement (one transfer per member at
 * a time) and the venue by its shared lock. A transfer-wallet venue is called outside any transaction
 * (remote-transfers.ts).
 */
export async function transfer(deps: WalletDeps, memberId: number, input: TransferInput, idempotencyKey: string) {
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
  const { state, balance } = await ledgerTransfer(deps, memberId, into ? target : source, into, cents, reference);
  if (state === 'ok') return { balance: centsToMoney(numericToCents(balance ?? '0')), message: MSG.transferOk };
  if (state === 'above_balance') throw new AppError(BizCode.INSUFFICIENT_BALANCE, MSG.amountAboveBalance);
  if (state === 'seamless') throw new AppError(BizCode.TRANSFER_REFUSED, MSG.venueUsesCentralWallet);
  if (!state.startsWith('remote:')) throw new AppError(BizCode.TRANSFER_REFUSED, MSG.venueUnavailable);
  const outcome = await remoteTransfer(deps, memberId, state.slice('remote:'.length), into ? 'in' : 'out', cents, reference);
  if (outcome.state === 0) throw new AppError(BizCode.TRANSFER_REFUSED, MSG.transferRefusedByVenue);
  return { balance: outcome.balance, message: outcome.state === 1 ? MSG.transferOk : MSG.transferPending };
}

async function ledgerTransfer(deps: WalletDeps, memberId: number, venue: string, into: boolean, cents: number, reference: string) {
  try {
    const result = await deps.db.execute<{ out_state: string; out_balance: string | null }>(sql`
      SELECT * FROM wallet_transfer(${memberId}::integer, ${venue}, ${into}, ${centsToNumeric(cents)}::numeric, ${reference},
        ${deps.provider.acceptsMoneyIn})`);
    const [row] = (result as unknown as { rows: { out_state: string; out_balance: string | null }[] }).rows;
    return { state: row?.out_state ?? 'venue_unavailable', balance: row?.out_balance ?? null };
  } catch (e) {
    // The below-zero guard of ledger_post: the balance changed between the check and the movement.
    if (asInsufficientFunds(e)) throw new AppError(BizCode.INSUFFICIENT_BALANCE, MSG.amountAboveBalance);
    throw e;
  }
}

/** Recycles every venue holding at least 1.00 back into the central wallet, inside the caller's transaction. */
export async function recycleAll(tx: Tx, deps: WalletDeps, memberId: number, reason: string): Promise<number> {
  await lockWallet(tx, memberId);
  const venues = await listVenues(tx);
  const balances = await balancesOf(
    tx,
    venues.map((v) => accountCode.venue(memberId, v.code)),
  );
  let recycled = 0;
  for (const venue of venues) {
    const cents = balances.get(accountCode.venue(memberId, venue.code)) ?? 0;
    if (cents < RECYCLE_MINIMUM_CENTS) continue;
    await moveOut(tx, deps, memberId, venue, cents, `${reason}:${memberId}:${venue.code}:${randomUUID()}`);
    recycled += cents;
  }
  return recycled;
}

/**
 * Asks each transfer-wallet venue (but `except`) where the member holds at least 1.00 to send it all back, one
 * remote transfer each, outside any transaction. Answers the cents the venues confirmed.
 */
async function recycleRemote(deps: WalletDeps, memberId: number, reason: string, except?: string): Promise<number> {
  const remote = (await listVenues(deps.db)).filter((v) => v.walletMode === 'transfer' && v.code !== except).map((v) => v.code);
  let recycled = 0;
  for (const [code, cents] of await remoteBalances(deps, memberId, remote)) {
    if (cents === null || cents < RECYCLE_MINIMUM_CENTS) continue;
    const outcome = await remoteTransfer(deps, memberId, code, 'out', cents, `${reason}:${memberId}:${code}:${randomUUID()}`);
    if (outcome.state === 1) recycled += cents;
  }
  return recycled;
}

/**
 * /api/transall: answers the new central balance; the message says whether anything came back. Ledger venues come
 * back in one transaction; then each transfer-wallet venue holding at least 1.00 is asked to send it all back.
 */
export async function transAll(deps: WalletDeps, memberId: number) {
  const recycled = (await deps.db.transaction((tx) => recycleAll(tx, deps, memberId, 'transall'))) + (await recycleRemote(deps, memberId, 'transall'));
  const balance = centsToMoney(await balanceOf(deps.db, accountCode.wallet(memberId)));
  return { recycled, balance };
}

/**
 * /api/balancelist: every enabled venue the member moves money to, in display order, with the member's balance
 * there: the ledger's for ledger venues, the venue's own answer for transfer-wallet venues ('0.00' while one does
 * not answer). Seamless venues play from the central wallet and are not listed.
 */
export async function venueBalances(deps: WalletDeps, memberId: number) {
  const venues = (await listVenues(deps.db)).filter((v) => v.enabled && v.walletMode !== 'seamless');
  const balances = await balancesOf(
    deps.db,
    venues.map((v) => accountCode.venue(memberId, v.code)),
  );
  const remote = await remoteBalances(
    deps,
    memberId,
    venues.filter((v) => v.walletMode === 'transfer').map((v) => v.code),
  );
  return venues.map((v) => ({
    name: v.name,
    platname: v.code,
    balance: centsToMoney(v.walletMode === 'transfer' ? (remote.get(v.code) ?? 0) : (balances.get(accountCode.venue(memberId, v.code)) ?? 0)),
  }));
}

export async function setAutoTransfer(db: Db, memberId: number, transferstatus: 0 | 1) {
  // SERVER-RULES (ours): only the switch is written.
  await db.update(members).set({ transferstatus }).where(eq(members.id, memberId));
}

/**
 * /api/getGameUrl: creates the venue account, and with auto-transfer on recycles every other venue and moves the
 * whole central balance into this one before answering the launch URL.
 */
export async function launchGame(
  deps: WalletDeps,
  memberId: number,
  input: { plat_name: string; game_type: string; game_code: string; is_mobile_url: number },
  origin: string,
  sessionHash: string,
) {
  const venue = await enabledVenue(deps.db, input.plat_name.trim());
  await guardPlay(deps.db, memberId, deps.clock.now());
  // With auto-transfer on, every other venue's money follows the member into this one: transfer-wallet venues are
  // asked over HTTP first (never inside a transaction), ledger venues come back in the launch's own transaction.
  if (venue.walletMode !== 'ledger') {
    const recycleOthers = async () => {
      await recycleRemote(deps, memberId, 'autotransfer-recycle', venue.code);
      await deps.db.transaction((tx) => recycleAll(tx, deps, memberId, 'autotransfer-recycle'));
    };
    return launchRemote(deps, memberId, venue, input, origin, sessionHash, recycleOthers);
  }
  const [switches] = await deps.db.select({ transferstatus: members.transferstatus }).from(members).where(eq(members.id, memberId));
  if (switches?.transferstatus === 1) await recycleRemote(deps, memberId, 'autotransfer-recycle');
  return deps.db.transaction(async (tx) => {
    await stillOpen(tx, venue, true);
    const ref = refFor(memberId, venue);
    await deps.provider.ensureAccount(tx, ref);
    const [member] = await tx.select({ transferstatus: members.transferstatus }).from(members).where(eq(members.id, memberId));
    if (member?.transferstatus === 1) {
      await recycleAll(tx, deps, memberId, 'autotransfer-recycle');
      const central = await balanceOf(tx, accountCode.wallet(memberId));
      if (central > 0) {
        await moveIn(tx, deps, memberId, venue, central, `autotransfer:${memberId}:${venue.code}:${randomUUID()}`);
      }
    }
    const url = await deps.provider.launchUrl(tx, {
      ...ref,
      gameType: input.game_type || '0',
      gameCode: input.game_code,
      origin,
      mobile: input.is_mobile_url === 1,
      sessionHash,
    });
    return { url };
  });
}
