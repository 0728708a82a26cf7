import { MSG } from '@h5/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCall, buildTestApp, call, manualClock, operatorToken, registerMember } from '../../../test/helper';
import { loadConfig } from '../../config';
import { epaySign } from '../../providers/epay';
import { deposits, paymentGateways, paymentNotifies } from '../../db/schema';
import { GATEWAY_ORDER_LIFETIME_MS, RECONCILE_AFTER_MS, reconcileGatewayDeposits } from './gateways-service';
import { bankTransfer, epayNotifyParams, notifyOutcomes, paymentsKit, usePaymentsApp } from './payments-test-kit';

const clock = manualClock(new Date('2026-06-01T04:00:00Z'));
let secret = '';
let site = '';

const { t, ops, kit } = usePaymentsApp({ clock });

beforeAll(async () => {
  const [gateway] = await t.database.db.select().from(paymentGateways).where(eq(paymentGateways.code, 'sandbox'));
  secret = gateway?.secret ?? '';
  site = t.origin;
});

interface PayInfoData {
  deposit_no: string;
  info: { amount: string; state: number; pay_url?: string };
  cardlist: unknown[];
}

/** A pending deposit on a pay way the sandbox gateway takes (the demo's wechat, alipay and ebpay). */
async function gatewayDeposit(amount: string, paytype = 'wxpay') {
  const m = await registerMember(t.app);
  const made = await kit.recharge(m.token, { paytype, amount });
  expect(made.code).toBe(200);
  return { member: m, depositNo: made.data.deposit_no };
}

/** The member's payinfo of a deposit, asked through a host (the pay request's notify and return addresses follow it). */
const payInfoThrough = (host: string, token: string, depositNo: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/payinfo',
      payload: { deposit_no: depositNo },
      headers: { authorization: `Bearer ${token}`, host },
    })
    .then((res) => res.json() as { code: number; message: string; data: PayInfoData });

/** The notify the gateway would send for a deposit, signed with a secret (the gateway's own by default). */
const notifyParams = (depositNo: string, money: string, overrides: Record<string, string> = {}, key = secret) =>
  epayNotifyParams(depositNo, money, key, overrides);

async function sendNotify(params: Record<string, string>, as: 'get' | 'form' | 'json' = 'get', gateway = 'sandbox') {
  const url = `/api/pay/notify/${gateway}`;
  const res =
    as === 'get'
      ? await t.app.inject({ method: 'GET', url: `${url}?${new URLSearchParams(params)}` })
      : as === 'form'
        ? await t.app.inject({
            method: 'POST',
            url,
            payload: new URLSearchParams(params).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          })
        : await t.app.inject({ method: 'POST', url, payload: params });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
}

async function depositRow(depositNo: string) {
  const [row] = await t.database.db.select().from(deposits).where(eq(deposits.depositNo, depositNo));
  if (!row) throw new Error('no deposit');
  return row;
}

describe('the epay signature', () => {
  it('signs the non-empty parameters but sign and sign_type, sorted by key, with the secret appended', () => {
    const params = {
      type: 'alipay',
      pid: '1001',
      sitename: '',
      out_trade_no: 'D1',
      money: '1.00',
      name: 'VIP',
      sign: 'x',
      sign_type: 'MD5',
    };
    // md5("money=1.00&name=VIP&out_trade_no=D1&pid=1001&type=alipay" + "key123")
    expect(epaySign(params, 'key123')).toBe('f71d9ca3d55b05ec197837d151a522e7');
    expect(epaySign({ ...params, sitename: 'x' }, 'key123')).not.toBe('f71d9ca3d55b05ec197837d151a522e7');
  });
});

describe('a deposit on a pay way with a gateway', () => {
  it('answers payinfo with the signed epay request and no receiving accounts', async () => {
    const { member, depositNo } = await gatewayDeposit('100.5');
    const info = await payInfoThrough('m.example.test', member.token, depositNo);
    expect(info.code).toBe(200);
    expect(info.message).toBe('wxpay');
    expect(info.data.cardlist).toEqual([]);
    const url = new URL(info.data.info.pay_url ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('http://m.example.test/sandbox/epay/submit.php');
    const q = Object.fromEntries(url.searchParams);
    expect(q).toEqual({
      pid: '1001',
      type: 'wxpay',
      out_trade_no: depositNo,
      notify_url: 'http://m.example.test/api/pay/notify/sandbox',
      return_url: 'http://m.example.test/api/pay/return',
      name: '账户充值',
      money: '100.50',
      sign: epaySign(q, secret),
      sign_type: 'MD5',
    });
    expect(await kit.balance(member.token)).toBe('0.00');
  });

  it('gives the notify URL of PUBLIC_URL when one is set', async () => {
    const other = await buildTestApp({ config: { publicUrl: 'https://pay.example.com' } });
    try {
      const m = await registerMember(other.app);
      // Only the member's calls of the kit: no operator.
      const otherKit = paymentsKit(other, () => '');
      const made = await otherKit.recharge(m.token, { paytype: 'alipay', amount: '200' });
      const info = await otherKit.payInfo<PayInfoData>(m.token, made.data.deposit_no);
      expect(new URL(info.data.info.pay_url ?? '').searchParams.get('notify_url')).toBe(
        'https://pay.example.com/api/pay/notify/sandbox',
      );
    } finally {
      await other.close();
    }
  });
});

describe('GET|POST /api/pay/notify/{gateway}', () => {
  it('credits a valid paid notify once, as an approval does, and answers success to every repeat', async () => {
    const { member, depositNo } = await gatewayDeposit('200');
    expect(await sendNotify(notifyParams(depositNo, '200'))).toBe('success');
    expect(await kit.balance(member.token)).toBe('200.00');
    expect((await call<{ paysum: string }>(t.app, '/api/user', {}, { token: member.token })).data.paysum).toBe(
      '200.00',
    );
    const row = await depositRow(depositNo);
    expect(row).toMatchObject({ state: 2, reviewedBy: 'sandbox', gatewayTradeNo: `T${depositNo.slice(1)}` });

    // Gateways retry until they read success: a repeat is answered success and moves nothing.
    expect(await sendNotify(notifyParams(depositNo, '200.00'), 'form')).toBe('success');
    expect(await sendNotify(notifyParams(depositNo, '200.0'), 'json')).toBe('success');
    expect(await kit.balance(member.token)).toBe('200.00');
    expect(await notifyOutcomes(t, depositNo)).toEqual(['notify:credited', 'notify:duplicate', 'notify:duplicate']);
    await kit.ledgerBalanced();
  });

  it('takes 200, 200.0 and 200.00 as the same amount, and the parameters in any order', async () => {
    const { member, depositNo } = await gatewayDeposit('300');
    const params = notifyParams(depositNo, '300.0');
    const reversed = Object.fromEntries(Object.entries(params).reverse());
    expect(await sendNotify(reversed, 'form')).toBe('success');
    expect(await kit.balance(member.token)).toBe('300.00');
  });

  it('leaves empty parameters out of the signature', async () => {
    const { member, depositNo } = await gatewayDeposit('150');
    const params = notifyParams(depositNo, '150', { param: '' });
    expect(await sendNotify(params)).toBe('success');
    expect(await kit.balance(member.token)).toBe('150.00');
  });

  it('refuses a notify whose signature, merchant, status or amount does not hold, and keeps each one', async () => {
    const { member, depositNo } = await gatewayDeposit('120');
    const good = notifyParams(depositNo, '120');
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...good, sign: good.sign.toUpperCase() }, 'bad_signature'],
      [notifyParams(depositNo, '120', {}, 'not-the-secret'), 'bad_signature'],
      [{ ...good, money: '1200' }, 'bad_signature'],
      [notifyParams(depositNo, '120', { pid: '9999' }), 'wrong_merchant'],
      [notifyParams(depositNo, '120', { trade_status: 'WAIT_BUYER_PAY' }), 'not_paid'],
      [notifyParams(depositNo, '120.01'), 'amount_mismatch'],
      [notifyParams(depositNo, '12'), 'amount_mismatch'],
    ];
    for (const [params, outcome] of cases) {
      expect(await sendNotify(params), outcome).toBe('fail');
    }
    expect(await kit.balance(member.token)).toBe('0.00');
    expect((await depositRow(depositNo)).state).toBe(1);
    expect(await notifyOutcomes(t, depositNo)).toEqual([
      'notify:bad_signature',
      'notify:bad_signature',
      'notify:bad_signature',
      'notify:wrong_merchant',
      'notify:not_paid',
      'notify:amount_mismatch:flagged',
      'notify:amount_mismatch:flagged',
    ]);
  });

  it('refuses an unknown gateway, an unknown order, and an order of another gateway', async () => {
    const { member, depositNo } = await gatewayDeposit('110');
    expect(await sendNotify(notifyParams(depositNo, '110'), 'get', 'nope')).toBe('fail');
    expect(await sendNotify(notifyParams('D000000', '110'))).toBe('fail');
    // A bank transfer has no gateway: a signed notify naming it credits nothing.
    const bank = await kit.recharge(member.token, bankTransfer('110'));
    expect(await sendNotify(notifyParams(bank.data.deposit_no, '110'))).toBe('fail');
    expect(await kit.balance(member.token)).toBe('0.00');
  });

  it('credits once when five notifies arrive together', async () => {
    const { member, depositNo } = await gatewayDeposit('500');
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendNotify(notifyParams(depositNo, '500'))));
    expect(answers).toEqual(['success', 'success', 'success', 'success', 'success']);
    expect(await kit.balance(member.token)).toBe('500.00');
    const outcomes = await notifyOutcomes(t, depositNo);
    expect(outcomes.filter((o) => o === 'notify:credited')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'notify:duplicate')).toHaveLength(4);
    await kit.ledgerBalanced();
  });

  it('credits once when a notify and an operator review race; an operator never approves a gateway deposit', async () => {
    const { member, depositNo } = await gatewayDeposit('250');
    const [notified, approved, rejected] = await Promise.all([
      sendNotify(notifyParams(depositNo, '250')),
      adminCall(t, ops.finance, 'POST', `/admin/api/deposits/${depositNo}/approve`, {}),
      adminCall(t, ops.finance, 'POST', `/admin/api/deposits/${depositNo}/reject`, {}),
    ]);
    expect(notified).toBe('success');
    expect(approved).toEqual({ code: 403, message: MSG.depositGatewayOnly, data: null });
    const credited = (await notifyOutcomes(t, depositNo)).filter((o) => o === 'notify:credited').length;
    expect(credited + (rejected.code === 200 ? 1 : 0)).toBe(1);
    const state = (await depositRow(depositNo)).state;
    expect(await kit.balance(member.token)).toBe(state === 2 ? '250.00' : '0.00');
    await kit.ledgerBalanced();
  });

  it('credits nothing for a rejected deposit and holds the paid notify for finance, flagged', async () => {
    const { member, depositNo } = await gatewayDeposit('180');
    expect(
      (await adminCall(t, ops.finance, 'POST', `/admin/api/deposits/${depositNo}/reject`, { note: '重复订单' })).code,
    ).toBe(200);
    expect(await sendNotify(notifyParams(depositNo, '180'))).toBe('success');
    expect(await kit.balance(member.token)).toBe('0.00');
    expect(await notifyOutcomes(t, depositNo)).toEqual(['notify:held:flagged']);
    const flagged = await adminCall<{
      data: Array<{ deposit_no: string; outcome: string; flagged: number; valid: number }>;
    }>(t, ops.finance, 'GET', `/admin/api/payment-notifies?flagged=1&pagesize=50`);
    expect(flagged.code).toBe(200);
    expect(flagged.data.data.find((n) => n.deposit_no === depositNo)).toMatchObject({
      outcome: 'held',
      flagged: 1,
      valid: 1,
    });
    expect(flagged.data.data.every((n) => n.flagged === 1)).toBe(true);
  });

  it('stops recording unverifiable notifies from an address past its limit, and still credits valid ones', async () => {
    const flood = await buildTestApp({
      config: { limits: { ...t.config.limits, invalidNotifies: { max: 3, windowMs: 600_000 } } },
    });
    try {
      const [gateway] = await flood.database.db
        .select()
        .from(paymentGateways)
        .where(eq(paymentGateways.code, 'sandbox'));
      const m = await registerMember(flood.app);
      const made = await call<{ deposit_no: string }>(
        flood.app,
        '/api/recharge',
        { paytype: 'wxpay', amount: '100' },
        { token: m.token },
      );
      const depositNo = made.data.deposit_no;
      const forged = notifyParams(depositNo, '100', {}, 'forged-key');
      const send = (params: Record<string, string>) =>
        flood.app.inject({
          method: 'GET',
          url: `/api/pay/notify/sandbox?${new URLSearchParams(params)}`,
          remoteAddress: '203.0.113.9',
        });
      for (let i = 0; i < 5; i += 1) expect((await send(forged)).body).toBe('fail');
      const kept = await flood.database.db
        .select()
        .from(paymentNotifies)
        .where(eq(paymentNotifies.depositNo, depositNo));
      expect(kept.map((r) => r.outcome)).toEqual(['bad_signature', 'bad_signature', 'bad_signature']);
      expect((await send(notifyParams(depositNo, '100', {}, gateway?.secret ?? ''))).body).toBe('success');
      expect((await call<{ balance: string }>(flood.app, '/api/balance', {}, { token: m.token })).data.balance).toBe(
        '100.00',
      );
    } finally {
      await flood.close();
    }
  });

  it('lists every notify to finance only', async () => {
    const list = await adminCall<{ total: number; data: Array<{ outcome: string; params: string }> }>(
      t,
      ops.finance,
      'GET',
      '/admin/api/payment-notifies?page=1&pagesize=50',
    );
    expect(list.code).toBe(200);
    expect(list.data.total).toBeGreaterThan(10);
    expect(list.data.data.map((n) => n.outcome)).toContain('bad_signature');
    const content = await operatorToken(t, 'content');
    expect((await adminCall(t, content, 'GET', '/admin/api/payment-notifies')).code).toBe(403);
  });
});

describe('the sandbox gateway over HTTP', () => {
  it('shows the order, sends the signed notify to our notify URL and returns the member to the app', async () => {
    const { member, depositNo } = await gatewayDeposit('188.8', 'alipay');
    const info = await fetch(`${site}/api/payinfo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ deposit_no: depositNo }),
    }).then((r) => r.json() as Promise<{ data: PayInfoData }>);
    const payUrl = info.data.info.pay_url ?? '';
    expect(payUrl.startsWith(`${site}/sandbox/epay/submit.php?`)).toBe(true);

    const cashier = await fetch(payUrl);
    expect(cashier.status).toBe(200);
    const page = await cashier.text();
    expect(page).toContain('确认支付');
    expect(page).toContain('支付失败');
    expect(page).toContain('188.80');
    const tradeNo = /name="trade_no" value="(\d+)"/.exec(page)?.[1] ?? '';

    // 支付失败 changes nothing.
    const failed = await fetch(`${site}/sandbox/epay/pay`, {
      method: 'POST',
      body: new URLSearchParams({ trade_no: tradeNo, result: 'failed' }),
    });
    expect(await failed.text()).toContain('支付未完成');
    expect(await kit.balance(member.token)).toBe('0.00');

    const paid = await fetch(`${site}/sandbox/epay/pay`, {
      method: 'POST',
      body: new URLSearchParams({ trade_no: tradeNo, result: 'paid' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${site}/api/pay/return`);
    expect(await kit.balance(member.token)).toBe('188.80');
    expect(await notifyOutcomes(t, depositNo)).toEqual(['notify:credited']);

    const app = await fetch(back, { redirect: 'manual' });
    expect(app.status).toBe(302);
    expect(app.headers.get('location')).toBe(`/#/payInfo?deposit_no=${depositNo}`);
    const after = await kit.payInfo<PayInfoData>(member.token, depositNo);
    expect(after.data.info).toMatchObject({ state: 2 });
    expect(after.data.info.pay_url).toBeUndefined();
  });

  it('refuses a pay request whose signature does not hold', async () => {
    const { depositNo } = await gatewayDeposit('100');
    const params = notifyParams(depositNo, '100', {}, 'wrong-secret');
    const res = await fetch(`${site}/sandbox/epay/submit.php?${new URLSearchParams(params)}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('签名校验失败');
  });
});

describe('reconciliation through the order query', () => {
  it('credits a deposit paid at the gateway whose notify never arrived, once it is ten minutes old', async () => {
    const { member, depositNo } = await gatewayDeposit('166');
    // The member's payinfo came through a host nothing listens on, so the gateway's notify cannot reach us.
    const payUrl = new URL((await payInfoThrough('127.0.0.1:1', member.token, depositNo)).data.info.pay_url ?? '');
    const cashier = await fetch(`${site}${payUrl.pathname}${payUrl.search}`).then((r) => r.text());
    const tradeNo = /name="trade_no" value="(\d+)"/.exec(cashier)?.[1] ?? '';
    await fetch(`${site}/sandbox/epay/pay`, {
      method: 'POST',
      body: new URLSearchParams({ trade_no: tradeNo, result: 'paid' }),
      redirect: 'manual',
    });
    expect(await kit.balance(member.token)).toBe('0.00');

    const deps = { db: t.database.db, clock, outbound: t.config.outbound };
    clock.advance(RECONCILE_AFTER_MS - 60_000);
    expect((await reconcileGatewayDeposits(deps, site)).credited).toBe(0);
    clock.advance(2 * 60_000);
    const report = await reconcileGatewayDeposits(deps, site);
    expect(report.credited).toBeGreaterThanOrEqual(1);
    expect(await kit.balance(member.token)).toBe('166.00');
    expect(await notifyOutcomes(t, depositNo)).toEqual(['query:credited']);
    // A late notify is a repeat.
    expect(await sendNotify(notifyParams(depositNo, '166', { trade_no: tradeNo }))).toBe('success');
    expect(await kit.balance(member.token)).toBe('166.00');
    await kit.ledgerBalanced();
  });

  it('closes a deposit still unpaid after the 60-minute window; a paid notify after that is held, not credited', async () => {
    const { member, depositNo } = await gatewayDeposit('177');
    const deps = { db: t.database.db, clock, outbound: t.config.outbound };
    clock.advance(RECONCILE_AFTER_MS + 60_000);
    await reconcileGatewayDeposits(deps, site);
    expect((await depositRow(depositNo)).state).toBe(1);
    clock.advance(GATEWAY_ORDER_LIFETIME_MS);
    await reconcileGatewayDeposits(deps, site);
    expect(await depositRow(depositNo)).toMatchObject({
      state: 3,
      note: '支付超时，订单已关闭',
      reviewedBy: 'system',
      expired: 1,
    });
    expect(await sendNotify(notifyParams(depositNo, '177'))).toBe('success');
    expect(await kit.balance(member.token)).toBe('0.00');
    expect(await notifyOutcomes(t, depositNo)).toEqual(['query:expired', 'notify:held:flagged']);
  });

  it('leaves deposits pending while the gateway cannot be reached', async () => {
    const { depositNo } = await gatewayDeposit('199');
    clock.advance(GATEWAY_ORDER_LIFETIME_MS + 60_000);
    const report = await reconcileGatewayDeposits(
      { db: t.database.db, clock, outbound: t.config.outbound },
      'http://127.0.0.1:1',
    );
    expect(report.failed).toBeGreaterThanOrEqual(1);
    expect((await depositRow(depositNo)).state).toBe(1);
  });
});

describe('back office: payment gateways', () => {
  let admin = '';
  let second = '';
  beforeAll(async () => {
    admin = await operatorToken(t, 'admin');
    second = await operatorToken(t, 'admin');
  });

  it('creates (once a second admin approves), lists with the secret masked, updates a subset and refuses bad fields', async () => {
    // The gateway's own absolute address (here on loopback, which the sandbox's outbound policy lets through).
    const body = {
      code: 'epay_a',
      name: '易支付A',
      merchant_id: '2002',
      secret: 'abcdefgh12345678',
      submit_url: `${t.origin}/gateway-a/submit.php`,
    };
    const proposed = await adminCall<{ id: number }>(t, admin, 'POST', '/admin/api/payment-gateways', body);
    expect(proposed).toMatchObject({ code: 200, data: { state: 1, after: { secret: '********' } } });
    expect((await adminCall(t, admin, 'POST', '/admin/api/payment-gateways', body)).code).toBe(409);
    const approved = await adminCall(
      t,
      second,
      'POST',
      `/admin/api/integration-changes/${proposed.data.id}/approve`,
      {},
    );
    expect(approved.code).toBe(200);
    expect((await adminCall(t, admin, 'POST', '/admin/api/payment-gateways', body)).code).toBe(409);
    const list = await adminCall<Array<Record<string, unknown>>>(t, admin, 'GET', '/admin/api/payment-gateways');
    expect(list.data.find((g) => g.code === 'epay_a')).toMatchObject({
      protocol: 'epay',
      secret: '********',
      enabled: 1,
      pending_change: false,
    });
    expect(JSON.stringify(list.data)).not.toContain('abcdefgh12345678');
    expect(JSON.stringify(list.data)).not.toContain(secret);

    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ...body, code: 'A B' }, '通道代码须为2-32位小写字母、数字或下划线'],
      [{ ...body, code: 'epay_b', secret: 'short' }, '商户密钥长度须为8-128位'],
      [{ ...body, code: 'epay_b', submit_url: 'javascript:alert(1)' }, '提交地址须为 http(s) 网址'],
      [{ ...body, code: 'epay_b', submit_url: '/gateway-b/submit.php' }, MSG.gatewaySubmitUrlAbsolute],
      [{ ...body, code: 'epay_b', merchant_id: ' ' }, '请输入商户号'],
    ];
    for (const [input, message] of bad) {
      expect(await adminCall(t, admin, 'POST', '/admin/api/payment-gateways', input), message).toMatchObject({
        code: 400,
        message,
      });
    }

    expect(
      (await adminCall(t, admin, 'PUT', '/admin/api/payment-gateways/epay_a', { name: '易支付甲' })).data,
    ).toMatchObject({ name: '易支付甲' });
    const [row] = await t.database.db.select().from(paymentGateways).where(eq(paymentGateways.code, 'epay_a'));
    expect(row).toMatchObject({ name: '易支付甲', secret: 'abcdefgh12345678' });
    expect((await adminCall(t, admin, 'PUT', '/admin/api/payment-gateways/none', { name: 'x' })).code).toBe(202);
    expect((await adminCall(t, ops.finance, 'GET', '/admin/api/payment-gateways')).code).toBe(403);
    const content = await operatorToken(t, 'content');
    expect((await adminCall(t, content, 'GET', '/admin/api/payment-gateways')).code).toBe(403);
  });

  it('moves a pay way onto a gateway and back, never a bank transfer, and keeps a gateway in use', async () => {
    // Written as the seed writes a gateway: its approval is another test's.
    await t.database.db.insert(paymentGateways).values({
      code: 'epay_c',
      name: 'C',
      merchantId: '3003',
      secret: 'cccccccc',
      submitUrl: 'https://c.example.com/submit.php',
    });
    expect(await adminCall(t, admin, 'PUT', '/admin/api/pay-ways/bank', { gateway: 'epay_c' })).toMatchObject({
      code: 400,
      message: '银行卡转账不能使用支付通道',
    });
    expect(await adminCall(t, admin, 'PUT', '/admin/api/pay-ways/usdt', { gateway: 'ghost' })).toMatchObject({
      code: 400,
      message: '支付通道不存在',
    });
    expect((await adminCall(t, admin, 'PUT', '/admin/api/pay-ways/usdt', { gateway: 'epay_c' })).code).toBe(200);
    const ways = await adminCall<Array<{ code: string; gateway: string | null }>>(
      t,
      ops.finance,
      'GET',
      '/admin/api/pay-ways',
    );
    expect(ways.data.find((w) => w.code === 'usdt')?.gateway).toBe('epay_c');
    expect(await adminCall(t, admin, 'DELETE', '/admin/api/payment-gateways/epay_c')).toMatchObject({ code: 409 });

    // A USDT deposit now goes to gateway C; disabling C closes the way to members.
    const m = await registerMember(t.app);
    const made = await kit.recharge(m.token, { paytype: 'usdt', catepay: 'TRC20', amount: '700' });
    const info = await kit.payInfo<PayInfoData>(m.token, made.data.deposit_no);
    expect(new URL(info.data.info.pay_url ?? '').host).toBe('c.example.com');
    await adminCall(t, admin, 'PUT', '/admin/api/payment-gateways/epay_c', { enabled: 0 });
    const flags = await t.app.inject({
      method: 'GET',
      url: '/api/get_pay_way',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(flags.json().data).toMatchObject({ usdt: 0 });
    expect(await kit.recharge(m.token, { paytype: 'usdt', catepay: 'TRC20', amount: '700' })).toMatchObject({
      code: 400,
      message: '该支付方式暂未开放',
    });

    expect((await adminCall(t, admin, 'PUT', '/admin/api/pay-ways/usdt', { gateway: null })).code).toBe(200);
    // Still in use by the pending deposit made for it.
    expect(await adminCall(t, admin, 'DELETE', '/admin/api/payment-gateways/epay_c')).toMatchObject({ code: 409 });
    await adminCall(t, ops.finance, 'POST', `/admin/api/deposits/${made.data.deposit_no}/reject`, {});
    expect((await adminCall(t, admin, 'DELETE', '/admin/api/payment-gateways/epay_c')).code).toBe(200);
  });
});

describe('SANDBOX', () => {
  it('is on with the embedded database and off with DATABASE_URL unless asked for', () => {
    expect(loadConfig({}).sandbox).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/site' }).sandbox).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/site', SANDBOX: '1' }).sandbox).toBe(true);
    expect(loadConfig({ SANDBOX: '0' }).sandbox).toBe(false);
  });

  it('has no member call that credits money by itself: the old confirm route is gone', async () => {
    const { member, depositNo } = await gatewayDeposit('100');
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${depositNo}/confirm`,
      payload: { token: 'x' },
    });
    expect(res.statusCode).toBe(404);
    expect(await kit.balance(member.token)).toBe('0.00');
  });

  it('off: nothing under /sandbox/ is served and the seed creates no sandbox gateway or venue', async () => {
    const prod = await buildTestApp({ config: { sandbox: false } });
    try {
      for (const url of [
        '/sandbox/epay/submit.php',
        '/sandbox/epay/api.php?act=order',
        '/sandbox/aggregator/play?ticket=x',
      ]) {
        expect((await prod.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      expect((await prod.app.inject({ method: 'POST', url: '/sandbox/epay/pay', payload: {} })).statusCode).toBe(404);
      expect(
        (await prod.app.inject({ method: 'POST', url: '/sandbox/aggregator/round', payload: {} })).statusCode,
      ).toBe(404);
      const op = await operatorToken(prod, 'admin');
      expect((await adminCall(prod, op, 'GET', '/admin/api/payment-gateways')).data).toEqual([]);
      const ways = await adminCall<Array<{ gateway: string | null }>>(prod, op, 'GET', '/admin/api/pay-ways');
      expect(ways.data.every((w) => w.gateway === null)).toBe(true);
      const m = await registerMember(prod.app);
      expect((await call<unknown[]>(prod.app, '/api/balancelist', {}, { token: m.token })).data).toEqual([]);
      expect((await call<unknown[]>(prod.app, '/api/game/list', {}, { method: 'GET' })).data).toEqual([]);
      // A QR-code deposit waits for an operator: no pay link, the receiving accounts instead.
      const prodKit = paymentsKit(prod, () => op);
      const made = await prodKit.recharge(m.token, { paytype: 'wxpay', amount: '100' });
      const info = await prodKit.payInfo<PayInfoData>(m.token, made.data.deposit_no);
      expect(info.data.info.pay_url).toBeUndefined();
      expect(info.data.cardlist.length).toBeGreaterThan(0);
    } finally {
      await prod.close();
    }
  });
});
