import { describe, expect, it } from 'vitest';
import { MSG, usdtAmount } from '@h5/contract';
import { eq } from 'drizzle-orm';
import { adminCall, approveSetting, call, operatorToken, registerMember } from '../../../test/helper';
import { receivingAccounts } from '../../db/schema';
import { writeSettings } from '../site/site-service';
import { bankTransfer, usePaymentsApp } from './payments-test-kit';

const { t, ops, kit } = usePaymentsApp();

interface PayInfoData {
  deposit_no: string;
  info: Record<string, unknown> & { amount: string; created_at: string; paytype: string; pay_url?: string };
  cardlist: Array<{ mch_id: string; content: string; payimg: string }>;
}

describe('pay ways, ranges and receiving banks', () => {
  it('answers the flags in the key order ebpay, card, usdt, wechat, alipay', async () => {
    const m = await registerMember(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/get_pay_way',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(res.body).toBe('{"code":200,"message":"ok","data":{"ebpay":1,"card":1,"usdt":1,"wechat":1,"alipay":1}}');
  });

  it('answers the range of each type and 202 for an unknown one', async () => {
    const m = await registerMember(t.app);
    expect((await call(t.app, '/api/getPayRange', { type: 'bank' }, { token: m.token })).data).toEqual({
      min_price: '100.00',
      max_price: '50000.00',
    });
    expect((await call(t.app, '/api/getPayRange', { type: 'wechat' }, { token: m.token })).data).toEqual({
      min_price: '100.00',
      max_price: '5000.00',
    });
    expect((await call(t.app, '/api/getPayRange', { type: 'usdt-erc20' }, { token: m.token })).data).toEqual({
      min_price: '500.00',
      max_price: '100000.00',
    });
    expect((await call(t.app, '/api/getPayRange', { type: 'nope' }, { token: m.token })).code).toBe(202);
  });

  it('lists the receiving bank accounts with bank_data.bank_name', async () => {
    const m = await registerMember(t.app);
    const banks = await call<Array<Record<string, unknown>>>(t.app, '/api/getpaybank', {}, { token: m.token });
    expect(banks.data.length).toBeGreaterThan(0);
    expect(banks.data[0]).toMatchObject({
      bank_no: expect.any(String),
      bank_owner: expect.any(String),
      bank_address: expect.any(String),
      bank_data: { bank_name: '中国工商银行' },
    });
  });

  it('asks for a token', async () => {
    expect((await call(t.app, '/api/recharge', { paytype: 'alipay', amount: 100 })).code).toBe(401);
  });
});

describe('PUT /admin/api/pay-ways/:code ranges', () => {
  type Range = { type: string; min_price: string | number; max_price: string | number };
  const put = (code: string, body: Record<string, unknown>) =>
    adminCall(t, ops.finance, 'PUT', `/admin/api/pay-ways/${code}`, body);
  /** New ranges wait for a second admin (docs/operators.md "Who may move money"): finance proposes them, an admin approves. */
  const setRanges = async (code: string, ranges: unknown) => {
    expect(await put(code, { ranges })).toMatchObject({ code: 200, message: MSG.integrationChangePending });
    expect(await approveSetting(t, await operatorToken(t, 'admin'), `pay-way:${code}`)).toMatchObject({
      code: 200,
      message: MSG.integrationChangeApplied,
    });
  };
  const rangesOf = async (code: string) => {
    const ways = await adminCall<Array<{ code: string; ranges: Range[] }>>(
      t,
      ops.finance,
      'GET',
      '/admin/api/pay-ways',
    );
    return ways.data.find((w) => w.code === code)?.ranges;
  };
  const usdt = [
    { type: 'usdt-erc20', min_price: '500.00', max_price: '100000.00' },
    { type: 'usdt-trc20', min_price: '100.00', max_price: '100000.00' },
  ];

  it('refuses a lower bound above the upper one with its own message, and changes nothing', async () => {
    const before = await rangesOf('wechat');
    const answer = await put('wechat', {
      name: '微信改名',
      ranges: [{ type: 'wechat', min_price: '5000.01', max_price: '5000' }],
    });
    expect(answer).toEqual({ code: 400, message: '最低金额不能高于最高金额', data: null });
    expect(await rangesOf('wechat')).toEqual(before);
    const ways = await adminCall<Array<{ code: string; name: string }>>(t, ops.finance, 'GET', '/admin/api/pay-ways');
    expect(ways.data.find((w) => w.code === 'wechat')?.name).toBe('微信支付');
  });

  it('refuses every other bad list with a Chinese message and changes nothing', async () => {
    const before = await rangesOf('usdt');
    const seven = Array.from({ length: 7 }, () => ({ type: 'usdt-trc20', min_price: '1', max_price: '2' }));
    const cases: Array<[unknown, string]> = [
      [[{ type: 'usdt-trc20', min_price: '-1', max_price: '100' }], '请输入正确的金额'],
      [[{ type: 'usdt-trc20', min_price: '1', max_price: 'abc' }], '请输入正确的金额'],
      [[{ type: 'usdt-trc20', min_price: '1.001', max_price: '100' }], '请输入正确的金额'],
      [seven, '金额范围最多6个'],
      [[], '请至少设置一个金额范围'],
      [[...usdt, { type: 'usdt-trc20', min_price: '1', max_price: '2' }], '同一类型只能设置一个金额范围'],
      [[{ type: 'usdt-bep20', min_price: '1', max_price: '2' }], '请选择正确的金额范围类型'],
      [[{ type: 'wechat', min_price: '1', max_price: '2' }], '该金额范围类型不属于此支付方式'],
      ['usdt-trc20', '请求参数格式不正确'],
    ];
    for (const [ranges, message] of cases) {
      expect(await put('usdt', { ranges }), JSON.stringify(ranges)).toEqual({ code: 400, message, data: null });
    }
    expect(await rangesOf('usdt')).toEqual(before);
  });

  it('sets the ranges members see and recharge checks; one left out closes that type until it is back', async () => {
    const m = await registerMember(t.app);
    await setRanges('usdt', [{ type: 'usdt-trc20', min_price: '200', max_price: '3000.5' }, usdt[0]]);
    expect(await rangesOf('usdt')).toEqual([
      usdt[0],
      { type: 'usdt-trc20', min_price: '200.00', max_price: '3000.50' },
    ]);
    expect((await call(t.app, '/api/getPayRange', { type: 'usdt-trc20' }, { token: m.token })).data).toEqual({
      min_price: '200.00',
      max_price: '3000.50',
    });
    expect(await kit.recharge(m.token, { paytype: 'usdt', catepay: 'TRC20', amount: '3001' })).toMatchObject({
      code: 400,
      message: '请输入金额在200-3000.5之间！',
    });

    // TRC20 only: ERC20 is closed to members, as recharge has always said of a type without a range.
    await setRanges('usdt', [usdt[1]]);
    expect(await rangesOf('usdt')).toEqual([usdt[1]]);
    expect(await call(t.app, '/api/getPayRange', { type: 'usdt-erc20' }, { token: m.token })).toEqual({
      code: 400,
      message: '该支付方式暂未开放',
      data: null,
    });
    expect(await kit.recharge(m.token, { paytype: 'usdt', catepay: 'ERC20', amount: '1000' })).toMatchObject({
      code: 400,
      message: '该支付方式暂未开放',
    });
    expect((await kit.recharge(m.token, { paytype: 'usdt', catepay: 'TRC20', amount: '1000' })).code).toBe(200);

    await setRanges('usdt', usdt);
    expect(await rangesOf('usdt')).toEqual(usdt);
    expect((await call(t.app, '/api/getPayRange', { type: 'usdt-erc20' }, { token: m.token })).data).toEqual({
      min_price: '500.00',
      max_price: '100000.00',
    });
  });

  it('keeps the ranges when the update leaves them out, and audits the proposal and its approval before and after', async () => {
    const before = await rangesOf('alipay');
    expect(await put('alipay', { sort: 5 })).toMatchObject({ code: 200, message: MSG.ok });
    expect(await rangesOf('alipay')).toEqual(before);
    expect(await put('alipay', { ranges: [{ type: 'alipay', min_price: 50, max_price: 8000 }] })).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
    });
    expect(await rangesOf('alipay')).toEqual(before);
    await approveSetting(t, await operatorToken(t, 'admin'), 'pay-way:alipay');
    expect(await rangesOf('alipay')).toEqual([{ type: 'alipay', min_price: '50.00', max_price: '8000.00' }]);
    const log = await adminCall<{
      data: Array<{ action: string; before: Record<string, string>; after: Record<string, unknown> }>;
    }>(t, await operatorToken(t, 'admin'), 'GET', '/admin/api/audit?target=setting:pay-way:alipay');
    expect(log.data.data.map((a) => a.action)).toEqual(['integration.approve', 'integration.propose']);
    for (const row of log.data.data) {
      expect(row.before).toEqual({ alipay: '100.00-10000.00' });
      expect(row.after).toMatchObject({ alipay: '50.00-8000.00' });
    }
    await setRanges('alipay', before);
  });
});

describe('receiving accounts in the back office', () => {
  type Account = { id: number; channel: string; mch_id: string; bank_no: string };
  it('refuses an account members could not pay to, each with its Chinese message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ channel: 'bank', bank_name: '招商银行', bank_owner: '深圳星河' }, '请输入收款银行卡号'],
      [{ channel: 'bank', bank_no: '6214830000009999', bank_owner: '深圳星河' }, '请输入收款银行名称'],
      [{ channel: 'bank', bank_name: '招商银行', bank_no: '6214830000009999', bank_owner: '  ' }, '请输入收款户名'],
      // A wallet address typed where a bank card number goes: members are shown mch_id, which would be empty.
      [{ channel: 'usdt-trc20', bank_no: 'TXgHeDemo7kPq3vN8mRz2LwYb5cJ4sFa9U' }, '请输入收款账号或钱包地址'],
      [{ channel: 'paypal', mch_id: 'x' }, '请选择正确的收款渠道'],
      [{ channel: 'wechat', mch_id: 'x'.repeat(129) }, '输入内容过长'],
    ];
    for (const [body, message] of cases) {
      expect(
        await adminCall(t, ops.finance, 'POST', '/admin/api/receiving-accounts', body),
        JSON.stringify(body),
      ).toEqual({ code: 400, message, data: null });
    }
  });

  it('creates, changes and deletes an address members are shown on their USDT deposit', async () => {
    const address = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
    const made = await adminCall<Account>(t, ops.finance, 'POST', '/admin/api/receiving-accounts', {
      channel: 'usdt-trc20',
      mch_id: ` ${address} `,
      content: 'TRC20',
      sort: -1,
    });
    expect(made.code).toBe(200);
    expect(made.data).toMatchObject({ channel: 'usdt-trc20', mch_id: address });
    const m = await registerMember(t.app);
    const deposit = await kit.recharge(m.token, { paytype: 'usdt', catepay: 'TRC20', amount: '1000' });
    const info = await kit.payInfo<PayInfoData>(m.token, deposit.data.deposit_no);
    expect(info.data.cardlist[0]).toMatchObject({ mch_id: address, content: 'TRC20' });

    const changed = await adminCall<Account>(t, ops.finance, 'PUT', `/admin/api/receiving-accounts/${made.data.id}`, {
      channel: 'usdt-trc20',
      mch_id: address,
      content: 'TRC20 波场',
      enabled: 0,
    });
    expect(changed.data).toMatchObject({ content: 'TRC20 波场', enabled: 0 });
    const after = await kit.payInfo<PayInfoData>(m.token, deposit.data.deposit_no);
    expect(after.data.cardlist.map((c) => c.mch_id)).not.toContain(address);
    expect((await adminCall(t, ops.finance, 'DELETE', `/admin/api/receiving-accounts/${made.data.id}`)).code).toBe(200);
    expect((await adminCall(t, ops.finance, 'DELETE', `/admin/api/receiving-accounts/${made.data.id}`)).code).toBe(202);
  });
});

describe('POST /api/recharge', () => {
  it('checks the range first, then the depositor fields of a bank transfer, in order', async () => {
    const m = await registerMember(t.app);
    const bank = bankTransfer('200');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...bank, amount: '99.99' }, '请输入金额在100-50000之间！'],
      [{ ...bank, amount: '50000.01' }, '请输入金额在100-50000之间！'],
      [{ ...bank, amount: 'abc', bank_owner: '' }, '请输入金额在100-50000之间！'],
      [{ ...bank, bank_owner: ' ' }, '请输入存款人姓名'],
      [{ ...bank, bank: '' }, '请输入银行类型'],
      [{ ...bank, bank_no: '' }, '请输入银行卡号'],
      [{ ...bank, bank_address: '' }, '请输入银行开户行地址'],
      [{ paytype: 'wxpay', amount: '5001' }, '请输入金额在100-5000之间！'],
      [{ paytype: 'usdt', catepay: 'TRC20', amount: '50' }, '请输入金额在100-100000之间！'],
      [{ paytype: 'usdt', amount: '500' }, '请选择钱包协议'],
      [{ paytype: 'paypal', amount: '500' }, '该支付方式暂未开放'],
    ];
    for (const [body, message] of cases) {
      expect(await kit.recharge(m.token, body), JSON.stringify(body)).toEqual({ code: 400, message, data: null });
    }
    const ok = await kit.recharge(m.token, bank);
    expect(ok.code).toBe(200);
    expect(ok.message).toMatch(/^D\d{20}$/);
    expect(ok.data).toEqual({ deposit_no: ok.message });
  });

  it('refuses a pay way an operator switched off', async () => {
    const m = await registerMember(t.app);
    expect((await adminCall(t, ops.finance, 'PUT', '/admin/api/pay-ways/ebpay', { enabled: 0 })).code).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/get_pay_way',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(res.json().data).toEqual({ ebpay: 0, card: 1, usdt: 1, wechat: 1, alipay: 1 });
    expect(await kit.recharge(m.token, { paytype: 'ebpay', amount: '100' })).toMatchObject({
      code: 400,
      message: '该支付方式暂未开放',
    });
    await adminCall(t, ops.finance, 'PUT', '/admin/api/pay-ways/ebpay', { enabled: 1 });
  });

  it('creates a pending deposit that credits nothing before approval', async () => {
    const m = await registerMember(t.app);
    const made = await kit.recharge(m.token, { paytype: 'wxpay', amount: '300' });
    expect(made.code).toBe(200);
    expect(await kit.balance(m.token)).toBe('0.00');
    const records = await call<{ data: Array<Record<string, unknown>> }>(
      t.app,
      '/api/gettransrecord',
      { date: 1, type: 1, page: 1 },
      { token: m.token },
    );
    expect(records.data.data).toEqual([
      expect.objectContaining({
        out_trade_no: made.data.deposit_no,
        type: 1,
        amount: '300.00',
        state: 1,
        pay_way: '微信支付',
      }),
    ]);
  });
});

describe('POST /api/payinfo', () => {
  it('answers the pay type as the message and, on a way without a gateway, the collection accounts with their QR images', async () => {
    const m = await registerMember(t.app);
    const admin = await operatorToken(t, 'admin');
    expect((await adminCall(t, admin, 'PUT', '/admin/api/pay-ways/wechat', { gateway: null })).code).toBe(200);
    const made = await kit.recharge(m.token, { paytype: 'wxpay', amount: '100.50' });
    await adminCall(t, admin, 'PUT', '/admin/api/pay-ways/wechat', { gateway: 'sandbox' });
    const info = await kit.payInfo<PayInfoData>(m.token, made.data.deposit_no);
    expect(info.code).toBe(200);
    expect(info.message).toBe('wxpay');
    expect(info.data.deposit_no).toBe(made.data.deposit_no);
    expect(info.data.info).toMatchObject({
      amount: '100.50',
      paytype: 'wxpay',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    // Without a gateway the member pays the account shown and an operator reviews: no link credits anything.
    expect(info.data.info.pay_url).toBeUndefined();
    expect(info.data.cardlist[0]).toMatchObject({
      mch_id: 'xinghe_pay_wx01',
      payimg: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
  });

  it('gives USDT deposits the protocol, the rate and amount / rate floored to 2 decimals, as /recharge previews it', async () => {
    const m = await registerMember(t.app);
    const made = await kit.recharge(m.token, { paytype: 'usdt', catepay: 'TRC20', amount: '1000' });
    const info = await kit.payInfo<PayInfoData>(m.token, made.data.deposit_no);
    expect(info.message).toBe('usdtpay');
    // 1000 / 7.20 = 138.888... -> 138.88 (docs/member-app.md "Constants and limits" floors; rounding would ask 138.89)
    expect(info.data.info).toMatchObject({ usdtrate: '7.20', usdt_amount: '138.88', catepay: 'TRC20' });
    expect(info.data.cardlist[0]).toMatchObject({ mch_id: expect.stringMatching(/^T/), content: 'TRC20' });
    const hundred = await kit.recharge(m.token, { paytype: 'usdt', catepay: 'TRC20', amount: '100' });
    const small = await kit.payInfo<PayInfoData>(m.token, hundred.data.deposit_no);
    // 100 / 7.20 = 13.888...: the same figure the recharge screen computes with the contract's usdtAmount.
    expect(small.data.info).toMatchObject({ usdt_amount: '13.88' });
    expect(usdtAmount('100', '7.20')).toBe('13.88');
  });

  it('names the other pay types bankpay, alipay and ebpay; a bank transfer gets no pay link', async () => {
    const m = await registerMember(t.app);
    const bank = await kit.recharge(m.token, bankTransfer('200'));
    const bankInfo = await kit.payInfo<PayInfoData>(m.token, bank.data.deposit_no);
    expect(bankInfo.message).toBe('bankpay');
    expect(bankInfo.data.info.pay_url).toBeUndefined();
    const ali = await kit.recharge(m.token, { paytype: 'alipay', amount: '200' });
    expect((await kit.payInfo(m.token, ali.data.deposit_no)).message).toBe('alipay');
    const eb = await kit.recharge(m.token, { paytype: 'ebpay', amount: '200' });
    expect((await kit.payInfo(m.token, eb.data.deposit_no)).message).toBe('ebpay');
  });

  it("answers 202 for another member's deposit and for an unknown number", async () => {
    const a = await registerMember(t.app);
    const b = await registerMember(t.app);
    const made = await kit.recharge(a.token, { paytype: 'alipay', amount: '200' });
    expect(await kit.payInfo(b.token, made.data.deposit_no)).toEqual({
      code: 202,
      message: '数据不存在',
      data: null,
    });
    expect((await call(t.app, '/api/payinfo', { deposit_no: 'D0' }, { token: a.token })).code).toBe(202);
  });
});

describe('deposit review', () => {
  it('credits a bank transfer on approval with its evidence through the ledger, raises paysum, and answers 409 to a second review', async () => {
    const m = await registerMember(t.app);
    const made = await kit.recharge(m.token, bankTransfer('250.50'));
    const no = made.data.deposit_no;
    const [account] = await t.database.db
      .select()
      .from(receivingAccounts)
      .where(eq(receivingAccounts.channel, 'bank'))
      .orderBy(receivingAccounts.id)
      .limit(1);
    const evidence = { receiving_account_id: account!.id, payer_reference: '张三 HX0250' };
    const approved = await adminCall<{ state: number; reviewed_by: string }>(
      t,
      ops.finance,
      'POST',
      `/admin/api/deposits/${no}/approve`,
      { ...evidence, note: '已到账' },
    );
    expect(approved).toMatchObject({ code: 200, message: MSG.ok });
    expect(approved.data).toMatchObject({
      state: 2,
      receiving_account_id: account!.id,
      payer_reference: '张三 HX0250',
      first_reviewed_by: '',
      note: '已到账',
    });
    expect(await kit.balance(m.token)).toBe('250.50');
    expect((await call<{ paysum: string }>(t.app, '/api/user', {}, { token: m.token })).data.paysum).toBe('250.50');
    expect(await adminCall(t, ops.finance, 'POST', `/admin/api/deposits/${no}/approve`, evidence)).toEqual({
      code: 409,
      message: '该记录已处理',
      data: null,
    });
    expect((await adminCall(t, ops.finance, 'POST', `/admin/api/deposits/${no}/reject`, {})).code).toBe(409);
    expect(await kit.balance(m.token)).toBe('250.50');
    const audit = await adminCall<{ data: Array<{ action: string; target: string }> }>(
      t,
      ops.finance,
      'GET',
      '/admin/api/audit?page=1',
    );
    // The finance role may not read the audit log; the admin role checks it below.
    expect(audit.code).toBe(403);
    const admin = await operatorToken(t, 'admin');
    const log = await adminCall<{ data: Array<{ action: string; target: string }> }>(
      t,
      admin,
      'GET',
      '/admin/api/audit?page=1&pagesize=50',
    );
    expect(log.data.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'deposit.approve',
          target: `deposit:${no}`,
          after: {
            state: 2,
            amount: '250.50',
            receiving_account: `${account!.bankName} ${account!.bankOwner} ${account!.bankNo}`,
            payer_reference: '张三 HX0250',
            bonus: '0.00',
            note: '已到账',
          },
        }),
      ]),
    );
    await kit.ledgerBalanced();
  });

  it('moves nothing on rejection and shows the state in the records', async () => {
    const m = await registerMember(t.app);
    const made = await kit.recharge(m.token, { paytype: 'alipay', amount: '100' });
    expect(
      (
        await adminCall(t, ops.finance, 'POST', `/admin/api/deposits/${made.data.deposit_no}/reject`, {
          note: '未到账',
        })
      ).data,
    ).toMatchObject({ state: 3, note: '未到账' });
    expect(await kit.balance(m.token)).toBe('0.00');
    expect((await call<{ paysum: string }>(t.app, '/api/user', {}, { token: m.token })).data.paysum).toBe('0.00');
    const records = await call<{ data: Array<{ state: number }> }>(
      t.app,
      '/api/gettransrecord',
      { date: 1, type: 1 },
      { token: m.token },
    );
    expect(records.data.data[0]?.state).toBe(3);
    // A gateway deposit is never an operator's to credit, rejected or not.
    expect(await adminCall(t, ops.finance, 'POST', `/admin/api/deposits/${made.data.deposit_no}/approve`, {})).toEqual({
      code: 403,
      message: MSG.depositGatewayOnly,
      data: null,
    });
    await kit.ledgerBalanced();
  });

  it('credits the configured bonus as a separate movement from promotions', async () => {
    await writeSettings(t.database.db, { deposit_bonus_percent: 10 });
    try {
      const m = await registerMember(t.app);
      const no = await kit.deposit(m.token, '333.33');
      expect(await kit.balance(m.token)).toBe('366.66');
      expect((await call<{ paysum: string }>(t.app, '/api/user', {}, { token: m.token })).data.paysum).toBe('333.33');
      const list = await adminCall<{ data: Array<{ deposit_no: string; bonus: string }> }>(
        t,
        ops.finance,
        'GET',
        '/admin/api/deposits?state=2&pagesize=50',
      );
      expect(list.data.data.find((d) => d.deposit_no === no)?.bonus).toBe('33.33');
      await kit.ledgerBalanced();
    } finally {
      await writeSettings(t.database.db, { deposit_bonus_percent: 0 });
    }
  });

  it('lists deposits by state for finance, refuses the content role and answers 202 for an unknown number', async () => {
    const m = await registerMember(t.app);
    const made = await kit.recharge(m.token, { paytype: 'alipay', amount: '120' });
    const pending = await adminCall<{
      data: Array<{ deposit_no: string; username: string; state: number }>;
      total: number;
    }>(t, ops.finance, 'GET', '/admin/api/deposits?state=1&page=1&pagesize=50');
    expect(pending.data.data.find((d) => d.deposit_no === made.data.deposit_no)).toMatchObject({
      username: m.name,
      state: 1,
    });
    expect(pending.data.data.every((d) => d.state === 1)).toBe(true);
    const content = await operatorToken(t, 'content');
    expect((await adminCall(t, content, 'GET', '/admin/api/deposits')).code).toBe(403);
    expect((await adminCall(t, content, 'POST', `/admin/api/deposits/${made.data.deposit_no}/approve`, {})).code).toBe(
      403,
    );
    expect((await adminCall(t, ops.finance, 'POST', '/admin/api/deposits/D999/approve', {})).code).toBe(202);
  });
});
