import { MSG } from '@h5/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderPage } from '../../shared/test/render';
import { findToast, tapExpectingToast } from '../../shared/test/toast';
import { AddBankCardPage } from './add-bank-card-page';
import { AddUsdtCardPage } from './add-usdt-card-page';
import { WalletPage } from './wallet-page';
import { bodiesOf, signIn } from '../../shared/test/member';

const setup = () => userEvent.setup({ pointerEventsCheck: 0 });

function bankCard(id: number, last4: string) {
  return {
    id,
    bank: '中国银行',
    bank_owner: '张三',
    bank_no: `************${last4}`,
    bank_not: last4,
    bank_address: '北京分行',
    ico: '',
  };
}
const usdt = (id: number, last4: string, protocol = 'TRC20') => ({
  ...bankCard(id, last4),
  bank: 'USDT',
  bank_owner: protocol,
  bank_address: '',
});

describe('/wallet', () => {
  it('shows each USDT address by its last 4 only, and the add button while fewer than 5 are held', async () => {
    signIn();
    const fetch = mockApi({ '/api/getcard': () => ok([usdt(1, 'a1b2'), usdt(2, 'c3d4', 'ERC20')]) });
    renderPage(<WalletPage />, { route: '/wallet?type=1' });
    const list = await screen.findByRole('list', { name: 'USDT地址列表' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('**** **** **** a1b2')).toBeInTheDocument();
    expect(within(list).getByText('ERC20')).toBeInTheDocument();
    expect(screen.queryByText(/\*{12}a1b2/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+ 添加USDT地址' })).toHaveAttribute('href', '/addUsdtCard');
    expect(bodiesOf(fetch, '/api/getcard')).toEqual([{ type: 2 }]);
  });

  it('hides the add button at 5 cards', async () => {
    signIn();
    const fetch = mockApi({
      '/api/getcard': () => ok([1, 2, 3, 4, 5].map((i) => bankCard(i, `000${i}`))),
    });
    renderPage(<WalletPage />, { route: '/wallet?type=2' });
    expect(await screen.findAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByRole('link', { name: '+ 添加银行卡' })).not.toBeInTheDocument();
    expect(screen.getByText('最多可绑定5个银行卡')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/getcard')).toEqual([{ type: 1 }]);
  });

  it('shows 空空如也 and the add button when none is bound, and switches tabs through the query', async () => {
    const user = setup();
    signIn();
    mockApi({ '/api/getcard': (body) => ok((body as { type: number }).type === 1 ? [bankCard(7, '8888')] : []) });
    renderPage(<WalletPage />, { route: '/wallet' });
    expect(await screen.findByText(MSG.emptyList)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+ 添加USDT地址' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '银行卡' }));
    expect(await screen.findByText('**** **** **** 8888')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/wallet?type=2');
    expect(screen.getByRole('link', { name: '+ 添加银行卡' })).toHaveAttribute('href', '/addBankCard');
  });

  it('asks 温馨提示 / 确定要解除绑定该卡片吗？ before unbinding, then shows 解绑成功', async () => {
    const user = setup();
    signIn();
    let cards = [bankCard(1, '1111'), bankCard(2, '2222')];
    const fetch = mockApi({
      '/api/getcard': () => ok(cards),
      '/api/delcard': (body) => {
        cards = cards.filter((c) => c.id !== (body as { id: number }).id);
        return ok(null, MSG.unbindOk);
      },
    });
    renderPage(<WalletPage />, { route: '/wallet?type=2' });
    await user.click(await screen.findByRole('button', { name: '解绑尾号2222' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.tipTitle)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.unbindConfirm)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText(MSG.unbindConfirm)).not.toBeInTheDocument());
    expect(bodiesOf(fetch, '/api/delcard')).toEqual([]);

    await user.click(screen.getByRole('button', { name: '解绑尾号2222' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    expect(await findToast(MSG.unbindOk)).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/delcard')).toEqual([{ id: 2 }]);
    await waitFor(() => expect(screen.queryByText('**** **** **** 2222')).not.toBeInTheDocument());
    expect(screen.getByText('**** **** **** 1111')).toBeInTheDocument();
  });
});

describe('/addUsdtCard', () => {
  it('checks address then pay password, binds with bank USDT and the protocol, then opens /wallet?type=1', async () => {
    const user = setup();
    signIn();
    const fetch = mockApi({ '/api/bindcard': () => ok(null, MSG.bindOk) });
    renderPage(<AddUsdtCardPage />, { route: '/addUsdtCard' });
    const protocols = screen.getByRole('radiogroup', { name: '钱包协议' });
    expect(within(protocols).getByRole('radio', { name: 'TRC20' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('link', { name: /TRC20 与 ERC20/ })).toHaveAttribute('href', '/usdtmore');

    await tapExpectingToast(user, screen.getByRole('button', { name: '确认绑定' }), MSG.usdtAddressRequired);
    await user.type(screen.getByLabelText('USDT地址'), '0x52908400098527886E0F7030069857D2E4169EE7');
    await tapExpectingToast(user, screen.getByRole('button', { name: '确认绑定' }), MSG.cardPayPassRequired);
    await user.click(within(protocols).getByRole('radio', { name: 'ERC20' }));
    await user.type(screen.getByLabelText('支付密码'), '123456');
    await user.click(screen.getByRole('button', { name: '确认绑定' }));
    expect(await findToast(MSG.bindOk)).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/bindcard')).toEqual([
      {
        bank: 'USDT',
        bank_owner: 'ERC20',
        bank_address: '',
        bank_no: '0x52908400098527886E0F7030069857D2E4169EE7',
        pay_pass: '123456',
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wallet?type=1'));
  });
});

describe('/addBankCard', () => {
  it('checks the fields in the order of docs/member-app.md "Bank card rules", picks the bank from banklist, binds and opens /wallet?type=2', async () => {
    const user = setup();
    signIn();
    const fetch = mockApi({
      '/api/banklist': () =>
        ok([
          { id: 1, bank_name: '中国工商银行' },
          { id: 2, bank_name: '中国银行' },
        ]),
      '/api/bindcard': () => ok(null, MSG.bindOk),
    });
    renderPage(<AddBankCardPage />, { route: '/addBankCard' });
    const submit = screen.getByRole('button', { name: '确认绑定' });
    const expectToast = async (message: string) => {
      await tapExpectingToast(user, submit, message);
    };

    // The cardholder starts as the registered real name; cleared, it is asked for first.
    expect(screen.getByLabelText('持卡人姓名')).toHaveValue('张三');
    await user.clear(screen.getByLabelText('持卡人姓名'));
    await expectToast(MSG.bankOwnerRequired);
    await user.type(screen.getByLabelText('持卡人姓名'), '张三');
    await expectToast(MSG.bankRequired);
    await user.click(screen.getByRole('button', { name: '开户银行：请选择' }));
    const sheet = await screen.findByRole('dialog', { name: '选择银行' });
    await user.click(await within(sheet).findByRole('button', { name: '中国银行' }));
    expect(await screen.findByRole('button', { name: '开户银行：中国银行' })).toBeInTheDocument();
    await expectToast(MSG.bankAddressRequired);
    await user.type(screen.getByLabelText('开户行地址'), '北京分行');
    await expectToast(MSG.bankNoRequired);
    await user.type(screen.getByLabelText('银行卡号'), '6217');
    await expectToast(MSG.cardPayPassRequired);
    await user.type(screen.getByLabelText('支付密码'), '123');
    await expectToast(MSG.bankNoLength);
    await user.type(screen.getByLabelText('银行卡号'), '00001111');
    await expectToast(MSG.cardPayPassLength);
    await user.type(screen.getByLabelText('支付密码'), '456');
    await user.click(submit);
    expect(await findToast(MSG.bindOk)).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/bindcard')).toEqual([
      { bank: '中国银行', bank_owner: '张三', bank_address: '北京分行', bank_no: '621700001111', pay_pass: '123456' },
    ]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wallet?type=2'));
  });
});

describe('binding begun from 取款', () => {
  async function bindBankCard(state: unknown) {
    const user = setup();
    signIn();
    mockApi({
      '/api/banklist': () => ok([{ id: 2, bank_name: '中国银行' }]),
      '/api/bindcard': () => ok(null, MSG.bindOk),
    });
    renderPage(<AddBankCardPage />, { route: '/addBankCard', state });
    await user.click(screen.getByRole('button', { name: '开户银行：请选择' }));
    await user.click(
      await within(await screen.findByRole('dialog', { name: '选择银行' })).findByRole('button', { name: '中国银行' }),
    );
    await user.type(screen.getByLabelText('开户行地址'), '北京分行');
    await user.type(screen.getByLabelText('银行卡号'), '621700001111');
    await user.type(screen.getByLabelText('支付密码'), '123456');
    await user.click(screen.getByRole('button', { name: '确认绑定' }));
    expect(await findToast(MSG.bindOk)).toBeInTheDocument();
  }

  it('returns to the withdrawal tab it began on', async () => {
    await bindBankCard({ returnTo: '/withdrawal?type=2' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/withdrawal?type=2'));
  });

  it('goes to the card list when the link named no screen of ours to return to', async () => {
    await bindBankCard({ returnTo: 'https://elsewhere.example/withdrawal' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wallet?type=2'));
  });

  it('keeps a cardholder name the member typed instead of the real name', async () => {
    const user = setup();
    signIn({ realname: '李四' });
    mockApi({ '/api/banklist': () => ok([]) });
    renderPage(<AddBankCardPage />, { route: '/addBankCard' });
    const owner = screen.getByLabelText('持卡人姓名');
    expect(owner).toHaveValue('李四');
    await user.type(owner, '五');
    expect(owner).toHaveValue('李四五');
  });
});
