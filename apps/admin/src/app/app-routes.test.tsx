import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type OperatorRole, useSessionStore } from '../shared/session/session-store';
import { me, mockApi, ok, renderConsole, signInAs } from '../test/render';

const pending = {
  deposits: { pending: 2, newest_id: 9 },
  withdrawals: { pending: 1, newest_id: 4 },
  activity_applications: null,
  agent_applications: null,
  adjustments: null,
  integration_changes: null,
  ledger: null,
};

/** The console at its dashboard, for an operator of `role` signed in as `username`. */
function openDashboardAs(role: OperatorRole, username: string) {
  signInAs(role, username);
  mockApi({ '/admin/api/me': () => ok(me({ role, username })), '/admin/api/dashboard/pending': () => ok(pending) });
  renderConsole('/');
}

const menuNames = async () => {
  const menu = await screen.findByRole('navigation', { name: '主菜单' });
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent);
};

describe('the console shell', () => {
  it('shows 登录 to a visitor without a session, whatever address was asked for', async () => {
    renderConsole('/withdrawals');
    expect(await screen.findByRole('heading', { name: '登录' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('gives a finance operator the money desk and not 管理员 or 操作日志', async () => {
    openDashboardAs('finance', 'cashier');
    expect(await menuNames()).toEqual([
      '仪表盘',
      '会员管理',
      '存款审核',
      '提款审核',
      '调整复核',
      '场馆转账',
      '场馆对账',
      '风控',
      '优惠申请',
      '代理申请',
      '账务核对',
      '每日报表',
      '场馆报表',
      '会员报表',
      '代理管理',
      '佣金方案',
      '代理结算',
      'VIP等级',
      '红包规则',
      '支付方式',
      '收款账户',
      '账号安全',
    ]);
    expect(within(screen.getByRole('navigation', { name: '主菜单' })).getByText('报表')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: '主菜单' })).getByText('代理')).toBeInTheDocument();
    expect(screen.getByText('cashier')).toBeInTheDocument();
    expect(screen.getByText('财务')).toBeInTheDocument();
  });

  it('answers 无权访问 when a finance operator opens 管理员 by its address', async () => {
    signInAs('finance', 'cashier');
    mockApi({ '/admin/api/me': () => ok(me({ role: 'finance', username: 'cashier' })) });
    renderConsole('/operators');
    expect(await screen.findByText('无权访问')).toBeInTheDocument();
  });

  it('gives an admin every screen, 管理员 included', async () => {
    openDashboardAs('admin', 'boss');
    const names = await menuNames();
    expect(names).toContain('管理员');
    expect(names).toContain('操作日志');
    // What lets a venue or gateway move money is the admin's, behind a second admin's approval.
    expect(names).toContain('支付通道');
    expect(names).toContain('待审批变更');
  });

  it('gives a content operator only the screens its calls allow', async () => {
    openDashboardAs('content', 'editor');
    expect(await menuNames()).toEqual([
      '仪表盘',
      '会员管理',
      '优惠申请',
      '轮播图',
      '公告',
      '快捷回复',
      '场馆',
      '游戏',
      '优惠活动',
      '活动类型',
      '帮助文章',
      '站内信',
      '账号安全',
    ]);
    const menu = screen.getByRole('navigation', { name: '主菜单' });
    expect(within(menu).getByText('内容管理')).toBeInTheDocument();
    expect(within(menu).queryByText('财务设置')).not.toBeInTheDocument();
  });

  it('gives the support desk 客服, its figures on 仪表盘 and the canned replies to read', async () => {
    signInAs('support', 'desk01');
    mockApi({
      '/admin/api/me': () => ok(me({ role: 'support', username: 'desk01' })),
      '/admin/api/support/stats': () =>
        ok({ rating_average: null, rating_count: 0, waiting: 0, oldest_waiting_seconds: 0 }),
    });
    renderConsole('/');
    expect(await menuNames()).toEqual(['仪表盘', '客服', '工单', '快捷回复', '账号安全']);
  });

  it('sends an operator who must enrol two factors to 账号安全', async () => {
    signInAs('finance', 'cashier');
    const { calls } = mockApi({ '/admin/api/me': () => ok(me({ role: 'finance', must_enroll: true })) });
    renderConsole('/deposits');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/security'));
    expect(await screen.findByText('站点要求所有管理员开启两步验证，开启后才能使用其他功能。')).toBeInTheDocument();
    // The queue was never asked for: the server would refuse it, and the toast would say so for nothing.
    expect(calls.some((c) => c.path === '/admin/api/deposits')).toBe(false);
  });

  it('退出登录 ends the session on the server and returns to 登录', async () => {
    signInAs('admin');
    const { calls } = mockApi({
      '/admin/api/me': () => ok(me()),
      '/admin/api/dashboard/pending': () => ok(pending),
      'POST /admin/api/logout': () => ok(null, '退出成功'),
    });
    renderConsole('/');
    await userEvent.click(await screen.findByRole('button', { name: /退出登录/ }));
    expect(await screen.findByRole('heading', { name: '登录' })).toBeInTheDocument();
    // The next sign-in starts at 仪表盘, not at the screen left.
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(
      calls.some(
        (c) =>
          c.method === 'POST' && c.path === '/admin/api/logout' && c.headers.get('Authorization') === 'Bearer tok-boss',
      ),
    ).toBe(true);
    expect(useSessionStore.getState().session).toBeNull();
    expect(localStorage.getItem('admin.session')).toBeNull();
  });

  it('returns to 登录 with a notice when a call answers 401', async () => {
    signInAs('admin');
    mockApi({ '/admin/api/me': () => ({ code: 401, message: '请先登录', data: null }) });
    renderConsole('/');
    expect(await screen.findByRole('heading', { name: '登录' })).toBeInTheDocument();
    expect(screen.getByText('登录已失效，请重新登录')).toBeInTheDocument();
  });
});

describe('an idle console', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs itself out after the idle minutes the server reports, though the dashboard keeps polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs('finance', 'cashier');
    const { calls } = mockApi({
      '/admin/api/me': () => ok(me({ role: 'finance', username: 'cashier', idle_minutes: 2 })),
      '/admin/api/dashboard/pending': () => ok(pending),
      'POST /admin/api/logout': () => ok(null),
    });
    renderConsole('/');
    await screen.findByRole('heading', { name: '仪表盘' });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    // Activity starts the count again.
    fireEvent.keyDown(window, { key: 'Tab' });
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(useSessionStore.getState().session).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(45_000));
    expect(await screen.findByText('长时间未操作，已自动退出登录')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/api/logout')).toBe(true);
    expect(calls.filter((c) => c.path === '/admin/api/dashboard/pending').length).toBeGreaterThan(5);
  });
});
