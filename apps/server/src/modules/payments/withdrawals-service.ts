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
import { and, count, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import { numericToCents, numericToMoney } from '../../lib/money';
import { formatBeijing } from '../../lib/time';
import { audit } from '../admin/admin-service';
import { turnoverSince } from '../games/games-service';
import { accountCode, lockWallet, post } from '../ledger/ledger-service';
import { readSettings } from '../site/site-service';
import { checkPayPassword, maskCardNo, newTradeNumber, type PaymentsDeps, type Reviewer } from './payments-common';
import type { ReviewDecision } from './deposits-service';
import { deposits, memberCards, withdrawals } from './payments-tables';

/**
 * When the window of the withdrawal turnover requirement starts: the approval of the member's last approved
 * withdrawal, or null (all time) before the first one. games-routes uses it for getBetAmount.
 */
export async function turnoverWindowStart(db: DbOrTx, memberId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${withdrawals.reviewedAt})` })
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.state, 2)));
  return row?.at ? new Date(row.at) : null;
}

/** Deposits approved since a moment (all time when null), in cents. */
async function depositsApprovedSince(db: DbOrTx, memberId: number, since: Date | null): Promise<number> {
  const filters = [eq(deposits.memberId, memberId), eq(deposits.state, 2)];
  if (since) filters.push(gte(deposits.reviewedAt, since));
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${deposits.amount}), 0)` })
    .from(deposits)
    .where(and(...filters));
  return numericToCents(row?.total ?? '0');
}

export interface WithdrawInput {
  amount: string;
  /** The card id. */
  bank: number | undefined;
  password: string;
}

/**
 * /api/withdraw. The member's wallet is locked first, so the checks and the debit see one balance and one count:
 * a request sent ten times at once is judged ten times in turn. Checks in the order of SERVER-RULES "Withdrawals":
 * daily count (216), turnover since the last approved withdrawal (214), minimum and maximum (214/215), pay password
 * (251/205), the member's own card (202), the balance (208). The amount then waits in house:withdrawals_in_flight.
 */
export async function submitWithdrawal(deps: PaymentsDeps, memberId: number, input: WithdrawInput): Promise<string> {
  const { clock } = deps;
  return deps.db.transaction(async (tx) => {
    const balance = await lockWallet(tx, memberId);
    const settings = await readSettings(tx, [
      'withdraw_min',
      'withdraw_max',
      'withdraw_daily_count',
      'turnover_multiple',
      'withdrawusdtrate',
      'withdrawcashfee',
      'withdrawfeeusdttrc',
    ]);

    // Rejected requests returned their money and do not use up the day's allowance.
    const [today] = await tx
      .select({ n: count() })
      .from(withdrawals)
      .where(and(eq(withdrawals.memberId, memberId), gte(withdrawals.createdAt, beijingDayStart(clock.now())), ne(withdrawals.state, 3)));
    if ((today?.n ?? 0) >= Number(settings.withdraw_daily_count)) {
      throw new AppError(BizCode.WITHDRAW_DAILY_COUNT, MSG.withdrawDailyCount);
    }

    const since = await turnoverWindowStart(tx, memberId);
    const multiple = Number(settings.turnover_multiple);
    const required = Math.ceil((await depositsApprovedSince(tx, memberId, since)) * multiple);
    if ((await turnoverSince(tx, memberId, since)) < required) {
      throw new AppError(BizCode.WITHDRAW_RULE, turnoverNotMetMessage(settings.turnover_multiple));
    }

    const cents = parseMoneyToCents(input.amount);
    const min = Number(settings.withdraw_min);
    const max = Number(settings.withdraw_max);
    if (cents === null || cents < Math.round(min * 100)) {
      throw new AppError(BizCode.WITHDRAW_RULE, min === 100 ? MSG.withdrawBelowMin : withdrawBelowMinMessage(min));
    }
    if (cents > Math.round(max * 100)) throw new AppError(BizCode.WITHDRAW_ABOVE_MAX, withdrawAboveMaxMessage(max));

    await checkPayPassword(tx, memberId, input.password, MSG.withdrawPasswordRequired);

    if (input.bank === undefined || input.bank <= 0) throw new AppError(BizCode.NOT_FOUND, MSG.withdrawBankCardRequired);
    const [card] = await tx
      .select()
      .from(memberCards)
      .where(and(eq(memberCards.id, input.bank), eq(memberCards.memberId, memberId), isNull(memberCards.deletedAt)));
    if (!card) throw new AppError(BizCode.NOT_FOUND, MSG.cardNotFound);

    if (cents > balance) throw new AppError(BizCode.ABOVE_BALANCE, MSG.withdrawAboveBalance);

    const isUsdt = card.type === CARD_TYPE.usdt;
    const fee = card.bankOwner === 'ERC20' ? settings.withdrawcashfee : settings.withdrawfeeusdttrc;
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
          usdtAmount: isUsdt ? usdtReceipt(centsToMoney(cents), settings.withdrawusdtrate, fee) : null,
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning({ orderNo: withdrawals.orderNo });
      if (!created) continue;
      await post(tx, {
        reference: `withdrawal:${orderNo}`,
        kind: 'withdrawal',
        memberId,
        memo: orderNo,
        legs: [
          { account: accountCode.wallet(memberId), cents: -cents },
          { account: accountCode.house('withdrawals_in_flight'), cents },
        ],
      });
      return orderNo;
    }
    throw new Error('could not allocate a withdrawal number');
  });
}

/**
 * Reviews a withdrawal once, like reviewDeposit: approval pays the amount out of in-flight, rejection returns it to
 * the member's wallet.
 */
export async function reviewWithdrawal(deps: PaymentsDeps, orderNo: string, decision: ReviewDecision, reviewer: Reviewer, note = '') {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(withdrawals).where(eq(withdrawals.orderNo, orderNo));
    if (!found) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    await lockWallet(tx, found.memberId);
    const [updated] = await tx
      .update(withdrawals)
      .set({ state: decision === 'approve' ? 2 : 3, reviewedBy: reviewer.name.slice(0, 32), reviewedAt: deps.clock.now(), note: note.slice(0, 200) })
      .where(and(eq(withdrawals.id, found.id), eq(withdrawals.state, 1)))
      .returning();
    if (!updated) throw new AppError(BizCode.CONFLICT, MSG.alreadyProcessed);
    const cents = numericToCents(found.amount);
    await post(tx, {
      reference: `withdrawal-${decision === 'approve' ? 'paid' : 'returned'}:${found.orderNo}`,
      kind: decision === 'approve' ? 'withdrawal_paid' : 'withdrawal_returned',
      memberId: found.memberId,
      memo: found.orderNo,
      legs: [
        { account: accountCode.house('withdrawals_in_flight'), cents: -cents },
        decision === 'approve'
          ? { account: accountCode.house('withdrawals_paid'), cents }
          : { account: accountCode.wallet(found.memberId), cents },
      ],
    });
    if (reviewer.operatorId !== null) {
      await audit(tx, {
        operatorId: reviewer.operatorId,
        action: `withdrawal.${decision}`,
        target: `withdrawal:${found.orderNo}`,
        before: { state: found.state },
        after: { state: updated.state, amount: numericToMoney(updated.amount), note: updated.note },
        requestId: reviewer.requestId,
      });
    }
    return withdrawalView(updated);
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
    reviewed_by: w.reviewedBy,
    reviewed_at: w.reviewedAt ? formatBeijing(w.reviewedAt) : null,
    created_at: formatBeijing(w.createdAt),
  };
}
