import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../shared/session/session-store';
import { mockApi, ok, renderPage, USER } from '../../shared/test/render';
import { MinePage } from './mine-page';

function signIn() {
  useSessionStore.getState().setToken('tok');
  useSessionStore.getState().setUserInfo(USER as never);
}

describe('/mine logout', () => {
  it('asks, calls logoff, clears the session and goes to /login', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    signIn();
    const fetch = mockApi({
      '/api/user': () => ok(USER),
      '/api/balance': () => ok({ balance: '10.00' }),
      '/api/logoff': () => ok(null, '退出成功'),
    });
    renderPage(<MinePage />, { route: '/mine' });
    expect(await screen.findByText('player01')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('确定要退出登录吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/logoff');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it('ends the session even when logoff fails', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    signIn();
    mockApi({ '/api/user': () => ok(USER), '/api/logoff': () => ({ code: 500, message: '服务器异常', data: null }) });
    renderPage(<MinePage />, { route: '/mine' });
    await user.click(await screen.findByRole('button', { name: '退出登录' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(sessionStorage.getItem('token')).toBeNull());
    expect(window.location.hash).toBe('#/login');
  });

  it('stays logged in when the confirmation is cancelled', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    signIn();
    const fetch = mockApi({ '/api/user': () => ok(USER) });
    renderPage(<MinePage />, { route: '/mine' });
    await user.click(await screen.findByRole('button', { name: '退出登录' }));
    await user.click(await screen.findByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('确定要退出登录吗？')).not.toBeInTheDocument());
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/logoff');
    expect(sessionStorage.getItem('token')).toBe('tok');
  });
});
