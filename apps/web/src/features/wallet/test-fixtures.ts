import { USER } from '../../shared/test/render';
import { useSessionStore } from '../../shared/session/session-store';

export const VENUES = [
  { name: '星河真人', platname: 'XHZR', balance: '100.00' },
  { name: '极速体育', platname: 'JSTY', balance: '20.50' },
  { name: '幸运彩票', platname: 'XYCP', balance: '0.00' },
];

export function signIn(overrides: Partial<typeof USER> = {}) {
  useSessionStore.getState().setToken('tok');
  useSessionStore.getState().setUserInfo({ ...USER, ...overrides } as never);
}

/** The URLs fetch was called with, in order. */
export function calledPaths(fetch: { mock: { calls: unknown[][] } }): string[] {
  return fetch.mock.calls.map(([url]) => String(url));
}

export function bodiesOf(fetch: { mock: { calls: unknown[][] } }, path: string): unknown[] {
  return fetch.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);
}
