import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { withdrawal } from '../../test/fixtures';
import { me, mockApi, ok, page, renderScreen, signInAs } from '../../test/render';
import { refuseWithReason } from '../../test/review';
import WithdrawalsPage from './withdrawals-page';

const row = (target: string | HTMLElement) =>
  (typeof target === 'string' ? screen.getByText(target) : target).closest('tr') as HTMLElement;

function serve(rows: ReturnType<typeof withdrawal>[], line = 5000, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/admin/api/me': () => ok(me({ id: 2, role: 'finance', username: 'cashier' })),
    'GET /admin/api/withdrawals': () => ok(page(rows)),
    'GET /admin/api/settings/withdraw-review': () => ok({ withdraw_second_review_above: line }),
    ...extra,
  });
}

describe('提款审核', () => {
  it('shows the account to pay in full and whether the turnover is done', async () => {
    signInAs('finance', 'cashier');
    serve([withdrawal(), withdrawal({ id: 4, order_no: 'W-owed', turnover_required: '150.00' })]);
    renderScreen(<WithdrawalsPage />);
    const line = row(await screen.findByText('W202611250003'));
    expect(within(line).getByText('6222020200112233')).toBeInTheDocument();
    expect(within(line).getByText('中国银行 王五')).toBeInTheDocument();
    expect(within(line).getByText('已完成')).toBeInTheDocument();
    expect(within(row('W-owed')).getByText('未完成 还需 150.00')).toBeInTheDocument();
    expect(screen.getByText('大额复核：超过 5,000.00 元的提款需另一位操作员复核')).toBeInTheDocument();
  });

  it('opens the whole withdrawal in a drawer from its order number, the linked accounts beside it', async () => {
    signInAs('finance', 'cashier');
    serve([withdrawal({ note: '' })]);
    renderScreen(<WithdrawalsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'W202611250003' }));
    const drawer = await screen.findByRole('dialog');
    expect(drawer).toHaveTextContent('提款详情');
    const fact = (label: string) => within(drawer).getByText(label).closest('tr') as HTMLElement;
    expect(fact('账号')).toHaveTextContent('6222020200112233');
    expect(fact('收款账户')).toHaveTextContent('中国银行 王五');
    expect(fact('打码')).toHaveTextContent('已完成');
    expect(within(drawer).getByRole('button', { name: '关联账户 player01' })).toBeInTheDocument();
  });

  it("says a first approval of a large withdrawal awaits a second, with the server's message", async () => {
    signInAs('finance', 'cashier');
    serve([withdrawal({ amount: '80000.00', needs_second_review: true })], 50000, {
      'POST /admin/api/withdrawals/W202611250003/approve': () =>
        ok(
          withdrawal({ amount: '80000.00', first_reviewer_id: 2, first_reviewed_by: 'cashier' }),
          '金额超过复核线，初审已通过，等待另一位操作员复核',
        ),
    });
    renderScreen(<WithdrawalsPage />);
    const line = row(await screen.findByText('W202611250003'));
    expect(within(line).getByText('大额需复核')).toBeInTheDocument();
    expect(screen.getByText('大额复核：超过 50,000.00 元的提款需另一位操作员复核')).toBeInTheDocument();
    await userEvent.click(within(line).getByRole('button', { name: '通过' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('金额超过大额复核线：本次为初审，需另一位操作员复核后才出款。'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确认通过' }));
    expect(await screen.findByText('金额超过复核线，初审已通过，等待另一位操作员复核')).toBeInTheDocument();
  });

  it('does not let the first reviewer approve a second time', async () => {
    signInAs('finance', 'cashier');
    serve([
      withdrawal({ amount: '80000.00', needs_second_review: true, first_reviewer_id: 2, first_reviewed_by: 'cashier' }),
      withdrawal({
        id: 5,
        order_no: 'W-other',
        amount: '90000.00',
        needs_second_review: true,
        first_reviewer_id: 9,
        first_reviewed_by: 'auditor',
      }),
    ]);
    renderScreen(<WithdrawalsPage />);
    const mine = row(await screen.findByText('W202611250003'));
    expect(within(mine).getByText('待复核（初审 cashier）')).toBeInTheDocument();
    await screen.findByText('W-other');
    expect(within(mine).getByRole('button', { name: '通过' })).toBeDisabled();
    expect(within(row('W-other')).getByRole('button', { name: '复核通过' })).toBeEnabled();
  });

  it('rejects with a reason, which returns the money to the member', async () => {
    signInAs('finance', 'cashier');
    const { calls } = serve([withdrawal()], 5000, {
      'POST /admin/api/withdrawals/W202611250003/reject': () => ok(withdrawal({ state: 3, note: '银行卡信息有误' })),
    });
    renderScreen(<WithdrawalsPage />);
    await userEvent.click(within(row(await screen.findByText('W202611250003'))).getByRole('button', { name: '拒绝' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('拒绝提款');
    await refuseWithReason(dialog, '银行卡信息有误', calls);
  });

  it("opens the member's linked accounts beside the review", async () => {
    signInAs('finance', 'cashier');
    const { calls } = serve([withdrawal()], 5000, {
      'GET /admin/api/members/7/links': () =>
        ok({
          member: { id: 7, username: 'player01', state: 1, deposits: '500.00', withdrawals: '300.00', net: '200.00' },
          linked: [
            {
              id: 8,
              username: 'player02',
              state: 0,
              links: [{ kind: 'usdt_address', value: 'TLa2****nkU7', seen_at: '2026-11-25 10:00:00' }],
              deposits: '100.00',
              withdrawals: '0.00',
              net: '100.00',
            },
          ],
          more: 0,
          common: [],
          total: { members: 2, deposits: '600.00', withdrawals: '300.00', net: '300.00' },
        }),
    });
    renderScreen(<WithdrawalsPage />);
    await userEvent.click(
      within(row(await screen.findByText('W202611250003'))).getByRole('button', { name: '关联账户 player01' }),
    );
    const drawer = await screen.findByRole('dialog');
    expect(drawer).toHaveTextContent('关联账户：player01');
    const linkedRow = (await within(drawer).findByText('player02')).closest('tr') as HTMLElement;
    expect(within(linkedRow).getByText('同USDT地址')).toBeInTheDocument();
    expect(within(linkedRow).getByText('TLa2****nkU7')).toBeInTheDocument();
    expect(within(linkedRow).getByText('已冻结')).toBeInTheDocument();
    expect(
      within(within(drawer).getByText('合计（2人）').closest('tr') as HTMLElement).getByText('600.00'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/links')).map((c) => c.path)).toEqual(['/admin/api/members/7/links']);
  });

  it('shows the line to finance read-only: only an admin moves it', async () => {
    signInAs('finance', 'cashier');
    serve([]);
    renderScreen(<WithdrawalsPage />);
    expect(await screen.findByText('暂无待审核的提款')).toBeInTheDocument();
    expect(await screen.findByText('大额复核：超过 5,000.00 元的提款需另一位操作员复核')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '设置' })).not.toBeInTheDocument();
  });

  it('lets an admin set the second-review line, never below 1', async () => {
    signInAs('admin', 'boss');
    const { calls } = serve([], 5000, {
      '/admin/api/me': () => ok(me({ id: 1, role: 'admin', username: 'boss' })),
      'PUT /admin/api/settings/withdraw-review': (call) =>
        ok({
          withdraw_second_review_above: Number(
            (call.body as { withdraw_second_review_above: number }).withdraw_second_review_above,
          ),
        }),
    });
    renderScreen(<WithdrawalsPage />);
    expect(await screen.findByText('暂无待审核的提款')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '设置' }));
    const field = await screen.findByLabelText('复核线（元，1 至 100000）');
    await userEvent.clear(field);
    await userEvent.type(field, '20000');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('大额复核：超过 20,000.00 元的提款需另一位操作员复核')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ withdraw_second_review_above: 20000 });
  });
});
