import {
  beijingDayStart,
  BizCode,
  CARD_TYPE,
  centsToMoney,
  MSG,
  parseMoneyToCents,
  turnoverNotMetMessage,
  usdtReceipt,
  withdrawAboveMaxMessage,
  withdrawBelowMinMessage,
} from '@h5/contract';
import { and, count, eq, gte, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import { numericToCents, numericToMoney } from '../../lib/money';
import { audit } from '../backoffice/audit';
import { type AloneItem, recordAlone } from '../backoffice/alone-totals';
import { accountCode, balanceOf, lockWallet, moneyTransaction, post } from '../ledger/ledger-service';
import { readSettings, reviewLineCents, type SiteSettings } from '../site/site-service';
import { auditFirstApproval, judgeReview, refuseUnlessSecondReviewer, reviewFieldsView } from './money-review';
import { checkPayPassword, maskCardNo, newTradeNumber, type PaymentsDeps, type Reviewer } from './payments-common';
import type { ReviewDecision } from './deposits-service';
import { memberCards, withdrawals } from '../../db/tables/payments';
import { outstandingTurnover } from '../games/turnover';
import { INBOX_NOTES } from '@h5/contract/inbox-notes';

export interface WithdrawInput {
  amount: string;
  /** The card id. */
  bank: number | undefined;
  password: string;
  /** The request's Idempotency-Key, when the client sent one: a repeat answers the same withdrawal. */
  requestKey?: string | undefined;
}

type WithdrawSettings = Pick<
  SiteSettings,
  | 'withdraw_min'
  | 'withdraw_max'
  | 'withdraw_daily_count'
  | 'turnover_multiple'
  | 'withdrawusdtrate'
  | 'withdrawcashfee'
  | 'withdrawfeeusdttrc'
>;

/** 216: requests of this Beijing day; rejected ones returned their money and do not use up the allowance. */
async function checkDailyCount(db: DbOrTx, memberId: number, settings: WithdrawSettings, now: Date): Promise<void> {
  const [today] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.memberId, memberId),
        gte(withdrawals.createdAt, beijingDayStart(now)),
        ne(withdrawals.state, 3),
      ),
    );
  if ((today?.n ?? 0) >= Number(settings.withdraw_daily_count)) {
    throw new AppError(BizCode.WITHDRAW_DAILY_COUNT, MSG.withdrawDailyCount);
  }
}

/** 214: no withdrawal while any turnover requirement of the member's deposits is outstanding. */
async function checkTurnover(db: DbOrTx, memberId: number, settings: WithdrawSettings): Promise<void> {
  if ((await outstandingTurnover(db, memberId)) > 0) {
    throw new AppError(BizCode.WITHDRAW_RULE, turnoverNotMetMessage(settings.turnover_multiple));
  }
}

const checkBalance = (cents: number, balance: number) => {
  if (cents > balance) throw new AppError(BizCode.ABOVE_BALANCE, MSG.withdrawAboveBalance);
};

/** The withdrawal a request key already made, if any. */
async function withdrawalByKey(db: DbOrTx, memberId: number, requestKey: string | undefined): Promise<string | null> {
  if (!requestKey) return null;
  const [found] = await db
    .select({ orderNo: withdrawals.orderNo })
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.requestKey, requestKey)));
  return found?.orderNo ?? null;
}

/**
 * /api/withdraw. Checks in the order of docs/wire-rules.md "Withdrawals": daily count (216), outstanding turnover (214),
 * minimum and maximum (214/215), pay password (251/205), the member's own card (202), the balance (208); then a
 * USDT receipt after the fee must be above zero. They all run first without the wallet lock, so the slow pay-password
 * hash never holds up another money call of the member. Then the lock is taken and what may have changed meanwhile
 * (count, outstanding turnover, balance) is judged again: a request sent ten times at once is judged in turn. The
 * amount then waits in house:withdrawals_in_flight. A repeated request key answers the first withdrawal's number.
 */
export async function submitWithdrawal(deps: PaymentsDeps, memberId: number, input: WithdrawInput): Promise<string> {
  const { clock, db } = deps;
  const repeated = await withdrawalByKey(db, memberId, input.requestKey);
  if (repeated) return repeated;

  const settings: WithdrawSettings = await readSettings(db, [
    'withdraw_min',
    'withdraw_max',
    'withdraw_daily_count',
    'turnover_multiple',
    'withdrawusdtrate',
    'withdrawcashfee',
    'withdrawfeeusdttrc',
  ]);
  await checkDailyCount(db, memberId, settings, clock.now());
  await checkTurnover(db, memberId, settings);

  const cents = parseMoneyToCents(input.amount);
  const min = Number(settings.withdraw_min);
  const max = Number(settings.withdraw_max);
  if (cents === null || cents < Math.round(min * 100)) {
    throw new AppError(BizCode.WITHDRAW_RULE, min === 100 ? MSG.withdrawBelowMin : withdrawBelowMinMessage(min));
  }
  if (cents > Math.round(max * 100)) throw new AppError(BizCode.WITHDRAW_ABOVE_MAX, withdrawAboveMaxMessage(max));

  await checkPayPassword(db, memberId, input.password, MSG.withdrawPasswordRequired);

  if (input.bank === undefined || input.bank <= 0) throw new AppError(BizCode.NOT_FOUND, MSG.withdrawBankCardRequired);
  const [card] = await db
    .select()
    .from(memberCards)
    .where(and(eq(memberCards.id, input.bank), eq(memberCards.memberId, memberId), isNull(memberCards.deletedAt)));
  if (!card) throw new AppError(BizCode.NOT_FOUND, MSG.cardNotFound);

  checkBalance(cents, await balanceOf(db, accountCode.wallet(memberId)));

  const isUsdt = card.type === CARD_TYPE.usdt;
  const fee = card.bankOwner === 'ERC20' ? settings.withdrawcashfee : settings.withdrawfeeusdttrc;
  const receipt = isUsdt ? usdtReceipt(centsToMoney(cents), settings.withdrawusdtrate, fee) : null;
  // usdtReceipt floors at 0.00: a request whose fee eats the whole amount would pay the member nothing.
  if (receipt !== null && numericToCents(receipt) <= 0)
    throw new AppError(BizCode.WITHDRAW_RULE, MSG.withdrawUsdtBelowFee);

  return moneyTransaction(db, async (tx) => {
    const balance = await lockWallet(tx, memberId);
    // A repeat sent at the same time waited for the lock behind the first: it answers the first's number.
    const sameKey = await withdrawalByKey(tx, memberId, input.requestKey);
    if (sameKey) return sameKey;
    await checkDailyCount(tx, memberId, settings, clock.now());
    await checkTurnover(tx, memberId, settings);
    checkBalance(cents, balance);

    for (let attempt = 0; attempt < 5; attempt += 1) {
      const orderNo = newTradeNumber('W', clock);
      const [created] = await tx
        .insert(withdrawals)
        .values({
          orderNo,
          memberId,
          cardId: card.id,
          cardType: card.type,
          bank: card.bank,
          bankOwner: card.bankOwner,
          bankNo: card.bankNo,
          bankAddress: card.bankAddress,
          amount: centsToMoney(cents),
          usdtRate: isUsdt ? settings.withdrawusdtrate : '',
          usdtFee: isUsdt ? fee : null,
          usdtAmount: receipt,
          requestKey: input.requestKey ?? null,
          createdAt: clock.now(),
        })
        // Only a clash of the random order number is retried; the request key cannot clash under the lock.
        .onConflictDoNothing({ target: withdrawals.orderNo })
        .returning({ orderNo: withdrawals.orderNo });
      if (!created) continue;
      await post(tx, {
        reference: `withdrawal:${orderNo}`,
        kind: 'withdrawal',
        memberId,
        memo: orderNo,
        legs: [
          { account: accountCode.wallet(memberId), cents: -cents },
          { account: accountCode.house('withdrawals_in_flight', memberId), cents },
        ],
      });
      return orderNo;
    }
    throw new Error('could not allocate a withdrawal number');
  });
}

/** The second-review line in cents (site setting withdraw_second_review_above, yuan; never off). */
export function secondReviewLine(db: DbOrTx): Promise<number> {
  return reviewLineCents(db, 'withdraw_second_review_above');
}

export interface WithdrawalReview {
  withdrawal: ReturnType<typeof withdrawalView>;
  /**
   * A first approval was recorded: the money has not left, another operator must approve it too; why: the amount is
   * above the line, or paying it alone would pass a daily total.
   */
  awaitingSecondReview: false | 'line' | 'daily_total';
}

/**
 * Reviews a withdrawal once, like reviewDeposit: approval pays the amount out of in-flight, rejection returns it to
 * the member's wallet. Above the second-review line, or where paying it alone would take the operator's or the
 * member's total of the day past its daily total (docs/operators.md "Two-person lines"), an operator's first approval only
 * records itself (first reviewer) and leaves the withdrawal pending; the approval that pays must come from another
 * person. Once a first approval is recorded the rule stays, whatever the line is changed to meanwhile. The withdrawal row is
 * locked, so two approvals at once are taken one after the other and the money leaves once.
 */
export async function reviewWithdrawal(
  deps: PaymentsDeps,
  orderNo: string,
  decision: ReviewDecision,
  reviewer: Reviewer,
  note = '',
): Promise<WithdrawalReview> {
  return moneyTransaction(deps.db, async (tx) => {
    const [found] = await tx.select().from(withdrawals).where(eq(withdrawals.orderNo, orderNo));
    if (!found) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    await lockWallet(tx, found.memberId);
    const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.id, found.id)).for('update');
    if (!current || current.state !== 1) throw new AppError(BizCode.CONFLICT, MSG.alreadyProcessed);
    const cents = numericToCents(found.amount);
    let alone: AloneItem | null = null;
    if (decision === 'approve' && reviewer.operatorId !== null) {
      const review = await judgeReview(tx, 'withdraw', current, cents, reviewer.operatorId, deps.clock.now());
      if (!review.needsTwo) alone = review.item;
      if (review.needsTwo && current.firstReviewerId === null) {
        const [first] = await tx
          .update(withdrawals)
          .set({
            firstReviewerId: reviewer.operatorId,
            firstReviewedBy: reviewer.name.slice(0, 32),
            firstReviewedAt: deps.clock.now(),
          })
          .where(and(eq(withdrawals.id, found.id), eq(withdrawals.state, 1), isNull(withdrawals.firstReviewerId)))
          .returning();
        if (!first) throw new AppError(BizCode.CONFLICT, MSG.alreadyProcessed);
        const awaiting = await auditFirstApproval(tx, { ...reviewer, operatorId: reviewer.operatorId }, review, {
          noun: 'withdrawal',
          orderNo: found.orderNo,
          stateBefore: current.state,
          stateAfter: first.state,
          facts: { amount: numericToMoney(first.amount) },
          firstReviewedBy: first.firstReviewedBy,
        });
        return { withdrawal: withdrawalView(first), awaitingSecondReview: awaiting };
      }
      await refuseUnlessSecondReviewer(tx, current, reviewer.operatorId);
    }
    const [updated] = await tx
      .update(withdrawals)
      .set({
        state: decision === 'approve' ? 2 : 3,
        reviewedBy: reviewer.name.slice(0, 32),
        reviewedAt: deps.clock.now(),
        note: note.slice(0, 200),
      })
      .where(and(eq(withdrawals.id, found.id), eq(withdrawals.state, 1)))
      .returning();
    if (!updated) throw new AppError(BizCode.CONFLICT, MSG.alreadyProcessed);
    // Paid on one approval: it counts towards the operator's and the member's totals of the day.
    if (alone) await recordAlone(tx, alone);
    await post(tx, {
      reference: `withdrawal-${decision === 'approve' ? 'paid' : 'returned'}:${found.orderNo}`,
      kind: decision === 'approve' ? 'withdrawal_paid' : 'withdrawal_returned',
      memberId: found.memberId,
      memo: found.orderNo,
      legs: [
        { account: accountCode.house('withdrawals_in_flight', found.memberId), cents: -cents },
        decision === 'approve'
          ? { account: accountCode.house('withdrawals_paid', found.memberId), cents }
          : { account: accountCode.wallet(found.memberId), cents },
      ],
    });
    // The member hears of the decision in the 站内信, written with the money.
    const amount = centsToMoney(cents);
    await deps.tellMember?.(
      tx,
      found.memberId,
      decision === 'approve'
        ? INBOX_NOTES.withdrawalPaid(found.orderNo, amount)
        : INBOX_NOTES.withdrawalRefused(found.orderNo, amount),
    );
    if (reviewer.operatorId !== null) {
      await audit(tx, {
        operatorId: reviewer.operatorId,
        action: `withdrawal.${decision}`,
        target: `withdrawal:${found.orderNo}`,
        before: { state: current.state },
        after: {
          state: updated.state,
          amount: numericToMoney(updated.amount),
          note: updated.note,
          ...(updated.firstReviewerId === null ? {} : { first_reviewed_by: updated.firstReviewedBy }),
        },
        requestId: reviewer.requestId,
      });
    }
    return { withdrawal: withdrawalView(updated), awaitingSecondReview: false };
  });
}

type WithdrawalRow = typeof withdrawals.$inferSelect;

/**
 * A withdrawal as the back office sees it. The finance operator pays to this account, so the number is shown in
 * full here; member answers always mask it.
 */
export function withdrawalView(w: WithdrawalRow, username?: string) {
  return {
    id: w.id,
    order_no: w.orderNo,
    member_id: w.memberId,
    ...(username === undefined ? {} : { username }),
    card_type: w.cardType,
    bank: w.bank,
    bank_owner: w.bankOwner,
    bank_no: w.bankNo,
    bank_no_masked: maskCardNo(w.bankNo),
    bank_address: w.bankAddress,
    amount: numericToMoney(w.amount),
    usdt_rate: w.usdtRate,
    usdt_fee: w.usdtFee === null ? null : numericToMoney(w.usdtFee),
    usdt_amount: w.usdtAmount === null ? null : numericToMoney(w.usdtAmount),
    state: w.state,
    note: w.note,
    ...reviewFieldsView(w),
  };
}
