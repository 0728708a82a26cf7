import { MSG } from '@h5/contract/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '../../shared/test/render';
import { findToast } from '../../shared/test/toast';
import { formatCountdown, parseBeijingTime, paymentDeadline } from './countdown';
import { PayInfoPage } from './pay-info-page';
import { bodiesOf, signIn, stubClipboard } from './test-fixtures';

const DEPOSIT_NO = 'D20250102120000123456';
// 12:00:00 in Beijing is 04:00:00 UTC, whatever zone the test machine runs in.
const CREATED_AT = '2025-01-02 12:00:00';
const CREATED_UTC = Date.UTC(2025, 0, 2, 4, 0, 0);

const USDT_INFO = {
  deposit_no: DEPOSIT_NO,
  info: {
    amount: '1000.00',
    created_at: CREATED_AT,
    paytype: 'usdtpay',
    catepay: 'TRC20',
    usdtrate: '7.20',
    usdt_amount: '138.88',
    state: 1,
  },
  cardlist: [{ mch_id: 'TXk9wz3hVqS5gQ1mFjR8pB2nLc7dE4aY6u', content: 'TRC20', payimg: '/uploads/qr/trc20.png' }],
};

describe('parseBeijingTime', () => {
  it('reads the wire stamp as UTC+8, not as the local zone', () => {
    expect(parseBeijingTime(CREATED_AT)).toBe(CREATED_UTC);
    expect(parseBeijingTime('2025-01-01 03:30:15')).toBe(Date.UTC(2024, 11, 31, 19, 30, 15));
    expect(parseBeijingTime('not a time')).toBeNull();
    expect(paymentDeadline(CREATED_AT)).toBe(CREATED_UTC + 60 * 60_000);
  });

  it('formats the time left as MM:SS, never below 00:00', () => {
    expect(formatCountdown(60 * 60_000)).toBe('60:00');
    expect(formatCountdown(59 * 60_000 + 59_500)).toBe('60:00');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(-5000)).toBe('00:00');
  });
});

describe('/payInfo', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts 60 minutes down from the Beijing created_at and stops at 00:00', async () => {
    // Only the clock and the 1 s interval are faked: react-query and waitFor keep their real timeouts.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(CREATED_UTC + 10 * 60_000);
    signIn();
    const fetch = mockApi({ '/api/payinfo': () => ok(USDT_INFO, 'usdtpay') });
    renderPage(<PayInfoPage />, { route: `/payInfo?deposit_no=${DEPOSIT_NO}` });
    const clock = await screen.findByRole('timer', { name: '剩余支付时间' });
    expect(bodiesOf(fetch, '/api/payinfo')).toEqual([{ deposit_no: DEPOSIT_NO }]);
    expect(clock).toHaveTextContent('50:00');

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(clock).toHaveTextContent('49:59');
    await act(() => vi.advanceTimersByTimeAsync(49 * 60_000 + 58_000));
    expect(clock).toHaveTextContent('00:01');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(clock).toHaveTextContent('00:00');
    expect(screen.getByText('支付时间已结束')).toBeInTheDocument();
    // Stopped: no interval is left running, and later time changes nothing.
    expect(vi.getTimerCount()).toBe(0);
    vi.setSystemTime(CREATED_UTC + 3 * 60 * 60_000);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(clock).toHaveTextContent('00:00');
  });

  it('shows 00:00 at once for a deposit older than an hour', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(CREATED_UTC + 2 * 60 * 60_000);
    signIn();
    mockApi({ '/api/payinfo': () => ok(USDT_INFO, 'usdtpay') });
    renderPage(<PayInfoPage />, { route: `/payInfo?deposit_no=${DEPOSIT_NO}` });
    expect(await screen.findByRole('timer', { name: '剩余支付时间' })).toHaveTextContent('00:00');
  });

  it('shows the amount, pay type, address with copy, protocol and QR, with no payment link', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const copied = stubClipboard();
    signIn();
    mockApi({ '/api/payinfo': () => ok(USDT_INFO, 'usdtpay') });
    renderPage(<PayInfoPage />, { route: `/payInfo?deposit_no=${DEPOSIT_NO}` });
    expect(await screen.findByLabelText('存款金额')).toHaveTextContent('¥1000.00');
    expect(screen.getByTestId('pay-type')).toHaveTextContent('USDT-TRC20');
    expect(screen.getByLabelText('应付USDT')).toHaveTextContent('138.88');
    expect(screen.getByText('TXk9wz3hVqS5gQ1mFjR8pB2nLc7dE4aY6u')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '收款地址二维码' })).toHaveAttribute('src', '/uploads/qr/trc20.png');
    expect(screen.queryByRole('link', { name: '前往支付' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '复制收款地址' }));
    expect(await findToast(MSG.copied)).toBeInTheDocument();
    expect(copied).toEqual(['TXk9wz3hVqS5gQ1mFjR8pB2nLc7dE4aY6u']);
  });

  it('has no payment link when the answer gives none', async () => {
    signIn();
    mockApi({
      '/api/payinfo': () =>
        ok(
          {
            deposit_no: DEPOSIT_NO,
            info: { amount: '300.00', created_at: CREATED_AT, paytype: 'alipay' },
            cardlist: [{ mch_id: 'pay@example.com', content: '请备注订单号', payimg: '' }],
          },
          'alipay',
        ),
    });
    renderPage(<PayInfoPage />, { route: `/payInfo?deposit_no=${DEPOSIT_NO}` });
    expect(await screen.findByText('pay@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('pay-type')).toHaveTextContent('支付宝');
    expect(screen.getByRole('button', { name: '复制收款账号' })).toBeInTheDocument();
    expect(screen.getByText('请备注订单号')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: '前往支付' })).not.toBeInTheDocument());
  });

  it('sends a gateway deposit to the gateway with the signed request, and lists no account', async () => {
    signIn();
    const payUrl = 'https://pay.example.com/submit.php?pid=1001&out_trade_no=D1&money=300.00&sign=abc&sign_type=MD5';
    mockApi({
      '/api/payinfo': () =>
        ok(
          {
            deposit_no: DEPOSIT_NO,
            info: { amount: '300.00', created_at: CREATED_AT, paytype: 'wxpay', state: 1, pay_url: payUrl },
            cardlist: [],
          },
          'wxpay',
        ),
    });
    renderPage(<PayInfoPage />, { route: `/payInfo?deposit_no=${DEPOSIT_NO}` });
    expect(await screen.findByRole('link', { name: '前往支付' })).toHaveAttribute('href', payUrl);
    expect(screen.getByText('请点击下方“前往支付”，在支付页面完成付款，付款成功后自动到账。')).toBeInTheDocument();
    expect(screen.queryByText('暂无收款信息，请联系客服')).not.toBeInTheDocument();
    expect(screen.getByRole('timer', { name: '剩余支付时间' })).toBeInTheDocument();
  });

  it.each([
    [2, '已到账'],
    [3, '订单已关闭'],
  ])('shows a deposit in state %i as %s, with no countdown or link', async (state, label) => {
    signIn();
    mockApi({
      '/api/payinfo': () =>
        ok(
          {
            deposit_no: DEPOSIT_NO,
            info: { amount: '300.00', created_at: CREATED_AT, paytype: 'wxpay', state },
            cardlist: [],
          },
          'wxpay',
        ),
    });
    renderPage(<PayInfoPage />, { route: `/payInfo?deposit_no=${DEPOSIT_NO}` });
    expect(await screen.findByText(label)).toHaveAttribute('role', 'status');
    expect(screen.getByText('该订单已处理')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '前往支付' })).not.toBeInTheDocument();
    // Done: no call to pay before the countdown ends, and a next step instead.
    expect(screen.queryByText(/请在倒计时结束前完成支付/)).not.toBeInTheDocument();
    const next = screen.getByRole('navigation', { name: '下一步' });
    expect(within(next).getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    expect(within(next).getByRole('link', { name: '查看存款记录' })).toHaveAttribute('href', '/transRecord?type=1');
  });

  it('asks a visitor to sign in instead of loading forever, and makes no call', async () => {
    const fetch = mockApi({ '/api/payinfo': () => ok(USDT_INFO, 'usdtpay') });
    renderPage(<PayInfoPage />, { route: `/payInfo?deposit_no=${DEPOSIT_NO}` });
    const login = await screen.findByRole('link', { name: '前往登录' });
    expect(screen.getByText('登录后查看订单信息')).toBeInTheDocument();
    expect(login).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(`/payInfo?deposit_no=${DEPOSIT_NO}`)}`);
    expect(screen.queryByRole('status', { name: '加载中' })).not.toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/payinfo')).toEqual([]);
  });

  const gatewayInfo = (info: Record<string, unknown>) => ({
    deposit_no: DEPOSIT_NO,
    info: { amount: '300.00', created_at: CREATED_AT, paytype: 'wxpay', ...info },
    cardlist: [],
  });

  it('shows 已过期 with a way back to 存款 and no payment link once the server says the order expired', async () => {
    signIn();
    mockApi({ '/api/payinfo': () => ok(gatewayInfo({ state: 3, status: 'expired' }), 'wxpay') });
    renderPage(<PayInfoPage />, { route: `/payInfo?deposit_no=${DEPOSIT_NO}` });
    expect(await screen.findByText('已过期')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: '重新存款' })).toHaveAttribute('href', '/recharge');
    expect(screen.queryByRole('link', { name: '前往支付' })).not.toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('turns an open gateway order into 已过期 when its countdown runs out on screen', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(CREATED_UTC + 60 * 60_000 - 2000);
    signIn();
    const payUrl = 'https://pay.example.com/submit.php?out_trade_no=D1&sign=abc';
    mockApi({
      '/api/payinfo': () => ok(gatewayInfo({ state: 1, status: 'awaiting_payment', pay_url: payUrl }), 'wxpay'),
    });
    renderPage(<PayInfoPage />, { route: `/payInfo?deposit_no=${DEPOSIT_NO}` });
    expect(await screen.findByRole('timer', { name: '剩余支付时间' })).toHaveTextContent('00:02');
    expect(screen.getByRole('link', { name: '前往支付' })).toHaveAttribute('href', payUrl);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText('已过期')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('link', { name: '前往支付' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '重新存款' })).toBeInTheDocument();
  });

  it.each([
    ['已到账', 'credited', 2],
    ['到账审核中', 'late_review', 3],
    ['审核拒绝', 'rejected', 3],
  ])('shows %s for the status %s', async (label, status, state) => {
    signIn();
    mockApi({ '/api/payinfo': () => ok(gatewayInfo({ state, status }), 'wxpay') });
    renderPage(<PayInfoPage />, { route: `/payInfo?deposit_no=${DEPOSIT_NO}` });
    expect(await screen.findByText(label)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('link', { name: '重新存款' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '前往支付' })).not.toBeInTheDocument();
  });
});
