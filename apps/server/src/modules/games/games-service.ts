import { periodRange } from '@h5/contract';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { queryPage } from '../../db/query-page';
import { pageWindow } from '../../lib/paging';
import { centsToNumeric, numericToCents, numericToMoney } from '../../lib/money';
import { type Clock, formatBeijing } from '../../lib/time';
import { raiseMemberTurnover } from '../accounts/member-records';
import { onBetSettled } from '../rebates/rebates-service';
import { bets } from '../../db/tables/games';

export interface GamesDeps {
  db: Db;
  clock: Clock;
}

/**
 * Marks a bet settled with its win/loss once its payout (if any) has moved, and counts it: the valid amount goes
 * towards lifetime turnover (VIP flow) and pays off the outstanding withdrawal requirement, which never goes below
 * zero; then the rebate row of the bet and the VIP recomputation (docs/wire-rules.md "Bets, VIP, rebates").
 */
export async function recordSettlement(
  tx: Tx,
  clock: Clock,
  bet: { betId: string; memberId: number; venueCode: string; category: string; stake: number; payout: number },
) {
  await tx
    .update(bets)
    .set({ status: 1, winLoss: centsToNumeric(bet.payout - bet.stake), settledAt: clock.now() })
    .where(eq(bets.betId, bet.betId));
  const valid = centsToNumeric(bet.stake);
  await raiseMemberTurnover(tx, bet.memberId, valid);
  await onBetSettled(tx, clock, {
    betId: bet.betId,
    memberId: bet.memberId,
    venueCode: bet.venueCode,
    category: bet.category,
    validCents: bet.stake,
  });
}

/** /api/betrecord: the member's bets in a period, optionally at one venue, newest first. */
export async function betRecords(
  deps: GamesDeps,
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

/** Records a bet a venue took, open (status 2) until it settles. */
export async function placeBet(tx: DbOrTx, bet: typeof bets.$inferInsert): Promise<void> {
  await tx.insert(bets).values(bet);
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

/** Stores a bet a venue reported, once by its bet id: answers whether it was new. */
export async function storeReportedBet(tx: DbOrTx, bet: typeof bets.$inferInsert): Promise<boolean> {
  const [stored] = await tx.insert(bets).values(bet).onConflictDoNothing().returning({ id: bets.id });
  return stored !== undefined;
}

/** Whether a venue (its code in any case) has a bet still unsettled. */
export async function venueHasOpenBets(tx: DbOrTx, code: string): Promise<boolean> {
  const [open] = await tx
    .select({ n: count() })
    .from(bets)
    .where(and(sql`lower(${bets.venueCode}) = lower(${code})`, eq(bets.status, 2)));
  return (open?.n ?? 0) > 0;
}
