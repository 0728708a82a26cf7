import { MSG } from '@h5/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok, USER } from '../../shared/test/render';
import { findToast } from '../../shared/test/toast';
import { renderApp } from '../test-app';

describe('header', () => {
  it('offers 登录 and 注册 to visitors; 注册 opens the register tab', async () => {
    const user = userEvent.setup();
    renderApp('/');
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(window.location.hash).toBe('#/login?type=1'));
  });

  it('shows the polled balance, refreshes it and recycles venues for a member', async () => {
    const user = userEvent.setup();
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    const fetch = mockApi({
      '/api/user': () => ok(USER),
      '/api/balance': () => ok({ balance: '88.00' }),
      '/api/refreshusermoney': () => ok({ ...USER, balance: '90.00' }, '刷新成功'),
      '/api/transall': () => ok({ balance: '95.00' }, '回收成功'),
    });
    renderApp('/', { token: 'tok' });
    await waitFor(() => expect(screen.getByLabelText('账户余额')).toHaveTextContent('88.00'));
    await user.click(screen.getByRole('button', { name: '刷新余额' }));
    await waitFor(() => expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/refreshusermoney'));
    await user.click(screen.getByRole('button', { name: '一键回收' }));
    expect(await findToast('回收成功')).toBeInTheDocument();
    await waitFor(() => expect(reload).toHaveBeenCalled(), { timeout: 2000 });
  });

  it('logs out with the 认证失败 dialog when the balance poll answers 401', async () => {
    mockApi({
      '/api/user': () => ok(USER),
      '/api/balance': () => ({ code: 401, message: '未登录', data: null }),
    });
    renderApp('/', { token: 'tok' });
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('dialog', { name: MSG.authFailedTitle })).toBeInTheDocument();
  });

  it('is hidden on /mine', async () => {
    mockApi({ '/api/user': () => ok(USER), '/api/balance': () => ok({ balance: '88.00' }) });
    renderApp('/mine', { token: 'tok' });
    expect(await screen.findByText('player01')).toBeInTheDocument();
    expect(screen.queryByLabelText('账户余额')).not.toBeInTheDocument();
  });
});
