import {
  BizCode,
  centsToMoney,
  MONEY_CAPS,
  MSG,
  parseMoneyToCents,
  PAY_RANGE_TYPES,
  type PayInfo,
  type PayWays,
  USDT_PROTOCOLS,
  usdtCentsOf,
  validateDeposit,
} from '@h5/contract';
import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, badInput } from '../../http/errors';
import { numericToCents, numericToMoney } from '../../lib/money';
import { type Clock, formatBeijing } from '../../lib/time';
import { raisePaysum } from '../accounts/member-records';
import { audit } from '../backoffice/audit';
import { recordAlone } from '../backoffice/alone-totals';
import { accountCode, lockWallet, moneyTransaction, post } from '../ledger/ledger-service';
import { guardDeposit } from '../responsible/responsible-service';
import { readSettings } from '../site/site-service';
import { auditFirstApproval, judgeReview, refuseUnlessSecondReviewer, reviewFieldsView } from './money-review';
import {
  newTradeNumber,
  PAYINFO_TYPE,
  payWayOf,
  type PaymentsDeps,
  rangeTypeOf,
  type Reviewer,
} from './payments-common';
import {
  deposits,
  latePayments,
  paymentGateways,
  type PayWayCode,
  payRanges,
  payWays,
  receivingAccounts,
} from '../../db/tables/payments';
import { depositStatus, GATEWAY_ORDER_LIFETIME_MS, windowEnd } from './deposit-status';
import { depositedBetween } from './deposit-totals';
import { gatewayPayUrl, type SiteOrigins } from './gateway-requests';
import { INBOX_NOTES } from '@h5/contract/inbox-notes';

/** get_pay_way: 0/1 flags in the key order clients read (ebpay, card, usdt, wechat, alipay); card is bank. */
export async function payWayFlags(db: DbOrTx): Promise<PayWays> {
  const rows = await usableWays(db);
  const on = (code: string): 0 | 1 => (rows.find((r) => r.code === code)?.usable ? 1 : 0);
  return { ebpay: on('ebpay'), card: on('bank'), usdt: on('usdt'), wechat: on('wechat'), alipay: on('alipay') };
}

/** Each pay way and whether a member can pay with it now: enabled, and its gateway (if any) enabled too. */
async function usableWays(db: DbOrTx) {
  const rows = await db
    .select({
      code: payWays.code,
      enabled: payWays.enabled,
      gateway: payWays.gateway,
      gatewayEnabled: paymentGateways.enabled,
    })
    .from(payWays)
    .leftJoin(paymentGateways, eq(paymentGateways.code, payWays.gateway));
  return rows.map((r) => ({ ...r, usable: r.enabled === 1 && (r.gateway === null || r.gatewayEnabled === 1) }));
}

/** The getPayRange type a client sends, with the aliases it may use for the same way. */
function rangeTypeFromWire(type: string): string {
  const t = type.trim().toLowerCase();
  if (t === 'wxpay') return 'wechat';
  if (t === 'card') return 'bank';
  return t;
}

/** getPayRange: a known type whose range an operator removed is closed, as recharge says; an unknown one is 202. */
export async function payRange(db: DbOrTx, type: string) {
  const wire = rangeTypeFromWire(type);
  const [row] = await db.select().from(payRanges).where(eq(payRanges.type, wire));
  if (!row) {
    if ((PAY_RANGE_TYPES as readonly string[]).includes(wire)) throw badInput(MSG.payWayUnavailable);
    throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
  }
  return { min_price: numericToMoney(row.minPrice), max_price: numericToMoney(row.maxPrice) };
}

/** getpaybank: the enabled receiving bank accounts, in display order. */
export async function receivingBanks(db: DbOrTx) {
  const rows = await db
    .select()
    .from(receivingAccounts)
    .where(and(eq(receivingAccounts.channel, 'bank'), eq(receivingAccounts.enabled, 1)))
    .orderBy(asc(receivingAccounts.sort), asc(receivingAccounts.id));
  return rows.map((r) => ({
    id: r.id,
    bank_no: r.bankNo,
    bank_owner: r.bankOwner,
    bank_address: r.bankAddress,
    bank_data: { bank_name: r.bankName },
  }));
}

export interface RechargeInput {
  paytype: string;
  amount: string;
  bank: string;
  bank_address: string;
  bank_no: string;
  bank_owner: string;
  catepay: string;
}

/** Yuan of a numeric column as the number the range message prints: 100, not 100.00. */
const yuan = (value: string) => numericToCents(value) / 100;

/** docs/member-app.md "Constants and limits": the USDT to pay = amount / usdtrate floored to 2 decimals, the rule /recharge previews with. */
export function usdtToPay(amountCents: number, rate: string): string | null {
  const usdt = usdtCentsOf(amountCents, rate);
  return usdt === null ? null : centsToMoney(usdt);
}

/**
 * /api/recharge (docs/wire-rules.md "Deposits"): the pay way must be enabled, the amount within its range, a bank transfer
 * names the depositor, USDT names its protocol. Creates a pending deposit; nothing is credited before approval.
 */
export async function createDeposit(deps: PaymentsDeps, memberId: number, input: RechargeInput): Promise<string> {
  const { db, clock } = deps;
  const payWay = payWayOf(input.paytype);
  const way = payWay ? (await usableWays(db)).find((w) => w.code === payWay) : undefined;
  if (!payWay || !way?.usable) throw badInput(MSG.payWayUnavailable);
  const protocol = input.catepay.trim().toUpperCase();
  if (payWay === 'usdt' && !(USDT_PROTOCOLS as readonly string[]).includes(protocol)) {
    throw badInput(MSG.usdtProtocolRequired);
  }
  const [range] = await db
    .select()
    .from(payRanges)
    .where(eq(payRanges.type, rangeTypeOf(payWay, protocol)));
  if (!range) throw badInput(MSG.payWayUnavailable);
  const problem = validateDeposit({
    amount: input.amount,
    min: yuan(range.minPrice),
    max: yuan(range.maxPrice),
    paytype: payWay,
    depositorName: input.bank_owner,
    bank: input.bank,
    bankNo: input.bank_no,
    bankAddress: input.bank_address,
  });
  if (problem) throw badInput(problem);
  const cents = parseMoneyToCents(input.amount) ?? 0;

  const { usdtrate } = await readSettings(db, ['usdtrate']);
  const isBank = payWay === 'bank';
  const row = {
    memberId,
    payWay,
    catepay: payWay === 'usdt' ? protocol : '',
    amount: centsToMoney(cents),
    depositorName: isBank ? input.bank_owner.trim() : '',
    depositorBank: isBank ? input.bank.trim() : '',
    depositorBankNo: isBank ? input.bank_no.trim() : '',
    depositorBankAddress: isBank ? input.bank_address.trim() : '',
    usdtRate: payWay === 'usdt' ? usdtrate : '',
    usdtAmount: payWay === 'usdt' ? usdtToPay(cents, usdtrate) : null,
    // The deposit stays with the gateway it was made for, even if the pay way is moved to another later.
    gatewayCode: isBank ? null : way.gateway,
    createdAt: clock.now(),
  };
  // The member's own limits (理性娱乐) are checked in the transaction that creates the order, under the wallet
  // lock, so two deposits at once cannot both pass a limit.
  return db.transaction(async (tx) => {
    // Under the wallet lock, so two taps at once find one order: the second gets the first's number.
    await lockWallet(tx, memberId);
    if (row.gatewayCode !== null) {
      const open = await openGatewayOrder(tx, { ...row, gatewayCode: row.gatewayCode });
      if (open) return open;
    }
    await guardDeposit(tx, memberId, cents, row.createdAt, depositedBetween);
    // A clash of two random numbers in the same second is unlikely; a retry makes it harmless.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const depositNo = newTradeNumber('D', clock);
      const [created] = await tx
        .insert(deposits)
        .values({ ...row, depositNo })
        .onConflictDoNothing()
        .returning({ depositNo: deposits.depositNo });
      if (created) return created.depositNo;
    }
    throw new Error('could not allocate a deposit number');
  });
}

/**
 * A gateway deposit of the member, the same pay way (and protocol), amount and gateway, still unpaid inside its
 * 60-minute window: 存款 returns the member to it instead of opening a second order for the same payment.
 */
async function openGatewayOrder(
  tx: Tx,
  row: { memberId: number; payWay: PayWayCode; catepay: string; amount: string; gatewayCode: string; createdAt: Date },
): Promise<string | null> {
  const [open] = await tx
    .select({ depositNo: deposits.depositNo })
    .from(deposits)
    .where(
      and(
        eq(deposits.memberId, row.memberId),
        eq(deposits.state, 1),
        eq(deposits.payWay, row.payWay),
        eq(deposits.catepay, row.catepay),
        eq(deposits.amount, row.amount),
        eq(deposits.gatewayCode, row.gatewayCode),
        gt(deposits.createdAt, new Date(row.createdAt.getTime() - GATEWAY_ORDER_LIFETIME_MS)),
      ),
    )
    .orderBy(desc(deposits.createdAt))
    .limit(1);
  return open?.depositNo ?? null;
}

/** The state of each deposit's late payment (1 held, 2 credited, 3 refused), for those that have one. */
export async function lateStatesOf(db: DbOrTx, depositIds: number[]): Promise<Map<number, number>> {
  if (!depositIds.length) return new Map();
  const rows = await db
    .select({ depositId: latePayments.depositId, state: latePayments.state })
    .from(latePayments)
    .where(inArray(latePayments.depositId, depositIds));
  return new Map(rows.map((r) => [r.depositId, r.state]));
}

/**
 * /api/payinfo: only the member's own deposit (202 otherwise); the message is the pay type. A deposit paid through a
 * gateway carries the signed pay request as `pay_url` while it is pending, and no receiving accounts: the member
 * pays at the gateway. Other deposits list the receiving accounts of their channel and wait for operator review.
 */
export async function payInfo(
  db: DbOrTx,
  clock: Clock,
  memberId: number,
  depositNo: string,
  origins: SiteOrigins,
): Promise<{ message: string; data: PayInfo }> {
  const [d] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.depositNo, depositNo.trim()), eq(deposits.memberId, memberId)));
  if (!d) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
  const paytype = PAYINFO_TYPE[d.payWay];
  const now = clock.now();
  const status = depositStatus(d, (await lateStatesOf(db, [d.id])).get(d.id) ?? null, now);
  // Only an order open for payment carries its pay request: an expired one can no longer be paid.
  const payUrl = status === 'awaiting_payment' ? await gatewayPayUrl(db, d, origins) : undefined;
  const accounts = d.gatewayCode
    ? []
    : await db
        .select()
        .from(receivingAccounts)
        .where(and(eq(receivingAccounts.channel, rangeTypeOf(d.payWay, d.catepay)), eq(receivingAccounts.enabled, 1)))
        .orderBy(asc(receivingAccounts.sort), asc(receivingAccounts.id));
  const cardlist = accounts.map((a) =>
    d.payWay === 'bank'
      ? {
          mch_id: a.bankNo,
          content: `${a.bankName} ${a.bankOwner} ${a.bankAddress}`,
          payimg: '',
          bank_name: a.bankName,
          bank_owner: a.bankOwner,
        }
      : { mch_id: a.mchId, content: a.content, payimg: a.payimg },
  );
  const info: PayInfo['info'] = {
    amount: numericToMoney(d.amount),
    created_at: formatBeijing(d.createdAt),
    paytype,
    state: d.state,
    status,
    expires_at: formatBeijing(windowEnd(d)),
    ...(payUrl ? { pay_url: payUrl } : {}),
    ...(d.payWay === 'usdt'
      ? { catepay: d.catepay, usdtrate: d.usdtRate, usdt_amount: numericToMoney(d.usdtAmount ?? '0') }
      : {}),
  };
  return { message: paytype, data: { deposit_no: d.depositNo, info, cardlist } };
}

export type ReviewDecision = 'approve' | 'reject';

/**
 * Reviews a deposit once (docs/wire-rules.md "Deposits"): the state changes by a guarded update from 1 inside the money
 * transaction, so of two reviews racing exactly one wins and the other answers 409. Approval credits the amount
 * from house:deposits, raises paysum and credits the configured bonus as its own movement from house:promotions.
 * A gateway's verified notify and reconciliation approve through here, and operators reject through here; an
 * operator's approval is approveDeposit's, with its evidence and its two-person line.
 */
export async function reviewDeposit(
  deps: PaymentsDeps,
  depositNo: string,
  decision: ReviewDecision,
  reviewer: Reviewer,
  note = '',
) {
  return moneyTransaction(deps.db, (tx) => reviewDepositIn(tx, deps, depositNo, decision, reviewer, note));
}

/** reviewDeposit inside the caller's transaction (a gateway notify records itself in the same one). */
export async function reviewDepositIn(
  tx: Tx,
  deps: Pick<PaymentsDeps, 'clock' | 'afterDepositApproved' | 'tellMember'>,
  depositNo: string,
  decision: ReviewDecision,
  reviewer: Reviewer,
  note = '',
) {
  // Only the gateway credits a deposit without evidence (docs/operators.md "Who may move money").
  if (decision === 'approve' && reviewer.operatorId !== null)
    throw new Error('an operator approves a deposit through approveDeposit');
  const [found] = await tx.select().from(deposits).where(eq(deposits.depositNo, depositNo));
  if (!found) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
  await lockWallet(tx, found.memberId);
  const cents = numericToCents(found.amount);
  const bonusCents = decision === 'approve' ? await depositBonusCents(tx, cents) : 0;
  const [updated] = await tx
    .update(deposits)
    .set({
      state: decision === 'approve' ? 2 : 3,
      reviewedBy: reviewer.name.slice(0, 32),
      reviewedAt: deps.clock.now(),
      note: note.slice(0, 200),
      bonus: centsToMoney(bonusCents),
    })
    .where(and(eq(deposits.id, found.id), eq(deposits.state, 1)))
    .returning();
  if (!updated) throw new AppError(BizCode.CONFLICT, MSG.alreadyProcessed);

  if (decision === 'approve') await creditDepositIn(tx, deps, found, cents, bonusCents);
  if (reviewer.operatorId !== null) {
    await audit(tx, {
      operatorId: reviewer.operatorId,
      action: `deposit.${decision}`,
      target: `deposit:${found.depositNo}`,
      before: { state: found.state },
      after: {
        state: updated.state,
        amount: numericToMoney(updated.amount),
        bonus: numericToMoney(updated.bonus),
        note: updated.note,
      },
      requestId: reviewer.requestId,
    });
  }
  return depositView(updated);
}

/** What an operator's approval of a deposit rests on: the receiving account the money reached and the payer's reference. */
export interface DepositEvidence {
  receivingAccountId: number | undefined;
  payerReference: string;
}

export interface DepositApproval {
  deposit: ReturnType<typeof depositView>;
  /** A first approval was recorded and nothing was credited: above the line, or past a daily total. */
  awaitingSecondReview: false | 'line' | 'daily_total';
}

/** A receiving account as the deposit records it: what an operator later reads, even if the account is changed. */
function accountLabel(a: typeof receivingAccounts.$inferSelect): string {
  const parts = a.channel === 'bank' ? [a.bankName, a.bankOwner, a.bankNo] : [a.channel, a.mchId];
  return parts.filter(Boolean).join(' ').slice(0, 255);
}

/**
 * The evidence of a deposit's approval, checked: on a first (or only) approval both are required and the account
 * must be one of the site's receiving accounts of the deposit's channel (where the member was told to pay); a second
 * approval rests on what the first recorded, and evidence it sends must be the same.
 */
async function checkedEvidence(tx: Tx, d: DepositRow, evidence: DepositEvidence) {
  const reference = evidence.payerReference.trim();
  if (d.firstReviewerId !== null) {
    const otherAccount =
      evidence.receivingAccountId !== undefined && evidence.receivingAccountId !== d.receivingAccountId;
    if (otherAccount || (reference !== '' && reference !== d.payerReference))
      throw badInput(MSG.depositEvidenceMismatch);
    return {
      receivingAccountId: d.receivingAccountId,
      receivingAccount: d.receivingAccount,
      payerReference: d.payerReference,
    };
  }
  if (evidence.receivingAccountId === undefined) throw badInput(MSG.depositReceivingAccountRequired);
  if (!reference) throw badInput(MSG.depositPayerReferenceRequired);
  const [account] = await tx
    .select()
    .from(receivingAccounts)
    .where(eq(receivingAccounts.id, evidence.receivingAccountId));
  if (!account || account.channel !== rangeTypeOf(d.payWay, d.catepay))
    throw badInput(MSG.depositReceivingAccountInvalid);
  return {
    receivingAccountId: account.id,
    receivingAccount: accountLabel(account),
    payerReference: reference.slice(0, 128),
  };
}

/**
 * An operator's approval of a deposit paid to a receiving account (docs/operators.md "Who may move money"). A gateway deposit is
 * credited only by its gateway (signed notify, reconciliation, 查单) or as a late payment: an operator's approval of
 * one is refused (403) and changes nothing. The approval records its evidence (checkedEvidence). Above
 * deposit_second_review_above, or where crediting it alone would take the operator's or the member's total of the
 * day past its daily total (docs/operators.md "Two-person lines"), it is a first approval: recorded, nothing credited, and the
 * approval that credits must come from a second person. The member's wallet, then the deposit row, are locked, so
 * two approvals at once are taken one after the other and the money is credited once.
 */
export async function approveDeposit(
  deps: PaymentsDeps,
  depositNo: string,
  evidence: DepositEvidence,
  reviewer: Reviewer & { operatorId: number },
  note = '',
): Promise<DepositApproval> {
  return moneyTransaction(deps.db, async (tx) => {
    const [found] = await tx.select().from(deposits).where(eq(deposits.depositNo, depositNo));
    if (!found) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    if (found.gatewayCode !== null) throw new AppError(BizCode.FORBIDDEN, MSG.depositGatewayOnly);
    await lockWallet(tx, found.memberId);
    const [current] = await tx.select().from(deposits).where(eq(deposits.id, found.id)).for('update');
    if (!current || current.state !== 1) throw new AppError(BizCode.CONFLICT, MSG.alreadyProcessed);
    const proof = await checkedEvidence(tx, current, evidence);
    const cents = numericToCents(current.amount);
    const now = deps.clock.now();
    const review = await judgeReview(tx, 'deposit', current, cents, reviewer.operatorId, now);
    const firstDone = current.firstReviewerId !== null;
    const facts = {
      amount: numericToMoney(current.amount),
      receiving_account: proof.receivingAccount,
      payer_reference: proof.payerReference,
    };

    if (review.needsTwo && !firstDone) {
      const [first] = await tx
        .update(deposits)
        .set({
          ...proof,
          firstReviewerId: reviewer.operatorId,
          firstReviewedBy: reviewer.name.slice(0, 32),
          firstReviewedAt: now,
        })
        .where(and(eq(deposits.id, current.id), eq(deposits.state, 1), isNull(deposits.firstReviewerId)))
        .returning();
      if (!first) throw new AppError(BizCode.CONFLICT, MSG.alreadyProcessed);
      const awaiting = await auditFirstApproval(tx, reviewer, review, {
        noun: 'deposit',
        orderNo: current.depositNo,
        stateBefore: current.state,
        stateAfter: first.state,
        facts,
        firstReviewedBy: first.firstReviewedBy,
      });
      return { deposit: depositView(first), awaitingSecondReview: awaiting };
    }
    await refuseUnlessSecondReviewer(tx, current, reviewer.operatorId);
    const bonusCents = await depositBonusCents(tx, cents);
    const [updated] = await tx
      .update(deposits)
      .set({
        ...proof,
        state: 2,
        reviewedBy: reviewer.name.slice(0, 32),
        reviewedAt: now,
        note: note.slice(0, 200),
        bonus: centsToMoney(bonusCents),
      })
      .where(and(eq(deposits.id, current.id), eq(deposits.state, 1)))
      .returning();
    if (!updated) throw new AppError(BizCode.CONFLICT, MSG.alreadyProcessed);
    // Credited on one approval: it counts towards the operator's and the member's totals of the day.
    if (!review.needsTwo) await recordAlone(tx, review.item);
    await creditDepositIn(tx, deps, current, cents, bonusCents);
    await audit(tx, {
      operatorId: reviewer.operatorId,
      action: 'deposit.approve',
      target: `deposit:${current.depositNo}`,
      before: { state: current.state },
      after: {
        state: updated.state,
        ...facts,
        bonus: numericToMoney(updated.bonus),
        note: updated.note,
        ...(firstDone ? { first_reviewed_by: updated.firstReviewedBy } : {}),
      },
      requestId: reviewer.requestId,
    });
    return { deposit: depositView(updated), awaitingSecondReview: false };
  });
}

/**
 * The configured deposit bonus of an amount in cents: deposit_bonus_percent of it, at most deposit_bonus_max. Values
 * above the caps (written before them, or in the database) count as the caps (docs/operators.md "Caps on money settings").
 */
export async function depositBonusCents(tx: DbOrTx, cents: number): Promise<number> {
  const settings = await readSettings(tx, ['deposit_bonus_percent', 'deposit_bonus_max']);
  const hundredths = Math.min(Math.round(Number(settings.deposit_bonus_percent) * 100), MONEY_CAPS.depositBonusPercent);
  const most = Math.min(Math.round(Number(settings.deposit_bonus_max) * 100), MONEY_CAPS.depositBonusMax);
  if (!(hundredths > 0) || !(most > 0)) return 0;
  return Math.min(Math.floor((cents * hundredths) / 10_000), most);
}

/**
 * What crediting a deposit moves, once (the ledger references are unique): the amount from house:deposits, the bonus
 * from house:promotions, paysum, and what follows an approved deposit. The caller holds the member's wallet lock
 * and has moved the deposit to state 2 by a guarded update. The member is told in a 站内信.
 */
export async function creditDepositIn(
  tx: Tx,
  deps: Pick<PaymentsDeps, 'afterDepositApproved' | 'tellMember'>,
  found: DepositRow,
  cents: number,
  bonusCents: number,
) {
  await post(tx, {
    reference: `deposit:${found.depositNo}`,
    kind: 'deposit',
    memberId: found.memberId,
    memo: found.depositNo,
    legs: [
      { account: accountCode.house('deposits', found.memberId), cents: -cents },
      { account: accountCode.wallet(found.memberId), cents },
    ],
  });
  if (bonusCents > 0) {
    await post(tx, {
      reference: `deposit-bonus:${found.depositNo}`,
      kind: 'deposit_bonus',
      memberId: found.memberId,
      memo: found.depositNo,
      legs: [
        { account: accountCode.house('promotions', found.memberId), cents: -bonusCents },
        { account: accountCode.wallet(found.memberId), cents: bonusCents },
      ],
    });
  }
  await raisePaysum(tx, found.memberId, centsToMoney(cents));
  await deps.afterDepositApproved?.(tx, found.memberId, cents);
  // The member hears of it in the 站内信, written with the money.
  await deps.tellMember?.(
    tx,
    found.memberId,
    INBOX_NOTES.depositCredited(found.depositNo, centsToMoney(cents), bonusCents > 0 ? centsToMoney(bonusCents) : null),
  );
}

type DepositRow = typeof deposits.$inferSelect;

/** A deposit as the back office sees it. */
export function depositView(d: DepositRow, username?: string) {
  return {
    id: d.id,
    deposit_no: d.depositNo,
    member_id: d.memberId,
    ...(username === undefined ? {} : { username }),
    pay_way: d.payWay,
    catepay: d.catepay,
    amount: numericToMoney(d.amount),
    usdt_rate: d.usdtRate,
    usdt_amount: d.usdtAmount === null ? null : numericToMoney(d.usdtAmount),
    depositor_name: d.depositorName,
    depositor_bank: d.depositorBank,
    depositor_bank_no: d.depositorBankNo,
    depositor_bank_address: d.depositorBankAddress,
    state: d.state,
    bonus: numericToMoney(d.bonus),
    note: d.note,
    gateway: d.gatewayCode,
    gateway_trade_no: d.gatewayTradeNo,
    receiving_account_id: d.receivingAccountId,
    receiving_account: d.receivingAccount,
    payer_reference: d.payerReference,
    ...reviewFieldsView(d),
  };
}
