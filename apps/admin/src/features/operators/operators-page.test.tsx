import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { integrationChange, operatorRow, siteSettings } from '../../test/fixtures';
import { mockApi, ok, renderScreen, signInAs } from '../../test/render';
import OperatorsPage from './operators-page';

const settings = (required: 0 | 1) => siteSettings({ operator_totp_required: required });

function serve(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /admin/api/operators': () =>
      ok([
        operatorRow({ id: 1, username: 'boss', role: 'admin', totp_enabled: true }),
        operatorRow(),
        operatorRow({ id: 3, username: 'auditor', totp_enabled: true }),
      ]),
    'GET /admin/api/settings': () => ok(settings(0)),
    ...extra,
  });
}

const row = (name: string) => screen.getByText(name, { selector: 'td' }).closest('tr') as HTMLElement;

/** The pending change a proposal answers (docs/operators.md "Two people, judged by person"). */
const change = (over: Record<string, unknown> = {}) =>
  integrationChange({
    id: 9,
    target_kind: 'operator',
    target: 'cashier2',
    action: 'create',
    before: null,
    after: { username: 'cashier2', role: 'finance' },
    maker_id: 1,
    made_by: 'boss',
    ...over,
  });
const PENDING = '已提交，待另一位管理员审批后生效';

describe('管理员', () => {
  it('proposes a new operator for a second admin to approve; no password is shown here', async () => {
    signInAs('admin', 'boss');
    const { calls } = serve({ 'POST /admin/api/operators': () => ok(change(), PENDING) });
    renderScreen(<OperatorsPage />);
    await screen.findByText('cashier', { selector: 'td' });
    await userEvent.click(screen.getByRole('button', { name: '新增管理员' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/新增管理员须另一位管理员在「待审批变更」中通过后才生效/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('用户名'), 'cashier2');
    await userEvent.click(within(dialog).getByRole('button', { name: '提交审批' }));
    expect(await screen.findByText(PENDING)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ username: 'cashier2', role: 'finance' });
    expect(screen.queryByLabelText('初始密码')).not.toBeInTheDocument();
  });

  it('disables an operator at once and proposes a two-factor reset after confirming, never on oneself', async () => {
    signInAs('admin', 'boss');
    const { calls } = serve({
      'POST /admin/api/operators/2/state': () => ok({ state: 0 }),
      'POST /admin/api/operators/3/totp/reset': () =>
        ok(
          change({
            target: 'auditor',
            action: 'totp_reset',
            before: { totp_enabled: 'true' },
            after: { totp_enabled: 'false' },
          }),
          PENDING,
        ),
    });
    renderScreen(<OperatorsPage />);
    await screen.findByText('cashier', { selector: 'td' });
    expect(within(row('boss')).getByText('当前账号')).toBeInTheDocument();
    expect(within(row('cashier')).getByRole('button', { name: '重置两步验证' })).toBeDisabled();

    await userEvent.click(within(row('cashier')).getByRole('button', { name: '停用' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已停用')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/admin/api/operators/2/state')?.body).toEqual({ state: 0 });

    await userEvent.click(within(row('auditor')).getByRole('button', { name: '重置两步验证' }));
    const dialogs = await screen.findAllByRole('dialog');
    const confirm = dialogs.at(-1) as HTMLElement;
    expect(confirm).toHaveTextContent('须另一位管理员在「待审批变更」中通过后才生效。');
    await userEvent.click(within(confirm).getByRole('button', { name: '提交审批' }));
    expect(await screen.findByText(PENDING)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/admin/api/operators/3/totp/reset')).toHaveLength(1);
  });

  it('proposes enabling a disabled operator again', async () => {
    signInAs('admin', 'boss');
    const { calls } = mockApi({
      'GET /admin/api/operators': () =>
        ok([operatorRow({ id: 1, username: 'boss', role: 'admin' }), operatorRow({ state: 0 })]),
      'GET /admin/api/settings': () => ok(settings(0)),
      'POST /admin/api/operators/2/state': () =>
        ok(change({ target: 'cashier', action: 'enable', before: { state: '0' }, after: { state: '1' } }), PENDING),
    });
    renderScreen(<OperatorsPage />);
    await screen.findByText('cashier', { selector: 'td' });
    await userEvent.click(within(row('cashier')).getByRole('button', { name: '启用' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('重新启用 cashier 须另一位管理员在「待审批变更」中通过后才生效。');
    await userEvent.click(within(dialog).getByRole('button', { name: '提交审批' }));
    expect(await screen.findByText(PENDING)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/admin/api/operators/2/state')?.body).toEqual({ state: 1 });
  });

  it("proposes an operator's new role after confirming", async () => {
    signInAs('admin', 'boss');
    const { calls } = serve({
      'PUT /admin/api/operators/2': () =>
        ok(
          change({ target: 'cashier', action: 'role', before: { role: 'finance' }, after: { role: 'content' } }),
          PENDING,
        ),
    });
    renderScreen(<OperatorsPage />);
    await screen.findByText('cashier', { selector: 'td' });
    await userEvent.click(screen.getByRole('combobox', { name: 'cashier 的角色' }));
    // antd draws the options it shows apart from the hidden listbox it keeps for screen readers.
    await userEvent.click(await screen.findByText('内容运营', { selector: '.ant-select-item-option-content' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '提交审批' }));
    expect(await screen.findByText(PENDING)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ role: 'content' });
  });

  it('requires two factors of every operator with one switch', async () => {
    signInAs('admin', 'boss');
    const { calls } = serve({ 'PUT /admin/api/settings': () => ok(settings(1)) });
    renderScreen(<OperatorsPage />);
    const toggle = await screen.findByRole('switch', { name: '所有管理员必须开启两步验证' });
    await userEvent.click(toggle);
    expect(await screen.findByText('已要求所有管理员开启两步验证')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ operator_totp_required: 1 });
    expect(toggle).toBeChecked();
  });
});
