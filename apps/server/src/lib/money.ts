import { centsToMoney } from '@h5/contract';

/** numeric columns come back as strings ("12.30", "12.3" or "12"): turn them into integer cents without floats. */
export function numericToCents(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const text = String(value).trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,}))?$/.exec(text);
  if (!match) throw new Error(`Not a numeric value: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return sign === '-' ? -cents : cents;
}

/** Cents to the string a numeric column accepts. */
export const centsToNumeric = (cents: number): string => centsToMoney(cents);

/** A numeric column value as the two-decimal wire string. */
export const numericToMoney = (value: string | number | null | undefined): string =>
  centsToMoney(numericToCents(value));
