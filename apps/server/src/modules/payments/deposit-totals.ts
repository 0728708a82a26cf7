import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deposits } from '../../db/tables/payments';
import { numericToCents } from '../../lib/money';

/**
 * What other areas count of a member's deposits (apps/server/src/README.md "Areas own their data"): red packets draw
 * on the approved ones, and responsible gaming's deposit limits count the orders made, handed the count by payments
 * and app.ts since payments calls responsible gaming.
 */

/** The sum of a member's deposits that also match `filter`, in cents. */
async function depositSum(db: DbOrTx, memberId: number, filter: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${deposits.amount}), 0)` })
    .from(deposits)
    .where(and(eq(deposits.memberId, memberId), filter));
  return numericToCents(String(row?.total ?? '0'));
}

/** A member's approved deposits in [from, to), in cents, counted by approval time (when the money arrived). */
export function approvedDepositTotal(db: DbOrTx, memberId: number, from: Date, to: Date): Promise<number> {
  return depositSum(
    db,
    memberId,
    and(eq(deposits.state, 2), gte(deposits.reviewedAt, from), lt(deposits.reviewedAt, to)),
  );
}

/**
 * A member's deposits counted against responsible gaming's limits, in cents: pending (1) and approved (2) orders
 * created in [since, until); rejected do not count.
 */
export function depositedBetween(db: DbOrTx, memberId: number, since: Date, until: Date): Promise<number> {
  return depositSum(
    db,
    memberId,
    and(inArray(deposits.state, [1, 2]), gte(deposits.createdAt, since), lt(deposits.createdAt, until)),
  );
}
