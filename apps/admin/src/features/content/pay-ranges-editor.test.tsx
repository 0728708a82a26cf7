import { MSG } from '@h5/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderScreen, signInAs } from '../../test/render';
import { PayWaysPage } from './resource-screens';

// 支付方式's 金额范围 editor: rows of a pay way's own getPayRange types, checked by the contract's schema with the
// server's messages before anything is sent.

const usdt = {
  code: 'usdt',
  name: 'USDT',
  enabled: 1,
  sort: 3,
  gateway: null,
  ranges: [
    { type: 'usdt-erc20', min_price: '500.00', max_price: '100000.00' },
    { type: 'usdt-trc20', min_price: '100.00', max_price: '100000.00' },
  ],
  pending_change: false,
};
const wechat = {
  code: 'wechat',
  name: '微信支付',
  enabled: 1,
  sort: 4,
  gateway: null,
  ranges: [{ type: 'wechat', min_price: '100.00', max_price: '5000.00' }],
  pending_change: false,
};
const saved = (way: typeof usdt) => ({
  code: way.code,
  name: way.name,
  enabled: way.enabled,
  sort: way.sort,
  gateway: way.gateway,
});

function setup(putAnswer = () => ok(saved(usdt))) {
  signInAs('finance', 'cashier');
  return mockApi({
    'GET /admin/api/pay-ways': () => ok([usdt, wechat]),
    'GET /admin/api/payment-gateways': () => ok([]),
    'PUT /admin/api/pay-ways/usdt': putAnswer,
    'PUT /admin/api/pay-ways/wechat': () => ok(saved(wechat)),
  });
}

async function openEditor(name: string) {
  renderScreen(<PayWaysPage />);
  await userEvent.click(await screen.findByRole('button', { name: `编辑 ${name}` }));
  return screen.findByRole('dialog');
}
const rangeRow = (dialog: HTMLElement, n: number) => within(dialog).getByRole('group', { name: `金额范围 ${n}` });
const save = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
async function retype(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
}

describe('支付方式 金额范围', () => {
  it('lists the ranges by the member app’s names of the types', async () => {
    setup();
    renderScreen(<PayWaysPage />);
    expect(
      await screen.findByText('USDT (ERC20)：500.00-100000.00；USDT (TRC20)：100.00-100000.00'),
    ).toBeInTheDocument();
    expect(screen.getByText('微信：100.00-5000.00')).toBeInTheDocument();
  });

  it('edits a bound and sends every range of the way; the change waits for a second admin', async () => {
    const { calls } = setup(() => ok(saved(usdt), MSG.integrationChangePending));
    const dialog = await openEditor('USDT');
    expect(within(rangeRow(dialog, 1)).getByLabelText('最低金额（元）')).toHaveValue('500.00');
    expect(within(rangeRow(dialog, 2)).getByTitle('USDT (TRC20)')).toBeInTheDocument();
    await retype(within(rangeRow(dialog, 2)).getByLabelText('最低金额（元）'), '200');
    await save(dialog);
    expect(await screen.findByText(MSG.integrationChangePending)).toBeInTheDocument();
    // Finance neither sees nor sends the way's gateway: that is the admin's.
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'USDT',
      sort: 3,
      enabled: 1,
      ranges: [
        { type: 'usdt-erc20', min_price: '500.00', max_price: '100000.00' },
        { type: 'usdt-trc20', min_price: '200', max_price: '100000.00' },
      ],
    });
  });

  it('offers only the way’s own types, removes down to one row and adds back up to its types', async () => {
    const { calls } = setup();
    const dialog = await openEditor('USDT');
    const add = within(dialog).getByRole('button', { name: '添加金额范围' });
    // Both USDT types have a row: nothing left to add.
    expect(add).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: '删除金额范围 1' }));
    expect(within(dialog).queryByRole('group', { name: '金额范围 2' })).not.toBeInTheDocument();
    // The last row stays: a way without any range would be refused.
    expect(within(dialog).getByRole('button', { name: '删除金额范围 1' })).toBeDisabled();
    expect(add).toBeEnabled();

    await userEvent.click(add);
    // The new row takes the type no row has yet.
    expect(within(rangeRow(dialog, 2)).getByTitle('USDT (ERC20)')).toBeInTheDocument();
    await userEvent.click(within(rangeRow(dialog, 2)).getByRole('combobox'));
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options.sort()).toEqual(['USDT (ERC20)', 'USDT (TRC20)']);
    // (Escape would close the dialog itself.)
    await userEvent.click(within(rangeRow(dialog, 2)).getByRole('combobox'));
    await userEvent.type(within(rangeRow(dialog, 2)).getByLabelText('最低金额（元）'), '300');
    await userEvent.type(within(rangeRow(dialog, 2)).getByLabelText('最高金额（元）'), '60000');
    expect(add).toBeDisabled();

    await save(dialog);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect((calls.find((c) => c.method === 'PUT')?.body as { ranges: unknown }).ranges).toEqual([
      { type: 'usdt-trc20', min_price: '100.00', max_price: '100000.00' },
      { type: 'usdt-erc20', min_price: '300', max_price: '60000' },
    ]);
  });

  it('a way of one type has one row that cannot be removed, and nothing to add', async () => {
    setup();
    const dialog = await openEditor('微信支付');
    expect(within(rangeRow(dialog, 1)).getByTitle('微信')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '删除金额范围 1' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: '添加金额范围' })).toBeDisabled();
  });

  it('refuses a lower bound above the upper one, a negative or blank amount and a repeated type before calling', async () => {
    const { calls } = setup();
    const dialog = await openEditor('USDT');
    const first = rangeRow(dialog, 1);
    const second = rangeRow(dialog, 2);

    await retype(within(first).getByLabelText('最低金额（元）'), '200000');
    await save(dialog);
    expect(await within(first).findByText(MSG.payRangeMinAboveMax)).toBeInTheDocument();
    expect(MSG.payRangeMinAboveMax).toBe('最低金额不能高于最高金额');

    // A changed input drops the refusal of the value that was sent.
    await retype(within(first).getByLabelText('最低金额（元）'), '-5');
    await waitFor(() => expect(within(first).queryByText(MSG.payRangeMinAboveMax)).not.toBeInTheDocument());
    await retype(within(second).getByLabelText('最高金额（元）'), '');
    await save(dialog);
    expect(await within(first).findByText(MSG.amountInvalid)).toBeInTheDocument();
    expect(within(second).getByText(MSG.amountInvalid)).toBeInTheDocument();

    await retype(within(first).getByLabelText('最低金额（元）'), '500');
    await retype(within(second).getByLabelText('最高金额（元）'), '100000');
    await userEvent.click(within(second).getByRole('combobox'));
    const erc20 = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.textContent === 'USDT (ERC20)',
    );
    await userEvent.click(erc20 as HTMLElement);
    await save(dialog);
    expect(await within(second).findByText(MSG.payRangeTypeRepeated)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('refuses an upper bound above 1,000,000.00 (the cap) before calling', async () => {
    const { calls } = setup();
    const dialog = await openEditor('USDT');
    const second = rangeRow(dialog, 2);
    await retype(within(second).getByLabelText('最高金额（元）'), '1000000.01');
    await save(dialog);
    expect(await within(second).findByText(MSG.payRangeMaxTooHigh)).toBeInTheDocument();
    expect(MSG.payRangeMaxTooHigh).toBe('单笔存款最高金额不能超过1000000元');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("keeps the dialog open with the server's message when it refuses the ranges", async () => {
    setup(() => fail(400, MSG.payRangeTypeOtherWay));
    const dialog = await openEditor('USDT');
    await save(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('该金额范围类型不属于此支付方式');
  });
});
