import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, buildTestApp, call, credit, memberId, operatorToken, registerMember, type TestApp } from '../../../test/helper';
import { bets, members } from '../../db/schema';
import { writeSettings } from '../site/site-service';
import { paymentsKit } from './payments-test-kit';

let t: TestApp;
let finance: string;
let kit: ReturnType<typeof paymentsKit>;

beforeAll(async () => {
  t = await buildTestApp();
  finance = await operatorToken(t, 'finance');
  kit = paymentsKit(t, () => finance);
});
afterAll(() => t?.close());

const withdraw = (token: string, body: Record<string, unknown>) => call<{ order_no: string }>(t.app, '/api/withdraw', body, { token });

let betCounter = 0;
/** A settled bet of the member, the way the sandbox venue records one: its valid amount is turnover. */
async function settledBet(name: string, valid: string) {
  betCounter += 1;
  await t.database.db.insert(bets).values({
    betId: `wt-${Date.now().toString(36)}-${betCounter}`,
    memberId: await memberId(t, name),
    venueCode: 'XHZR',
    category: 'realbet',
    betAmount: valid,
    validAmount: valid,
    status: 1,
    settledAt: new Date(),
  });
}

describe('POST /api/withdraw: the checks in order', () => {
  it('answers 216, 214 turnover, 214/215 range, 251, 205, 202 card, 208 balance, each in turn', async () => {
    const m = await registerMember(t.app);
    const other = await registerMember(t.app);
    const card = await kit.bindBank(m.token);
    const otherCard = await kit.bindBank(other.token, '6222020200998877665');
    await kit.deposit(m.token, '300');
    const ok = { amount: '100', bank: card, password: 'pay123456' };

    // The deposit of 300 needs 300 of turnover (multiple 1) before anything else is looked at.
    expect(await withdraw(m.token, { ...ok, amount: '1', password: 'wrong' })).toEqual({ code: 214, message: '打码量没有达到充值的1倍,无法正常提现', data: null });
    await settledBet(m.name, '299.99');
    expect((await withdraw(m.token, ok)).code).toBe(214);
    await settledBet(m.name, '0.01');

    expect(await withdraw(m.token, { ...ok, amount: '99.99' })).toEqual({ code: 214, message: '单笔取款不能低于100元', data: null });
    expect(await withdraw(m.token, { ...ok, amount: 'abc' })).toMatchObject({ code: 214, message: '单笔取款不能低于100元' });
    expect(await withdraw(m.token, { ...ok, amount: '50000.01', password: 'wrong' })).toEqual({ code: 215, message: '单笔取款不能高于50000元', data: null });
    expect(await withdraw(m.token, { ...ok, password: '' })).toEqual({ code: 400, message: '请输入您的支付密码', data: null });
    expect(await withdraw(m.token, { ...ok, password: 'wrong123', bank: otherCard })).toEqual({ code: 205, message: '支付密码错误', data: null });
    expect(await withdraw(m.token, { ...ok, bank: otherCard, amount: '100000' })).toMatchObject({ code: 215 });
    expect(await withdraw(m.token, { ...ok, bank: otherCard, amount: '1000' })).toEqual({ code: 202, message: '卡片不存在', data: null });
    expect(await withdraw(m.token, { ...ok, bank: undefined })).toEqual({ code: 202, message: '请选择您要提现到的银行卡', data: null });
    expect(await withdraw(m.token, { ...ok, amount: '300.01' })).toEqual({ code: 208, message: '提现金额不能大于账户余额哦', data: null });
    expect(await kit.balance(m.token)).toBe('300.00');

    await t.database.db.update(members).set({ payPasswordHash: null }).where(eq(members.id, await memberId(t, m.name)));
    expect(await withdraw(m.token, { ...ok, password: 'anything' })).toEqual({ code: 251, message: '请先设置支付密码', data: null });
    expect(await withdraw(m.token, { ...ok, password: '' })).toMatchObject({ code: 251 });
    expect(await withdraw(m.token, { ...ok, amount: '1' })).toMatchObject({ code: 214 });
  });

  it('stops at the daily count (216) before any other check; rejected requests do not count', async () => {
    const m = await registerMember(t.app);
    await credit(t, finance, m.name, '1000');
    const card = await kit.bindBank(m.token);
    await writeSettings(t.database.db, { withdraw_daily_count: 2 });
    try {
      const first = await withdraw(m.token, { amount: '100', bank: card, password: 'pay123456' });
      expect(first.code).toBe(200);
      expect((await withdraw(m.token, { amount: '100', bank: card, password: 'pay123456' })).code).toBe(200);
      expect(await withdraw(m.token, { amount: '1', bank: 0, password: '' })).toEqual({ code: 216, message: '今日提现次数已达上限', data: null });
      await adminCall(t, finance, 'POST', `/admin/api/withdrawals/${first.data.order_no}/reject`, { note: '信息有误' });
      expect((await withdraw(m.token, { amount: '100', bank: card, password: 'pay123456' })).code).toBe(200);
      expect((await withdraw(m.token, { amount: '100', bank: card, password: 'pay123456' })).code).toBe(216);
    } finally {
      await writeSettings(t.database.db, { withdraw_daily_count: 5 });
    }
    await kit.ledgerBalanced();
  });
});

describe('withdrawal money', () => {
  it('debits on submit, keeps the money out on approval and answers 409 to a second review', async () => {
    const m = await registerMember(t.app);
    await credit(t, finance, m.name, '500');
    const card = await kit.bindBank(m.token);
    const sent = await withdraw(m.token, { amount: '200.50', bank: card, password: 'pay123456' });
    expect(sent.code).toBe(200);
    expect(sent.message).toBe('提交成功，等待后台审核');
    expect(sent.data.order_no).toMatch(/^W\d{20}$/);
    expect(await kit.balance(m.token)).toBe('299.50');
    await kit.ledgerBalanced();

    const approved = await adminCall<{ state: number }>(t, finance, 'POST', `/admin/api/withdrawals/${sent.data.order_no}/approve`, {});
    expect(approved.data.state).toBe(2);
    expect(await kit.balance(m.token)).toBe('299.50');
    expect(await adminCall(t, finance, 'POST', `/admin/api/withdrawals/${sent.data.order_no}/reject`, {})).toEqual({ code: 409, message: '该记录已处理', data: null });
    expect(await kit.balance(m.token)).toBe('299.50');
    const records = await call<{ data: Array<Record<string, unknown>> }>(t.app, '/api/gettransrecord', { date: 1, type: 2 }, { token: m.token });
    expect(records.data.data).toEqual([expect.objectContaining({ out_trade_no: sent.data.order_no, type: 2, amount: '200.50', state: 2, pay_way: '招商银行' })]);
    await kit.ledgerBalanced();
  });

  it('returns the money on rejection', async () => {
    const m = await registerMember(t.app);
    await credit(t, finance, m.name, '150');
    const card = await kit.bindBank(m.token);
    const sent = await withdraw(m.token, { amount: '150', bank: card, password: 'pay123456' });
    expect(await kit.balance(m.token)).toBe('0.00');
    const rejected = await adminCall<{ state: number; note: string }>(t, finance, 'POST', `/admin/api/withdrawals/${sent.data.order_no}/reject`, { note: '银行卡信息有误' });
    expect(rejected.data).toMatchObject({ state: 3, note: '银行卡信息有误' });
    expect(await kit.balance(m.token)).toBe('150.00');
    expect((await adminCall(t, finance, 'POST', `/admin/api/withdrawals/${sent.data.order_no}/approve`, {})).code).toBe(409);
    expect(await kit.balance(m.token)).toBe('150.00');
    await kit.ledgerBalanced();
  });

  it('records the USDT a USDT card receives: floor(amount / rate, 2) minus the protocol fee', async () => {
    const m = await registerMember(t.app);
    await credit(t, finance, m.name, '1000');
    expect((await call(t.app, '/api/bindcard', { bank: 'USDT', bank_owner: 'ERC20', bank_address: '', bank_no: '0x1111222233334444555566667777888899990000', pay_pass: 'pay123456' }, { token: m.token })).code).toBe(200);
    expect((await call(t.app, '/api/bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_address: '', bank_no: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', pay_pass: 'pay123456' }, { token: m.token })).code).toBe(200);
    const cards = await call<Array<{ id: number; bank_owner: string }>>(t.app, '/api/getcard', { type: 2 }, { token: m.token });
    const erc = cards.data.find((c) => c.bank_owner === 'ERC20')?.id;
    const trc = cards.data.find((c) => c.bank_owner === 'TRC20')?.id;
    const a = await withdraw(m.token, { amount: '730', bank: erc, password: 'pay123456' });
    const b = await withdraw(m.token, { amount: '200', bank: trc, password: 'pay123456' });
    const list = await adminCall<{ data: Array<{ order_no: string; usdt_amount: string; usdt_fee: string; bank_no: string }> }>(t, finance, 'GET', '/admin/api/withdrawals?state=1&pagesize=50');
    // 730 / 7.30 = 100.00, ERC20 fee (withdrawcashfee) 5.00; 200 / 7.30 = 27.39, TRC20 fee (withdrawfeeusdttrc) 1.00.
    expect(list.data.data.find((w) => w.order_no === a.data.order_no)).toMatchObject({ usdt_amount: '95.00', usdt_fee: '5.00' });
    expect(list.data.data.find((w) => w.order_no === b.data.order_no)).toMatchObject({ usdt_amount: '26.39', usdt_fee: '1.00' });
    expect(await kit.balance(m.token)).toBe('70.00');
  });

  it('counts turnover and deposits from the last approved withdrawal on (getBetAmount shows the window)', async () => {
    const m = await registerMember(t.app);
    const card = await kit.bindBank(m.token);
    await kit.deposit(m.token, '200');
    await settledBet(m.name, '250');
    expect((await call<{ bet_amount: string }>(t.app, '/api/getBetAmount', {}, { token: m.token })).data.bet_amount).toBe('250.00');
    const first = await withdraw(m.token, { amount: '100', bank: card, password: 'pay123456' });
    expect(first.code).toBe(200);
    await adminCall(t, finance, 'POST', `/admin/api/withdrawals/${first.data.order_no}/approve`, {});
    // A new window: the old turnover no longer counts, and neither does the old deposit.
    expect((await call<{ bet_amount: string }>(t.app, '/api/getBetAmount', {}, { token: m.token })).data.bet_amount).toBe('0.00');
    expect((await withdraw(m.token, { amount: '100', bank: card, password: 'pay123456' })).code).toBe(200);
    await kit.deposit(m.token, '100');
    await writeSettings(t.database.db, { turnover_multiple: 2 });
    try {
      expect(await withdraw(m.token, { amount: '100', bank: card, password: 'pay123456' })).toMatchObject({ code: 214, message: '打码量没有达到充值的2倍,无法正常提现' });
      await settledBet(m.name, '200');
      expect((await withdraw(m.token, { amount: '100', bank: card, password: 'pay123456' })).code).toBe(200);
    } finally {
      await writeSettings(t.database.db, { turnover_multiple: 1 });
    }
    await kit.ledgerBalanced();
  });

  it("refuses to withdraw to another member's card (BOLA) and a card that was unbound", async () => {
    const a = await registerMember(t.app);
    const b = await registerMember(t.app);
    const aCard = await kit.bindBank(a.token);
    await credit(t, finance, b.name, '500');
    expect(await withdraw(b.token, { amount: '100', bank: aCard, password: 'pay123456' })).toMatchObject({ code: 202 });
    const bCard = await kit.bindBank(b.token, '6222020200555566667');
    await call(t.app, '/api/delcard', { id: bCard }, { token: b.token });
    expect(await withdraw(b.token, { amount: '100', bank: bCard, password: 'pay123456' })).toMatchObject({ code: 202 });
    expect(await kit.balance(b.token)).toBe('500.00');
  });
});

describe('withdrawal attempts per member', () => {
  it('answers 429 after the limit of withdrawals and card binds, whatever their outcome', async () => {
    const { buildTestApp: build, call: send, registerMember: register } = await import('../../../test/helper');
    const limited = await build({
      config: {
        ...(await import('../../config')).loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', MONEY_ATTEMPT_LIMIT: '3' }),
      },
    });
    try {
      const m = await register(limited.app);
      for (let i = 0; i < 3; i += 1) {
        const answer = await send(limited.app, '/api/withdraw', { amount: '100', bank: 1, password: 'wrong-pass' }, { token: m.token });
        expect(answer.code).not.toBe(429);
      }
      expect(await send(limited.app, '/api/withdraw', { amount: '100', bank: 1, password: 'pay123456' }, { token: m.token })).toEqual({
        code: 429,
        message: '操作过于频繁，请稍后再试',
        data: null,
      });
      expect((await send(limited.app, '/api/bindcard', {}, { token: m.token })).code).toBe(429);
      const other = await register(limited.app);
      expect((await send(limited.app, '/api/withdraw', { amount: '100', bank: 1, password: 'x' }, { token: other.token })).code).not.toBe(429);
    } finally {
      await limited.close();
    }
  });
});
