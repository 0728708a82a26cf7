/** Money helpers without zod: the web app's forms and validation.ts use them; common.ts re-exports them. */

/** Largest amount accepted anywhere (1e11 cents = 1,000,000,000.00 yuan): beyond it input is absurd. */
const MAX_CENTS = 1e11;

export function centsToMoney(cents: number): string {
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const sign = rounded < 0 ? '-' : '';
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const MONEY_TEXT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Integer cents from a number or a numeric string with at most two decimals, else null.
 * Works on the decimal text, never on `value * 100`, so 19.99 gives 1999 and not 1998.9999999999998.
 */
export function parseMoneyToCents(value: unknown): number | null {
  let textValue: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    textValue = String(value);
  } else if (typeof value === 'string') {
    textValue = value.trim();
  } else {
    return null;
  }
  const match = MONEY_TEXT.exec(textValue);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole.length > 12) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > MAX_CENTS) return null;
  if (cents === 0) return 0;
  return sign === '-' ? -cents : cents;
}
