import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { me, mockApi, ok, page, renderScreen, signInAs } from '../../test/render';
import RiskPage from './risk-page';

const flag = (over: Record<string, unknown> = {}) => ({
  id: 3,
  kind: 'same_ip',
  subject: '10.77.0.1',
  detail: '24小时内同一IP注册3个账号',
  state: 0,
  members: [
    { id: 7, username: 'player01', state: 1, evidence: '注册IP 10.77.0.1', linked_at: '2026-11-25 09:40:12' },
    { id: 8, username: 'player02', state: 0, evidence: '注册IP 10.77.0.1', linked_at: '2026-11-25 09:58:03' },
    { id: 9, username: 'player03', state: 1, evidence: '注册IP 10.77.0.1', linked_at: '2026-11-25 09:59:40' },
  ],
  handled_by: '',
  handled_at: null,
  created_at: '2026-11-25 10:00:00',
  ...over,
});

const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('风控', () => {
  it('lists open flags with their kind, and each member linked to their page with the evidence of their link', async () => {
    signInAs('finance', 'cashier');
    const api = mockApi({
      '/admin/api/me': () => ok(me({ role: 'finance', username: 'cashier' })),
      'GET /admin/api/risk-flags': (call) => ok(page(call.query.get('state') === 'open' ? [flag()] : [])),
    });
    renderScreen(<RiskPage />);
    await screen.findByText('10.77.0.1');
    const line = row('10.77.0.1');
    expect(within(line).getByText('同IP多账号注册')).toBeInTheDocument();
    expect(within(line).getByRole('link', { name: 'player01' })).toHaveAttribute('href', '/members/7');
    expect(within(line).getByRole('link', { name: 'player02（已停用）' })).toBeInTheDocument();
    expect(within(line).getByText('注册IP 10.77.0.1 · 2026-11-25 09:40:12')).toBeInTheDocument();
    expect(within(line).getByText('注册IP 10.77.0.1 · 2026-11-25 09:58:03')).toBeInTheDocument();
    expect(within(line).getByText('待处理')).toBeInTheDocument();
    // Freezing is for admins only.
    expect(within(line).queryByRole('button', { name: /冻结/ })).not.toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/admin/api/risk-flags')?.query.get('state')).toBe('open');
  });

  it('shows the empty state when nothing waits', async () => {
    signInAs('finance', 'cashier');
    mockApi({
      '/admin/api/me': () => ok(me({ role: 'finance', username: 'cashier' })),
      'GET /admin/api/risk-flags': () => ok(page([])),
    });
    renderScreen(<RiskPage />);
    expect(await screen.findByText('暂无待处理的风险标记')).toBeInTheDocument();
  });

  it('lets an admin freeze one member at a time, and clears a flag after confirming', async () => {
    signInAs('admin');
    const api = mockApi({
      '/admin/api/me': () => ok(me()),
      'GET /admin/api/risk-flags': () => ok(page([flag()])),
      'POST /admin/api/risk-flags/3/clear': () => ok(flag({ state: 1, handled_by: 'boss' }), '已解除该风险标记'),
      'POST /admin/api/risk-flags/3/members/9/freeze': () => ok(flag(), '已冻结该会员'),
    });
    renderScreen(<RiskPage />);
    await screen.findByText('10.77.0.1');
    const line = row('10.77.0.1');
    // A member already disabled has nothing to freeze.
    expect(within(line).queryByRole('button', { name: '冻结 player02' })).not.toBeInTheDocument();
    expect(within(line).getByRole('button', { name: '冻结 player01' })).toBeInTheDocument();
    await userEvent.click(within(line).getByRole('button', { name: '冻结 player03' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('.ant-modal-confirm-title')).toHaveTextContent('冻结会员 player03？');
    expect(
      within(dialog).getByText('冻结后该会员立即下线且无法登录。关联依据：注册IP 10.77.0.1（2026-11-25 09:59:40）'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '冻结' }));
    expect(await screen.findByText('已冻结该会员')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/admin/api/risk-flags/3/members/9/freeze',
    ]);

    await userEvent.click(within(row('10.77.0.1')).getByRole('button', { name: '解除' }));
    const clearing = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    expect(clearing.querySelector('.ant-modal-confirm-title')).toHaveTextContent('解除该风险标记？');
    await userEvent.click(within(clearing).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已解除该风险标记')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/admin/api/risk-flags/3/members/9/freeze',
      '/admin/api/risk-flags/3/clear',
    ]);
  });
});
