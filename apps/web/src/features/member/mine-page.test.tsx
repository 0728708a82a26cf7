import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../shared/session/session-store';
import { mockApi, ok, renderPage, USER } from '../../shared/test/render';
import { MinePage } from './mine-page';
import { signIn } from '../../shared/test/member';

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

describe('/mine member centre', () => {
  const LEVELS = Array.from({ length: 10 }, (_, i) => ({
    id: i + 1,
    name: `VIP${i + 1}`,
    recharge: `${(i + 1) * 1000}.00`,
    flow: '0.00',
    realperson: '0.50',
    sport: '0.50',
    e_sport: '0.50',
    joker: '0.50',
    electron: '0.50',
    lottery: '0.50',
  }));

  function member(info: Partial<typeof USER>) {
    useSessionStore.getState().setToken('tok');
    useSessionStore.getState().setUserInfo({ ...USER, ...info } as never);
    return mockApi({
      '/api/user': () => ok({ ...USER, ...info }),
      '/api/balance': () => ok({ balance: '10.00' }),
      '/api/uservip': () => ok(LEVELS),
      '/api/refreshusermoney': () => ok({ ...USER, ...info, balance: '99.00' }, '刷新成功'),
    });
  }

  it('draws an icon for each quick action, named by its label alone', async () => {
    member({ isagent: 0 });
    renderPage(<MinePage />, { route: '/mine' });
    const quick = await screen.findByRole('navigation', { name: '快捷入口' });
    const buttons = within(quick).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['存款', '取款', '转账', '钱包']);
    for (const button of buttons) expect(button.querySelector('svg path')).not.toBeNull();
  });

  it('shows the join-us entry and no agent login when isagent is 0', async () => {
    member({ isagent: 0 });
    renderPage(<MinePage />, { route: '/mine' });
    expect(await screen.findByRole('button', { name: '加入我们' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '代理登录' })).not.toBeInTheDocument();
  });

  it('gives an agent (isagent 1) 代理登录 in place of join-us, opening the agent login frame', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    member({ isagent: 1 });
    renderPage(<MinePage />, { route: '/mine' });
    await user.click(await screen.findByRole('button', { name: '代理登录' }));
    expect(screen.queryByRole('button', { name: '加入我们' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/gamePage\?dailiD=1$/));
  });

  it('shows the VIP level, its progress, the fixed 3000 target and every member entry', async () => {
    member({ current_vip: 'VIP1', vip: 1, paysum: '500.00', next_vip: 'VIP2' });
    renderPage(<MinePage />, { route: '/mine' });
    expect(await screen.findByLabelText('VIP等级')).toHaveTextContent('VIP1');
    // docs/member-app.md "States and transitions": paysum / recharge of the level at index = current level (levels[1].recharge = 2000) -> 25%.
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'VIP晋级进度' })).toHaveAttribute('aria-valuenow', '25'),
    );
    expect(screen.getByText('500.00/3000')).toBeInTheDocument();
    expect(screen.getByText('3000')).toBeInTheDocument();
    for (const label of [
      '存款',
      '取款',
      '转账',
      '钱包',
      '个人资料',
      '安全中心',
      '卡片管理',
      '投注记录',
      '交易记录',
      '活动记录',
      '福利中心',
      '返水中心',
      '消息中心',
      'VIP特权',
      '推荐好友',
      '在线客服',
      '帮助中心',
    ]) {
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    }
  });

  it('opens a member screen from its entry', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    member({});
    renderPage(<MinePage />, { route: '/mine' });
    await user.click(await screen.findByRole('button', { name: '安全中心' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/userCent');
  });

  it('refreshes the balance through refreshusermoney', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const fetch = member({});
    renderPage(<MinePage />, { route: '/mine' });
    await user.click(await screen.findByRole('button', { name: '刷新余额' }));
    expect(await screen.findByText('刷新成功')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/refreshusermoney');
  });
});
