import { MSG } from '@h5/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../shared/session/session-store';
import { DEFAULT_SITE_INFO } from '../../shared/site/use-site-info';
import { mockApi, ok, renderPage, USER } from '../../shared/test/render';
import { findToast } from '../../shared/test/toast';
import { HongbaoPage } from './hongbao-page';

const RULES = [
  { start_time: '10:00', end_time: '11:00', day_flow: '100.00', flow_money: '999.00', recharge: 1, money: '5.00' },
  { start_time: '10:00', end_time: '12:00', day_flow: '1000.00', flow_money: '99999.00', recharge: 3, money: '8.00' },
];

const info = (sendnums: number, acquirednum = 0) => ok({ sendnums, acquirednum, max_times: 3, rules: RULES });
const site = (redpacket_switch: 0 | 1) => () => ok({ ...DEFAULT_SITE_INFO, redpacket_switch });

const setup = () => userEvent.setup({ pointerEventsCheck: 0 });
const grabCalls = (fetch: { mock: { calls: unknown[][] } }) =>
  fetch.mock.calls.filter(([url]) => url === '/api/douserredpacket');

beforeEach(() => {
  useSessionStore.getState().setToken('tok');
  useSessionStore.getState().setUserInfo(USER as never);
  // 11:00 Beijing time, inside the 10:00-12:00 window; only Date is faked, timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-01-02T03:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

async function grabButton() {
  const button = await screen.findByRole('button', { name: '抢红包' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('/hongbao', () => {
  it('shows the rules, the claims left and taken today', async () => {
    mockApi({ '/api/app': site(1), '/api/userredpacket': () => info(2, 1) });
    renderPage(<HongbaoPage />, { route: '/hongbao' });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[2]!).getByText('10:00-12:00')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('1000.00-99999.00')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('3次')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('存款的8%')).toBeInTheDocument();
    expect(screen.getByText('剩余次数').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('今日已领').nextElementSibling).toHaveTextContent('1');
    expect(screen.getByText(/每日北京时间10:00-12:00/)).toBeInTheDocument();
  });

  it('with no claims left shows 您暂未达到领取条件，快去完成吧！ with the deposit shortcut, and makes no call', async () => {
    const user = setup();
    const fetch = mockApi({ '/api/app': site(1), '/api/userredpacket': () => info(0) });
    renderPage(<HongbaoPage />, { route: '/hongbao' });
    await user.click(await grabButton());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('您暂未达到领取条件，快去完成吧！')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(grabCalls(fetch)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '去存款' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wallet?type=0'));
  });

  it('says 您暂未达到领取条件 before the time window: no claims left outside it is still that rule', async () => {
    vi.setSystemTime(new Date('2025-01-02T01:00:00Z')); // 09:00 Beijing, before the window
    const user = setup();
    const fetch = mockApi({ '/api/app': site(1), '/api/userredpacket': () => info(0) });
    renderPage(<HongbaoPage />, { route: '/hongbao' });
    await user.click(await grabButton());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.redpacketNotEligible)).toBeInTheDocument();
    expect(within(dialog).queryByText(MSG.redpacketNotStarted)).not.toBeInTheDocument();
    expect(grabCalls(fetch)).toHaveLength(0);
  });

  it('shows the amount won in a dialog', async () => {
    const user = setup();
    const fetch = mockApi({
      '/api/app': site(1),
      '/api/userredpacket': () => info(1),
      '/api/douserredpacket': () => ok({ redpacketmoney: '8.88', sendnums: 0, acquirednum: 1 }, MSG.redpacketClaimed),
    });
    renderPage(<HongbaoPage />, { route: '/hongbao' });
    await user.click(await grabButton());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('8.88')).toBeInTheDocument();
    expect(within(dialog).getByText('恭喜您抢到红包')).toBeInTheDocument();
    expect(grabCalls(fetch)).toHaveLength(1);
  });

  it('shows a refusal in a dialog whose deposit shortcut leads to /wallet?type=0', async () => {
    const user = setup();
    mockApi({
      '/api/app': site(1),
      '/api/userredpacket': () => info(1),
      '/api/douserredpacket': () => ({ code: 202, message: MSG.noRedpacket, data: null }),
    });
    renderPage(<HongbaoPage />, { route: '/hongbao' });
    await user.click(await grabButton());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.noRedpacket)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '去存款' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wallet?type=0'));
  });

  it('shows 服务器异常，请稍后再试 when the network fails', async () => {
    const user = setup();
    mockApi({
      '/api/app': site(1),
      '/api/userredpacket': () => info(1),
      '/api/douserredpacket': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage(<HongbaoPage />, { route: '/hongbao' });
    await user.click(await grabButton());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.serverError)).toBeInTheDocument();
  });

  /** At `now`, outside every window, tapping 抢红包 says `message` without a call. */
  async function expectOutsideWindows(now: string, message: string) {
    vi.setSystemTime(new Date(now));
    const user = setup();
    const fetch = mockApi({ '/api/app': site(1), '/api/userredpacket': () => info(1) });
    renderPage(<HongbaoPage />, { route: '/hongbao' });
    await user.click(await grabButton());
    expect(within(await screen.findByRole('dialog')).getByText(message)).toBeInTheDocument();
    expect(grabCalls(fetch)).toHaveLength(0);
  }

  it('says the activity has not started before the first window, without a call', async () => {
    await expectOutsideWindows('2025-01-02T01:00:00Z', MSG.redpacketNotStarted); // 09:00 Beijing
  });

  it('says it has ended after the last window, without a call', async () => {
    // 12:00 Beijing: the end is exclusive
    await expectOutsideWindows('2025-01-02T04:00:00Z', MSG.redpacketEnded);
  });

  it('shows 红包已关闭 and offers no claim when the switch is off', async () => {
    const fetch = mockApi({ '/api/app': site(0), '/api/userredpacket': () => info(1) });
    renderPage(<HongbaoPage />, { route: '/hongbao' });
    expect(await findToast(MSG.redpacketClosed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.redpacketClosed })).toBeDisabled();
    expect(screen.queryByRole('button', { name: '抢红包' })).not.toBeInTheDocument();
    expect(grabCalls(fetch)).toHaveLength(0);
  });
});
