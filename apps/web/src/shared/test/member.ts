import { useSessionStore } from '../session/session-store';
import { USER } from './render';

type FetchMock = { mock: { calls: unknown[][] } };

/** Signs the test member in (token and stored user info, with any fields overridden), as member screens expect. */
export function signIn(overrides: Partial<typeof USER> = {}) {
  useSessionStore.getState().setToken('tok');
  useSessionStore.getState().setUserInfo({ ...USER, ...overrides } as never);
}

/** The JSON bodies the mocked fetch sent to `path`, in order. */
export function bodiesOf<T = unknown>(fetch: FetchMock, path: string): T[] {
  return fetch.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as T);
}
