import { periodRange } from '@h5/contract';
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { queryPage } from '../../db/query-page';
import { bets } from '../../db/tables/bets';
import { centsToNumeric, numericToCents, numericToMoney } from '../../lib/money';
import { pageWindow } from '../../lib/paging';
import { type Clock, formatBeijing } from '../../lib/time';

/**
 * The bet rows (apps/server/src/README.md "Areas own their data"): below every area that records or counts bets, so
 * games settles them, and VIP and responsible gaming count them, without a circle of areas.
 */

/** Records a bet a venue took, open (status 2) until it settles. */
export async function placeBet(tx: DbOrTx, bet: typeof bets.$inferInsert): Promise<void> {
  await tx.insert(bets).values(bet);
}

/** Stores a bet a venue reported, once by its bet id: answers whether it was new. */
export async function storeReportedBet(tx: DbOrTx, bet: typeof bets.$inferInsert): Promise<boolean> {
  const [stored] = await tx.insert(bets).values(bet).onConflictDoNothing().returning({ id: bets.id });
  return stored !== undefined;
}

/** Marks a bet settled (status 1) now, with its win/loss: payout minus stake, in cents. */
export async function markBetSettled(tx: DbOrTx, betId: string, winLossCents: number, at: Date): Promise<void> {
  await tx
    .update(bets)
    .set({ status: 1, winLoss: centsToNumeric(winLossCents), settledAt: at })
    .where(eq(bets.betId, betId));
}

/** Adds a further payout (cents) to a settled bet's win/loss. */
export async function addBetPayout(tx: DbOrTx, betId: string, payout: number): Promise<void> {
  const [record] = await tx.select({ winLoss: bets.winLoss }).from(bets).where(eq(bets.betId, betId));
  await tx
    .update(bets)
    .set({ winLoss: centsToNumeric(numericToCents(record?.winLoss ?? '0') + payout) })
    .where(eq(bets.betId, betId));
}

/** Voids a bet its venue rolled back: invalid (status 0), no win or loss, settled now. */
export async function voidBet(tx: DbOrTx, betId: string, at: Date): Promise<void> {
  await tx.update(bets).set({ status: 0, winLoss: '0', settledAt: at }).where(eq(bets.betId, betId));
}

/** Whether a venue (its code in any case) has a bet still unsettled. */
export async function venueHasOpenBets(tx: DbOrTx, code: string): Promise<boolean> {
  const [open] = await tx
    .select({ n: count() })
    .from(bets)
    .where(and(sql`lower(${bets.venueCode}) = lower(${code})`, eq(bets.status, 2)));
  return (open?.n ?? 0) > 0;
}

/** /api/betrecord: the member's bets in a period, optionally at one venue, newest first. */
export async function betRecords(
  deps: { db: Db; clock: Clock },
  memberId: number,
  query: { date: number; page: number; pagesize?: number | undefined; limit?: number | undefined; api_type: string },
) {
  const window = pageWindow(query);
  const { from } = periodRange(query.date, deps.clock.now());
  const filters = [eq(bets.memberId, memberId), gte(bets.createdAt, from)];
  if (query.api_type.trim()) filters.push(sql`lower(${bets.venueCode}) = lower(${query.api_type.trim()})`);
  const rows = deps.db.select().from(bets).orderBy(desc(bets.createdAt), desc(bets.id)).$dynamic();
  return queryPage(deps.db, bets, and(...filters), window, rows, (b) => ({
    bet_id: b.betId,
    Code: b.venueCode,
    bet_amount: numericToMoney(b.betAmount),
    valid_amount: numericToMoney(b.validAmount),
    win_loss: numericToMoney(b.winLoss),
    status: b.status,
    created_at: formatBeijing(b.createdAt),
  }));
}

/** The member's win/loss (payout minus stake, in cents) over the bets settled in [from, until). */
export async function settledWinLoss(db: DbOrTx, memberId: number, from: Date, until: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${bets.winLoss}), 0)` })
    .from(bets)
    .where(and(eq(bets.memberId, memberId), eq(bets.status, 1), gte(bets.settledAt, from), lt(bets.settledAt, until)));
  return numericToCents(String(row?.total ?? '0'));
}

/** The stakes of the member's bets placed and not yet settled, in cents. */
export async function openStakeTotal(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${bets.betAmount}), 0)` })
    .from(bets)
    .where(and(eq(bets.memberId, memberId), eq(bets.status, 2)));
  return numericToCents(String(row?.total ?? '0'));
}

/**
 * A member's valid turnover since a moment: the valid amounts of the settled bets placed since then (what VIP
 * retention counts), as NUMERIC text with two decimals, and whether it reaches an amount, compared as numerics in SQL.
 */
export async function settledTurnoverSince(
  db: DbOrTx,
  memberId: number,
  since: Date,
  amount: string,
): Promise<{ total: string; reaches: boolean }> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${bets.validAmount}), 0)::numeric(18, 2)::text`,
      reaches: sql<boolean>`coalesce(sum(${bets.validAmount}), 0) >= ${amount}::numeric`,
    })
    .from(bets)
    .where(and(eq(bets.memberId, memberId), eq(bets.status, 1), gte(bets.createdAt, since)));
  return { total: row?.total ?? '0', reaches: row?.reaches === true };
}
