import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@h5/contract';
import { describe, expect, it } from 'vitest';
import { deposit } from '../../test/fixtures';
import {
  fail,
  me,
  mockApi as mockAnyApi,
  ok,
  page,
  queueUntilDecided,
  renderScreen,
  signInAs,
} from '../../test/render';
import { refuseWithoutReason, refuseWithReason } from '../../test/review';
import DepositsPage from './deposits-page';

const row = (target: string | HTMLElement) =>
  (typeof target === 'string' ? screen.getByText(target) : target).closest('tr') as HTMLElement;

/** A deposit paid through a gateway: no depositor's bank details. */
const gatewayDeposit = (over: Record<string, unknown> = {}) =>
  deposit({
    pay_way: 'wechat',
    gateway: 'sandbox',
    depositor_name: '',
    depositor_bank: '',
    depositor_bank_no: '',
    ...over,
  });

/** Approves D202611250001, naming the ICBC account (see accounts) and the payer's reference HX1. */
async function approveFirstToIcbc() {
  await userEvent.click(within(row(await screen.findByText('D202611250001'))).getByRole('button', { name: '通过' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('combobox'));
  await userEvent.click(await screen.findByTitle('中国工商银行 深圳星河 6222021200045678123'));
  await userEvent.type(within(dialog).getByLabelText('付款流水号 / 付款人'), 'HX1');
  await userEvent.click(within(dialog).getByRole('button', { name: '确认通过' }));
}

/** The screen also lists late payments below the queue: none unless a test says otherwise. */
const mockApi = (handlers: Parameters<typeof mockAnyApi>[0]) =>
  mockAnyApi({ 'GET /admin/api/late-payments': () => ok(page([])), ...handlers });
/** antd's dialogs carry no accessible name under test: the one showing a text. */
async function dialogWith(text: string): Promise<HTMLElement> {
  const found = (await screen.findAllByText(text))
    .map((el) => el.closest<HTMLElement>('[role="dialog"]'))
    .find(Boolean);
  if (!found) throw new Error(`no dialog showing ${text}`);
  return found;
}
const queueCalls = (calls: ReturnType<typeof mockAnyApi>['calls']) =>
  calls.filter((c) => c.path === '/admin/api/deposits');

describe('存款审核', () => {
  it('lists pending deposits with member, amount, pay way, payer and time', async () => {
    signInAs('finance', 'cashier');
    const { calls } = mockApi({ 'GET /admin/api/deposits': () => ok(page([deposit()], 41)) });
    renderScreen(<DepositsPage />, { route: '/deposits' });
    const line = row(await screen.findByText('D202611250001'));
    expect(within(line).getByRole('link', { name: 'player01' })).toHaveAttribute('href', '/members/7');
    expect(within(line).getByText('500.00')).toBeInTheDocument();
    expect(within(line).getByText('银行卡转账')).toBeInTheDocument();
    expect(within(line).getByText('王五 / 中国银行 / 6222020200112233')).toBeInTheDocument();
    expect(within(line).getByText('2026-11-25 10:00:00')).toBeInTheDocument();
    expect(screen.getByText('共 41 条')).toBeInTheDocument();
    expect(queueCalls(calls)[0]?.query.get('state')).toBe('1');
    expect(queueCalls(calls)[0]?.query.get('page')).toBe('1');
  });

  it('pages through the paginator and keeps the page in the address', async () => {
    signInAs('finance');
    const { calls } = mockApi({
      'GET /admin/api/deposits': (call) =>
        ok(page([deposit({ deposit_no: `D-page-${call.query.get('page')}` })], 41, Number(call.query.get('page')))),
    });
    renderScreen(<DepositsPage />, { route: '/deposits' });
    await screen.findByText('D-page-1');
    await userEvent.click(screen.getByRole('listitem', { name: '3' }));
    expect(await screen.findByText('D-page-3')).toBeInTheDocument();
    expect(queueCalls(calls).at(-1)?.query.get('page')).toBe('3');
    expect(screen.getByTestId('location')).toHaveTextContent('/deposits?page=3');
  });

  const accounts = [
    {
      id: 11,
      channel: 'bank',
      bank_name: '中国工商银行',
      bank_no: '6222021200045678123',
      bank_owner: '深圳星河',
      bank_address: '',
      mch_id: '',
      content: '',
      payimg: '',
      enabled: 1,
      sort: 1,
    },
    {
      id: 12,
      channel: 'bank',
      bank_name: '招商银行',
      bank_no: '6214830755261904',
      bank_owner: '深圳星河',
      bank_address: '',
      mch_id: '',
      content: '',
      payimg: '',
      enabled: 0,
      sort: 2,
    },
    {
      id: 21,
      channel: 'wechat',
      bank_name: '',
      bank_no: '',
      bank_owner: '',
      bank_address: '',
      mch_id: 'xinghe_pay_wx01',
      content: '',
      payimg: '',
      enabled: 1,
      sort: 1,
    },
  ];

  it("approves with the receiving account the money reached and the payer's reference, then refreshes the queue", async () => {
    signInAs('finance');
    const { calls } = mockApi({
      ...queueUntilDecided(
        'GET /admin/api/deposits',
        deposit(),
        'POST /admin/api/deposits/D202611250001/approve',
        ok(deposit({ state: 2, reviewed_by: 'cashier' })),
      ),
      '/admin/api/me': () => ok(me({ id: 2, role: 'finance', username: 'cashier' })),
      'GET /admin/api/receiving-accounts': () => ok(accounts),
    });
    renderScreen(<DepositsPage />, { route: '/deposits' });
    await userEvent.click(within(row(await screen.findByText('D202611250001'))).getByRole('button', { name: '通过' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确认通过该存款？');
    expect(within(dialog).getByText('500.00 元')).toBeInTheDocument();
    // Both are asked for before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: '确认通过' }));
    expect(await within(dialog).findByText(MSG.depositReceivingAccountRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.depositPayerReferenceRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // Only the accounts of the deposit's channel are offered (a bank transfer: the bank accounts).
    await userEvent.click(within(dialog).getByRole('combobox'));
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toEqual([
      '中国工商银行 深圳星河 6222021200045678123',
      '招商银行 深圳星河 6214830755261904（已停用）',
    ]);
    await userEvent.click(await screen.findByTitle('中国工商银行 深圳星河 6222021200045678123'));
    await userEvent.type(within(dialog).getByLabelText('付款流水号 / 付款人'), ' 王五 HX20261125 ');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认通过' }));
    expect(await screen.findByText('已通过，金额已入会员中心钱包')).toBeInTheDocument();
    expect(await screen.findByText('暂无待审核的存款')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      note: '',
      receiving_account_id: 11,
      payer_reference: '王五 HX20261125',
    });
  });

  it('shows a first approval waiting for a second operator, and the second confirms what the first recorded', async () => {
    signInAs('finance');
    const first = deposit({ amount: '8000.00', needs_second_review: true });
    const waiting = deposit({
      id: 2,
      deposit_no: 'D202611250002',
      amount: '9000.00',
      needs_second_review: true,
      first_reviewer_id: 5,
      first_reviewed_by: 'teller',
      receiving_account_id: 11,
      receiving_account: '中国工商银行 深圳星河 6222021200045678123',
      payer_reference: 'HX9000',
    });
    const mine = deposit({
      id: 3,
      deposit_no: 'D202611250003',
      first_reviewer_id: 2,
      first_reviewed_by: 'cashier',
      payer_reference: 'HX3',
      receiving_account: '招商银行',
    });
    const gateway = gatewayDeposit({ id: 4, deposit_no: 'D202611250004' });
    const { calls } = mockApi({
      '/admin/api/me': () => ok(me({ id: 2, role: 'finance', username: 'cashier' })),
      'GET /admin/api/deposits': () => ok(page([first, waiting, mine, gateway])),
      'GET /admin/api/receiving-accounts': () => ok(accounts),
      'POST /admin/api/deposits/D202611250002/approve': () =>
        ok(deposit({ ...waiting, state: 2, reviewed_by: 'cashier' }), '操作成功'),
    });
    renderScreen(<DepositsPage />, { route: '/deposits' });
    const big = row(await screen.findByText('D202611250001'));
    expect(within(big).getByText('大额需复核')).toBeInTheDocument();
    const second = row('D202611250002');
    expect(within(second).getByText('待复核（初审 teller）')).toBeInTheDocument();
    expect(within(second).getByText('中国工商银行 深圳星河 6222021200045678123 / HX9000')).toBeInTheDocument();
    // The first reviewer cannot approve again; a gateway deposit is the gateway's to credit (reject stays).
    expect(within(row('D202611250003')).getByRole('button', { name: '通过' })).toBeDisabled();
    expect(within(row('D202611250004')).queryByRole('button', { name: '通过' })).not.toBeInTheDocument();
    expect(within(row('D202611250004')).getByRole('button', { name: '拒绝' })).toBeEnabled();
    expect(within(row('D202611250004')).getByText('待支付通道入账')).toBeInTheDocument();

    await userEvent.click(within(big).getByRole('button', { name: '通过' }));
    const firstDialog = await screen.findByRole('dialog');
    expect(
      within(firstDialog).getByText('金额超过大额复核线：本次为初审，需另一位操作员复核后才入账。'),
    ).toBeInTheDocument();
    await userEvent.click(within(firstDialog).getByRole('button', { name: '取消' }));

    await userEvent.click(within(second).getByRole('button', { name: '复核通过' }));
    const dialog = await dialogWith('复核通过该存款？');
    expect(dialog).toHaveTextContent(
      '初审：teller；收款账户：中国工商银行 深圳星河 6222021200045678123；付款流水：HX9000。本次为复核，通过后入账。',
    );
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确认复核通过' }));
    expect(await screen.findByText('已通过，金额已入会员中心钱包')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/admin/api/deposits/D202611250002/approve', { note: '' }],
    ]);
  });

  it("shows the server's word when an approval waits for a second operator", async () => {
    signInAs('finance');
    mockApi({
      '/admin/api/me': () => ok(me({ id: 2, role: 'finance', username: 'cashier' })),
      'GET /admin/api/deposits': () => ok(page([deposit()])),
      'GET /admin/api/receiving-accounts': () => ok(accounts),
      'POST /admin/api/deposits/D202611250001/approve': () =>
        ok(deposit({ first_reviewed_by: 'cashier', first_reviewer_id: 2 }), MSG.dailyTotalPending),
    });
    renderScreen(<DepositsPage />, { route: '/deposits' });
    await approveFirstToIcbc();
    expect(await screen.findByText(MSG.dailyTotalPending)).toBeInTheDocument();
  });

  it('rejects only with a reason', async () => {
    signInAs('finance');
    const { calls } = mockApi({
      'GET /admin/api/deposits': () => ok(page([deposit()])),
      'POST /admin/api/deposits/D202611250001/reject': () => ok(deposit({ state: 3, note: '款项未到账' })),
    });
    renderScreen(<DepositsPage />, { route: '/deposits' });
    await userEvent.click(within(row(await screen.findByText('D202611250001'))).getByRole('button', { name: '拒绝' }));
    // (antd's ids are fixed under test, so dialogs are found by role and checked by text)
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('拒绝存款');
    await refuseWithoutReason(dialog, calls);
    await refuseWithReason(dialog, '款项未到账', calls);
  });

  it('shows why a decision failed (someone else was first) and refreshes the queue', async () => {
    signInAs('finance');
    let lists = 0;
    mockApi({
      'GET /admin/api/deposits': () => {
        lists += 1;
        return ok(page([deposit()]));
      },
      'GET /admin/api/receiving-accounts': () => ok(accounts),
      'POST /admin/api/deposits/D202611250001/approve': () => fail(409, '该订单已处理，请勿重复操作'),
    });
    renderScreen(<DepositsPage />, { route: '/deposits' });
    await approveFirstToIcbc();
    expect(await screen.findByText('该订单已处理，请勿重复操作')).toBeInTheDocument();
    await waitFor(() => expect(lists).toBeGreaterThan(1));
  });

  it('filters by state and dates through the address', async () => {
    signInAs('finance');
    const { calls } = mockApi({ 'GET /admin/api/deposits': () => ok(page([])) });
    renderScreen(<DepositsPage />, { route: '/deposits?state=all&from=2026-11-01&to=2026-11-25' });
    expect(await screen.findByText('没有符合条件的存款')).toBeInTheDocument();
    expect(queueCalls(calls)[0]?.query.has('state')).toBe(false);
    expect(queueCalls(calls)[0]?.query.get('from')).toBe('2026-11-01');
    expect(queueCalls(calls)[0]?.query.get('to')).toBe('2026-11-25');
  });

  it('asks the gateway about a gateway deposit (查单) after a confirm, and shows its answer', async () => {
    signInAs('finance');
    const { calls } = mockApi({
      'GET /admin/api/deposits': () => ok(page([gatewayDeposit(), deposit({ id: 2, deposit_no: 'D202611250002' })])),
      'POST /admin/api/deposits/D202611250001/query': () =>
        ok(
          {
            deposit: gatewayDeposit({ state: 2 }),
            answer: {
              found: true,
              paid: true,
              trade_no: 'T9001',
              money: '500.00',
              order_no: 'D202611250001',
              merchant_id: '1001',
            },
            outcome: 'credited',
          },
          '支付通道确认已支付，存款已入账',
        ),
    });
    renderScreen(<DepositsPage />, { route: '/deposits' });
    const line = row(await screen.findByText('D202611250001'));
    expect(
      within(row(screen.getByText('D202611250002'))).queryByRole('button', { name: '查单' }),
    ).not.toBeInTheDocument();
    await userEvent.click(within(line).getByRole('button', { name: '查单' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('向支付通道查询该订单？');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: '查单' }));
    const answer = await dialogWith('查单：D202611250001');
    expect(answer).toHaveTextContent('已支付');
    expect(answer).toHaveTextContent('500.00 元');
    expect(answer).toHaveTextContent('T9001');
    expect(answer).toHaveTextContent('支付通道确认已支付，存款已入账');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/admin/api/deposits/D202611250001/query',
    ]);
  });

  it('lists late payments and credits one after a confirm, or refuses one only with a reason', async () => {
    signInAs('finance');
    const late = {
      id: 5,
      deposit_no: 'D202611250009',
      member_id: 7,
      username: 'player01',
      pay_way: 'wechat',
      amount: '188.80',
      gateway: 'sandbox',
      trade_no: 'T777',
      source: 'notify',
      closed_as: 'expired',
      state: 1,
      note: '',
      decided_by: '',
      decided_at: null,
      deposit_created_at: '2026-11-25 09:00:00',
      created_at: '2026-11-25 10:05:00',
    };
    const { calls } = mockApi({
      'GET /admin/api/deposits': () => ok(page([])),
      ...queueUntilDecided(
        'GET /admin/api/late-payments',
        late,
        'POST /admin/api/late-payments/5/approve',
        ok({ ...late, state: 2, decided_by: 'cashier' }, '已确认入账，金额已入会员中心钱包'),
      ),
    });
    renderScreen(<DepositsPage />, { route: '/deposits' });
    const section = await screen.findByRole('region', { name: '逾期到账' });
    const line = row(await within(section).findByText('D202611250009'));
    expect(within(line).getByText('订单已过期')).toBeInTheDocument();
    expect(within(line).getByText('188.80')).toBeInTheDocument();

    await userEvent.click(within(line).getByRole('button', { name: '拒绝' }));
    const reason = await screen.findByRole('dialog');
    await refuseWithoutReason(reason, calls);
    await userEvent.click(within(reason).getByRole('button', { name: '取消' }));

    await userEvent.click(within(line).getByRole('button', { name: '通过' }));
    const dialog = await dialogWith('确认通过该逾期到账？');
    expect(dialog).toHaveTextContent('188.80 元');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: '确认通过' }));
    expect(await screen.findByText('已确认入账，金额已入会员中心钱包')).toBeInTheDocument();
    expect(await within(section).findByText('暂无待确认的逾期到账')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/admin/api/late-payments/5/approve']);
  });
});
