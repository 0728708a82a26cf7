/** A two-decimal money string of the wire ("-1234.50") with thousands separators ("-1,234.50"). */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const text = typeof value === 'number' ? value.toFixed(2) : value;
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '0', fraction = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

/** A card or account number as staff should see it in lists: the last four digits only. */
export function maskNumber(value: string | null | undefined): string {
  if (!value) return '-';
  const digits = value.replace(/\s+/g, '');
  if (digits.length <= 4) return digits;
  return `**** ${digits.slice(-4)}`;
}
