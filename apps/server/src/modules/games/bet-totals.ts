import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bets } from '../../db/tables/games';
import { numericToCents } from '../../lib/money';

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
