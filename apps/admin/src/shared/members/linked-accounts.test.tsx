import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderScreen, signInAs } from '../../test/render';
import { LinkedAccounts } from './linked-accounts';

const figures = (deposits: string, withdrawals: string, net: string) => ({ deposits, withdrawals, net });

const linked = (id: number, username: string, over: Record<string, unknown> = {}) => ({
  id,
  username,
  state: 1,
  links: [{ kind: 'ip', value: '10.88.0.1', seen_at: '2026-11-25 09:00:00' }],
  ...figures('0.00', '0.00', '0.00'),
  ...over,
});

const answer = (over: Record<string, unknown> = {}) => ({
  member: { id: 7, username: 'player01', state: 1, ...figures('500.25', '300.00', '200.25') },
  linked: [
    linked(8, 'player02', { ...figures('188.88', '0.00', '188.88') }),
    linked(9, 'player03', {
      links: [
        { kind: 'bank_card', value: '6222****7889', seen_at: '2026-11-25 10:00:00' },
        { kind: 'device', value: 'Linux; Android 14; SM-G9910', seen_at: null },
      ],
      ...figures('1000.01', '1500.50', '-500.49'),
    }),
  ],
  more: 0,
  common: [],
  total: { members: 3, ...figures('1689.14', '1800.50', '-111.36') },
  ...over,
});

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('关联账户', () => {
  it('shows each linked member with the evidence and figures, the member under review and the total', async () => {
    signInAs('finance', 'cashier');
    mockApi({ 'GET /admin/api/members/7/links': () => ok(answer()) });
    renderScreen(<LinkedAccounts memberId={7} />);
    await screen.findByText('player02');
    const second = rowOf('player02');
    expect(within(second).getByText('同IP')).toBeInTheDocument();
    expect(within(second).getByText('10.88.0.1')).toBeInTheDocument();
    expect(within(second).getAllByText('188.88')).toHaveLength(2);
    const third = rowOf('player03');
    expect(within(third).getByText('同银行卡')).toBeInTheDocument();
    expect(within(third).getByText('6222****7889')).toBeInTheDocument();
    expect(within(third).getByText('同设备')).toBeInTheDocument();
    expect(within(third).getByText('1,000.01')).toBeInTheDocument();
    expect(within(third).getByText('1,500.50')).toBeInTheDocument();
    expect(within(third).getByText('-500.49')).toBeInTheDocument();
    const self = rowOf('本会员 player01');
    expect(within(self).getByText('500.25')).toBeInTheDocument();
    expect(within(self).getByText('200.25')).toBeInTheDocument();
    const total = rowOf('合计（3人）');
    expect(within(total).getByText('1,689.14')).toBeInTheDocument();
    expect(within(total).getByText('1,800.50')).toBeInTheDocument();
    expect(within(total).getByText('-111.36')).toBeInTheDocument();
    // Freezing is an admin's call, not finance's.
    expect(screen.queryByRole('button', { name: /冻结/ })).not.toBeInTheDocument();
  });

  it('says so when the member has no linked accounts', async () => {
    signInAs('finance', 'cashier');
    mockApi({
      'GET /admin/api/members/7/links': () =>
        ok(answer({ linked: [], total: { members: 1, ...figures('500.25', '300.00', '200.25') } })),
    });
    renderScreen(<LinkedAccounts memberId={7} />);
    expect(screen.getByText('加载中…')).toBeInTheDocument();
    expect(await screen.findByText('无关联账户')).toBeInTheDocument();
    expect(screen.getByText('本会员 player01：存款 500.25，提款 300.00，净输赢 200.25')).toBeInTheDocument();
  });

  it('shows values too common to link apart, and counts the members not listed', async () => {
    signInAs('finance', 'cashier');
    mockApi({
      'GET /admin/api/members/7/links': () => ok(answer({ more: 12, common: [{ kind: 'ip', value: '10.0.0.1' }] })),
    });
    renderScreen(<LinkedAccounts memberId={7} />);
    expect(await screen.findByText('以下依据被超过50个会员共用，不单独计为关联')).toBeInTheDocument();
    expect(screen.getByText('同IP 10.0.0.1')).toBeInTheDocument();
    expect(screen.getByText('另有 12 个关联会员未列出（按关联依据多少排序，列出前 2 个）')).toBeInTheDocument();
  });

  it('lets an admin freeze one linked member, after a confirmation, and shows them frozen', async () => {
    signInAs('admin', 'boss');
    const { calls } = mockApi({
      'GET /admin/api/members/7/links': () => ok(answer()),
      'POST /admin/api/members/9/state': () => ok({ state: 0 }),
    });
    renderScreen(<LinkedAccounts memberId={7} />);
    await screen.findByText('player03');
    await userEvent.click(screen.getByRole('button', { name: '冻结 player03' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('冻结会员 player03？');
    expect(dialog).toHaveTextContent('同银行卡 6222****7889');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: '冻结' }));
    expect(await screen.findByText('已冻结会员 player03')).toBeInTheDocument();
    expect(await within(rowOf('player03')).findByText('已冻结')).toBeInTheDocument();
    expect(within(rowOf('player03')).queryByRole('button', { name: '冻结 player03' })).not.toBeInTheDocument();
    expect(within(rowOf('player02')).getByText('正常')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.path, c.body])).toEqual([['/admin/api/members/9/state', { state: 0 }]]);
  });
});
