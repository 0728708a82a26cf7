import { screen, waitFor, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage, USER } from '../../shared/test/render';
import { findToast } from '../../shared/test/toast';
import { renderApp } from '../../app/test-app';
import { MoneyPage } from './money-page';
import { calledPaths, signIn, VENUES } from './test-fixtures';

const count = (fetch: { mock: { calls: unknown[][] } }, path: string) =>
  calledPaths(fetch).filter((p) => p === path).length;

describe('/money', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows total assets, the central and game wallets and every venue balance', async () => {
    signIn();
    mockApi({
      '/api/user': () => ok(USER),
      '/api/balance': () => ok({ balance: '1000.00' }),
      '/api/balancelist': () => ok(VENUES),
    });
    renderPage(<MoneyPage />, { route: '/money' });
    await waitFor(() => expect(screen.getByLabelText('中心钱包余额')).toHaveTextContent('1000.00'));
    await waitFor(() => expect(screen.getByLabelText('游戏钱包余额')).toHaveTextContent('120.50'));
    expect(screen.getByLabelText('总资产')).toHaveTextContent('1120.50');
    expect(screen.getByLabelText('星河真人余额')).toHaveTextContent('100.00');
    expect(screen.getByLabelText('幸运彩票余额')).toHaveTextContent('0.00');
    for (const name of ['存款', '转账', '取款', '卡片']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('is the screen of /money, /transfer and /betRecord in the route table', async () => {
    mockApi({ '/api/user': () => ok(USER), '/api/balancelist': () => ok(VENUES) });
    const app = renderApp('/money', { token: 'tok' });
    expect(await screen.findByRole('main', { name: '我的钱包' })).toBeInTheDocument();
    app.unmount();
    const transfer = renderApp('/transfer', { token: 'tok' });
    expect(await screen.findByRole('main', { name: '额度转换' })).toBeInTheDocument();
    transfer.unmount();
    renderApp('/betRecord', { token: 'tok' });
    expect(await screen.findByRole('main', { name: '投注记录' })).toBeInTheDocument();
  });

  it('opens the shortcuts: 转账 goes to /transfer', async () => {
    const user = userEvent.setup();
    signIn();
    mockApi({ '/api/user': () => ok(USER), '/api/balancelist': () => ok(VENUES) });
    renderPage(<MoneyPage />, { route: '/money' });
    await user.click(screen.getByRole('button', { name: '转账' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/transfer');
  });

  it('recovers every venue: shows the server message, then refetches balances and user info without a reload', async () => {
    const user = userEvent.setup();
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    signIn();
    let recycled = false;
    const fetch = mockApi({
      '/api/user': () => ok(USER),
      '/api/balance': () => ok({ balance: recycled ? '1120.50' : '1000.00' }),
      '/api/balancelist': () => ok(recycled ? VENUES.map((v) => ({ ...v, balance: '0.00' })) : VENUES),
      '/api/transall': () => {
        recycled = true;
        return ok({ balance: '1120.50' }, '回收成功');
      },
    });
    renderPage(<MoneyPage />, { route: '/money' });
    await waitFor(() => expect(screen.getByLabelText('星河真人余额')).toHaveTextContent('100.00'));
    const before = { user: count(fetch, '/api/user'), balance: count(fetch, '/api/balance') };

    await user.click(screen.getByRole('button', { name: '一键回收' }));
    expect(await findToast('回收成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('星河真人余额')).toHaveTextContent('0.00'));
    await waitFor(() => expect(screen.getByLabelText('中心钱包余额')).toHaveTextContent('1120.50'));
    expect(count(fetch, '/api/user')).toBeGreaterThan(before.user);
    expect(count(fetch, '/api/balance')).toBeGreaterThan(before.balance);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows 没有可回收的金额 when nothing is left in the venues', async () => {
    const user = userEvent.setup();
    signIn();
    mockApi({
      '/api/user': () => ok(USER),
      '/api/balancelist': () => ok(VENUES),
      '/api/transall': () => ok({ balance: '1234.50' }, '没有可回收的金额'),
    });
    renderPage(<MoneyPage />, { route: '/money' });
    await user.click(screen.getByRole('button', { name: '一键回收' }));
    expect(await findToast('没有可回收的金额')).toBeInTheDocument();
  });

  it('polls the venue balances every 3.5 s while mounted, and stops when it unmounts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const fetch = mockApi({ '/api/user': () => ok(USER), '/api/balancelist': () => ok(VENUES) });
    const page = renderPage(<MoneyPage />, { route: '/money' });
    await waitFor(() => expect(count(fetch, '/api/balancelist')).toBe(1));

    await act(() => vi.advanceTimersByTimeAsync(3400));
    expect(count(fetch, '/api/balancelist')).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(count(fetch, '/api/balancelist')).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(3500));
    await waitFor(() => expect(count(fetch, '/api/balancelist')).toBe(3));

    page.unmount();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(count(fetch, '/api/balancelist')).toBe(3);
  });
});
