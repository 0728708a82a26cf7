/** Money as the wire sends it (string or number) shown with two decimals; anything unreadable shows 0.00. */
export function formatMoney(value: string | number | null | undefined): string {
  const n = typeof value === 'number' ? value : Number.parseFloat(value ?? '');
  return Number.isFinite(n) ? n.toFixed(2) : '0.00';
}

/** Path plus query, the form kept in the login redirect. */
export function pathWithSearch(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}
