import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../shared/session/session-store';
import { dashboardPending } from '../../test/fixtures';
import { fail, me, mockApi, ok, renderConsole } from '../../test/render';

const pending = dashboardPending({
  deposits: { pending: 0, newest_id: null },
  withdrawals: { pending: 0, newest_id: null },
});

async function fillCredentials(name = 'cashier', password = 'secret-pass') {
  await userEvent.type(await screen.findByLabelText('用户名'), name);
  await userEvent.type(screen.getByLabelText('密码'), password);
}

describe('登录', () => {
  it('signs in with name and password and opens the screen that was asked for', async () => {
    const { calls } = mockApi({
      'POST /admin/api/login': () => ok({ token: 't1', role: 'finance', username: 'cashier' }, '登录成功'),
      '/admin/api/me': () => ok(me({ role: 'finance', username: 'cashier' })),
      '/admin/api/withdrawals': () =>
        ok({ current_page: 1, data: [], last_page: 1, per_page: 20, total: 0, from: null, to: null }),
      '/admin/api/settings/withdraw-review': () => ok({ withdraw_second_review_above: 5000 }),
      '/admin/api/dashboard/pending': () => ok(pending),
    });
    renderConsole('/withdrawals');
    await fillCredentials();
    // Always offered, optional: an operator without two factors leaves it empty.
    expect(screen.getByLabelText('动态验证码')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('heading', { name: '提款审核' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/admin/api/login')?.body).toEqual({
      username: 'cashier',
      password: 'secret-pass',
      code: '',
    });
    expect(useSessionStore.getState().session).toEqual({ token: 't1', role: 'finance', username: 'cashier' });
  });

  it('offers 动态验证码 from the start, reminds of it after a refusal without one, and signs in with it', async () => {
    const bodies: unknown[] = [];
    const { calls } = mockApi({
      'POST /admin/api/login': (call) => {
        bodies.push(call.body);
        // The server answers a missing or wrong code as it answers a wrong password.
        if ((call.body as { code: string }).code !== '123456') return fail(203, '账号或密码错误');
        return ok({ token: 't2', role: 'admin', username: 'boss' });
      },
      '/admin/api/me': () => ok(me()),
      '/admin/api/dashboard/pending': () => ok(pending),
    });
    renderConsole('/login');
    await fillCredentials('boss');
    const reminder = '账号已开启两步验证时，须同时填写验证器中的 6 位动态验证码';
    expect(screen.queryByText(reminder)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('账号或密码错误')).toBeInTheDocument();
    expect(await screen.findByText(reminder)).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ username: 'boss', password: 'secret-pass', code: '' });

    await userEvent.type(screen.getByLabelText('动态验证码'), '12345');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('动态验证码为 6 位数字')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/admin/api/login')).toHaveLength(1);

    await userEvent.clear(screen.getByLabelText('动态验证码'));
    await userEvent.type(screen.getByLabelText('动态验证码'), '000000');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    // A refused code is cleared (a code works once); with a code given there is nothing to remind of.
    await waitFor(() => expect(screen.getByLabelText('动态验证码')).toHaveValue(''));
    expect(screen.queryByText(reminder)).not.toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ username: 'boss', password: 'secret-pass', code: '000000' });

    await userEvent.type(screen.getByLabelText('动态验证码'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('heading', { name: '仪表盘' })).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ username: 'boss', password: 'secret-pass', code: '123456' });
  });

  it("shows the server's message when the password is wrong and stays on 登录", async () => {
    mockApi({ 'POST /admin/api/login': () => fail(203, '账号或密码错误') });
    renderConsole('/login');
    await fillCredentials();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('账号或密码错误')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '登录' })).toBeInTheDocument();
    expect(useSessionStore.getState().session).toBeNull();
  });

  it('asks for both fields before calling the server', async () => {
    const { calls } = mockApi({});
    renderConsole('/login');
    await userEvent.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
