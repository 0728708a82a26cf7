import { endpoints, MSG } from '@h5/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../session/session-store';
import { mockApi, ok, USER } from '../test/render';
import { findToast } from '../test/toast';
import { ApiError, TRANSPORT } from '@h5/contract/api-error';
import { callApi, REQUEST_TIMEOUT_MS } from './client';

function signIn(token = 'tok-9') {
  useSessionStore.getState().setToken(token);
  useSessionStore.getState().setUserInfo(USER as never);
}

describe('callApi', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('posts JSON with the bearer token and answers data on code 200', async () => {
    signIn();
    const fetch = mockApi({ '/api/balance': () => ok({ balance: '12.30' }) });
    await expect(callApi(endpoints.balance, {})).resolves.toEqual({ balance: '12.30' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/balance');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok-9');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends no token to public endpoints', async () => {
    signIn();
    const fetch = mockApi({ '/api/login_pc': () => ok({ api_token: 'x' }) });
    await callApi(endpoints.loginPc, { name: 'a', password: 'b' });
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('shows the server message as a danger toast and throws ApiError', async () => {
    mockApi({ '/api/login_pc': () => ({ code: 203, message: '账号或密码错误', data: null }) });
    const call = callApi(endpoints.loginPc, { name: 'a', password: 'b' });
    await expect(call).rejects.toEqual(new ApiError(203, '账号或密码错误'));
    expect(await findToast('账号或密码错误')).toBeInTheDocument();
  });

  it('stays quiet when the caller opts out', async () => {
    mockApi({ '/api/login_pc': () => ({ code: 203, message: '账号或密码错误', data: null }) });
    await expect(callApi(endpoints.loginPc, { name: 'a', password: 'b' }, { silent: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('账号或密码错误')).not.toBeInTheDocument();
  });

  it('turns code 401 into the 认证失败 dialog, clears the session and goes to login', async () => {
    signIn();
    localStorage.setItem('token', 'legacy');
    mockApi({ '/api/user': () => ({ code: 401, message: '未登录', data: null }) });
    await expect(callApi(endpoints.user)).rejects.toMatchObject({ code: 401 });
    expect(await screen.findByText(MSG.authFailedTitle)).toBeInTheDocument();
    expect(screen.getByText('您的账号登陆过期，请重新登陆')).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(useSessionStore.getState().token).toBeNull();
    expect(window.location.hash).toBe('#/login');
  });

  it('shows one dialog when several calls fail with 401 together', async () => {
    signIn();
    mockApi({ '/api/user': () => ({ code: 401, message: '未登录', data: null }) });
    await Promise.allSettled([callApi(endpoints.user), callApi(endpoints.user), callApi(endpoints.user)]);
    await screen.findByText(MSG.authFailedTitle);
    await waitFor(() => expect(screen.getAllByText(MSG.authFailedTitle)).toHaveLength(1));
  });

  it('ends the session without a dialog when asked to (the logoff call: the member is leaving)', async () => {
    signIn();
    mockApi({ '/api/logoff': () => ({ code: 401, message: '未登录', data: null }) });
    await expect(
      callApi(endpoints.logoff, undefined, { silent: true, onUnauthorized: 'logout' }),
    ).rejects.toMatchObject({
      code: 401,
    });
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(window.location.hash).toBe('#/login');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(MSG.authFailedTitle)).not.toBeInTheDocument();
  });

  it('aborts the request after 30 s', async () => {
    vi.useFakeTimers();
    let aborted = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const call = callApi(endpoints.app, {}, { silent: true });
    const outcome = call.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(aborted).toBe(true);
    expect(await outcome).toMatchObject({ code: TRANSPORT.timeout });
  });

  it('sends GET endpoints with a query string', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(ok([]))));
    await callApi(endpoints.gameList, { category: '' });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/game/list?category=');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('GET');
  });
});
