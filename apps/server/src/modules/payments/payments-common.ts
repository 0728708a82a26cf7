import { randomInt } from 'node:crypto';
import { BizCode, MSG } from '@h5/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badInput } from '../../http/errors';
import type { AttemptLimiter } from '../../http/rate-limit';
import type { Clock } from '../../lib/time';
import { payPasswordHash } from '../accounts/member-records';
import { verifySecret } from '../../lib/passwords';
import type { PayWayCode } from '../../db/tables/payments';
import type { InboxNote } from '@h5/contract/inbox-notes';

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  /** Withdrawals and card binds per member (both check the pay password). */
  moneyAttempts: AttemptLimiter;
  /**
   * Runs inside the approval's transaction after paysum rose (the VIP recomputation of docs/wire-rules.md "Deposits", the
   * withdrawal turnover the deposit adds), with the deposit's amount in cents.
   */
  afterDepositApproved?: (tx: DbOrTx, memberId: number, depositCents: number) => Promise<void>;
  /**
   * Writes a 站内信 to the member inside the transaction it is given (the member area's inbox; app.ts wires it, as
   * afterDepositApproved).
   */
  tellMember?: TellMember;
}

/** Writes a 站内信 (INBOX_NOTES) to a member in the caller's transaction. */
export type TellMember = (tx: DbOrTx, memberId: number, note: InboxNote) => Promise<void>;

/** Who reviews: an operator (audited), or a gateway's verified notify or reconciliation (recorded on the deposit). */
export interface Reviewer {
  operatorId: number | null;
  name: string;
  requestId: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A number the member sees (deposit or withdrawal): prefix, Beijing time to the second and 6 random digits. */
export function newTradeNumber(prefix: string, clock: Clock): string {
  const d = new Date(clock.now().getTime() + 8 * 3600 * 1000);
  const stamp =
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  return `${prefix}${stamp}${pad(randomInt(0, 1_000_000), 6)}`;
}

/**
 * docs/wire-rules.md "Withdrawals": 251 when no pay password is set (checked first: without one there is nothing to type), then the
 * form's own message when none was typed, 205 when it is wrong.
 */
export async function checkPayPassword(
  db: DbOrTx,
  memberId: number,
  password: string,
  emptyMessage: string,
): Promise<void> {
  const hash = await payPasswordHash(db, memberId);
  if (!hash) throw new AppError(BizCode.PAY_PASSWORD_UNSET, MSG.payPasswordUnset);
  if (!password) throw badInput(emptyMessage);
  if (!(await verifySecret(password, hash))) throw new AppError(BizCode.WRONG_OLD_PASSWORD, MSG.wrongPayPassword);
}

/** The pay type a client sends (wechat arrives as wxpay, get_pay_way's card means bank) to our pay way. */
export function payWayOf(paytype: string): PayWayCode | null {
  const table: Record<string, PayWayCode> = {
    bank: 'bank',
    card: 'bank',
    bankpay: 'bank',
    wxpay: 'wechat',
    wechat: 'wechat',
    alipay: 'alipay',
    usdt: 'usdt',
    usdtpay: 'usdt',
    ebpay: 'ebpay',
  };
  return table[paytype.trim().toLowerCase()] ?? null;
}

/** docs/wire-rules.md "Wire details": payinfo's message names the pay type as bankpay, alipay, wxpay, usdtpay or ebpay. */
export const PAYINFO_TYPE: Record<PayWayCode, string> = {
  bank: 'bankpay',
  wechat: 'wxpay',
  alipay: 'alipay',
  usdt: 'usdtpay',
  ebpay: 'ebpay',
};

/** Labels of the transaction record's pay_way. */
export const PAY_WAY_LABEL: Record<PayWayCode, string> = {
  bank: '银行卡转账',
  wechat: '微信支付',
  alipay: '支付宝',
  usdt: 'USDT',
  ebpay: 'EB支付',
};

/** The getPayRange type (and receiving-account channel) of a deposit. */
export function rangeTypeOf(payWay: PayWayCode, protocol: string): string {
  return payWay === 'usdt' ? `usdt-${protocol.toLowerCase()}` : payWay;
}

/** docs/wire-rules.md "Withdrawals" (ours): card numbers are shown masked except their last 4 characters. */
export function maskCardNo(no: string): string {
  if (no.length <= 4) return no;
  return `${'*'.repeat(no.length - 4)}${no.slice(-4)}`;
}

/**
 * Counts one withdrawal, card bind or password check of a member; past the limit the member waits for the window
 * (429). Answers the call that takes the attempt back (a password change with the right old password).
 */
export async function countMoneyAttempt(
  deps: Pick<PaymentsDeps, 'moneyAttempts'>,
  memberId: number,
): Promise<() => Promise<void>> {
  const key = `member:${memberId}`;
  if (await deps.moneyAttempts.hit(key)) throw new AppError(BizCode.TOO_MANY, MSG.tooManyAttempts);
  return () => deps.moneyAttempts.forgive(key);
}
