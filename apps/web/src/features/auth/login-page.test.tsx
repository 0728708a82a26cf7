import { MSG } from '@h5/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage, USER } from '../../shared/test/render';
import { findToast } from '../../shared/test/toast';
import { LoginPage } from './login-page';

describe('/login', () => {
  it('opens on the login tab and keeps 登录 disabled until name and password are filled', async () => {
    const user = userEvent.setup();
    renderPage(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('tab', { name: '登录' })).toHaveAttribute('aria-selected', 'true');
    const button = screen.getByRole('button', { name: '登录' });
    expect(button).toBeDisabled();
    await user.type(screen.getByPlaceholderText('请输入账号'), 'player01');
    expect(button).toBeDisabled();
    await user.type(screen.getByPlaceholderText('请输入密码'), 'secret1');
    expect(button).toBeEnabled();
    expect(screen.getByPlaceholderText('请输入密码')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('账号')).toHaveAttribute('maxLength', '32');
  });

  it('shows the login rule message for a blank name', async () => {
    const user = userEvent.setup();
    renderPage(<LoginPage />, { route: '/login' });
    await user.type(screen.getByPlaceholderText('请输入账号'), '   ');
    await user.type(screen.getByPlaceholderText('请输入密码'), 'secret1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await findToast(MSG.loginRequired)).toBeInTheDocument();
  });

  it('opens the register tab with type=1', () => {
    renderPage(<LoginPage />, { route: '/login?type=1' });
    expect(screen.getByRole('tab', { name: '注册' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByPlaceholderText('请输入用户名')).toBeInTheDocument();
  });

  it('clears both forms and picks a new captcha on a tab switch', async () => {
    // Draws are pinned to walk through the images in turn: a fresh pick on each switch could otherwise land back on
    // the image shown before by chance (one in twenty), and the test would fail without a fault.
    let draws = 0;
    const random = vi.spyOn(Math, 'random').mockImplementation(() => ((draws++ % 21) + 0.5) / 21);
    try {
      const user = userEvent.setup();
      renderPage(<LoginPage />, { route: '/login' });
      await user.type(screen.getByPlaceholderText('请输入账号'), 'player01');
      await user.click(screen.getByRole('tab', { name: '注册' }));
      const captcha = () => screen.getByRole('img', { name: '验证码' }).getAttribute('data-captcha-index');
      const captchaBefore = captcha();
      await user.type(screen.getByPlaceholderText('请输入用户名'), 'someone');
      await user.click(screen.getByRole('tab', { name: '登录' }));
      expect(screen.getByPlaceholderText('请输入账号')).toHaveValue('');
      await user.click(screen.getByRole('tab', { name: '注册' }));
      expect(screen.getByPlaceholderText('请输入用户名')).toHaveValue('');
      expect(captcha()).not.toBe(captchaBefore);
    } finally {
      random.mockRestore();
    }
  });

  it('logs in, stores the session and goes to / whatever page sent the visitor here (docs/member-app.md "States and transitions")', async () => {
    const user = userEvent.setup();
    const fetch = mockApi({
      '/api/login_pc': () => ok({ api_token: 'tok-1' }),
      '/api/user': () => ok(USER),
    });
    renderPage(<LoginPage />, { route: '/login?redirect=%2Fwallet%3Ftype%3D2' });
    await user.type(screen.getByPlaceholderText('请输入账号'), 'player01');
    await user.type(screen.getByPlaceholderText('请输入密码'), 'secret1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(sessionStorage.getItem('token')).toBe('tok-1'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(sessionStorage.getItem('token')).toBe('tok-1');
    const userCall = fetch.mock.calls.find(([url]) => url === '/api/user');
    expect(new Headers(userCall?.[1]?.headers).get('Authorization')).toBe('Bearer tok-1');
    const loginCall = fetch.mock.calls.find(([url]) => url === '/api/login_pc');
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({ name: 'player01', password: 'secret1' });
  });

  it('shows the server message when the login is refused and stays', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/login_pc': () => ({ code: 203, message: '账号或密码错误', data: null }) });
    renderPage(<LoginPage />, { route: '/login' });
    await user.type(screen.getByPlaceholderText('请输入账号'), 'player01');
    await user.type(screen.getByPlaceholderText('请输入密码'), 'wrong12');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await findToast('账号或密码错误')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});
