import { MSG, PARTNER_STATEMENT_EXAMPLE } from '@h5/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { integrationChange } from '../../test/fixtures';
import { fail, mockApi, ok, page, renderScreen, signInAs } from '../../test/render';
import PartnersPage from './partners-page';
import PlansPage from './plans-page';
import StatementsPage from './statements-page';

const statement = (over: Record<string, unknown> = {}) => ({
  id: 7,
  partner_id: 42,
  username: 'agent01',
  month: '2026-10',
  ...PARTNER_STATEMENT_EXAMPLE,
  state: 1,
  paid_by: '',
  paid_at: null,
  created_at: '2026-11-01 00:10:00',
  ...over,
});

const plan = {
  id: 3,
  name: '标准方案',
  fee_share: '1.00',
  tiers: [
    { min_net_revenue: '0.00', min_active: 1, rate: '20.00' },
    { min_net_revenue: '300.00', min_active: 2, rate: '30.00' },
  ],
  partners: 1,
  created_at: '2026-11-01 00:00:00',
  pending_change: false,
};

describe('代理结算', () => {
  it('pays a pending statement after the confirm, with the figures in the table', async () => {
    const user = userEvent.setup();
    signInAs('finance');
    let paid = false;
    const { calls } = mockApi({
      'GET /admin/api/partner-statements': () =>
        ok(page([paid ? statement({ state: 2, paid_by: 'cashier', paid_at: '2026-11-02 10:00:00' }) : statement()])),
      'POST /admin/api/partner-statements/7/pay': () => {
        paid = true;
        return ok(statement({ state: 2 }), MSG.statementPaid);
      },
    });
    renderScreen(<StatementsPage />);
    const table = await screen.findByRole('region', { name: '代理结算单' });
    const row = (await within(table).findByText('agent01')).closest('tr') as HTMLElement;
    // Net revenue and the commission base (nothing carried in).
    expect(within(row).getAllByText('312.78', { selector: 'td' })).toHaveLength(2);
    expect(within(row).getByText('93.83')).toBeInTheDocument();
    expect(within(row).getByText('第2档')).toBeInTheDocument();
    // The figures behind the net revenue, in the statement's 明细 under the download's headers.
    await user.click(within(row).getByRole('button', { name: '结算单 7 明细' }));
    const details = await screen.findByRole('dialog');
    expect(details).toHaveTextContent('结算单 7：agent01 2026-10');
    const fact = (label: string) => (within(details).getByText(label).closest('tr') as HTMLElement).textContent;
    expect(fact('存款')).toContain('1,000.00');
    expect(fact('支付手续费')).toContain('11.00');
    expect(fact('结转下月')).toContain('0.00');
    await user.click(within(details).getByRole('button', { name: /Close|关闭/ }));

    await user.click(within(row).getByRole('button', { name: '派发' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('佣金 93.83 元将计入代理的中心钱包，每张结算单只派发一次。');
    await user.click(within(dialog).getByRole('button', { name: '派发' }));
    expect(await screen.findByText(MSG.statementPaid)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/admin/api/partner-statements/7/pay')).toHaveLength(
      1,
    );
    await waitFor(() => expect(within(table).getByText('已派发')).toBeInTheDocument());
  });

  it('settles a month and shows a refusal in the server words', async () => {
    const user = userEvent.setup();
    signInAs('finance');
    const { calls } = mockApi({
      'GET /admin/api/partner-statements': () => ok(page([])),
      'POST /admin/api/partner-statements/settle': (call) =>
        (call.body as { month: string }).month === '2099-01'
          ? fail(400, MSG.monthNotEnded)
          : ok({ month: '2026-10', created: 3 }),
    });
    renderScreen(<StatementsPage />);
    expect(await screen.findByText('暂无结算单')).toBeInTheDocument();
    const month = screen.getByLabelText('结算月份');
    await user.clear(month);
    await user.type(month, '2099-01');
    await user.click(screen.getByRole('button', { name: '生成结算单' }));
    expect(await screen.findByText(MSG.monthNotEnded)).toBeInTheDocument();
    await user.clear(month);
    await user.type(month, '2026-10');
    await user.click(screen.getByRole('button', { name: '生成结算单' }));
    expect(await screen.findByText('已生成 3 张结算单')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/admin/api/partner-statements/settle').map((c) => c.body)).toEqual([
      { month: '2099-01', early: 0 },
      { month: '2026-10', early: 0 },
    ]);
  });
});

describe('佣金方案 and 代理管理', () => {
  it('lists the plans with their tiers', async () => {
    signInAs('finance');
    mockApi({ 'GET /admin/api/commission-plans': () => ok([plan]) });
    renderScreen(<PlansPage />);
    expect(await screen.findByText('标准方案')).toBeInTheDocument();
    expect(screen.getByText('第2档 净盈利≥300.00 活跃≥2 30.00%')).toBeInTheDocument();
  });

  it('says a new plan waits for a second admin, and lists a plan with a change waiting as 待审批', async () => {
    const user = userEvent.setup();
    signInAs('finance');
    let proposed = false;
    const { calls } = mockApi({
      'GET /admin/api/commission-plans': () => ok([{ ...plan, pending_change: proposed }]),
      'POST /admin/api/commission-plans': () => {
        proposed = true;
        return ok(
          integrationChange({
            id: 9,
            target_kind: 'setting',
            target: 'commission-plan:new',
            action: 'set',
            before: null,
            after: { name: '新方案', fee_share: '0.00', tiers: '0.00/1/20.00' },
            made_by: 'cashier',
            created_at: '2026-11-02 10:00:00',
          }),
          MSG.integrationChangePending,
        );
      },
    });
    renderScreen(<PlansPage />);
    expect(await screen.findByText('标准方案')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '新增方案' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('方案名称'), '新方案');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText(MSG.integrationChangePending)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: '新方案',
      fee_share: '0',
      tiers: [{ min_net_revenue: '0', min_active: 1, rate: '20' }],
    });
    expect(await screen.findByText('待审批')).toBeInTheDocument();
  });

  it("sets a partner's plan through the contract call", async () => {
    const user = userEvent.setup();
    signInAs('finance');
    const { calls } = mockApi({
      'GET /admin/api/commission-plans': () => ok([plan]),
      'GET /admin/api/partners': () =>
        ok(page([{ member_id: 42, username: 'agent01', plan_id: null, plan_name: null, downline: 5 }])),
      'PUT /admin/api/partners/42/plan': () =>
        ok({ member_id: 42, username: 'agent01', plan_id: 3, plan_name: '标准方案', downline: 5 }),
    });
    renderScreen(<PartnersPage />);
    const select = await screen.findByRole('combobox', { name: 'agent01的佣金方案' });
    await user.click(select);
    await user.click(await screen.findByTitle('标准方案'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/admin/api/partners/42/plan')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ plan_id: 3 });
    expect(await screen.findByText('佣金方案已设置')).toBeInTheDocument();
  });
});
