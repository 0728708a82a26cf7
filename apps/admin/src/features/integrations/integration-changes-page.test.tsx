import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { integrationChange } from '../../test/fixtures';
import { mockApi, ok, page, queueUntilDecided, renderScreen, signInAs } from '../../test/render';
import { refuseWithoutReason, refuseWithReason } from '../../test/review';
import IntegrationChangesPage from './integration-changes-page';

const change = integrationChange;
const line = (cell: HTMLElement) => cell.closest('tr[data-row-key]') as HTMLElement;

/** alice's change in the list, its 通过 disabled and saying `reason` on hover. */
async function expectCannotApprove(reason: string) {
  const row = line(await screen.findByText('alice'));
  const approve = within(row).getByRole('button', { name: '通过' });
  expect(approve).toBeDisabled();
  await userEvent.hover(approve.parentElement as HTMLElement);
  expect(await screen.findByText(reason)).toBeInTheDocument();
  return row;
}

describe('待审批变更', () => {
  it('lists pending changes with before and after side by side, secrets masked', async () => {
    signInAs('admin', 'bob');
    const { calls } = mockApi({ 'GET /admin/api/integration-changes': () => ok(page([change()])) });
    renderScreen(<IntegrationChangesPage />, { route: '/integration-changes' });
    const diff = await screen.findByRole('table', { name: '场馆 XHZR 变更内容' });
    const address = within(diff).getByRole('rowheader', { name: '接口地址' }).closest('tr') as HTMLElement;
    expect(within(address).getByText('https://old.example.com')).toBeInTheDocument();
    expect(within(address).getByText('https://new.example.com ●')).toBeInTheDocument();
    const secret = within(diff).getByRole('rowheader', { name: '签名密钥' }).closest('tr') as HTMLElement;
    expect(within(secret).getAllByText(/\*{8}/)).toHaveLength(2);
    expect(calls[0]?.query.get('state')).toBe('1');
  });

  it("shows a Hub88 venue's keys by their digest and our private key masked", async () => {
    signInAs('admin', 'bob');
    const before = { protocol: 'h5', wallet_mode: 'transfer', api_secret: '', operator_id: '', private_key: '' };
    const after = {
      protocol: 'hub88',
      wallet_mode: 'seamless',
      api_secret: '',
      operator_id: '4711',
      aggregator_public_key: `sha256:${'a'.repeat(64)}`,
      private_key: '********',
      public_key: `sha256:${'b'.repeat(64)}`,
    };
    mockApi({ 'GET /admin/api/integration-changes': () => ok(page([change({ before, after })])) });
    renderScreen(<IntegrationChangesPage />, { route: '/integration-changes' });
    const diff = await screen.findByRole('table', { name: '场馆 XHZR 变更内容' });
    const field = (name: string) => within(diff).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
    expect(within(field('协议')).getByText('Hub88 ●')).toBeInTheDocument();
    expect(within(field('运营商编号')).getByText('4711 ●')).toBeInTheDocument();
    expect(within(field('我方私钥')).getByText(/\*{8}/)).toBeInTheDocument();
    expect(within(field('我方公钥（摘要）')).getByText(/^sha256:b{64}/)).toBeInTheDocument();
    expect(within(field('聚合商公钥（摘要）')).getByText(/^sha256:a{64}/)).toBeInTheDocument();
  });

  it('names a setting that moves money by its screen: the target, and each field with its own label', async () => {
    signInAs('admin', 'bob');
    const rates = {
      level: '1',
      recharge: '0.00',
      flow: '0.00',
      retention: '0.00',
      realperson: '0.40',
      sport: '0.50',
      e_sport: '0.50',
      joker: '0.40',
      electron: '0.50',
      lottery: '0.30',
    };
    const changes = [
      change({
        id: 8,
        target_kind: 'setting',
        target: 'vip-level:3',
        action: 'set',
        before: rates,
        after: { ...rates, electron: '2.50' },
      }),
      change({
        id: 9,
        target_kind: 'setting',
        target: 'redpacket-rule:new',
        action: 'set',
        before: null,
        after: {
          start_time: '10:00',
          end_time: '12:00',
          day_flow: '100.00',
          flow_money: '5000.00',
          recharge: '2',
          money: '5.00',
          enabled: '1',
        },
      }),
      change({
        id: 10,
        target_kind: 'setting',
        target: 'pay-way:usdt',
        action: 'set',
        before: { 'usdt-trc20': '100.00-100000.00' },
        after: { 'usdt-trc20': '100.00-1000000.00' },
      }),
      change({
        id: 11,
        target_kind: 'setting',
        target: 'deposit-bonus',
        action: 'set',
        before: { deposit_bonus_percent: '0.00', deposit_bonus_max: '1888.00' },
        after: { deposit_bonus_percent: '50.00', deposit_bonus_max: '1888.00' },
      }),
    ];
    mockApi({ 'GET /admin/api/integration-changes': () => ok(page(changes)) });
    renderScreen(<IntegrationChangesPage />, { route: '/integration-changes' });

    const vip = await screen.findByRole('table', { name: 'VIP等级 #3 变更内容' });
    const electron = within(vip).getByRole('rowheader', { name: '电子返水%' }).closest('tr') as HTMLElement;
    expect(within(electron).getByText('0.50')).toBeInTheDocument();
    expect(within(electron).getByText('2.50 ●')).toBeInTheDocument();
    expect(within(vip).getByRole('rowheader', { name: '晋级累计存款' })).toBeInTheDocument();

    const rule = screen.getByRole('table', { name: '红包规则（新增） 变更内容' });
    const grabs = within(rule).getByRole('rowheader', { name: '可抢次数' }).closest('tr') as HTMLElement;
    expect(within(grabs).getByText('2 ●')).toBeInTheDocument();
    expect(
      within(within(rule).getByRole('rowheader', { name: '启用' }).closest('tr') as HTMLElement).getByText('启用 ●'),
    ).toBeInTheDocument();

    const way = screen.getByRole('table', { name: '支付方式 USDT 变更内容' });
    expect(within(way).getByRole('rowheader', { name: 'USDT (TRC20)金额范围' })).toBeInTheDocument();
    const bonus = screen.getByRole('table', { name: '存款优惠 变更内容' });
    expect(
      within(within(bonus).getByRole('rowheader', { name: '存款优惠比例%' }).closest('tr') as HTMLElement).getByText(
        '50.00 ●',
      ),
    ).toBeInTheDocument();
  });

  it("disables 通过 on the operator's own change, with the reason, and offers 撤回 instead of 拒绝", async () => {
    signInAs('admin', 'alice');
    mockApi({ 'GET /admin/api/integration-changes': () => ok(page([change()])) });
    renderScreen(<IntegrationChangesPage />, { route: '/integration-changes' });
    const row = await expectCannotApprove('不能审批自己提交的变更，请由另一位管理员审批');
    expect(within(row).getByRole('button', { name: '撤回' })).toBeInTheDocument();
  });

  it("approves another admin's change after a confirm", async () => {
    signInAs('admin', 'bob');
    const { calls } = mockApi(
      queueUntilDecided(
        'GET /admin/api/integration-changes',
        change(),
        'POST /admin/api/integration-changes/7/approve',
        ok(change({ state: 2, checked_by: 'bob' }), '已通过，变更已生效'),
      ),
    );
    renderScreen(<IntegrationChangesPage />, { route: '/integration-changes' });
    await userEvent.click(within(line(await screen.findByText('alice'))).getByRole('button', { name: '通过' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确认通过该变更？');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认通过' }));
    expect(await screen.findByText('已通过，变更已生效')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ note: '' });
    expect(await screen.findByText('暂无待审批的变更')).toBeInTheDocument();
  });

  it('rejects only with a reason', async () => {
    signInAs('admin', 'bob');
    const { calls } = mockApi({
      'GET /admin/api/integration-changes': () => ok(page([change()])),
      'POST /admin/api/integration-changes/7/reject': () => ok(change({ state: 3, note: '地址未确认' })),
    });
    renderScreen(<IntegrationChangesPage />, { route: '/integration-changes' });
    await userEvent.click(within(line(await screen.findByText('alice'))).getByRole('button', { name: '拒绝' }));
    const dialog = await screen.findByRole('dialog');
    await refuseWithoutReason(dialog, calls);
    await refuseWithReason(dialog, '地址未确认', calls);
  });

  it("labels an operator's changes and shows a new operator's password once to the admin who approves it", async () => {
    signInAs('admin', 'bob');
    const creation = change({
      id: 8,
      target_kind: 'operator',
      target: 'cashier2',
      action: 'create',
      before: null,
      after: { username: 'cashier2', role: 'finance' },
    });
    const reset = change({
      id: 9,
      target_kind: 'operator',
      target: 'carol',
      action: 'totp_reset',
      before: { totp_enabled: 'true' },
      after: { totp_enabled: 'false' },
    });
    let decided = false;
    mockApi({
      'GET /admin/api/integration-changes': () => ok(page(decided ? [reset] : [creation, reset])),
      'POST /admin/api/integration-changes/8/approve': () => {
        decided = true;
        return {
          code: 200,
          message: '操作员已创建，密码仅显示一次，请妥善保存',
          data: { ...creation, state: 2, checked_by: 'bob', password: 'Xy7-once-only' },
        };
      },
    });
    renderScreen(<IntegrationChangesPage />, { route: '/integration-changes' });
    const diff = await screen.findByRole('table', { name: '操作员 cashier2（新增） 变更内容' });
    expect(
      within(within(diff).getByRole('rowheader', { name: '角色' }).closest('tr') as HTMLElement).getByText('财务 ●'),
    ).toBeInTheDocument();
    const twoFactors = within(screen.getByRole('table', { name: '操作员 carol（重置两步验证） 变更内容' }))
      .getByRole('rowheader', { name: '两步验证' })
      .closest('tr') as HTMLElement;
    expect(within(twoFactors).getByText('已开启')).toBeInTheDocument();
    expect(within(twoFactors).getByText('未开启 ●')).toBeInTheDocument();

    await userEvent.click(within(line(diff)).getByRole('button', { name: '通过' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认通过' }));
    const shown = (await screen.findByText('管理员已创建')).closest('.ant-modal') as HTMLElement;
    expect(within(shown).getByLabelText('初始密码')).toHaveTextContent('Xy7-once-only');
    expect(within(shown).getByText('cashier2')).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: '我已保存密码' }));
    // The list is read again: the applied creation has left the pending ones.
    const list = screen.getByRole('region', { name: '待审批变更列表' });
    await waitFor(() =>
      expect(within(list).queryByRole('table', { name: '操作员 cashier2（新增） 变更内容' })).not.toBeInTheDocument(),
    );
    expect(within(list).getByRole('table', { name: '操作员 carol（重置两步验证） 变更内容' })).toBeInTheDocument();
  });

  it("disables 通过 on a change about the admin's own account", async () => {
    signInAs('admin', 'bob');
    const demote = change({
      target_kind: 'operator',
      target: 'bob',
      action: 'role',
      before: { role: 'admin' },
      after: { role: 'content' },
    });
    mockApi({ 'GET /admin/api/integration-changes': () => ok(page([demote])) });
    renderScreen(<IntegrationChangesPage />, { route: '/integration-changes' });
    const row = await expectCannotApprove('不能审批与自己账号有关的变更，请由另一位管理员审批');
    expect(within(row).getByRole('button', { name: '拒绝' })).toBeInTheDocument();
  });
});
