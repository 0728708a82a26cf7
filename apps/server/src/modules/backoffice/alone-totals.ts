import { centsToMoney } from '@h5/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { numericToCents } from '../../lib/money';
import { beijingDay } from '../../lib/time';
import type { AloneKind } from '../../db/tables/backoffice';

/**
 * The daily totals of the two-person lines (docs/operators.md "Two-person lines"). Under a kind's line one operator may apply
 * an adjustment, pay a withdrawal or credit a manual deposit alone, but only up to a total a Beijing day: per
 * operator (what they applied or approved alone that day) and per member (what the member received, or was paid,
 * that day without a second person). Past either, the item waits for a second person as one above the line does.
 */
export interface AloneItem {
  kind: AloneKind;
  operatorId: number;
  memberId: number;
  /** The amount; the operator's total counts it by its size (a debit too), the member's only when `toMember`. */
  cents: number;
  /** Whether the member receives it (a credit, a withdrawal paid): only that counts towards the member's total. */
  toMember: boolean;
  at: Date;
}

/** The daily totals of a kind, in cents. */
export interface DailyTotals {
  operatorDay: number;
  memberDay: number;
}

export interface AloneJudgement {
  /** Whether the item, done alone, would stay within both totals of its day. */
  within: boolean;
  /** What the operator and the member already moved alone that day, in cents, before this item. */
  operatorSoFar: number;
  memberSoFar: number;
}

/**
 * Locks the operator's and the member's rows of the day (made at 0 when missing) and judges the item against the
 * totals. Called inside the money transaction, after the member's wallet lock and before the ledger's: two calls of
 * one operator at the same time, even for different members, are judged one after the other, each seeing what the
 * other added (docs/money.md "Money", the lock order). The lock is held until the transaction ends.
 */
export async function judgeAlone(tx: Tx, item: AloneItem, totals: DailyTotals): Promise<AloneJudgement> {
  const day = beijingDay(item.at);
  // The operator's row first, then the member's: every caller takes them in this order.
  const rows = rowsOf<{ scope: string; amount: string }>(
    await tx.execute(sql`
      INSERT INTO alone_totals (kind, scope, subject_id, day, amount)
      VALUES (${item.kind}, 'operator', ${item.operatorId}, ${day}::date, 0), (${item.kind}, 'member', ${item.memberId}, ${day}::date, 0)
      ON CONFLICT (kind, scope, subject_id, day) DO UPDATE SET amount = alone_totals.amount
      RETURNING scope, amount::text AS amount`),
  );
  const soFar = (scope: string) => numericToCents(rows.find((r) => r.scope === scope)?.amount ?? '0');
  const operatorSoFar = soFar('operator');
  const memberSoFar = soFar('member');
  const size = Math.abs(item.cents);
  const within =
    operatorSoFar + size <= totals.operatorDay && (!item.toMember || memberSoFar + size <= totals.memberDay);
  return { within, operatorSoFar, memberSoFar };
}

/** Adds an item done alone to the day's totals (the rows judgeAlone locked in the same transaction). */
export async function recordAlone(tx: Tx, item: AloneItem): Promise<void> {
  const day = beijingDay(item.at);
  const size = centsToMoney(Math.abs(item.cents));
  await tx.execute(sql`
    UPDATE alone_totals SET amount = amount + ${size}::numeric
     WHERE kind = ${item.kind} AND day = ${day}::date
       AND ((scope = 'operator' AND subject_id = ${item.operatorId}) OR (scope = 'member' AND subject_id = ${item.memberId} AND ${item.toMember}))`);
}

/** What the audit row of an item sent to a second person by a daily total says: the totals and the day so far. */
export const dailyTotalFacts = (totals: DailyTotals, judged: AloneJudgement) => ({
  operator_day: centsToMoney(totals.operatorDay),
  member_day: centsToMoney(totals.memberDay),
  operator_so_far: centsToMoney(judged.operatorSoFar),
  member_so_far: centsToMoney(judged.memberSoFar),
});
