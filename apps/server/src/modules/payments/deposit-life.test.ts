import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCall, call, manualClock, operatorToken, registerMember } from '../../../test/helper';
import { auditLog, deposits, paymentGateways } from '../../db/schema';
import { GATEWAY_ORDER_LIFETIME_MS } from './deposit-status';
import { RECONCILE_AFTER_MS, reconcileGatewayDeposits } from './gateways-service';
import { bankTransfer, epayNotifyParams, usePaymentsApp, useScriptedGateway } from './payments-test-kit';

// The deposit life of a gateway pay way: one open order per payment, 待支付 -> 已到账 or 已过期, and money that
// arrives after the window held for finance. The demo's wechat way pays at gateway `sandbox`; its order query is
// pointed at a scripted gateway that answers as told.
const clock = manualClock(new Date('2026-06-01T04:00:00Z'));
let secret = '';

const { t, ops, kit } = usePaymentsApp({ clock });
const scripted = useScriptedGateway(t, () => ({ code: -1, msg: '订单号不存在' }));

beforeAll(async () => {
  const [gateway] = await t.database.db
    .update(paymentGateways)
    .set({ submitUrl: `${scripted.origin}/submit.php` })
    .where(eq(paymentGateways.code, 'sandbox'))
    .returning();
  secret = gateway?.secret ?? '';
});

interface PayInfoData {
  deposit_no: string;
  info: { amount: string; state: number; status: string; expires_at: string; pay_url?: string };
}
interface TransRow {
  out_trade_no: string;
  state: number;
  status?: string;
}
interface LatePayment {
  id: number;
  deposit_no: string;
  amount: string;
  state: number;
  note: string;
  closed_as: string;
  decided_by: string;
}

const payInfo = (token: string, depositNo: string) =>
  call<PayInfoData>(t.app, '/api/payinfo', { deposit_no: depositNo }, { token });
async function recordOf(token: string, depositNo: string) {
  const list = await call<{ data: TransRow[] }>(t.app, '/api/gettransrecord', { date: 4, type: 1, page: 1 }, { token });
  return list.data.data.find((r) => r.out_trade_no === depositNo);
}

function notify(depositNo: string, money: string) {
  const signed = epayNotifyParams(depositNo, money, secret);
  return t.app
    .inject({ method: 'GET', url: `/api/pay/notify/sandbox?${new URLSearchParams(signed)}` })
    .then((r) => r.body);
}

const paidAnswer = (asked: URLSearchParams, money: string) => ({
  code: 1,
  trade_no: `T${String(asked.get('out_trade_no')).slice(1)}`,
  out_trade_no: asked.get('out_trade_no'),
  pid: asked.get('pid'),
  money,
  status: 1,
});

async function latePayment(depositNo: string) {
  const list = await adminCall<{ data: LatePayment[] }>(t, ops.finance, 'GET', '/admin/api/late-payments?pagesize=50');
  expect(list.code).toBe(200);
  const found = list.data.data.find((l) => l.deposit_no === depositNo);
  if (!found) throw new Error(`no late payment for ${depositNo}`);
  return found;
}

describe('POST /api/recharge on a gateway pay way', () => {
  it('returns the member to the open order for the same pay way and amount, in the same answer shape', async () => {
    const m = await registerMember(t.app);
    const first = await kit.recharge(m.token, { paytype: 'wxpay', amount: '300' });
    expect(first).toMatchObject({ code: 200, message: first.data.deposit_no });
    clock.advance(5 * 60_000);
    const again = await kit.recharge(m.token, { paytype: 'wxpay', amount: '300.00' });
    expect(again).toEqual({ code: 200, message: first.data.deposit_no, data: { deposit_no: first.data.deposit_no } });

    // Another amount or another way is another payment.
    const otherAmount = await kit.recharge(m.token, { paytype: 'wxpay', amount: '301' });
    const otherWay = await kit.recharge(m.token, { paytype: 'alipay', amount: '300' });
    expect(new Set([first.data.deposit_no, otherAmount.data.deposit_no, otherWay.data.deposit_no]).size).toBe(3);
    const mine = await t.database.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.payWay, 'wechat'), eq(deposits.amount, '300.00')));
    expect(mine.filter((d) => d.depositNo === first.data.deposit_no)).toHaveLength(1);

    // Once the window has closed the next 存款 opens a new order.
    clock.advance(GATEWAY_ORDER_LIFETIME_MS);
    const later = await kit.recharge(m.token, { paytype: 'wxpay', amount: '300' });
    expect(later.code).toBe(200);
    expect(later.data.deposit_no).not.toBe(first.data.deposit_no);
  });

  it('gives two taps at once one order', async () => {
    const m = await registerMember(t.app);
    const both = await Promise.all([1, 2].map(() => kit.recharge(m.token, { paytype: 'wxpay', amount: '420' })));
    expect(both.map((a) => a.code)).toEqual([200, 200]);
    expect(both[0]?.data.deposit_no).toBe(both[1]?.data.deposit_no);
  });

  it('opens a new order each time for a way without a gateway (operator review)', async () => {
    const m = await registerMember(t.app);
    const body = bankTransfer('500', '6222020200112233445');
    const a = await kit.recharge(m.token, body);
    const b = await kit.recharge(m.token, body);
    expect(a.data.deposit_no).not.toBe(b.data.deposit_no);
    expect((await recordOf(m.token, a.data.deposit_no))?.status).toBe('pending_review');
  });
});

describe('payInfo and 交易记录 through the life of a gateway deposit', () => {
  it('shows 待支付 with the pay request inside the window, then 已过期 without it, before and after it is closed', async () => {
    const m = await registerMember(t.app);
    const made = await kit.recharge(m.token, { paytype: 'wxpay', amount: '260' });
    const depositNo = made.data.deposit_no;
    const open = await payInfo(m.token, depositNo);
    expect(open.data.info).toMatchObject({ state: 1, status: 'awaiting_payment' });
    expect(open.data.info.pay_url).toContain('submit.php?');
    expect(await recordOf(m.token, depositNo)).toMatchObject({ state: 1, status: 'awaiting_payment' });

    clock.advance(GATEWAY_ORDER_LIFETIME_MS);
    const lapsed = await payInfo(m.token, depositNo);
    expect(lapsed.data.info).toMatchObject({ state: 1, status: 'expired' });
    expect(lapsed.data.info.pay_url).toBeUndefined();

    // Reconciliation asks once more, hears "unpaid" and closes it: still 已过期, and no longer gone from payInfo.
    scripted.answer = (asked) => ({ ...paidAnswer(asked, '260.00'), status: 0 });
    await reconcileGatewayDeposits({ db: t.database.db, clock, outbound: t.config.outbound }, t.origin);
    const closed = await payInfo(m.token, depositNo);
    expect(closed).toMatchObject({ code: 200, data: { deposit_no: depositNo, info: { state: 3, status: 'expired' } } });
    expect(await recordOf(m.token, depositNo)).toMatchObject({ state: 3, status: 'expired' });
  });

  it('shows 已到账 once the gateway paid it, and 审核拒绝 for an operator rejection', async () => {
    const m = await registerMember(t.app);
    const paid = (await kit.recharge(m.token, { paytype: 'wxpay', amount: '270' })).data.deposit_no;
    expect(await notify(paid, '270.00')).toBe('success');
    expect((await payInfo(m.token, paid)).data.info).toMatchObject({ state: 2, status: 'credited' });
    expect(await recordOf(m.token, paid)).toMatchObject({ state: 2, status: 'credited' });

    const refused = (await kit.recharge(m.token, { paytype: 'wxpay', amount: '280' })).data.deposit_no;
    expect(
      (await adminCall(t, ops.finance, 'POST', `/admin/api/deposits/${refused}/reject`, { note: '重复订单' })).code,
    ).toBe(200);
    expect(await recordOf(m.token, refused)).toMatchObject({ state: 3, status: 'rejected' });
  });
});

describe('a payment after the window: held, then credited or refused by finance', () => {
  it('holds a late notify, credits it once on approval (audited) and pays nothing for a second approval', async () => {
    const m = await registerMember(t.app);
    const depositNo = (await kit.recharge(m.token, { paytype: 'wxpay', amount: '188.80' })).data.deposit_no;
    clock.advance(GATEWAY_ORDER_LIFETIME_MS + 1000);
    // Not yet closed by reconciliation: the notify closes it as expired and holds the money.
    expect(await notify(depositNo, '188.80')).toBe('success');
    expect(await notify(depositNo, '188.8')).toBe('success');
    expect(await kit.balance(m.token)).toBe('0.00');
    expect((await payInfo(m.token, depositNo)).data.info).toMatchObject({ state: 3, status: 'late_review' });
    expect(await recordOf(m.token, depositNo)).toMatchObject({ state: 3, status: 'late_review' });
    const held = await latePayment(depositNo);
    expect(held).toMatchObject({ amount: '188.80', state: 1, closed_as: 'expired' });

    const approvals = await Promise.all(
      [1, 2].map(() =>
        adminCall<LatePayment>(t, ops.finance, 'POST', `/admin/api/late-payments/${held.id}/approve`, {}),
      ),
    );
    expect(approvals.map((a) => a.code).sort()).toEqual([200, 409]);
    const won = approvals.find((a) => a.code === 200);
    expect(won).toMatchObject({
      message: '已确认入账，金额已入会员中心钱包',
      data: { state: 2, deposit_no: depositNo },
    });
    expect(approvals.find((a) => a.code === 409)?.message).toBe('该记录已处理');
    expect(await kit.balance(m.token)).toBe('188.80');
    const again = await adminCall(t, ops.finance, 'POST', `/admin/api/late-payments/${held.id}/approve`, {});
    expect(again.code).toBe(409);
    expect(await kit.balance(m.token)).toBe('188.80');
    expect((await payInfo(m.token, depositNo)).data.info).toMatchObject({ state: 2, status: 'credited' });
    // A refusal after the credit changes nothing either.
    expect(
      (await adminCall(t, ops.finance, 'POST', `/admin/api/late-payments/${held.id}/reject`, { note: '晚了' })).code,
    ).toBe(409);
    expect(await kit.balance(m.token)).toBe('188.80');

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `deposit:${depositNo}`));
    expect(audits.map((a) => a.action)).toEqual(['late_payment.approve']);
    await kit.ledgerBalanced();
  });

  it('refuses a held payment only with a reason, records who and why, and moves nothing', async () => {
    const m = await registerMember(t.app);
    const depositNo = (await kit.recharge(m.token, { paytype: 'wxpay', amount: '150' })).data.deposit_no;
    clock.advance(GATEWAY_ORDER_LIFETIME_MS + 1000);
    expect(await notify(depositNo, '150.00')).toBe('success');
    const held = await latePayment(depositNo);
    const blank = await adminCall(t, ops.finance, 'POST', `/admin/api/late-payments/${held.id}/reject`, { note: '  ' });
    expect(blank).toEqual({ code: 400, message: '请填写拒绝入账的原因', data: null });
    expect((await latePayment(depositNo)).state).toBe(1);
    const refused = await adminCall<LatePayment>(t, ops.finance, 'POST', `/admin/api/late-payments/${held.id}/reject`, {
      note: '款项已原路退回',
    });
    expect(refused).toMatchObject({
      code: 200,
      message: '已拒绝该笔逾期到账',
      data: { state: 3, note: '款项已原路退回' },
    });
    expect(refused.data.decided_by).toMatch(/^op_finance_/);
    expect(await kit.balance(m.token)).toBe('0.00');
    expect(await recordOf(m.token, depositNo)).toMatchObject({ state: 3, status: 'rejected' });
    expect((await adminCall(t, ops.finance, 'POST', `/admin/api/late-payments/${held.id}/approve`, {})).code).toBe(409);
    expect(await kit.balance(m.token)).toBe('0.00');
    const content = await operatorToken(t, 'content');
    expect((await adminCall(t, content, 'GET', '/admin/api/late-payments')).code).toBe(403);
    expect((await adminCall(t, content, 'POST', `/admin/api/late-payments/${held.id}/approve`, {})).code).toBe(403);
  });
});

describe('POST /admin/api/deposits/{deposit_no}/query (查单)', () => {
  const query = (depositNo: string) =>
    adminCall<{
      deposit: { state: number };
      answer: { found: boolean; paid: boolean; money: string | null } | null;
      outcome: string | null;
    }>(t, ops.finance, 'POST', `/admin/api/deposits/${depositNo}/query`, {});

  it('answers what the gateway says, and acts on it as reconciliation would', async () => {
    const m = await registerMember(t.app);
    const depositNo = (await kit.recharge(m.token, { paytype: 'wxpay', amount: '230' })).data.deposit_no;

    scripted.answer = () => ({ code: -1, msg: '订单号不存在' });
    expect(await query(depositNo)).toMatchObject({
      code: 200,
      message: '支付通道查无此订单',
      data: { answer: { found: false, paid: false }, outcome: null, deposit: { state: 1 } },
    });
    scripted.answer = (asked) => ({ ...paidAnswer(asked, '230.00'), status: 0 });
    expect(await query(depositNo)).toMatchObject({
      message: '支付通道答复：该订单尚未支付',
      data: { answer: { found: true, paid: false, money: '230.00' }, outcome: null },
    });
    scripted.answer = (asked) => paidAnswer(asked, '230.00');
    expect(await query(depositNo)).toMatchObject({
      message: '支付通道确认已支付，存款已入账',
      data: { answer: { found: true, paid: true, money: '230.00' }, outcome: 'credited', deposit: { state: 2 } },
    });
    expect(await kit.balance(m.token)).toBe('230.00');
    expect(await query(depositNo)).toMatchObject({
      message: '支付通道确认已支付，该存款此前已入账',
      data: { outcome: 'duplicate' },
    });
    expect(await kit.balance(m.token)).toBe('230.00');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `deposit:${depositNo}`), eq(auditLog.action, 'deposit.query')));
    expect(audits).toHaveLength(4);
  });

  it('holds a payment the gateway confirms for an expired order, and says when the gateway cannot be reached', async () => {
    const m = await registerMember(t.app);
    const depositNo = (await kit.recharge(m.token, { paytype: 'wxpay', amount: '240' })).data.deposit_no;
    clock.advance(RECONCILE_AFTER_MS + GATEWAY_ORDER_LIFETIME_MS);
    scripted.answer = (asked) => paidAnswer(asked, '240.00');
    expect(await query(depositNo)).toMatchObject({
      message: '支付通道确认已支付，但订单已关闭：款项已转入逾期到账，待财务确认',
      data: { outcome: 'held', deposit: { state: 3 } },
    });
    expect(await kit.balance(m.token)).toBe('0.00');
    expect(await latePayment(depositNo)).toMatchObject({ state: 1, amount: '240.00', closed_as: 'expired' });

    await t.database.db
      .update(paymentGateways)
      .set({ submitUrl: 'http://127.0.0.1:1/submit.php' })
      .where(eq(paymentGateways.code, 'sandbox'));
    try {
      expect(await query(depositNo)).toMatchObject({
        code: 200,
        message: '支付通道暂时无法连接，请稍后再试',
        data: { answer: null, outcome: null },
      });
    } finally {
      await t.database.db
        .update(paymentGateways)
        .set({ submitUrl: `${scripted.origin}/submit.php` })
        .where(eq(paymentGateways.code, 'sandbox'));
    }
  });

  it('refuses a deposit without a gateway and an unknown number in Chinese', async () => {
    const m = await registerMember(t.app);
    const body = bankTransfer('500', '6222020200112233445');
    const bank = (await kit.recharge(m.token, body)).data.deposit_no;
    expect(await query(bank)).toEqual({ code: 400, message: '该存款不经支付通道，无法查单', data: null });
    expect(await query('D0000')).toMatchObject({ code: 202 });
    const content = await operatorToken(t, 'content');
    expect((await adminCall(t, content, 'POST', `/admin/api/deposits/${bank}/query`, {})).code).toBe(403);
  });
});
