export { bodiesOf, signIn } from '../../shared/test/member';

export const VENUES = [
  { name: '星河真人', platname: 'XHZR', balance: '100.00' },
  { name: '极速体育', platname: 'JSTY', balance: '20.50' },
  { name: '幸运彩票', platname: 'XYCP', balance: '0.00' },
];

/** The URLs fetch was called with, in order. */
export function calledPaths(fetch: { mock: { calls: unknown[][] } }): string[] {
  return fetch.mock.calls.map(([url]) => String(url));
}
