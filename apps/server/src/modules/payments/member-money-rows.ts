import { depositStatusLabel, DEPOSIT_WITHDRAW_STATE } from '@h5/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hasRow, newestRows } from '../../db/rows';
import { deposits, withdrawals } from '../../db/tables/payments';
import { numericToMoney } from '../../lib/money';
import { formatBeijing } from '../../lib/time';
import { depositStatus } from './deposit-status';
import { lateStatesOf } from './deposits-service';

/**
 * A member's latest deposits and withdrawals as the support desk is shown them (docs/operators.md "The support
 * desk"): amount, state and time, newest first, and nothing of the cards or accounts they came from or went to.
 */

export async function latestDepositsOf(db: DbOrTx, memberId: number, limit: number, now: Date) {
  const rows = await newestRows(db, deposits, eq(deposits.memberId, memberId), limit);
  const late = await lateStatesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((d) => ({
    id: d.id,
    deposit_no: d.depositNo,
    pay_way: d.payWay,
    amount: numericToMoney(d.amount),
    state: d.state,
    state_label: depositStatusLabel(depositStatus(d, late.get(d.id) ?? null, now), d.state),
    created_at: formatBeijing(d.createdAt),
  }));
}

const WITHDRAWAL_STATE: Readonly<Record<number, string>> = { ...DEPOSIT_WITHDRAW_STATE, 2: '已出款', 3: '已拒绝' };

export async function latestWithdrawalsOf(db: DbOrTx, memberId: number, limit: number) {
  const rows = await db
    .select({
      id: withdrawals.id,
      orderNo: withdrawals.orderNo,
      amount: withdrawals.amount,
      state: withdrawals.state,
      createdAt: withdrawals.createdAt,
    })
    .from(withdrawals)
    .where(eq(withdrawals.memberId, memberId))
    .orderBy(desc(withdrawals.id))
    .limit(limit);
  return rows.map((w) => ({
    id: w.id,
    order_no: w.orderNo,
    amount: numericToMoney(w.amount),
    state: w.state,
    state_label: WITHDRAWAL_STATE[w.state] ?? `状态 ${w.state}`,
    created_at: formatBeijing(w.createdAt),
  }));
}

/** Whether a deposit of this number is the member's own (意见反馈, docs/operators.md "Tickets"). */
export function isMembersDeposit(db: DbOrTx, memberId: number, depositNo: string): Promise<boolean> {
  return hasRow(db, deposits, and(eq(deposits.memberId, memberId), eq(deposits.depositNo, depositNo)));
}

/** Whether a withdrawal of this number is the member's own (意见反馈, docs/operators.md "Tickets"). */
export function isMembersWithdrawal(db: DbOrTx, memberId: number, orderNo: string): Promise<boolean> {
  return hasRow(db, withdrawals, and(eq(withdrawals.memberId, memberId), eq(withdrawals.orderNo, orderNo)));
}
