import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { operatorRow, siteSettings } from '../../test/fixtures';
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

describe('管理员', () => {
  it('creates an operator and shows its password once', async () => {
    signInAs('admin', 'boss');
    const { calls } = serve({
      'POST /admin/api/operators': () =>
        ok(
          { id: 4, username: 'cashier2', role: 'finance', password: 'Xy7-once-only' },
          '操作员已创建，密码仅显示一次，请妥善保存',
        ),
    });
    renderScreen(<OperatorsPage />);
    await screen.findByText('cashier', { selector: 'td' });
    await userEvent.click(screen.getByRole('button', { name: '新增管理员' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('用户名'), 'cashier2');
    await userEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(await within(dialog).findByText('Xy7-once-only')).toBeInTheDocument();
    expect(within(dialog).getByText('初始密码只显示这一次，请立即复制并安全地交给该管理员。')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ username: 'cashier2', role: 'finance' });
    await userEvent.click(within(dialog).getByRole('button', { name: '我已保存密码' }));
    await userEvent.click(screen.getByRole('button', { name: '新增管理员' }));
    expect(screen.queryByText('Xy7-once-only')).not.toBeInTheDocument();
  });

  it('disables an operator and resets two factors after confirming, never on oneself', async () => {
    signInAs('admin', 'boss');
    const { calls } = serve({
      'POST /admin/api/operators/2/state': () => ok({ state: 0 }),
      'POST /admin/api/operators/3/totp/reset': () => ok(operatorRow({ id: 3, username: 'auditor' })),
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
    await userEvent.click(within(dialogs.at(-1) as HTMLElement).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('两步验证已重置')).toBeInTheDocument();
  });

  it("changes an operator's role after confirming", async () => {
    signInAs('admin', 'boss');
    const { calls } = serve({ 'PUT /admin/api/operators/2': () => ok(operatorRow({ role: 'content' })) });
    renderScreen(<OperatorsPage />);
    await screen.findByText('cashier', { selector: 'td' });
    await userEvent.click(screen.getByRole('combobox', { name: 'cashier 的角色' }));
    // antd draws the options it shows apart from the hidden listbox it keeps for screen readers.
    await userEvent.click(await screen.findByText('内容运营', { selector: '.ant-select-item-option-content' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('角色已修改')).toBeInTheDocument();
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
