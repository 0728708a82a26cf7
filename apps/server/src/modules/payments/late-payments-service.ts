import { BizCode, MSG } from '@h5/contract';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { queryPage } from '../../db/query-page';
import { AppError } from '../../http/errors';
import { centsToNumeric, numericToCents, numericToMoney } from '../../lib/money';
import { type PageWindow } from '../../lib/paging';
import { formatBeijing } from '../../lib/time';
import { memberJoin } from '../accounts/member-records';
import { audit } from '../backoffice/audit';
import { lockWallet, moneyTransaction } from '../ledger/ledger-service';
import { creditDepositIn, depositBonusCents } from './deposits-service';
import type { PaymentsDeps, Reviewer } from './payments-common';
import { deposits, latePayments } from '../../db/tables/payments';

type LateRow = typeof latePayments.$inferSelect;
type DepositRow = typeof deposits.$inferSelect;

function latePaymentView(l: LateRow, d: DepositRow, username: string) {
  return {
    id: l.id,
    deposit_no: d.depositNo,
    member_id: d.memberId,
    username,
    pay_way: d.payWay,
    amount: numericToMoney(l.amount),
    gateway: l.gatewayCode,
    trade_no: l.tradeNo,
    source: l.source,
    closed_as: d.expired === 1 ? ('expired' as const) : ('rejected' as const),
    state: l.state,
    note: l.note,
    decided_by: l.decidedBy,
    decided_at: l.decidedAt ? formatBeijing(l.decidedAt) : null,
    deposit_created_at: formatBeijing(d.createdAt),
    created_at: formatBeijing(l.createdAt),
  };
}

/** Late payments by state (all when absent), newest first, with their deposit and member. */
export async function listLatePayments(db: DbOrTx, state: number | undefined, window: PageWindow) {
  const where: SQL | undefined = state === undefined ? undefined : eq(latePayments.state, state);
  const owner = memberJoin(deposits.memberId);
  const rows = db
    .select({ late: latePayments, deposit: deposits, username: owner.username })
    .from(latePayments)
    .innerJoin(deposits, eq(deposits.id, latePayments.depositId))
    .innerJoin(owner.table, owner.on)
    .orderBy(desc(latePayments.id))
    .$dynamic();
  return queryPage(db, latePayments, where, window, rows, (r) => latePaymentView(r.late, r.deposit, r.username));
}

export type LateDecision = 'approve' | 'reject';

/**
 * Finance decides a held late payment once. Approval credits it through the ledger exactly as an approved deposit
 * (amount, bonus, paysum, turnover, VIP) and makes the deposit approved; refusal records the reason and moves
 * nothing. The member's wallet is locked first, then the late payment row, and its state changes by a guarded
 * update from 1, so of two decisions at once one wins and the other answers 409 without moving money.
 */
export async function decideLatePayment(
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'afterDepositApproved' | 'tellMember'> & { db: Db },
  id: number,
  decision: LateDecision,
  reviewer: Reviewer & { operatorId: number },
  note = '',
) {
  const owner = memberJoin(deposits.memberId);
  return moneyTransaction(deps.db, async (tx) => {
    const [found] = await tx
      .select({ late: latePayments, deposit: deposits, username: owner.username })
      .from(latePayments)
      .innerJoin(deposits, eq(deposits.id, latePayments.depositId))
      .innerJoin(owner.table, owner.on)
      .where(eq(latePayments.id, id));
    if (!found) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    await lockWallet(tx, found.deposit.memberId);
    const now = deps.clock.now();
    const [late] = await tx
      .update(latePayments)
      .set({
        state: decision === 'approve' ? 2 : 3,
        note: note.slice(0, 200),
        decidedBy: reviewer.name.slice(0, 32),
        decidedAt: now,
      })
      .where(and(eq(latePayments.id, id), eq(latePayments.state, 1)))
      .returning();
    if (!late) throw new AppError(BizCode.CONFLICT, MSG.alreadyProcessed);

    let deposit = found.deposit;
    if (decision === 'approve') {
      const cents = numericToCents(late.amount);
      const bonusCents = await depositBonusCents(tx, cents);
      // The deposit was closed (3); it becomes approved, so records, reports and paysum count it like any other.
      const [approved] = await tx
        .update(deposits)
        .set({
          state: 2,
          reviewedBy: reviewer.name.slice(0, 32),
          reviewedAt: now,
          bonus: centsToNumeric(bonusCents),
          gatewayTradeNo: late.tradeNo,
        })
        .where(and(eq(deposits.id, deposit.id), eq(deposits.state, 3)))
        .returning();
      if (!approved) throw new AppError(BizCode.CONFLICT, MSG.alreadyProcessed);
      await creditDepositIn(tx, deps, approved, cents, bonusCents);
      deposit = approved;
    }
    await audit(tx, {
      operatorId: reviewer.operatorId,
      action: `late_payment.${decision}`,
      target: `deposit:${deposit.depositNo}`,
      before: { late_payment: found.late.state, deposit: found.deposit.state },
      after: { late_payment: late.state, deposit: deposit.state, amount: numericToMoney(late.amount), note: late.note },
      requestId: reviewer.requestId,
    });
    return latePaymentView(late, deposit, found.username);
  });
}
