import { MSG } from '@h5/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderPage, USER } from '../../shared/test/render';
import { clearToasts, findToast } from '../../shared/test/toast';
import { CAPTCHA_CODES } from './captcha-codes';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

function captchaImage() {
  return screen.getByRole('img', { name: '验证码' });
}

function shownCode(): string {
  const index = Number(captchaImage().getAttribute('data-captcha-index'));
  return CAPTCHA_CODES[index] ?? '';
}

const field = (placeholder: string) => screen.getByPlaceholderText(placeholder);

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [placeholder, value] of Object.entries(values)) {
    await user.clear(field(placeholder));
    if (value) await user.type(field(placeholder), value);
  }
}

const VALID = {
  请输入用户名: 'player01',
  请输入密码: 'secret1',
  请再次输入密码: 'secret1',
  请输入真实姓名: '张三',
  请输入支付密码: '654321',
};

describe('register form (/login?type=1)', () => {
  it('keeps 注册 disabled until all six fields are filled', async () => {
    const user = userEvent.setup();
    renderPage(<LoginPage />, { route: '/login?type=1' });
    const button = await screen.findByRole('button', { name: '注册' });
    expect(button).toBeDisabled();
    await fill(user, VALID);
    expect(button).toBeDisabled();
    await user.type(field('请输入验证码'), 'ab');
    expect(button).toBeEnabled();
    await user.clear(field('请输入真实姓名'));
    expect(button).toBeDisabled();
  });

  it('shows the messages in the order of docs/member-app.md "Register rules", one rule fixed at a time', async () => {
    const user = userEvent.setup();
    renderPage(<LoginPage />, { route: '/login?type=1' });
    await screen.findByRole('button', { name: '注册' });
    await fill(user, {
      请输入用户名: 'abc',
      请输入密码: '123',
      请再次输入密码: 'x',
      请输入真实姓名: '张',
      请输入支付密码: '1',
      请输入验证码: '  ',
    });
    const steps: Array<[string, Record<string, string>]> = [
      [MSG.usernameLength, { 请输入用户名: 'player01' }],
      [MSG.passwordLength, { 请输入密码: 'secret1' }],
      [MSG.passwordMismatch, { 请再次输入密码: 'secret1' }],
      [MSG.realnameRequired, { 请输入真实姓名: '张三' }],
      [MSG.payPasswordLength, { 请输入支付密码: '654321' }],
      [MSG.captchaRequired, {}],
    ];
    for (const [message, fix] of steps) {
      clearToasts();
      await user.click(screen.getByRole('button', { name: '注册' }));
      expect(await findToast(message)).toBeInTheDocument();
      await fill(user, fix);
    }
    expect(MSG.usernameLength).toBe(' 用户名长度6~16位，以字母或数字组合！');
  });

  it('clears the captcha and shows another image when the captcha is wrong', async () => {
    const user = userEvent.setup();
    renderPage(<LoginPage />, { route: '/login?type=1' });
    await screen.findByRole('button', { name: '注册' });
    const before = captchaImage().getAttribute('data-captcha-index');
    const wrong = shownCode() === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
    await fill(user, { ...VALID, 请输入验证码: wrong });
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(await findToast(MSG.captchaWrong)).toBeInTheDocument();
    expect(field('请输入验证码')).toHaveValue('');
    expect(captchaImage().getAttribute('data-captcha-index')).not.toBe(before);
  });

  it('taps on the image pick another captcha', async () => {
    const user = userEvent.setup();
    renderPage(<LoginPage />, { route: '/login?type=1' });
    const before = captchaImage().getAttribute('data-captcha-index');
    await user.click(screen.getByRole('button', { name: '换一张验证码' }));
    expect(captchaImage().getAttribute('data-captcha-index')).not.toBe(before);
    expect(captchaImage()).toHaveAttribute('src', expect.stringMatching(/^\.\/captcha\/\d{2}\.svg$/));
  });

  it('registers with the referral code, stores the token and goes home', async () => {
    const user = userEvent.setup();
    const fetch = mockApi({
      '/api/register': () => ok({ api_token: 'tok-new' }),
      '/api/user': () => ok(USER),
    });
    renderPage(<LoginPage />, { route: '/login?type=1&pid=agent7' });
    await screen.findByRole('button', { name: '注册' });
    await fill(user, { ...VALID, 请输入验证码: shownCode().toLowerCase() });
    await user.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/register') ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: 'player01', realname: '张三', pid: 'agent7' });
    expect(sessionStorage.getItem('token')).toBe('tok-new');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}')).toMatchObject({ username: 'player01' });
  });
});

describe('alternate register view (/register)', () => {
  it('asks to agree to the terms', async () => {
    const user = userEvent.setup();
    const fetch = mockApi({});
    renderPage(<RegisterPage />, { route: '/register' });
    await fill(user, { ...VALID, 请输入验证码: shownCode() });
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(await findToast(MSG.termsRequired)).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/register');
    expect(screen.getByRole('checkbox', { name: '我已阅读并同意相关条款和隐私协议' })).not.toBeChecked();
  });
});
