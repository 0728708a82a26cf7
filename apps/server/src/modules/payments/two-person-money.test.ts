import { BizCode, MSG, settingInvalidMessage } from '@h5/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminCall,
  credit,
  manualClock,
  memberId,
  operatorToken,
  registerMember,
  secondFinance,
  useOperators,
  useTestApp,
} from '../../../test/helper';
import {
  aloneTotals,
  auditLog,
  deposits,
  paymentGateways,
  payRanges,
  payWays,
  receivingAccounts,
  withdrawals,
} from '../../db/schema';
import { epaySign } from '../../providers/epay';
import { bankTransfer, paymentsKit } from './payments-test-kit';

// No one operator moves a large amount alone, neither at once nor a little at a time (docs/operators.md "Two-person lines",
// "Who may move money"), on a production install: no sandbox, pay ways without gateways unless one is connected.

const clock = manualClock(new Date('2026-06-01T04:00:00Z'));
const t = useTestApp({ clock, config: { sandbox: false } });
const ops = useOperators(t, { admin: 'admin', finance: 'finance', checker: 'finance' }, { each: true });
const kit = paymentsKit(t, () => ops.finance);

const forbidden = (message: string) => ({ code: BizCode.FORBIDDEN, message, data: null });
const bad = (message: string) => ({ code: BizCode.BAD_INPUT, message, data: null });

interface DepositRow {
  deposit_no: string;
  state: number;
  amount: string;
  receiving_account_id: number | null;
  receiving_account: string;
  payer_reference: string;
  first_reviewer_id: number | null;
  first_reviewed_by: string;
  reviewed_by: string;
}

const approveDeposit = (token: string, no: string, body: Record<string, unknown> = {}) =>
  adminCall<DepositRow>(t, token, 'POST', `/admin/api/deposits/${no}/approve`, body);
const depositRow = async (no: string) =>
  (await t.database.db.select().from(deposits).where(eq(deposits.depositNo, no)))[0];
const accountOf = async (channel: string) =>
  (
    await t.database.db
      .select()
      .from(receivingAccounts)
      .where(eq(receivingAccounts.channel, channel))
      .orderBy(receivingAccounts.id)
  )[0]!;
/** The id of an operator behind a token, as /me answers it. */
const idOf = async (token: string) =>
  (await adminCall<{ id: number; username: string }>(t, token, 'GET', '/admin/api/me')).data;

/** A bank transfer of `amount` by a new member (or the one given): its deposit number. */
async function bankDeposit(amount: string, member?: { token: string }) {
  const m = member ?? (await registerMember(t.app));
  const made = await kit.recharge(m.token, { ...bankTransfer(amount, '6214830000002222'), bank_owner: '李四' });
  expect(made.code).toBe(200);
  return { member: m, no: made.data.deposit_no };
}

/** What one kind's totals hold for an operator or a member, by day: `day: amount`. */
async function totalsOf(kind: string, scope: 'operator' | 'member', subjectId: number) {
  const rows = await t.database.db
    .select()
    .from(aloneTotals)
    .where(
      and(eq(aloneTotals.kind, kind as 'adjust'), eq(aloneTotals.scope, scope), eq(aloneTotals.subjectId, subjectId)),
    );
  return Object.fromEntries(rows.map((r) => [r.day, Number(r.amount).toFixed(2)]));
}

describe('a manual deposit approval', () => {
  it("cannot credit 5,000,000.00 on one finance operator's word: it needs evidence, and a second person above the line", async () => {
    // However the bank range got there (a pay way's range moved high), the member may open a deposit of 5,000,000.00.
    await t.database.db.update(payRanges).set({ maxPrice: '900000000.00' }).where(eq(payRanges.type, 'bank'));
    const { member, no } = await bankDeposit('5000000.00');
    const bank = await accountOf('bank');
    const wechat = await accountOf('wechat');

    expect(await approveDeposit(ops.finance, no)).toEqual(bad(MSG.depositReceivingAccountRequired));
    expect(await approveDeposit(ops.finance, no, { receiving_account_id: bank.id })).toEqual(
      bad(MSG.depositPayerReferenceRequired),
    );
    expect(await approveDeposit(ops.finance, no, { receiving_account_id: bank.id, payer_reference: '   ' })).toEqual(
      bad(MSG.depositPayerReferenceRequired),
    );
    expect(
      await approveDeposit(ops.finance, no, { receiving_account_id: wechat.id, payer_reference: 'HX0001' }),
    ).toEqual(bad(MSG.depositReceivingAccountInvalid));
    expect(await approveDeposit(ops.finance, no, { receiving_account_id: 999_999, payer_reference: 'HX0001' })).toEqual(
      bad(MSG.depositReceivingAccountInvalid),
    );
    expect(await approveDeposit(ops.finance, no, { receiving_account_id: 'x', payer_reference: 'HX0001' })).toEqual(
      bad(MSG.depositReceivingAccountRequired),
    );
    expect((await depositRow(no))?.payerReference).toBe('');

    const first = await approveDeposit(ops.finance, no, {
      receiving_account_id: bank.id,
      payer_reference: ' 李四 流水 HX20260601001 ',
      note: '已核对',
    });
    const maker = await idOf(ops.finance);
    expect(first).toMatchObject({
      code: 200,
      message: MSG.secondReviewPending,
      data: {
        state: 1,
        amount: '5000000.00',
        receiving_account_id: bank.id,
        receiving_account: `${bank.bankName} ${bank.bankOwner} ${bank.bankNo}`,
        payer_reference: '李四 流水 HX20260601001',
        first_reviewer_id: maker.id,
        first_reviewed_by: maker.username,
        reviewed_by: '',
      },
    });
    expect(await kit.balance(member.token)).toBe('0.00');
    // The queue says it waits for a second approval.
    const queue = await adminCall<{ data: Array<DepositRow & { needs_second_review: boolean }> }>(
      t,
      ops.checker,
      'GET',
      '/admin/api/deposits?state=1&pagesize=50',
    );
    expect(queue.data.data.find((d) => d.deposit_no === no)).toMatchObject({
      needs_second_review: true,
      first_reviewed_by: maker.username,
    });

    // The maker cannot be the second person; evidence sent again must be what the first recorded.
    expect(await approveDeposit(ops.finance, no)).toEqual(forbidden(MSG.secondReviewSameOperator));
    expect(await approveDeposit(ops.checker, no, { payer_reference: 'HX-other' })).toEqual(
      bad(MSG.depositEvidenceMismatch),
    );
    expect(await approveDeposit(ops.checker, no, { receiving_account_id: wechat.id })).toEqual(
      bad(MSG.depositEvidenceMismatch),
    );
    expect(await kit.balance(member.token)).toBe('0.00');

    const second = await approveDeposit(ops.checker, no, { receiving_account_id: bank.id });
    expect(second).toMatchObject({
      code: 200,
      message: MSG.ok,
      data: { state: 2, payer_reference: '李四 流水 HX20260601001', first_reviewed_by: maker.username },
    });
    expect(await kit.balance(member.token)).toBe('5000000.00');
    expect(await approveDeposit(ops.checker, no)).toEqual({
      code: BizCode.CONFLICT,
      message: MSG.alreadyProcessed,
      data: null,
    });

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `deposit:${no}`))
      .orderBy(auditLog.id);
    expect(audits.map((a) => [a.action, a.operatorId])).toEqual([
      ['deposit.first_approve', maker.id],
      ['deposit.approve', (await idOf(ops.checker)).id],
    ]);
    expect(JSON.parse(audits[0]!.after)).toMatchObject({
      amount: '5000000.00',
      receiving_account: `${bank.bankName} ${bank.bankOwner} ${bank.bankNo}`,
      payer_reference: '李四 流水 HX20260601001',
      line: '5000.00',
    });
    await kit.ledgerBalanced();
    await t.database.db.update(payRanges).set({ maxPrice: '50000.00' }).where(eq(payRanges.type, 'bank'));
  });

  it('credits at the line on one approval, and a cent above it waits for a second', async () => {
    const at = await bankDeposit('5000.00');
    const above = await bankDeposit('5000.01');
    const bank = await accountOf('bank');
    const desk = await operatorToken(t, 'finance');
    expect(await approveDeposit(desk, at.no, { receiving_account_id: bank.id, payer_reference: 'HX-A' })).toMatchObject(
      { code: 200, message: MSG.ok, data: { state: 2 } },
    );
    expect(await kit.balance(at.member.token)).toBe('5000.00');
    expect(
      await approveDeposit(desk, above.no, { receiving_account_id: bank.id, payer_reference: 'HX-B' }),
    ).toMatchObject({ code: 200, message: MSG.secondReviewPending, data: { state: 1 } });
    expect(await kit.balance(above.member.token)).toBe('0.00');
    // Rejecting a first-approved deposit moves nothing.
    expect(
      await adminCall(t, ops.checker, 'POST', `/admin/api/deposits/${above.no}/reject`, { note: '未到账' }),
    ).toMatchObject({ code: 200, data: { state: 3 } });
    expect(await kit.balance(above.member.token)).toBe('0.00');
  });
});

describe('a gateway deposit', () => {
  it("is credited only by its gateway: an operator's approval of an unpaid one is refused and changes nothing", async () => {
    const secret = 'gw-secret-0123456789';
    await t.database.db.insert(paymentGateways).values({
      code: 'epay_t',
      name: '测试通道',
      merchantId: '3003',
      secret,
      submitUrl: 'https://pay.example.test/submit.php',
    });
    await t.database.db.update(payWays).set({ gateway: 'epay_t' }).where(eq(payWays.code, 'alipay'));
    try {
      const m = await registerMember(t.app);
      const made = await kit.recharge(m.token, { paytype: 'alipay', amount: '3000' });
      const no = made.data.deposit_no;
      const before = await depositRow(no);
      expect(before?.gatewayCode).toBe('epay_t');
      const alipay = await accountOf('alipay');
      expect(
        await approveDeposit(ops.finance, no, { receiving_account_id: alipay.id, payer_reference: 'HX-fake' }),
      ).toEqual(forbidden(MSG.depositGatewayOnly));
      expect(await approveDeposit(ops.checker, no)).toEqual(forbidden(MSG.depositGatewayOnly));
      expect(await depositRow(no)).toEqual(before);
      expect(await kit.balance(m.token)).toBe('0.00');
      expect(
        await t.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.target, `deposit:${no}`)),
      ).toEqual([]);

      // The gateway's signed notify credits it.
      const params: Record<string, string> = {
        pid: '3003',
        trade_no: 'T3003001',
        out_trade_no: no,
        type: 'alipay',
        name: '账户充值',
        money: '3000.00',
        trade_status: 'TRADE_SUCCESS',
      };
      const notify = await t.app.inject({
        method: 'GET',
        url: `/api/pay/notify/epay_t?${new URLSearchParams({ ...params, sign: epaySign(params, secret), sign_type: 'MD5' })}`,
      });
      expect(notify.body).toBe('success');
      expect(await kit.balance(m.token)).toBe('3000.00');
      expect(await depositRow(no)).toMatchObject({
        state: 2,
        reviewedBy: 'epay_t',
        payerReference: '',
        receivingAccountId: null,
      });

      // Rejecting (closing) a gateway deposit stays an operator's.
      const other = await kit.recharge(m.token, { paytype: 'alipay', amount: '200' });
      expect(
        await adminCall(t, ops.finance, 'POST', `/admin/api/deposits/${other.data.deposit_no}/reject`, {
          note: '重复订单',
        }),
      ).toMatchObject({ code: 200, data: { state: 3 } });
    } finally {
      await t.database.db.update(payWays).set({ gateway: null }).where(eq(payWays.code, 'alipay'));
    }
  });
});

describe('the daily totals', () => {
  it("stop twenty adjustments of 1,000.00 sent at once to one member at the member's total (2,000.00)", async () => {
    const m = await registerMember(t.app);
    const id = await memberId(t, m.name);
    const maker = await operatorToken(t, 'finance');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        adminCall<{ pending: { state: number } | null }>(t, maker, 'POST', `/admin/api/members/${id}/adjust`, {
          amount: '1000',
          note: '补偿',
        }),
      ),
    );
    expect(answers.filter((a) => a.code === 200 && a.message === MSG.ok && a.data.pending === null)).toHaveLength(2);
    expect(
      answers.filter((a) => a.code === 200 && a.message === MSG.adjustDailyTotalPending && a.data.pending?.state === 1),
    ).toHaveLength(18);
    expect(await kit.balance(m.token)).toBe('2000.00');
    expect(await totalsOf('adjust', 'member', id)).toEqual({ '2026-06-01': '2000.00' });
    expect(await totalsOf('adjust', 'operator', (await idOf(maker)).id)).toEqual({ '2026-06-01': '2000.00' });
    // What waits is applied by a second person, and does not count as anyone's alone.
    const [request] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `member:${id}`), eq(auditLog.action, 'member.adjust_request')))
      .limit(1);
    expect(JSON.parse(request?.after ?? '{}').daily_total).toEqual({
      operator_day: '5000.00',
      member_day: '2000.00',
      operator_so_far: '2000.00',
      member_so_far: '2000.00',
    });
    const pending = await adminCall<{ data: Array<{ id: number; member_id: number }> }>(
      t,
      ops.checker,
      'GET',
      '/admin/api/adjustments?state=1&pagesize=50',
    );
    const one = pending.data.data.find((r) => r.member_id === id)!;
    expect(await adminCall(t, ops.checker, 'POST', `/admin/api/adjustments/${one.id}/approve`, {})).toMatchObject({
      code: 200,
      data: { state: 2 },
    });
    expect(await kit.balance(m.token)).toBe('3000.00');
    expect(await totalsOf('adjust', 'member', id)).toEqual({ '2026-06-01': '2000.00' });
  });

  it("stop twenty adjustments of 1,000.00 sent at once to twenty members at the operator's total (5,000.00)", async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => registerMember(t.app)));
    const ids = await Promise.all(members.map((m) => memberId(t, m.name)));
    const maker = await operatorToken(t, 'finance');
    const answers = await Promise.all(
      ids.map((id) =>
        adminCall<{ pending: unknown }>(t, maker, 'POST', `/admin/api/members/${id}/adjust`, {
          amount: '1000',
          note: '补偿',
        }),
      ),
    );
    expect(answers.filter((a) => a.message === MSG.ok && a.data.pending === null)).toHaveLength(5);
    expect(answers.filter((a) => a.message === MSG.adjustDailyTotalPending)).toHaveLength(15);
    const balances = await Promise.all(members.map((m) => kit.balance(m.token)));
    expect(balances.filter((b) => b === '1000.00')).toHaveLength(5);
    expect(balances.filter((b) => b === '0.00')).toHaveLength(15);
    expect(await totalsOf('adjust', 'operator', (await idOf(maker)).id)).toEqual({ '2026-06-01': '5000.00' });
    // A debit counts towards the operator's total by its size (the day is full: it waits too), not the member's.
    const debit = await adminCall(
      t,
      maker,
      'POST',
      `/admin/api/members/${ids[answers.findIndex((a) => a.data.pending === null)]}/adjust`,
      { amount: '-1', note: '扣回' },
    );
    expect(debit.message).toBe(MSG.adjustDailyTotalPending);
    await kit.ledgerBalanced();
  });

  it('stop the third withdrawal of 5,000.00 a member is paid on one approval a day (member total 10,000.00)', async () => {
    const m = await registerMember(t.app);
    await credit(t, ops.finance, m.name, '15000');
    const card = await kit.bindBank(m.token);
    const orders: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const made = await kit.withdraw(m.token, card, '5000');
      expect(made.code).toBe(200);
      orders.push(made.data.order_no);
    }
    const payer = await operatorToken(t, 'finance');
    const approve = (token: string, no: string) =>
      adminCall(t, token, 'POST', `/admin/api/withdrawals/${no}/approve`, {});
    expect(await approve(payer, orders[0]!)).toMatchObject({ code: 200, message: MSG.ok, data: { state: 2 } });
    expect(await approve(payer, orders[1]!)).toMatchObject({ code: 200, message: MSG.ok, data: { state: 2 } });
    const me = await idOf(payer);
    expect(await approve(payer, orders[2]!)).toMatchObject({
      code: 200,
      message: MSG.dailyTotalPending,
      data: { state: 1, first_reviewer_id: me.id, first_reviewed_by: me.username },
    });
    expect(await approve(payer, orders[2]!)).toEqual(forbidden(MSG.secondReviewSameOperator));
    expect(await approve(ops.checker, orders[2]!)).toMatchObject({ code: 200, message: MSG.ok, data: { state: 2 } });
    const id = await memberId(t, m.name);
    expect(await totalsOf('withdraw', 'member', id)).toEqual({ '2026-06-01': '10000.00' });
    expect(await totalsOf('withdraw', 'operator', me.id)).toEqual({ '2026-06-01': '10000.00' });
    const rows = await t.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.memberId, id))
      .orderBy(withdrawals.id);
    expect(rows.map((r) => [r.state, r.firstReviewedBy])).toEqual([
      [2, ''],
      [2, ''],
      [2, me.username],
    ]);
    await kit.ledgerBalanced();
  });

  it("stop withdrawals approved at once by one operator at the operator's total", async () => {
    const put = (body: Record<string, unknown>) => adminCall(t, ops.admin, 'PUT', '/admin/api/settings', body);
    expect((await put({ withdraw_second_review_daily_operator: '10000' })).code).toBe(200);
    try {
      const members = await Promise.all(Array.from({ length: 6 }, () => registerMember(t.app)));
      const orders: string[] = [];
      for (const m of members) {
        await credit(t, ops.finance, m.name, '3000');
        const card = await kit.bindBank(m.token);
        const made = await kit.withdraw(m.token, card, '3000');
        orders.push(made.data.order_no);
      }
      const payer = await operatorToken(t, 'finance');
      const answers = await Promise.all(
        orders.map((no) => adminCall<{ state: number }>(t, payer, 'POST', `/admin/api/withdrawals/${no}/approve`, {})),
      );
      expect(answers.filter((a) => a.message === MSG.ok && a.data.state === 2)).toHaveLength(3);
      expect(answers.filter((a) => a.message === MSG.dailyTotalPending && a.data.state === 1)).toHaveLength(3);
      expect(await totalsOf('withdraw', 'operator', (await idOf(payer)).id)).toEqual({ '2026-06-01': '9000.00' });
      await kit.ledgerBalanced();
    } finally {
      await put({ withdraw_second_review_daily_operator: 50000 });
    }
  });

  it('stop manual deposits credited on one approval: per member (10,000.00) and per operator (20,000.00) at once', async () => {
    const bank = await accountOf('bank');
    const evidence = (n: number) => ({ receiving_account_id: bank.id, payer_reference: `HX-${n}` });
    const m = await registerMember(t.app);
    const desk = await operatorToken(t, 'finance');
    const mine = [await bankDeposit('4000', m), await bankDeposit('4000', m), await bankDeposit('4000', m)];
    expect(await approveDeposit(desk, mine[0]!.no, evidence(1))).toMatchObject({ message: MSG.ok, data: { state: 2 } });
    expect(await approveDeposit(desk, mine[1]!.no, evidence(2))).toMatchObject({ message: MSG.ok, data: { state: 2 } });
    expect(await approveDeposit(desk, mine[2]!.no, evidence(3))).toMatchObject({
      message: MSG.dailyTotalPending,
      data: { state: 1, payer_reference: 'HX-3' },
    });
    expect(await kit.balance(m.token)).toBe('8000.00');
    expect(await approveDeposit(await secondFinance(t), mine[2]!.no)).toMatchObject({
      message: MSG.ok,
      data: { state: 2 },
    });
    expect(await kit.balance(m.token)).toBe('12000.00');

    // Six members' deposits of 4,000.00 approved at once by another operator: five fit the operator's 20,000.00.
    const others = await Promise.all(Array.from({ length: 6 }, () => bankDeposit('4000')));
    const clerk = await operatorToken(t, 'finance');
    const answers = await Promise.all(others.map((d, i) => approveDeposit(clerk, d.no, evidence(10 + i))));
    expect(answers.filter((a) => a.message === MSG.ok && a.data.state === 2)).toHaveLength(5);
    expect(answers.filter((a) => a.message === MSG.dailyTotalPending && a.data.state === 1)).toHaveLength(1);
    expect(await totalsOf('deposit', 'operator', (await idOf(clerk)).id)).toEqual({ '2026-06-01': '20000.00' });
    await kit.ledgerBalanced();
  });

  it('start again on the next Beijing day', async () => {
    const m = await registerMember(t.app);
    const id = await memberId(t, m.name);
    const maker = await operatorToken(t, 'finance');
    const adjust = (token: string) =>
      adminCall(t, token, 'POST', `/admin/api/members/${id}/adjust`, { amount: '1000', note: '补偿' });
    expect((await adjust(maker)).message).toBe(MSG.ok);
    expect((await adjust(maker)).message).toBe(MSG.ok);
    expect((await adjust(maker)).message).toBe(MSG.adjustDailyTotalPending);
    // 2026-06-01 12:00 Beijing; 16 hours on it is 04:00 on 2026-06-02 (a new operator: sessions end after 12 hours).
    clock.advance(16 * 3600_000);
    expect((await adjust(await operatorToken(t, 'finance'))).message).toBe(MSG.ok);
    expect(await totalsOf('adjust', 'member', id)).toEqual({ '2026-06-01': '2000.00', '2026-06-02': '1000.00' });
  });
});

describe('the lines and totals as settings', () => {
  const put = (token: string, body: Record<string, unknown>) =>
    adminCall<Record<string, unknown>>(t, token, 'PUT', '/admin/api/settings', body);
  const keys = [
    'adjust_second_review_daily_operator',
    'adjust_second_review_daily_member',
    'withdraw_second_review_daily_operator',
    'withdraw_second_review_daily_member',
    'deposit_second_review_daily_operator',
    'deposit_second_review_daily_member',
  ];

  it("have their defaults, are admin's alone, and are never off", async () => {
    const settings = await adminCall<Record<string, unknown>>(t, ops.admin, 'GET', '/admin/api/settings');
    expect(settings.data).toMatchObject({
      deposit_second_review_above: 5000,
      adjust_second_review_daily_operator: 5000,
      adjust_second_review_daily_member: 2000,
      withdraw_second_review_daily_operator: 50000,
      withdraw_second_review_daily_member: 10000,
      deposit_second_review_daily_operator: 20000,
      deposit_second_review_daily_member: 10000,
    });
    expect(await put(ops.finance, { deposit_second_review_above: 1 })).toEqual(forbidden(MSG.operatorForbidden));
    expect(await put(ops.finance, { adjust_second_review_daily_operator: 100 })).toEqual(
      forbidden(MSG.operatorForbidden),
    );
    expect(await put(ops.admin, { deposit_second_review_above: 0 })).toEqual(
      bad(settingInvalidMessage('deposit_second_review_above', MSG.reviewLineRange)),
    );
    expect(await put(ops.admin, { deposit_second_review_above: '100000.01' })).toEqual(
      bad(settingInvalidMessage('deposit_second_review_above', MSG.reviewLineRange)),
    );
    for (const key of keys) {
      expect(await put(ops.admin, { [key]: 0 })).toEqual(bad(settingInvalidMessage(key, MSG.dailyTotalRange)));
      expect(await put(ops.admin, { [key]: '1000000.01' })).toEqual(
        bad(settingInvalidMessage(key, MSG.dailyTotalRange)),
      );
    }
    const changed = await put(ops.admin, {
      deposit_second_review_above: '3000.5',
      deposit_second_review_daily_member: '1000000',
    });
    expect(changed).toMatchObject({
      code: 200,
      data: { deposit_second_review_above: 3000.5, deposit_second_review_daily_member: 1000000 },
    });
    expect(
      (await put(ops.admin, { deposit_second_review_above: 5000, deposit_second_review_daily_member: 10000 })).code,
    ).toBe(200);
  });
});
