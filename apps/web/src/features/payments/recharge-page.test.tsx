import { MSG } from '@h5/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderPage, USER } from '../../shared/test/render';
import { findToast, tapExpectingToast } from '../../shared/test/toast';
import { enabledPayWays } from './api';
import { RechargePage } from './recharge-page';
import { bodiesOf, card, signIn, stubClipboard, usdtCard } from './test-fixtures';

const setup = () => userEvent.setup({ pointerEventsCheck: 0 });

const RANGES: Record<string, { min_price: string; max_price: string }> = {
  bank: { min_price: '200.00', max_price: '50000.00' },
  'usdt-trc20': { min_price: '700.00', max_price: '70000.00' },
  'usdt-erc20': { min_price: '1400.00', max_price: '70000.00' },
};

const PAY_BANK = {
  id: 1,
  bank_no: '6222020200112233',
  bank_owner: '星河娱乐有限公司',
  bank_address: '上海分行营业部',
  bank_data: { bank_name: '中国工商银行' },
};

/** Signs in and opens 存款 with the pay ways and ranges `api` serves (and any overrides). */
function openDeposit(overrides: Parameters<typeof api>[0] = {}) {
  signIn();
  const fetch = api(overrides);
  renderPage(<RechargePage />, { route: '/recharge' });
  return fetch;
}

function api(overrides: Record<string, (body: unknown) => { code: number; message: string; data: unknown }> = {}) {
  return mockApi({
    '/api/user': () => ok(USER),
    '/api/get_pay_way': () => ok({ ebpay: 0, card: 1, usdt: 1, wechat: 1, alipay: 0 }),
    '/api/getPayRange': (body) =>
      ok(RANGES[(body as { type: string }).type] ?? { min_price: '100.00', max_price: '10000.00' }),
    '/api/getpaybank': () => ok([PAY_BANK]),
    '/api/getcard': (body) => ok((body as { type: number }).type === 1 ? [card(1)] : []),
    '/api/recharge': () => ok({ deposit_no: 'D20250102120000123456' }, 'D20250102120000123456'),
    ...overrides,
  });
}

describe('enabledPayWays', () => {
  it('offers only the enabled ways in the server key order, card as bank, then the manual option', () => {
    expect(enabledPayWays({ ebpay: 1, card: 0, usdt: 1, wechat: 0, alipay: 1 })).toEqual([
      'ebpay',
      'usdt',
      'alipay',
      'manual',
    ]);
    expect(enabledPayWays({ ebpay: 0, card: 1, usdt: 0, wechat: 1, alipay: 0 })).toEqual(['bank', 'wechat', 'manual']);
    expect(enabledPayWays({ ebpay: 0, card: 0, usdt: 0, wechat: 0, alipay: 0 })).toEqual(['manual']);
  });
});

/** The labels of a radiogroup's choices, in order. */
const choiceLabels = (group: HTMLElement) =>
  within(group)
    .getAllByRole('radio')
    .map((r) => r.textContent);

describe('/recharge', () => {
  it('selects the first enabled way and checks the range fetched for it', async () => {
    const user = setup();
    const fetch = openDeposit({ '/api/get_pay_way': () => ok({ ebpay: 1, card: 1, usdt: 1, wechat: 0, alipay: 0 }) });
    const ways = await screen.findByRole('radiogroup', { name: '支付方式' });
    expect(choiceLabels(ways)).toEqual(['EB支付', '银行卡转账', 'USDT', '人工充值']);
    expect(within(ways).getByRole('radio', { name: 'EB支付' })).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(bodiesOf(fetch, '/api/getPayRange')).toContainEqual({ type: 'ebpay' }));
    // ebpay has no range of its own in this mock: the default 100-10000 applies.
    await user.type(screen.getByLabelText('存款金额'), '50');
    await user.click(screen.getByRole('button', { name: '立即存款' }));
    expect(await findToast('请输入金额在100-10000之间！')).toBeInTheDocument();
  });

  it('offers no bank transfer when the card flag is 0, and selects the first enabled way', async () => {
    const fetch = openDeposit({ '/api/get_pay_way': () => ok({ ebpay: 0, card: 0, usdt: 1, wechat: 1, alipay: 0 }) });
    const ways = await screen.findByRole('radiogroup', { name: '支付方式' });
    expect(choiceLabels(ways)).toEqual(['USDT', '微信支付', '人工充值']);
    expect(within(ways).getByRole('radio', { name: 'USDT' })).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(bodiesOf(fetch, '/api/getPayRange')).toContainEqual({ type: 'usdt-trc20' }));
    expect(screen.queryByRole('heading', { name: '收款账户' })).not.toBeInTheDocument();
  });

  it('selects the manual option when nothing else is on: customer service, no range and no deposit call', async () => {
    const user = setup();
    const fetch = openDeposit({ '/api/get_pay_way': () => ok({ ebpay: 0, card: 0, usdt: 0, wechat: 0, alipay: 0 }) });
    const ways = await screen.findByRole('radiogroup', { name: '支付方式' });
    expect(within(ways).getByRole('radio', { name: '人工充值' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByLabelText('存款金额')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '联系在线客服' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/gamePage?dailiD=2'));
    expect(bodiesOf(fetch, '/api/getPayRange')).toEqual([]);
    expect(bodiesOf(fetch, '/api/recharge')).toEqual([]);
  });

  it('uses the range of the chosen type: bank, then USDT per protocol', async () => {
    const user = setup();
    const fetch = openDeposit();
    await waitFor(() => expect(screen.getByTestId('deposit-range')).toHaveTextContent('200 - 50000'));
    await user.type(screen.getByLabelText('存款金额'), '150');
    await tapExpectingToast(user, screen.getByRole('button', { name: '提交存款' }), '请输入金额在200-50000之间！');

    await user.click(screen.getByRole('radio', { name: 'USDT' }));
    const protocols = await screen.findByRole('radiogroup', { name: '协议类型' });
    expect(within(protocols).getByRole('radio', { name: 'TRC20' })).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(screen.getByTestId('deposit-range')).toHaveTextContent('700 - 70000'));
    await user.click(within(protocols).getByRole('radio', { name: 'ERC20' }));
    await waitFor(() => expect(screen.getByTestId('deposit-range')).toHaveTextContent('1400 - 70000'));
    await user.clear(screen.getByLabelText('存款金额'));
    await user.type(screen.getByLabelText('存款金额'), '1000');
    await user.click(screen.getByRole('button', { name: '立即存款' }));
    expect(await findToast('请输入金额在1400-70000之间！')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/getPayRange')).toEqual([
      { type: 'bank' },
      { type: 'usdt-trc20' },
      { type: 'usdt-erc20' },
    ]);
    expect(bodiesOf(fetch, '/api/recharge')).toEqual([]);
  });

  it('asks for the depositor fields in order, then submits the bank transfer and opens the records', async () => {
    const user = setup();
    const fetch = openDeposit();
    await waitFor(() => expect(screen.getByTestId('deposit-range')).toHaveTextContent('200 - 50000'));
    const inputs = screen.getAllByRole('textbox').map((el) => el.getAttribute('placeholder'));
    expect(inputs.slice(1)).toEqual([
      MSG.depositorNameRequired,
      MSG.depositBankRequired,
      MSG.depositBankNoRequired,
      MSG.depositBankAddressRequired,
    ]);
    await user.type(screen.getByLabelText('存款金额'), '500');
    const steps: [string, string, string][] = [
      [MSG.depositorNameRequired, '存款人姓名', '张三'],
      [MSG.depositBankRequired, '银行类型', '中国银行'],
      [MSG.depositBankNoRequired, '银行卡号', '6217000011112222'],
      [MSG.depositBankAddressRequired, '开户行地址', '北京分行'],
    ];
    for (const [message, label, value] of steps) {
      await tapExpectingToast(user, screen.getByRole('button', { name: '提交存款' }), message);
      await user.type(screen.getByLabelText(label), value);
    }
    await user.click(screen.getByRole('button', { name: '提交存款' }));
    expect(await findToast(MSG.submittedForReview)).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/recharge')).toEqual([
      {
        paytype: 'bank',
        amount: '500',
        bank_owner: '张三',
        bank: '中国银行',
        bank_no: '6217000011112222',
        bank_address: '北京分行',
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/transRecord?type=1'));
  });

  it('shows the receiving account with copy buttons', async () => {
    const user = setup();
    signIn();
    const copied = stubClipboard();
    api();
    renderPage(<RechargePage />, { route: '/recharge' });
    expect(await screen.findByText('6222020200112233')).toBeInTheDocument();
    expect(screen.getByText('中国工商银行')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '复制收款账号' }));
    expect(await findToast(MSG.copied)).toBeInTheDocument();
    expect(copied).toEqual(['6222020200112233']);
  });

  it('sends USDT with its protocol and the converted amount shown, then opens /payInfo with the number', async () => {
    const user = setup();
    signIn({ usdtrate: '7.00' });
    const fetch = api({ '/api/user': () => ok({ ...USER, usdtrate: '7.00' }) });
    renderPage(<RechargePage />, { route: '/recharge' });
    await user.click(await screen.findByRole('radio', { name: 'USDT' }));
    await waitFor(() => expect(screen.getByTestId('deposit-range')).toHaveTextContent('700 - 70000'));
    await user.type(screen.getByLabelText('存款金额'), '1000');
    expect(screen.getByLabelText('需支付USDT')).toHaveTextContent('142.85');
    await user.click(screen.getByRole('button', { name: '立即存款' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/payInfo?deposit_no=D20250102120000123456'),
    );
    expect(bodiesOf(fetch, '/api/recharge')).toEqual([{ paytype: 'usdt', amount: '1000', catepay: 'TRC20' }]);
  });

  it('sends wechat as wxpay', async () => {
    const user = setup();
    const fetch = openDeposit();
    await user.click(await screen.findByRole('radio', { name: '微信支付' }));
    await user.type(screen.getByLabelText('存款金额'), '300');
    await user.click(screen.getByRole('button', { name: '立即存款' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/recharge')).toEqual([{ paytype: 'wxpay', amount: '300' }]));
  });

  it('asks a member with no card and no address to bind one, linking to /wallet', async () => {
    const user = setup();
    openDeposit({ '/api/getcard': () => ok([]) });
    expect(await screen.findByText(MSG.noCardsBound)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: MSG.tipTitle })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '前往绑定' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/wallet$/));
  });

  it('does not ask when a USDT address is bound', async () => {
    const fetch = openDeposit({
      '/api/getcard': (body) => ok((body as { type: number }).type === 2 ? [usdtCard(9, 'TRC20', 'abcd')] : []),
    });
    await screen.findByRole('radiogroup', { name: '支付方式' });
    await waitFor(() => expect(bodiesOf(fetch, '/api/getcard')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(MSG.noCardsBound)).not.toBeInTheDocument();
  });
});
