import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCall, call, credit, memberId, registerMember } from '../../../test/helper';
import { members, withdrawals } from '../../db/schema';
import { writeSettings } from '../site/site-service';
import { usePaymentsApp } from './payments-test-kit';

const { t, ops, kit } = usePaymentsApp();

const withdraw = (token: string, body: Record<string, unknown>) =>
  call<{ order_no: string }>(t.app, '/api/withdraw', body, { token });

/** A settled bet of the member at the sandbox venue: its valid amount pays off outstanding turnover. */
async function settledBet(m: { name: string; token: string }, valid: string) {
  await kit.settleBet(m.token, await memberId(t, m.name), valid);
}

const betAmount = async (token: string) =>
  (await call<{ bet_amount: string }>(t.app, '/api/getBetAmount', {}, { token })).data.bet_amount;

/** /api/withdraw with an Idempotency-Key header, the way the web app sends it. */
const withdrawKeyed = (token: string, key: string, body: Record<string, unknown>) =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/withdraw',
      payload: body,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    })
    .then((r) => r.json() as { code: number; message: string; data: { order_no: string } | null });

const withdrawalsOf = async (name: string) =>
  t.database.db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.memberId, await memberId(t, name)));

describe('POST /api/withdraw: the checks in order', () => {
  it('answers 216, 214 turnover, 214/215 range, 251, 205, 202 card, 208 balance, each in turn', async () => {
    const m = await registerMember(t.app);
    const other = await registerMember(t.app);
    const card = await kit.bindBank(m.token);
    const otherCard = await kit.bindBank(other.token, '6222020200998877665');
    await kit.deposit(m.token, '300');
    const ok = { amount: '100', bank: card, password: 'pay123456' };

    // The deposit of 300 needs 300 of turnover (multiple 1) before anything else is looked at.
    expect(await withdraw(m.token, { ...ok, amount: '1', password: 'wrong' })).toEqual({
      code: 214,
      message: '打码量没有达到充值的1倍,无法正常提现',
      data: null,
    });
    await settledBet(m, '299');
    expect((await withdraw(m.token, ok)).code).toBe(214);
    await settledBet(m, '1');

    expect(await withdraw(m.token, { ...ok, amount: '99.99' })).toEqual({
      code: 214,
      message: '单笔取款不能低于100元',
      data: null,
    });
    expect(await withdraw(m.token, { ...ok, amount: 'abc' })).toMatchObject({
      code: 214,
      message: '单笔取款不能低于100元',
    });
    expect(await withdraw(m.token, { ...ok, amount: '50000.01', password: 'wrong' })).toEqual({
      code: 215,
      message: '单笔取款不能高于50000元',
      data: null,
    });
    expect(await withdraw(m.token, { ...ok, password: '' })).toEqual({
      code: 400,
      message: '请输入您的支付密码',
      data: null,
    });
    expect(await withdraw(m.token, { ...ok, password: 'wrong123', bank: otherCard })).toEqual({
      code: 205,
      message: '支付密码错误',
      data: null,
    });
    expect(await withdraw(m.token, { ...ok, bank: otherCard, amount: '100000' })).toMatchObject({ code: 215 });
    expect(await withdraw(m.token, { ...ok, bank: otherCard, amount: '1000' })).toEqual({
      code: 202,
      message: '卡片不存在',
      data: null,
    });
    expect(await withdraw(m.token, { ...ok, bank: undefined })).toEqual({
      code: 202,
      message: '请选择您要提现到的银行卡',
      data: null,
    });
    expect(await withdraw(m.token, { ...ok, amount: '300.01' })).toEqual({
      code: 208,
      message: '提现金额不能大于账户余额哦',
      data: null,
    });
    expect(await kit.balance(m.token)).toBe('300.00');

    await t.database.db
      .update(members)
      .set({ payPasswordHash: null })
      .where(eq(members.id, await memberId(t, m.name)));
    expect(await withdraw(m.token, { ...ok, password: 'anything' })).toEqual({
      code: 251,
      message: '请先设置支付密码',
      data: null,
    });
    expect(await withdraw(m.token, { ...ok, password: '' })).toMatchObject({ code: 251 });
    expect(await withdraw(m.token, { ...ok, amount: '1' })).toMatchObject({ code: 214 });
  });

  it('stops at the daily count (216) before any other check; rejected requests do not count', async () => {
    const { card, ...m } = await kit.memberWithCard('1000');
    await writeSettings(t.database.db, { withdraw_daily_count: 2 });
    try {
      const first = await withdraw(m.token, { amount: '100', bank: card, password: 'pay123456' });
      expect(first.code).toBe(200);
      expect((await withdraw(m.token, { amount: '100', bank: card, password: 'pay123456' })).code).toBe(200);
      expect(await withdraw(m.token, { amount: '1', bank: 0, password: '' })).toEqual({
        code: 216,
        message: '今日提现次数已达上限',
        data: null,
      });
      await adminCall(t, ops.finance, 'POST', `/admin/api/withdrawals/${first.data.order_no}/reject`, {
        note: '信息有误',
      });
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
    const { card, ...m } = await kit.memberWithCard('500');
    const sent = await withdraw(m.token, { amount: '200.50', bank: card, password: 'pay123456' });
    expect(sent.code).toBe(200);
    expect(sent.message).toBe('提交成功，等待后台审核');
    expect(sent.data.order_no).toMatch(/^W\d{20}$/);
    expect(await kit.balance(m.token)).toBe('299.50');
    await kit.ledgerBalanced();

    const approved = await adminCall<{ state: number }>(
      t,
      ops.finance,
      'POST',
      `/admin/api/withdrawals/${sent.data.order_no}/approve`,
      {},
    );
    expect(approved.data.state).toBe(2);
    expect(await kit.balance(m.token)).toBe('299.50');
    expect(await adminCall(t, ops.finance, 'POST', `/admin/api/withdrawals/${sent.data.order_no}/reject`, {})).toEqual({
      code: 409,
      message: '该记录已处理',
      data: null,
    });
    expect(await kit.balance(m.token)).toBe('299.50');
    const records = await call<{ data: Array<Record<string, unknown>> }>(
      t.app,
      '/api/gettransrecord',
      { date: 1, type: 2 },
      { token: m.token },
    );
    expect(records.data.data).toEqual([
      expect.objectContaining({
        out_trade_no: sent.data.order_no,
        type: 2,
        amount: '200.50',
        state: 2,
        pay_way: '招商银行',
      }),
    ]);
    await kit.ledgerBalanced();
  });

  it('returns the money on rejection', async () => {
    const { card, ...m } = await kit.memberWithCard('150');
    const sent = await withdraw(m.token, { amount: '150', bank: card, password: 'pay123456' });
    expect(await kit.balance(m.token)).toBe('0.00');
    const rejected = await adminCall<{ state: number; note: string }>(
      t,
      ops.finance,
      'POST',
      `/admin/api/withdrawals/${sent.data.order_no}/reject`,
      { note: '银行卡信息有误' },
    );
    expect(rejected.data).toMatchObject({ state: 3, note: '银行卡信息有误' });
    expect(await kit.balance(m.token)).toBe('150.00');
    expect(
      (await adminCall(t, ops.finance, 'POST', `/admin/api/withdrawals/${sent.data.order_no}/approve`, {})).code,
    ).toBe(409);
    expect(await kit.balance(m.token)).toBe('150.00');
    await kit.ledgerBalanced();
  });

  it('records the USDT a USDT card receives: floor(amount / rate, 2) minus the protocol fee', async () => {
    const m = await registerMember(t.app);
    await credit(t, ops.finance, m.name, '1000');
    const erc = await kit.bindUsdt(m.token, 'ERC20', '0x1111222233334444555566667777888899990000');
    const trc = await kit.bindUsdt(m.token, 'TRC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    const a = await withdraw(m.token, { amount: '730', bank: erc, password: 'pay123456' });
    const b = await withdraw(m.token, { amount: '200', bank: trc, password: 'pay123456' });
    const list = await adminCall<{
      data: Array<{ order_no: string; usdt_amount: string; usdt_fee: string; bank_no: string }>;
    }>(t, ops.finance, 'GET', '/admin/api/withdrawals?state=1&pagesize=50');
    // 730 / 7.30 = 100.00, ERC20 fee (withdrawcashfee) 5.00; 200 / 7.30 = 27.39, TRC20 fee (withdrawfeeusdttrc) 1.00.
    expect(list.data.data.find((w) => w.order_no === a.data.order_no)).toMatchObject({
      usdt_amount: '95.00',
      usdt_fee: '5.00',
    });
    expect(list.data.data.find((w) => w.order_no === b.data.order_no)).toMatchObject({
      usdt_amount: '26.39',
      usdt_fee: '1.00',
    });
    expect(await kit.balance(m.token)).toBe('70.00');
  });

  it('keeps a deposit approved while a withdrawal is pending owed after that withdrawal is approved', async () => {
    const m = await registerMember(t.app);
    const card = await kit.bindBank(m.token);
    const ok = { amount: '100', bank: card, password: 'pay123456' };
    // An operator's credit is not a deposit: it owes no turnover.
    await credit(t, ops.finance, m.name, '500');
    expect(await betAmount(m.token)).toBe('0.00');
    const pending = await withdraw(m.token, ok);
    expect(pending.code).toBe(200);

    await kit.deposit(m.token, '200.01');
    expect(await betAmount(m.token)).toBe('200.01');
    expect(
      (await adminCall(t, ops.finance, 'POST', `/admin/api/withdrawals/${pending.data.order_no}/approve`, {})).code,
    ).toBe(200);
    // Approving the earlier withdrawal does not wipe what the later deposit owes.
    expect(await betAmount(m.token)).toBe('200.01');
    const refused = { code: 214, message: '打码量没有达到充值的1倍,无法正常提现', data: null };
    expect(await withdraw(m.token, ok)).toEqual(refused);

    await settledBet(m, '150');
    expect(await betAmount(m.token)).toBe('50.01');
    expect(await withdraw(m.token, ok)).toEqual(refused);
    await settledBet(m, '50');
    expect(await betAmount(m.token)).toBe('0.01');
    expect(await withdraw(m.token, ok)).toEqual(refused);
    // The last bet is larger than what is owed: the figure stops at zero.
    await settledBet(m, '10');
    expect(await betAmount(m.token)).toBe('0.00');
    expect(await kit.balance(m.token)).toBe('600.01');
    expect((await withdraw(m.token, ok)).code).toBe(200);
    expect(await kit.balance(m.token)).toBe('500.01');
    await kit.ledgerBalanced();
  });

  it('adds amount x turnover_multiple per approved deposit, rounded up to the cent, and nothing for an adjustment', async () => {
    const m = await registerMember(t.app);
    await writeSettings(t.database.db, { turnover_multiple: 1.5 });
    try {
      await kit.deposit(m.token, '100.01');
      // 100.01 x 1.5 = 150.015, rounded up.
      expect(await betAmount(m.token)).toBe('150.02');
      await credit(t, ops.finance, m.name, '1000');
      expect(await betAmount(m.token)).toBe('150.02');
      const card = await kit.bindBank(m.token);
      expect(await withdraw(m.token, { amount: '100', bank: card, password: 'pay123456' })).toEqual({
        code: 214,
        message: '打码量没有达到充值的1.5倍,无法正常提现',
        data: null,
      });
      await kit.deposit(m.token, '100');
      expect(await betAmount(m.token)).toBe('300.02');
      await settledBet(m, '300.01');
      expect(await betAmount(m.token)).toBe('0.01');
    } finally {
      await writeSettings(t.database.db, { turnover_multiple: 1 });
    }
  });

  it("refuses to withdraw to another member's card (BOLA) and a card that was unbound", async () => {
    const a = await registerMember(t.app);
    const b = await registerMember(t.app);
    const aCard = await kit.bindBank(a.token);
    await credit(t, ops.finance, b.name, '500');
    expect(await withdraw(b.token, { amount: '100', bank: aCard, password: 'pay123456' })).toMatchObject({ code: 202 });
    const bCard = await kit.bindBank(b.token, '6222020200555566667');
    await call(t.app, '/api/delcard', { id: bCard }, { token: b.token });
    expect(await withdraw(b.token, { amount: '100', bank: bCard, password: 'pay123456' })).toMatchObject({ code: 202 });
    expect(await kit.balance(b.token)).toBe('500.00');
  });
});

describe('a repeated withdrawal request', () => {
  it('answers the same order_no to the same Idempotency-Key and moves the money once', async () => {
    const { card, ...m } = await kit.memberWithCard('150');
    const body = { amount: '150', bank: card, password: 'pay123456' };
    const first = await withdrawKeyed(m.token, 'wd-key-0001', body);
    expect(first).toMatchObject({ code: 200, message: '提交成功，等待后台审核' });
    expect(await kit.balance(m.token)).toBe('0.00');
    // The repeat would fail every check now (no balance left), yet it is the same request: the same answer.
    expect(await withdrawKeyed(m.token, 'wd-key-0001', body)).toEqual(first);
    expect(await kit.balance(m.token)).toBe('0.00');
    expect(await withdrawKeyed(m.token, 'wd-key-0002', body)).toEqual({
      code: 208,
      message: '提现金额不能大于账户余额哦',
      data: null,
    });
    expect((await withdrawalsOf(m.name)).map((w) => w.orderNo)).toEqual([first.data?.order_no]);
    await kit.ledgerBalanced();
  });

  it('makes one withdrawal of five sent at once with one key', async () => {
    const { card, ...m } = await kit.memberWithCard('1000');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        withdrawKeyed(m.token, 'same-key-at-once', { amount: '100.25', bank: card, password: 'pay123456' }),
      ),
    );
    const numbers = new Set(answers.map((a) => a.data?.order_no));
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200, 200, 200]);
    expect(numbers.size).toBe(1);
    const rows = await withdrawalsOf(m.name);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ orderNo: [...numbers][0], amount: '100.25', requestKey: 'same-key-at-once' });
    expect(await kit.balance(m.token)).toBe('899.75');
    // Another key is another withdrawal.
    expect(
      (await withdrawKeyed(m.token, 'another-key-01', { amount: '100', bank: card, password: 'pay123456' })).code,
    ).toBe(200);
    expect(await kit.balance(m.token)).toBe('799.75');
    await kit.ledgerBalanced();
  });

  it('refuses a USDT withdrawal the protocol fee would eat whole, and moves nothing', async () => {
    const m = await registerMember(t.app);
    await credit(t, ops.finance, m.name, '1000');
    const trc = await kit.bindUsdt(m.token, 'TRC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    await writeSettings(t.database.db, { withdrawfeeusdttrc: '100.00' });
    try {
      // 730 / 7.30 = 100.00 USDT, less the 100.00 fee: nothing would arrive.
      expect(await withdraw(m.token, { amount: '730', bank: trc, password: 'pay123456' })).toEqual({
        code: 214,
        message: '扣除手续费后到账USDT须大于0，请提高提现金额',
        data: null,
      });
      expect(await kit.balance(m.token)).toBe('1000.00');
      expect(await withdrawalsOf(m.name)).toEqual([]);
      // 737.30 / 7.30 = 101.00: 1.00 arrives.
      const sent = await withdraw(m.token, { amount: '737.30', bank: trc, password: 'pay123456' });
      expect(sent.code).toBe(200);
      expect(await withdrawalsOf(m.name)).toEqual([expect.objectContaining({ usdtAmount: '1.00', usdtFee: '100.00' })]);
      expect(await kit.balance(m.token)).toBe('262.70');
    } finally {
      await writeSettings(t.database.db, { withdrawfeeusdttrc: '1.00' });
    }
    await kit.ledgerBalanced();
  });
});

describe('withdrawal attempts per member', () => {
  it('answers 429 after the limit of withdrawals and card binds, whatever their outcome', async () => {
    const { buildTestApp: build, call: send, registerMember: register } = await import('../../../test/helper');
    const limited = await build({
      config: {
        ...(await import('../../config')).loadConfig({
          LOG_LEVEL: 'silent',
          WEB_DIST: '/nonexistent',
          MONEY_ATTEMPT_LIMIT: '3',
        }),
      },
    });
    try {
      const m = await register(limited.app);
      for (let i = 0; i < 3; i += 1) {
        const answer = await send(
          limited.app,
          '/api/withdraw',
          { amount: '100', bank: 1, password: 'wrong-pass' },
          { token: m.token },
        );
        expect(answer.code).not.toBe(429);
      }
      expect(
        await send(limited.app, '/api/withdraw', { amount: '100', bank: 1, password: 'pay123456' }, { token: m.token }),
      ).toEqual({
        code: 429,
        message: '操作过于频繁，请稍后再试',
        data: null,
      });
      expect((await send(limited.app, '/api/bindcard', {}, { token: m.token })).code).toBe(429);
      const other = await register(limited.app);
      expect(
        (await send(limited.app, '/api/withdraw', { amount: '100', bank: 1, password: 'x' }, { token: other.token }))
          .code,
      ).not.toBe(429);
    } finally {
      await limited.close();
    }
  });
});
