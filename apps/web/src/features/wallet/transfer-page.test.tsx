import { MSG } from '@h5/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage, USER } from '../../shared/test/render';
import { clearToasts, findToast, tapExpectingToast } from '../../shared/test/toast';
import { TransferPage } from './transfer-page';
import { bodiesOf, calledPaths, signIn, VENUES } from './test-fixtures';

const setup = () => userEvent.setup({ pointerEventsCheck: 0 });

async function pickWallet(user: ReturnType<typeof setup>, side: '转出钱包' | '转入钱包', name: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(`^${side}`) }));
  const sheet = await screen.findByRole('dialog', { name: side === '转出钱包' ? '选择转出钱包' : '选择转入钱包' });
  await user.click(within(sheet).getByRole('button', { name: new RegExp(`^${name}`) }));
  await waitFor(() => expect(screen.getByRole('button', { name: `${side}：${name}` })).toBeInTheDocument());
}

function headerOf(fetch: { mock: { calls: unknown[][] } }, path: string, header: string): (string | undefined)[] {
  return fetch.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => ((init as RequestInit).headers as Record<string, string>)[header]);
}

/**
 * Serves the page with a transfer that succeeds; `hold` keeps each transfer's answer until `release()` (taps then
 * land while the first request is in flight), `failFirst` fails the first transfer as a network failure would.
 */
function serveTransfer({ hold = false, failFirst = false } = {}) {
  let release: () => void = () => undefined;
  let failNext = failFirst;
  const fetch = mockApi({
    '/api/user': () => ok(USER),
    '/api/balancelist': () => ok(VENUES),
    '/api/transfer': () => ok({ balance: '1184.50' }, '转账成功'),
  });
  const answer = fetch.getMockImplementation()!;
  fetch.mockImplementation(async (input, init) => {
    if (input === '/api/transfer' && failNext) {
      failNext = false;
      throw new TypeError('Failed to fetch');
    }
    if (input === '/api/transfer' && hold) await new Promise<void>((resolve) => (release = resolve));
    return answer(input, init);
  });
  return { fetch, release: () => release() };
}

/** The member's central balance (1234.50) and venues, with `transfer` answering each /api/transfer. */
function walletsWithTransfer(transfer: Parameters<typeof mockApi>[0][string]) {
  return mockApi({
    '/api/user': () => ok(USER),
    '/api/balance': () => ok({ balance: '1234.50' }),
    '/api/balancelist': () => ok(VENUES),
    '/api/transfer': transfer,
  });
}

describe('/transfer manual form', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the messages in order: amount, venue to venue, then the server answer', async () => {
    const user = setup();
    signIn();
    const fetch = walletsWithTransfer((body) =>
      (body as { amount: string }).amount === '5000'
        ? { code: 210, message: '操作金额高于账户余额', data: null }
        : ok({ balance: '1184.50' }, '转账成功'),
    );
    renderPage(<TransferPage />, { route: '/transfer' });
    const form = await screen.findByRole('form', { name: '手动转账' });
    await waitFor(() => expect(screen.getByRole('button', { name: '转入钱包：星河真人' })).toBeInTheDocument());

    // 1. no amount
    await tapExpectingToast(user, within(form).getByRole('button', { name: '立即转账' }), MSG.transferAmountRequired);

    // 2. venue to venue
    await user.type(screen.getByLabelText('转账金额'), '50');
    await pickWallet(user, '转出钱包', '极速体育');
    await tapExpectingToast(user, within(form).getByRole('button', { name: '立即转账' }), MSG.venueTransferUnsupported);
    expect(calledPaths(fetch)).not.toContain('/api/transfer');

    // 3. central to venue: the server's message
    await pickWallet(user, '转出钱包', '中心钱包');
    await user.click(within(form).getByRole('button', { name: '立即转账' }));
    expect(await findToast('转账成功')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/transfer')).toEqual([{ amount: '50', sourcetype: 'userbalance', targettype: 'XHZR' }]);
    await waitFor(() => expect(screen.getByLabelText('转账金额')).toHaveValue(''));
    clearToasts();

    // 4. a refusal is the server's message too (the client's danger toast)
    await user.type(screen.getByLabelText('转账金额'), '5000');
    await user.click(within(form).getByRole('button', { name: '立即转账' }));
    expect(await findToast(MSG.amountAboveBalance)).toBeInTheDocument();
  });

  it('swaps the wallets and fills 全部 with the source balance', async () => {
    const user = setup();
    signIn();
    const fetch = walletsWithTransfer(() => ok({ balance: '1334.50' }, '转账成功'));
    renderPage(<TransferPage />, { route: '/transfer' });
    await screen.findByRole('button', { name: '转入钱包：星河真人' });
    await user.click(screen.getByRole('button', { name: '全部' }));
    await waitFor(() => expect(screen.getByLabelText('转账金额')).toHaveValue('1234.50'));

    await user.click(screen.getByRole('button', { name: '交换转出和转入钱包' }));
    expect(screen.getByRole('button', { name: '转出钱包：星河真人' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '转入钱包：中心钱包' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '全部' }));
    expect(screen.getByLabelText('转账金额')).toHaveValue('100.00');
    await user.click(screen.getByRole('button', { name: '立即转账' }));
    expect(await findToast('转账成功')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/transfer')).toEqual([
      { amount: '100.00', sourcetype: 'XHZR', targettype: 'userbalance' },
    ]);
  });

  it('sends one request for two submits in the same tick', async () => {
    signIn();
    const { fetch, release } = serveTransfer({ hold: true });
    renderPage(<TransferPage />, { route: '/transfer' });
    await screen.findByRole('button', { name: '转入钱包：星河真人' });
    fireEvent.change(screen.getByLabelText('转账金额'), { target: { value: '50' } });
    const form = screen.getByRole('form', { name: '手动转账' });
    act(() => {
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await waitFor(() => expect(calledPaths(fetch).filter((p) => p === '/api/transfer')).toHaveLength(1));
    act(() => release());
    expect(await findToast('转账成功')).toBeInTheDocument();
    expect(calledPaths(fetch).filter((p) => p === '/api/transfer')).toHaveLength(1);
  });

  it('sends one request with an idempotency key for a double tap, and a fresh key for the next transfer', async () => {
    const user = setup();
    signIn();
    // Hold the transfer answer so both taps land while the first request is in flight.
    const { fetch, release } = serveTransfer({ hold: true });
    renderPage(<TransferPage />, { route: '/transfer' });
    await screen.findByRole('button', { name: '转入钱包：星河真人' });
    await user.type(screen.getByLabelText('转账金额'), '50');
    const submit = screen.getByRole('button', { name: '立即转账' });
    await user.dblClick(submit);
    await user.click(submit);
    // Two submits in one tick (Enter pressed twice before React re-renders) bypass the disabled button.
    fireEvent.submit(screen.getByRole('form', { name: '手动转账' }));
    await waitFor(() => expect(calledPaths(fetch).filter((p) => p === '/api/transfer')).toHaveLength(1));
    await waitFor(() => expect(submit).toBeDisabled());
    act(() => release());
    expect(await findToast('转账成功')).toBeInTheDocument();
    expect(calledPaths(fetch).filter((p) => p === '/api/transfer')).toHaveLength(1);

    await user.type(screen.getByLabelText('转账金额'), '60');
    await waitFor(() => expect(submit).not.toBeDisabled());
    await user.click(submit);
    await waitFor(() => expect(calledPaths(fetch).filter((p) => p === '/api/transfer')).toHaveLength(2));
    act(() => release());
    const keys = headerOf(fetch, '/api/transfer', 'Idempotency-Key');
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(keys[1]).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('reuses the key when the same transfer is retried after a network failure', async () => {
    const user = setup();
    signIn();
    const { fetch } = serveTransfer({ failFirst: true });
    renderPage(<TransferPage />, { route: '/transfer' });
    await screen.findByRole('button', { name: '转入钱包：星河真人' });
    await user.type(screen.getByLabelText('转账金额'), '50');
    await user.click(screen.getByRole('button', { name: '立即转账' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '立即转账' })).not.toBeDisabled());
    await user.click(screen.getByRole('button', { name: '立即转账' }));
    expect(await findToast('转账成功')).toBeInTheDocument();
    const keys = headerOf(fetch, '/api/transfer', 'Idempotency-Key');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('polls the venue balances every 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const fetch = mockApi({ '/api/user': () => ok(USER), '/api/balancelist': () => ok(VENUES) });
    renderPage(<TransferPage />, { route: '/transfer' });
    const polls = () => calledPaths(fetch).filter((p) => p === '/api/balancelist').length;
    await waitFor(() => expect(polls()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(polls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(polls()).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => expect(polls()).toBe(3));
  });
});

/** A member whose auto-transfer switch starts at `status`; the server keeps what uptransferstatus sets. */
function switchStartingAt(initial: 0 | 1) {
  signIn({ transferstatus: initial });
  let status: number = initial;
  return mockApi({
    '/api/user': () => ok({ ...USER, transferstatus: status }),
    '/api/balancelist': () => ok(VENUES),
    '/api/uptransferstatus': (body) => {
      status = (body as { transferstatus: number }).transferstatus;
      return ok({ transferstatus: status }, '设置成功');
    },
  });
}

describe('/transfer auto-transfer switch', () => {
  it('turning it on calls uptransferstatus with 1, shows the message and hides the manual form', async () => {
    const user = setup();
    const fetch = switchStartingAt(0);
    renderPage(<TransferPage />, { route: '/transfer' });
    expect(await screen.findByRole('form', { name: '手动转账' })).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: '自动转换' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await user.click(toggle);
    expect(await findToast('设置成功')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/uptransferstatus')).toEqual([{ transferstatus: 1 }]);
    await waitFor(() => expect(screen.queryByRole('form', { name: '手动转账' })).not.toBeInTheDocument());
    expect(screen.getByRole('switch', { name: '自动转换' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText(/自动转换已开启/)).toBeInTheDocument();
  });

  it('turning it off calls uptransferstatus with 0 and brings the form back', async () => {
    const user = setup();
    const fetch = switchStartingAt(1);
    renderPage(<TransferPage />, { route: '/transfer' });
    expect(await screen.findByText(/自动转换已开启/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '手动转账' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: '自动转换' }));
    expect(await screen.findByRole('form', { name: '手动转账' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/uptransferstatus')).toEqual([{ transferstatus: 0 }]);
  });
});

describe('/transfer auto-transfer switch by keyboard', () => {
  it('toggles with Space once focused', async () => {
    const user = setup();
    signIn({ transferstatus: 0 });
    const fetch = mockApi({
      '/api/user': () => ok(USER),
      '/api/balancelist': () => ok(VENUES),
      '/api/uptransferstatus': () => ok({ transferstatus: 1 }, '设置成功'),
    });
    renderPage(<TransferPage />, { route: '/transfer' });
    screen.getByRole('switch', { name: '自动转换' }).focus();
    await user.keyboard(' ');
    expect(await findToast('设置成功')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/uptransferstatus')).toEqual([{ transferstatus: 1 }]);
  });
});
