import { randomBytes } from 'node:crypto';
import { BizCode, centsToMoney, MSG } from '@h5/contract';
import { and, asc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isRetryableConflict } from '../../db/conflicts';
import { AppError } from '../../http/errors';
import { centsToNumeric, numericToCents } from '../../lib/money';
import type { OutboundPolicy } from '../../lib/outbound';
import type { Clock } from '../../lib/time';
import { isUnbound } from '../../providers/venue-answer-binding';
import type { TransferVenue, VenueTransfer } from '../../providers/venues/venue-transfer';
import { venueTransferClients } from '../../providers/venues/venue-transfer-clients';
import { memberUsername } from '../accounts/member-records';
import {
  accountCode,
  balanceOf,
  type Leg,
  moneyStatement,
  type Movement,
  movementColumns,
  pgArray,
  withFundsCheck,
} from '../ledger/ledger-service';
import { perDatabase } from '../../lib/same-turn-reads';
import { sameTurnCalls } from '../../lib/same-turn-calls';
import type { VenueBalanceCache } from './venue-balance-store';
import { remoteVenue } from './venue-directory';
import { venueTransfers } from '../../db/tables/wallet';
import { rowsOf } from '../../db/rows';

/**
 * Transfers to and from a remote transfer-wallet venue (docs/venues.md "Game venues"). No database transaction or wallet lock
 * is ever held across the venue call: a transfer in debits the member into the pending account and commits, then
 * the venue is called, then a second transaction completes it or refunds it. A transfer out credits the member only
 * once the venue has confirmed. A call that ends in doubt leaves the transfer pending (state 2) for reconciliation.
 */
export interface RemoteTransferDeps {
  db: Db;
  clock: Clock;
  venueTimeoutMs: number;
  outbound: OutboundPolicy;
  /** The venue balances shown to members (venue-balance-cache.ts): a transfer drops its venue's entry. */
  venueBalances?: VenueBalanceCache;
}

type TransferRow = typeof venueTransfers.$inferSelect;

/** How long a venue is given before a pending transfer is asked about: longer than any call may take. */
const RECONCILE_AFTER_MS = 60_000;
/**
 * A venue refuses a request signed longer ago than this (the callback rule, which our sandbox aggregator follows
 * too), so a transfer it still does not know after this long can no longer arrive: it failed.
 */
const NEVER_ARRIVES_AFTER_MS = 5 * 60_000 + 60_000;

const newTransferNo = () => `VT${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;

export async function playerName(db: Db, memberId: number): Promise<string> {
  const username = await memberUsername(db, memberId);
  if (username === undefined) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
  return username;
}

export interface RemoteTransferOutcome {
  state: 0 | 1 | 2;
  balance: string;
}

/** What finishing a pending transfer moves: the legs of its completion or refund, and the ledger reference. */
function finishMovement(row: TransferRow, succeeded: boolean): Movement | null {
  const cents = numericToCents(row.amount);
  const m = row.memberId;
  if (row.direction === 'in') {
    return {
      reference: `venue-transfer:${row.transferNo}:${succeeded ? 'sent' : 'refund'}`,
      kind: succeeded ? 'remote_transfer_in' : 'remote_transfer_refund',
      memberId: m,
      memo: row.venueCode,
      legs: [
        { account: accountCode.house('transfers_pending', m), cents: -cents },
        succeeded
          ? { account: accountCode.venueFloat(row.venueCode, m), cents }
          : { account: accountCode.wallet(m), cents },
      ],
    };
  }
  if (!succeeded) return null;
  return {
    reference: `venue-transfer:${row.transferNo}:received`,
    kind: 'remote_transfer_out',
    memberId: m,
    memo: row.venueCode,
    legs: [
      { account: accountCode.venueFloat(row.venueCode, m), cents: -cents },
      { account: accountCode.wallet(m), cents },
    ],
  };
}

type FinishRow = { out_finished: boolean; out_state: number | null; out_balance: string | null };

/** One venue_transfer_finish call's arguments; the legs are ledger_post's arrays (movementColumns). */
type FinishItem = {
  transfer_no: string;
  wallet: string;
  state: 0 | 1;
  note: string;
  at: string;
  reference: string;
  kind: string;
  member: number;
  memo: string;
} & Legs;

type Legs = { codes: string[]; amounts: string[]; kinds: string[]; memberIds: (number | null)[]; venues: string[] };

const legArrays = (
  l: Legs,
) => sql`${pgArray(l.codes)}::varchar[], ${pgArray(l.amounts)}::numeric[], ${pgArray(l.kinds)}::varchar[],
          ${pgArray(l.memberIds)}::integer[], ${pgArray(l.venues)}::varchar[]`;

/**
 * One database function's calls batched per process (same-turn-calls.ts): the items of a batch go to its `_many`
 * form as one JSON array (migration 0029), answered by item number; a lone item, or each of a batch that failed, is
 * `one` (the one-transfer function).
 */
function batchedCalls<I extends object, R>(
  many: 'venue_transfer_open_many' | 'venue_transfer_finish_many',
  one: (item: I) => SQL,
) {
  return perDatabase((db: Db) =>
    sameTurnCalls<I, R | undefined>(
      async (items) => {
        const numbered = JSON.stringify(items.map((item, n) => ({ n, ...item })));
        const rows = rowsOf<R & { out_item: number }>(
          await db.execute(sql`SELECT * FROM ${sql.identifier(many)}(${numbered}::jsonb)`),
        );
        return items.map((_, n) => rows.find((r) => r.out_item === n));
      },
      async (item) => rowsOf<R>(await db.execute(one(item)))[0],
    ),
  );
}

/** Finishing calls: venue_transfer_finish (migrations 0022, 0028), batched. */
const finishCalls = batchedCalls<FinishItem, FinishRow>(
  'venue_transfer_finish_many',
  (i) => sql`
    SELECT * FROM venue_transfer_finish(
      ${i.transfer_no}, ${i.wallet}, ${i.state}::smallint, ${i.note}, ${i.at}::timestamptz, ${i.reference}, ${i.kind},
      ${i.member}::integer, ${i.memo}, ${legArrays(i)})`,
);

/**
 * Finishes a pending transfer once, whoever gets there first (the request itself or reconciliation), in one call of
 * venue_transfer_finish: the member's wallet locked before the transfer row and the accounts, as every money path
 * does. Answers whether this call finished it, with the transfer's state and the wallet balance.
 */
async function finish(deps: RemoteTransferDeps, row: TransferRow, succeeded: boolean, note = '') {
  const movement = finishMovement(row, succeeded) ?? {
    reference: '',
    kind: '',
    memberId: row.memberId,
    memo: '',
    legs: [],
  };
  const item: FinishItem = {
    transfer_no: row.transferNo,
    wallet: accountCode.wallet(row.memberId),
    state: succeeded ? 1 : 0,
    note: note.slice(0, 200),
    at: deps.clock.now().toISOString(),
    reference: movement.reference,
    kind: movement.kind,
    member: row.memberId,
    memo: movement.memo ?? '',
    ...movementColumns(movement),
  };
  const answer = await moneyStatement(() => withFundsCheck(() => finishCalls(deps.db)(item)));
  return {
    finished: Boolean(answer?.out_finished),
    state: (answer?.out_state ?? 2) as 0 | 1 | 2,
    balance: numericToCents(answer?.out_balance ?? '0'),
  };
}

type OpenRow = {
  out_outcome: 'opened' | 'repeated' | 'above_balance';
  out_transfer_no: string | null;
  out_state: number | null;
};

/** One venue_transfer_open call's arguments; the hold's legs are ledger_post's arrays (movementColumns). */
type OpenItem = {
  member: number;
  wallet: string;
  reference: string;
  transfer_no: string;
  venue: string;
  direction: 'in' | 'out';
  amount: string;
  at: string;
} & Legs;

/** Opening calls: venue_transfer_open (migrations 0022, 0028), batched as finishing ones are. */
const openCalls = batchedCalls<OpenItem, OpenRow>(
  'venue_transfer_open_many',
  (i) => sql`
    SELECT * FROM venue_transfer_open(
      ${i.member}::integer, ${i.wallet}, ${i.reference}, ${i.transfer_no}, ${i.venue}, ${i.direction},
      ${i.amount}::numeric, ${i.at}::timestamptz, ${legArrays(i)})`,
);

/**
 * Opens the transfer (and for money going in, takes it from the wallet into the pending account) under the member's
 * wallet lock, in one call of venue_transfer_open. Answers the transfer, or the one this reference opened before
 * (`repeated`).
 */
async function open(
  deps: RemoteTransferDeps,
  memberId: number,
  venue: TransferVenue,
  direction: 'in' | 'out',
  cents: number,
  reference: string,
) {
  const transferNo = newTransferNo();
  const hold: Leg[] =
    direction === 'in'
      ? [
          { account: accountCode.wallet(memberId), cents: -cents },
          { account: accountCode.house('transfers_pending', memberId), cents },
        ]
      : [];
  const now = deps.clock.now();
  const item: OpenItem = {
    member: memberId,
    wallet: accountCode.wallet(memberId),
    reference,
    transfer_no: transferNo,
    venue: venue.code,
    direction,
    amount: centsToNumeric(cents),
    at: now.toISOString(),
    ...movementColumns({ reference: `venue-transfer:${transferNo}:hold`, legs: hold }),
  };
  const answer = await moneyStatement(() => withFundsCheck(() => openCalls(deps.db)(item)));
  if (!answer) throw new Error('venue_transfer_open answered nothing');
  if (answer.out_outcome === 'above_balance') throw new AppError(BizCode.INSUFFICIENT_BALANCE, MSG.amountAboveBalance);
  const row: TransferRow = {
    id: 0,
    transferNo: answer.out_transfer_no ?? transferNo,
    reference,
    memberId,
    venueCode: venue.code,
    direction,
    amount: centsToNumeric(cents),
    state: answer.out_state ?? 2,
    note: '',
    createdAt: now,
    updatedAt: now,
  };
  return { row, repeated: answer.out_outcome === 'repeated' };
}

async function outcome(db: Db, memberId: number, transferNo: string): Promise<RemoteTransferOutcome> {
  const [row] = await db
    .select({ state: venueTransfers.state })
    .from(venueTransfers)
    .where(eq(venueTransfers.transferNo, transferNo));
  const balance = centsToMoney(await balanceOf(db, accountCode.wallet(memberId)));
  return { state: (row?.state ?? 2) as 0 | 1 | 2, balance };
}

/** What the caller may already know, saving a read each: the venue's address and settings, the member's username. */
export interface KnownForTransfer {
  venue?: TransferVenue;
  player?: string;
}

/** A member's transfer between the central wallet and a transfer-wallet venue. */
export async function remoteTransfer(
  deps: RemoteTransferDeps,
  memberId: number,
  venueCode: string,
  direction: 'in' | 'out',
  cents: number,
  reference: string,
  known: KnownForTransfer = {},
): Promise<RemoteTransferOutcome> {
  const venue = known.venue ?? (await remoteVenue(deps.db, venueCode));
  if (!venue) throw new AppError(BizCode.TRANSFER_REFUSED, MSG.venueUnavailable);
  const player = known.player ?? (await playerName(deps.db, memberId));
  let opened: Awaited<ReturnType<typeof open>>;
  try {
    opened = await open(deps, memberId, venue, direction, cents, reference);
  } catch (e) {
    // Rolled back whole: nothing moved, and the venue was not asked.
    if (isRetryableConflict(e)) throw new AppError(BizCode.CONFLICT, MSG.moneyBusy);
    throw e;
  }
  const { row, repeated } = opened;
  let finished: Awaited<ReturnType<typeof finish>> | null = null;
  if (!repeated) {
    try {
      finished = await send(deps, venue, row, player);
    } catch {
      // The venue may have moved the money: the transfer stays pending (processing) and reconciliation finishes it.
    }
    // Whatever the venue answered (even nothing, when it may still have moved the money), its balance is asked anew.
    await deps.venueBalances?.store.forget(memberId, venue.code);
  }
  // Finished by this request: its answer already carries the state and balance.
  if (finished?.finished) return { state: finished.state, balance: centsToMoney(finished.balance) };
  return outcome(deps.db, memberId, row.transferNo);
}

/** The venue's calls in the protocol it speaks (docs/venues.md "Venue protocols"), with the engine's limits. */
const clientOf = (deps: RemoteTransferDeps, venue: TransferVenue) => ({
  client: venueTransferClients[venue.protocol],
  options: { clock: deps.clock, timeoutMs: deps.venueTimeoutMs, outbound: deps.outbound },
});

const transferOf = (row: TransferRow, player: string): VenueTransfer => ({
  player,
  transferNo: row.transferNo,
  direction: row.direction,
  cents: numericToCents(row.amount),
});

async function send(deps: RemoteTransferDeps, venue: TransferVenue, row: TransferRow, player: string) {
  const { client, options } = clientOf(deps, venue);
  const call = row.direction === 'in' ? client.deposit : client.withdraw;
  const result = await call(venue, transferOf(row, player), options);
  if (result.kind === 'in-doubt') {
    // pending: reconciliation asks the venue later (a misconfigured venue's answer too, for an operator)
    if (isUnbound(result.reason)) await notePending(deps, row.transferNo, MSG.venueAnswerUnbound);
    return null;
  }
  if (result.kind === 'done') return finish(deps, row, true);
  return finish(deps, row, false, result.note);
}

/** Leaves a note on a transfer that stays pending, for finance's 场馆转账 list. */
async function notePending(deps: RemoteTransferDeps, transferNo: string, note: string) {
  await deps.db
    .update(venueTransfers)
    .set({ note: note.slice(0, 200), updatedAt: deps.clock.now() })
    .where(and(eq(venueTransfers.transferNo, transferNo), eq(venueTransfers.state, 2)));
}

/**
 * Asks the venue about every transfer pending for longer than a call may take, and finishes it the same way the
 * request would have. Answers how many were finished.
 */
export async function reconcileTransfers(deps: RemoteTransferDeps, limit = 200): Promise<number> {
  const now = deps.clock.now().getTime();
  const pending = await deps.db
    .select()
    .from(venueTransfers)
    .where(and(eq(venueTransfers.state, 2), lt(venueTransfers.createdAt, new Date(now - RECONCILE_AFTER_MS))))
    .orderBy(asc(venueTransfers.id))
    .limit(limit);
  let finished = 0;
  for (const row of pending) if (await reconcileTransfer(deps, row)) finished += 1;
  return finished;
}

/**
 * Asks the venue about one pending transfer and finishes it as the venue answers: true when this call finished it.
 * A venue that does not answer leaves it pending; one that does not know it refunds it only once it can no longer
 * arrive (older than the venue's signature window).
 */
export async function reconcileTransfer(deps: RemoteTransferDeps, row: TransferRow): Promise<boolean> {
  if (row.state !== 2) return false;
  const venue = await remoteVenue(deps.db, row.venueCode);
  if (!venue) return false;
  const { client, options } = clientOf(deps, venue);
  // A protocol that asks by sending the transfer again names the member (never a reason to stop reconciling others).
  const player = (await memberUsername(deps.db, row.memberId)) ?? '';
  const result = await client.status(venue, transferOf(row, player), options);
  if (result.kind === 'in-doubt') {
    if (isUnbound(result.reason)) await notePending(deps, row.transferNo, MSG.venueAnswerUnbound);
    return false;
  }
  if (result.kind === 'found') {
    if (result.cents !== numericToCents(row.amount)) {
      // The venue applied another amount (a partial transfer): neither ours to complete nor to refund; finance settles
      // it with the venue (docs/venues.md "Game venues").
      await notePending(deps, row.transferNo, `${MSG.venueAmountMismatch}：场馆记为 ${result.amount}`);
      return false;
    }
    return (await finish(deps, row, result.succeeded, result.note)).finished;
  }
  if (result.kind === 'unknown' && deps.clock.now().getTime() - row.createdAt.getTime() > NEVER_ARRIVES_AFTER_MS) {
    return (await finish(deps, row, false, 'never reached the venue')).finished;
  }
  return false;
}

/**
 * Each venue's version of the member's transfers: how many were opened, how many have finished, and the last one.
 * Every transfer, its completion, refund or reconciliation changes it, so a venue balance kept under an older
 * version is never shown (venue-balance-cache.ts). Venues the member never sent a transfer to are absent.
 */
export async function transferVersions(db: Db, memberId: number): Promise<Map<string, string>> {
  const rows = await db
    .select({
      code: venueTransfers.venueCode,
      opened: sql<number>`count(*)::int`,
      finished: sql<number>`(count(*) filter (where ${venueTransfers.state} <> 2))::int`,
      last: sql<number>`max(${venueTransfers.id})`,
    })
    .from(venueTransfers)
    .where(eq(venueTransfers.memberId, memberId))
    .groupBy(venueTransfers.venueCode);
  return new Map(rows.map((r) => [r.code, `${r.opened}:${r.finished}:${r.last}`] as const));
}

/** The member's balance at one transfer-wallet venue as it answers now, or null when it does not answer. */
export async function askVenueBalance(
  deps: RemoteTransferDeps,
  venueCode: string,
  player: string,
): Promise<number | null> {
  const venue = await remoteVenue(deps.db, venueCode);
  if (!venue) return null;
  const { client, options } = clientOf(deps, venue);
  return client.balance(venue, player, options);
}

/**
 * The member's balance at each of these transfer-wallet venues as the venues answer it now (asked together), or null
 * for a venue that does not answer: what money decisions (a transfer out, a recycle) go by. Screens read the kept
 * balances of venue-balance-cache.ts instead.
 */
export async function remoteBalances(
  deps: RemoteTransferDeps,
  memberId: number,
  venueCodes: string[],
): Promise<Map<string, number | null>> {
  if (!venueCodes.length) return new Map();
  // Money reaches a transfer-wallet venue only by a transfer: a venue the member never sent a transfer to holds
  // nothing of theirs, and is not asked.
  const sentTo = await transferVersions(deps.db, memberId);
  const asked = venueCodes.filter((code) => sentTo.has(code));
  if (!asked.length) return new Map(venueCodes.map((code) => [code, 0] as const));
  const player = await playerName(deps.db, memberId);
  const answers = new Map(
    await Promise.all(asked.map(async (code) => [code, await askVenueBalance(deps, code, player)] as const)),
  );
  return new Map(venueCodes.map((code) => [code, answers.has(code) ? (answers.get(code) ?? null) : 0] as const));
}
