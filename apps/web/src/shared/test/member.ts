import { MSG } from '@h5/contract/messages';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { useSessionStore } from '../session/session-store';
import { USER } from './render';

type FetchMock = { mock: { calls: unknown[][] } };

/** Signs the test member in (token and stored user info, with any fields overridden), as member screens expect. */
export function signIn(overrides: Partial<typeof USER> = {}) {
  useSessionStore.getState().setToken('tok');
  useSessionStore.getState().setUserInfo({ ...USER, ...overrides } as never);
}

/** A 401 ended the session: the 认证失败 dialog says why, the token is gone and the login page is open. */
export async function expectSessionEnded() {
  const dialog = await screen.findByRole('dialog', { name: MSG.authFailedTitle });
  expect(dialog).toHaveTextContent(MSG.notLoggedIn);
  expect(useSessionStore.getState().token).toBeNull();
  expect(window.location.hash).toBe('#/login');
}

/** The JSON bodies the mocked fetch sent to `path`, in order. */
export function bodiesOf<T = unknown>(fetch: FetchMock, path: string): T[] {
  return fetch.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as T);
}
