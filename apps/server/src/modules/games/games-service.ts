import { periodRange } from '@h5/contract';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryPage } from '../../db/query-page';
import { pageWindow } from '../../lib/paging';
import { centsToNumeric, numericToMoney } from '../../lib/money';
import { type Clock, formatBeijing } from '../../lib/time';
import { members } from '../../db/tables/accounts';
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
  await tx
    .update(members)
    .set({
      turnover: sql`${members.turnover} + ${valid}::numeric`,
      turnoverRequired: sql`greatest(0, ${members.turnoverRequired} - ${valid}::numeric)`,
    })
    .where(eq(members.id, bet.memberId));
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
