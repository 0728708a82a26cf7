import { MSG } from '@h5/contract/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage, USER } from '../../shared/test/render';
import { findToast, tapExpectingToast } from '../../shared/test/toast';
import { bodiesOf, card, headersOf, signIn, usdtCard } from './test-fixtures';
import { usdtFee, WithdrawalPage } from './withdrawal-page';

const setup = () => userEvent.setup({ pointerEventsCheck: 0 });
// withdrawcashfee is the ERC20 fee, withdrawfeeusdttrc the TRC20 fee (docs/wire-rules.md "Wire details": the names are crossed).
const MEMBER = { ...USER, withdrawusdtrate: '7.1', withdrawcashfee: '5.00', withdrawfeeusdttrc: '1.00' };
const VENUES = [
  { name: '星河真人', platname: 'XHZR', balance: '100.00' },
  { name: '极速体育', platname: 'JSTY', balance: '20.50' },
];

function api(extra: Record<string, (body: unknown) => { code: number; message: string; data: unknown }> = {}) {
  return mockApi({
    '/api/user': () => ok(MEMBER),
    '/api/balance': () => ok({ balance: '2000.00' }),
    '/api/balancelist': () => ok(VENUES),
    '/api/getBetAmount': () => ok({ bet_amount: '350.00' }),
    '/api/getcard': (body) =>
      ok(
        (body as { type: number }).type === 2
          ? [usdtCard(11, 'TRC20', 'Ab12'), usdtCard(12, 'ERC20', 'Cd34')]
          : [card(21), card(22)],
      ),
    '/api/withdraw': () => ok({ order_no: 'W20250102120000000001' }, MSG.submittedForReview),
    ...extra,
  });
}

/** Opens `route` as the signed-in member, with the API above. */
function openWithdrawal(route: string) {
  signIn(MEMBER);
  const fetch = api();
  renderPage(<WithdrawalPage />, { route });
  return fetch;
}

describe('usdtFee', () => {
  it('takes withdrawcashfee for ERC20 and withdrawfeeusdttrc for TRC20', () => {
    expect(usdtFee(MEMBER, 'ERC20')).toBe('5.00');
    expect(usdtFee(MEMBER, 'TRC20')).toBe('1.00');
  });
});

describe('/withdrawal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the central balance, the venue total and the turnover', async () => {
    openWithdrawal('/withdrawal');
    await waitFor(() => expect(screen.getByLabelText('中心钱包余额')).toHaveTextContent('2000.00'));
    await waitFor(() => expect(screen.getByLabelText('场馆余额合计')).toHaveTextContent('120.50'));
    await waitFor(() => expect(screen.getByLabelText('提现还需打码量')).toHaveTextContent('350.00'));
  });

  it('checks in order: address, minimum 100, pay password; then submits once with a key and goes to the records', async () => {
    const user = setup();
    const fetch = openWithdrawal('/withdrawal');
    await screen.findByRole('radio', { name: 'USDT-TRC20 尾号Ab12' });
    const submit = screen.getByRole('button', { name: '立即取款' });

    await user.type(screen.getByLabelText('取款金额'), '50');
    await tapExpectingToast(user, submit, MSG.withdrawUsdtRequired);

    await user.click(screen.getByRole('radio', { name: 'USDT-TRC20 尾号Ab12' }));
    await tapExpectingToast(user, submit, MSG.withdrawBelowMin);

    await user.clear(screen.getByLabelText('取款金额'));
    await user.type(screen.getByLabelText('取款金额'), '710');
    await tapExpectingToast(user, submit, MSG.withdrawPasswordRequired);
    expect(bodiesOf(fetch, '/api/withdraw')).toEqual([]);

    await user.type(screen.getByLabelText('支付密码'), '123456');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await user.click(submit);
    expect(await findToast(MSG.submittedForReview)).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/withdraw')).toEqual([{ amount: '710', bank: 11, password: '123456' }]);
    expect(headersOf(fetch, '/api/withdraw', 'Idempotency-Key')[0]).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(screen.getByTestId('location')).toHaveTextContent('/withdrawal');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/transRecord?type=2'));
  });

  it('asks for a bank card on the bank tab', async () => {
    const user = setup();
    const fetch = openWithdrawal('/withdrawal?type=2');
    expect(await screen.findByRole('tab', { name: '银行卡' })).toHaveAttribute('aria-selected', 'true');
    const cards = await screen.findByRole('radiogroup', { name: '选择银行卡' });
    expect(within(cards).getAllByRole('radio')).toHaveLength(2);
    // Both kinds are read (the tab to open without a ?type is the kind the member has a card of).
    expect(bodiesOf(fetch, '/api/getcard')).toEqual(expect.arrayContaining([{ type: 1 }, { type: 2 }]));
    await user.type(screen.getByLabelText('取款金额'), '500');
    await user.click(screen.getByRole('button', { name: '立即取款' }));
    expect(await findToast(MSG.withdrawBankCardRequired)).toBeInTheDocument();
    expect(screen.queryByLabelText('预计到账USDT')).not.toBeInTheDocument();
  });

  it('converts the amount to USDT: floored at the withdrawal rate, minus the fee of the protocol', async () => {
    const user = setup();
    openWithdrawal('/withdrawal?type=1');
    await screen.findByRole('radio', { name: 'USDT-TRC20 尾号Ab12' });
    await user.type(screen.getByLabelText('取款金额'), '1000');
    // 1000 / 7.1 = 140.845... -> 140.84, minus the TRC20 fee 1.00
    expect(screen.getByLabelText('预计到账USDT')).toHaveTextContent('139.84');
    await user.click(screen.getByRole('radio', { name: 'USDT-ERC20 尾号Cd34' }));
    // minus the ERC20 fee 5.00
    expect(screen.getByLabelText('预计到账USDT')).toHaveTextContent('135.84');
    await user.clear(screen.getByLabelText('取款金额'));
    await user.type(screen.getByLabelText('取款金额'), '710');
    expect(screen.getByLabelText('预计到账USDT')).toHaveTextContent('95.00');
  });

  it('polls the venue balances every 3.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = openWithdrawal('/withdrawal');
    const polls = () => fetch.mock.calls.filter(([url]) => url === '/api/balancelist').length;
    await waitFor(() => expect(polls()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(3400));
    expect(polls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(polls()).toBe(2));
  });

  describe('a member with one bank card and no USDT address', () => {
    function openOneCard(route = '/withdrawal') {
      signIn(MEMBER);
      const fetch = api({
        '/api/getcard': (body) => ok((body as { type: number }).type === 1 ? [card(21)] : []),
      });
      renderPage(<WithdrawalPage />, { route });
      return fetch;
    }

    it('opens the bank card tab with the card chosen, ready to submit', async () => {
      const user = setup();
      const fetch = openOneCard();
      expect(await screen.findByRole('tab', { name: '银行卡' })).toHaveAttribute('aria-selected', 'true');
      const only = await screen.findByRole('radio', { name: '中国银行 尾号1021' });
      expect(only).toHaveAttribute('aria-checked', 'true');
      await user.type(screen.getByLabelText('取款金额'), '500');
      await user.type(screen.getByLabelText('支付密码'), '123456');
      await user.click(screen.getByRole('button', { name: '立即取款' }));
      await waitFor(() =>
        expect(bodiesOf(fetch, '/api/withdraw')).toEqual([{ amount: '500', bank: 21, password: '123456' }]),
      );
    });

    it('still opens the tab the address names', async () => {
      openOneCard('/withdrawal?type=1');
      expect(await screen.findByRole('tab', { name: 'USDT' })).toHaveAttribute('aria-selected', 'true');
      expect(await screen.findByText('您还没有绑定USDT地址')).toBeInTheDocument();
    });
  });

  it('opens the USDT tab for a member with cards of both kinds, and chooses none of several', async () => {
    openWithdrawal('/withdrawal');
    expect(await screen.findByRole('tab', { name: 'USDT' })).toHaveAttribute('aria-selected', 'true');
    const radios = within(await screen.findByRole('radiogroup', { name: '选择USDT地址' })).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-checked'))).toEqual(['false', 'false']);
  });

  it('says when recent bets count toward the turnover', async () => {
    openWithdrawal('/withdrawal');
    expect(await screen.findByText(/约1分钟后计入打码量/)).toBeInTheDocument();
  });

  it('sends binding begun here back to this tab', async () => {
    const user = setup();
    openWithdrawal('/withdrawal?type=2');
    await user.click(await screen.findByRole('link', { name: '+ 添加银行卡' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/addBankCard'));
  });
});
