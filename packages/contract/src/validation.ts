/**
 * docs/member-app.md "Validation rules" as pure functions: each returns the message of the first failing rule, in the documented order,
 * or null when every rule passes. The web forms and the server call the same functions.
 */
import { parseMoneyToCents } from './money';
import { USDT_PROTOCOLS, VENUE_WALLET, MIN_WITHDRAWAL_YUAN } from './codes';
import { MSG, depositRangeMessage } from './messages';
import { isBlank, str, type Field } from './auth-validation';

// Login and register live in ./auth-validation (the login screen loads only those); the server and the other forms
// take them from here as before.
export { validateLogin, validateRegister, type RegisterInput, type RegisterOptions } from './auth-validation';

/** docs/member-app.md "Partner application rules": optional 0, 86 or 17951, then 13x, 15x, 17x, 18x or 14x, then 8 digits. */
const CHINA_MOBILE = /^(?:0|86|17951)?1[34578]\d{9}$/;
/** docs/member-app.md "Profile rules": 13x, 15x except 154, 17[678], 18x or 14[57]. */
const PROFILE_MOBILE = /^(?:0|86|17951)?(?:13\d|15[0-35-9]|17[678]|18\d|14[57])\d{8}$/;
const EMAIL = /^[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const BIRTHDAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export const isChinaMobile = (s: string): boolean => CHINA_MOBILE.test(s);
export const isProfileMobile = (s: string): boolean => PROFILE_MOBILE.test(s);
export const isEmail = (s: string): boolean => EMAIL.test(s);

/** YYYY-MM-DD naming a real calendar day. The picker's 1980-01-01 minimum is not enforced here. */
export function isBirthday(s: string): boolean {
  const match = BIRTHDAY.exec(s);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  if (y === undefined || m === undefined || d === undefined) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function validateAgentApplication(input: { mobile: Field; apply_info: Field }): string | null {
  if (!isChinaMobile(str(input.mobile).trim())) return MSG.mobileInvalid;
  if (isBlank(input.apply_info)) return MSG.applyInfoRequired;
  return null;
}

export function validateProfile(input: { mobile: Field; email: Field; birthday: Field }): string | null {
  if (!isProfileMobile(str(input.mobile).trim())) return MSG.mobileInvalid;
  if (!isEmail(str(input.email).trim())) return MSG.emailInvalid;
  if (!isBirthday(str(input.birthday).trim())) return MSG.birthdayInvalid;
  return null;
}

export function validateUsdtCard(input: { address: Field; protocol: Field; pay_pass: Field }): string | null {
  if (isBlank(input.address)) return MSG.usdtAddressRequired;
  if (!(USDT_PROTOCOLS as readonly string[]).includes(str(input.protocol))) return MSG.usdtProtocolRequired;
  if (str(input.pay_pass) === '') return MSG.cardPayPassRequired;
  return null;
}

export interface BankCardInput {
  bank_owner: Field;
  bank: Field;
  bank_address: Field;
  bank_no: Field;
  pay_pass: Field;
}

export function validateBankCard(input: BankCardInput): string | null {
  if (isBlank(input.bank_owner)) return MSG.bankOwnerRequired;
  if (isBlank(input.bank)) return MSG.bankRequired;
  if (isBlank(input.bank_address)) return MSG.bankAddressRequired;
  if (isBlank(input.bank_no)) return MSG.bankNoRequired;
  const payPass = str(input.pay_pass);
  if (payPass === '') return MSG.cardPayPassRequired;
  if (str(input.bank_no).trim().length < 8) return MSG.bankNoLength;
  if (payPass.length < 6 || payPass.length > 18) return MSG.cardPayPassLength;
  return null;
}

export interface PasswordChangeInput {
  oldPassword: Field;
  newPassword: Field;
  confirmPassword: Field;
}

export function validatePasswordChange(input: PasswordChangeInput): string | null {
  const oldPassword = str(input.oldPassword);
  const newPassword = str(input.newPassword);
  const confirm = str(input.confirmPassword);
  if (oldPassword === '') return MSG.oldPasswordRequired;
  if (newPassword === '') return MSG.newPasswordRequired;
  if (confirm === '') return MSG.confirmPasswordRequired;
  if (oldPassword.length < 6) return MSG.oldPasswordLength;
  if (newPassword.length < 6) return MSG.newPasswordLength;
  if (newPassword !== confirm) return MSG.passwordMismatch;
  if (newPassword === oldPassword) return MSG.passwordUnchanged;
  return null;
}

export interface DepositInput {
  amount: Field;
  /** The range of the chosen pay type, in yuan (getPayRange min_price / max_price). */
  min: number;
  max: number;
  paytype: string;
  depositorName?: Field;
  bank?: Field;
  bankNo?: Field;
  bankAddress?: Field;
}

export function validateDeposit(input: DepositInput): string | null {
  const cents = parseMoneyToCents(input.amount);
  if (cents === null || cents < Math.round(input.min * 100) || cents > Math.round(input.max * 100)) {
    return depositRangeMessage(input.min, input.max);
  }
  if (input.paytype === 'bank') {
    if (isBlank(input.depositorName)) return MSG.depositorNameRequired;
    if (isBlank(input.bank)) return MSG.depositBankRequired;
    if (isBlank(input.bankNo)) return MSG.depositBankNoRequired;
    if (isBlank(input.bankAddress)) return MSG.depositBankAddressRequired;
  }
  return null;
}

export interface WithdrawalInput {
  kind: 'usdt' | 'bank';
  cardId: Field;
  amount: Field;
  password: Field;
}

export function validateWithdrawal(input: WithdrawalInput): string | null {
  const cardId = str(input.cardId).trim();
  if (cardId === '' || cardId === '0') {
    return input.kind === 'usdt' ? MSG.withdrawUsdtRequired : MSG.withdrawBankCardRequired;
  }
  const cents = parseMoneyToCents(input.amount);
  if (cents === null || cents < MIN_WITHDRAWAL_YUAN * 100) return MSG.withdrawBelowMin;
  if (str(input.password) === '') return MSG.withdrawPasswordRequired;
  return null;
}

export function validateTransfer(input: { amount: Field; sourcetype: Field; targettype: Field }): string | null {
  const cents = parseMoneyToCents(input.amount);
  if (cents === null || cents <= 0) return MSG.transferAmountRequired;
  if (str(input.sourcetype) !== VENUE_WALLET && str(input.targettype) !== VENUE_WALLET) {
    return MSG.venueTransferUnsupported;
  }
  return null;
}

function centsText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A rate ("7.20", 7.2) as an integer over a power of ten, so the conversion stays exact; null when unusable. */
function scaledRate(rate: number | string): { value: bigint; scale: bigint } | null {
  const match = /^(\d{1,9})(?:\.(\d{1,6}))?$/.exec(String(rate).trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  const value = BigInt(`${match[1]}${fraction}`);
  return value > 0n ? { value, scale: 10n ** BigInt(fraction.length) } : null;
}

/**
 * docs/member-app.md "Constants and limits": USDT cents of an amount in yuan cents, amount / rate floored to 2 decimals, in integer arithmetic (no float
 * error can turn 13.88 into 13.89 or 100.00 into 99.99); null when the rate is unusable. The server stores and
 * payInfo shows exactly what /recharge previewed.
 */
export function usdtCentsOf(amountCents: number, rate: number | string): number | null {
  const r = scaledRate(rate);
  if (!r || !Number.isSafeInteger(amountCents) || amountCents < 0) return null;
  return Number((BigInt(amountCents) * r.scale) / r.value);
}

/** USDT amount in cents of USDT; 0 when either is unusable. */
function usdtCents(amountYuan: Field, rate: number | string): number {
  const cents = parseMoneyToCents(amountYuan);
  if (cents === null || cents <= 0) return 0;
  return usdtCentsOf(cents, rate) ?? 0;
}

/** docs/member-app.md "Constants and limits": amount divided by the rate, floored to 2 decimals. */
export function usdtAmount(amount: Field, rate: number | string): string {
  return centsText(usdtCents(amount, rate));
}

/** docs/member-app.md "Constants and limits": the withdrawal receipt is the USDT amount minus the protocol's fee, never below 0.00. */
export function usdtReceipt(amountYuan: Field, rate: number | string, fee: number | string): string {
  const feeCents = parseMoneyToCents(fee) ?? Math.round(Number(fee) * 100);
  const net = usdtCents(amountYuan, rate) - (Number.isFinite(feeCents) ? feeCents : 0);
  return centsText(Math.max(0, net));
}
