import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, credit, memberId, operatorToken, registerMember, useTestApp } from '../../../test/helper';
import { members } from '../../db/schema';

const t = useTestApp();

interface CardOut {
  id: number;
  bank: string;
  bank_owner: string;
  bank_no: string;
  bank_not: string;
  bank_address: string;
  ico: string;
}

const bank = {
  bank: '中国工商银行',
  bank_owner: '李四',
  bank_address: '北京市海淀区支行',
  bank_no: '6222021234567890123',
  pay_pass: 'pay123456',
};
const usdt = {
  bank: 'USDT',
  bank_owner: 'TRC20',
  bank_address: '',
  bank_no: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  pay_pass: 'pay123456',
};

/** A card body and the code and message /api/bindcard refuses it with. */
type Refusal = [Record<string, unknown>, number, string];
/** Binds each body with the member's token and expects the refusal it names. */
async function expectRefused(token: string, refusals: Refusal[]) {
  for (const [body, code, message] of refusals) {
    expect(await call(t.app, '/api/bindcard', body, { token }), JSON.stringify(body)).toEqual({
      code,
      message,
      data: null,
    });
  }
}

describe('POST /api/bindcard', () => {
  it('checks a bank card in the order of docs/member-app.md "Bank card rules", then the pay password', async () => {
    const m = await registerMember(t.app);
    const refusals: Refusal[] = [
      [{ ...bank, bank_owner: '', bank: '' }, 400, '请输入姓名'],
      [{ ...bank, bank: ' ', bank_address: '' }, 400, '请输入银行'],
      [{ ...bank, bank_address: '', bank_no: '' }, 400, '请输入开户行地址'],
      [{ ...bank, bank_no: '', pay_pass: '' }, 400, '请输人银行卡号'],
      [{ ...bank, pay_pass: '', bank_no: '123' }, 400, '请输人支付密码'],
      [{ ...bank, bank_no: '1234567', pay_pass: '1' }, 400, '请输人正确的卡号长度'],
      [{ ...bank, pay_pass: '12345' }, 400, '请输人支付密码长度'],
      [{ ...bank, pay_pass: '1234567890123456789' }, 400, '请输人支付密码长度'],
      [{ ...bank, pay_pass: 'wrong123' }, 205, '支付密码错误'],
    ];
    await expectRefused(m.token, refusals);
    expect((await call<CardOut[]>(t.app, '/api/getcard', { type: 1 }, { token: m.token })).data).toEqual([]);
    expect(await call(t.app, '/api/bindcard', bank, { token: m.token })).toEqual({
      code: 200,
      message: '绑定成功',
      data: null,
    });
  });

  it('checks a USDT address: address, protocol, pay password', async () => {
    const m = await registerMember(t.app);
    const refusals: Refusal[] = [
      [{ ...usdt, bank_no: '', bank_owner: '' }, 400, '请输入USDT地址'],
      [{ ...usdt, bank_owner: 'OMNI' }, 400, '请选择钱包协议'],
      [{ ...usdt, pay_pass: '' }, 400, '请输人支付密码'],
      [{ ...usdt, pay_pass: 'wrong123' }, 205, '支付密码错误'],
    ];
    await expectRefused(m.token, refusals);
    expect(
      (await call(t.app, '/api/bindcard', { ...usdt, bank: 'usdt', bank_owner: 'trc20' }, { token: m.token })).code,
    ).toBe(200);
    const list = await call<CardOut[]>(t.app, '/api/getcard', { type: 2 }, { token: m.token });
    expect(list.data).toEqual([
      {
        id: expect.any(Number),
        bank: 'USDT',
        bank_owner: 'TRC20',
        bank_no: `${'*'.repeat(30)}YjU7`,
        bank_not: 'YjU7',
        bank_address: '',
        ico: '',
      },
    ]);
  });

  it('answers 251 when no pay password is set', async () => {
    const m = await registerMember(t.app);
    await t.database.db
      .update(members)
      .set({ payPasswordHash: null })
      .where(eq(members.id, await memberId(t, m.name)));
    expect(await call(t.app, '/api/bindcard', bank, { token: m.token })).toEqual({
      code: 251,
      message: '请先设置支付密码',
      data: null,
    });
  });

  it('binds at most 5 of each kind (207); unbinding frees a place', async () => {
    const m = await registerMember(t.app);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await call(t.app, '/api/bindcard', { ...bank, bank_no: `62220212345678900${i}` }, { token: m.token })).code,
      ).toBe(200);
    }
    expect(await call(t.app, '/api/bindcard', { ...bank, bank_no: '6222021234567890099' }, { token: m.token })).toEqual(
      { code: 207, message: '最多只能绑定5张卡', data: null },
    );
    // The other kind has its own five.
    expect((await call(t.app, '/api/bindcard', usdt, { token: m.token })).code).toBe(200);
    const cards = await call<CardOut[]>(t.app, '/api/getcard', { type: 1 }, { token: m.token });
    expect(cards.data).toHaveLength(5);
    expect(await call(t.app, '/api/delcard', { id: cards.data[0]?.id }, { token: m.token })).toEqual({
      code: 200,
      message: '解绑成功',
      data: null,
    });
    expect(
      (await call(t.app, '/api/bindcard', { ...bank, bank_no: '6222021234567890099' }, { token: m.token })).code,
    ).toBe(200);
  });

  it('keeps the limit when five binds race', async () => {
    const m = await registerMember(t.app);
    await Promise.all(
      [0, 1, 2].map((i) =>
        call(t.app, '/api/bindcard', { ...bank, bank_no: `62220200000000000${i}` }, { token: m.token }),
      ),
    );
    const answers = await Promise.all(
      [3, 4, 5, 6, 7].map((i) =>
        call(t.app, '/api/bindcard', { ...bank, bank_no: `62220200000000000${i}` }, { token: m.token }),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.code === 207)).toHaveLength(3);
    expect((await call<CardOut[]>(t.app, '/api/getcard', { type: 1 }, { token: m.token })).data).toHaveLength(5);
  });
});

describe('POST /api/getcard and /api/delcard', () => {
  it('lists only own cards, masked except the last 4, with bank_not; absent type lists both kinds', async () => {
    const a = await registerMember(t.app);
    const b = await registerMember(t.app);
    await call(t.app, '/api/bindcard', bank, { token: a.token });
    await call(t.app, '/api/bindcard', usdt, { token: a.token });
    const list = await call<CardOut[]>(t.app, '/api/getcard', { type: 1 }, { token: a.token });
    expect(list.data).toEqual([
      {
        id: expect.any(Number),
        bank: '中国工商银行',
        bank_owner: '李四',
        bank_no: '***************0123',
        bank_not: '0123',
        bank_address: '北京市海淀区支行',
        ico: '',
      },
    ]);
    expect((await call<CardOut[]>(t.app, '/api/getcard', {}, { token: a.token })).data).toHaveLength(2);
    expect((await call<CardOut[]>(t.app, '/api/getcard', { type: 1 }, { token: b.token })).data).toEqual([]);
    const raw = JSON.stringify(await call(t.app, '/api/getcard', {}, { token: a.token }));
    expect(raw).not.toContain(bank.bank_no);
    expect(raw).not.toContain(usdt.bank_no);
  });

  it("refuses to delete another member's card (202) and leaves it bound", async () => {
    const a = await registerMember(t.app);
    const b = await registerMember(t.app);
    await call(t.app, '/api/bindcard', bank, { token: a.token });
    const [card] = (await call<CardOut[]>(t.app, '/api/getcard', { type: 1 }, { token: a.token })).data;
    expect(await call(t.app, '/api/delcard', { id: card?.id }, { token: b.token })).toEqual({
      code: 202,
      message: '卡片不存在',
      data: null,
    });
    expect((await call<CardOut[]>(t.app, '/api/getcard', { type: 1 }, { token: a.token })).data).toHaveLength(1);
    expect((await call(t.app, '/api/delcard', { id: card?.id }, { token: a.token })).code).toBe(200);
    expect((await call(t.app, '/api/delcard', { id: card?.id }, { token: a.token })).code).toBe(202);
    expect((await call(t.app, '/api/delcard', {}, { token: a.token })).code).toBe(400);
  });

  it('never shows a full card number in withdrawal records either', async () => {
    const m = await registerMember(t.app);
    const finance = await operatorToken(t, 'finance');
    await credit(t, finance, m.name, '200');
    await call(t.app, '/api/bindcard', bank, { token: m.token });
    const [card] = (await call<CardOut[]>(t.app, '/api/getcard', { type: 1 }, { token: m.token })).data;
    await call(t.app, '/api/withdraw', { amount: '100', bank: card?.id, password: 'pay123456' }, { token: m.token });
    const records = await call(t.app, '/api/gettransrecord', { date: 1 }, { token: m.token });
    expect(JSON.stringify(records)).not.toContain(bank.bank_no);
  });
});

describe('POST /api/banklist', () => {
  it('answers the Chinese bank names in order', async () => {
    const m = await registerMember(t.app);
    const list = await call<Array<{ id: number; bank_name: string }>>(t.app, '/api/banklist', {}, { token: m.token });
    expect(list.data.slice(0, 3).map((b) => b.bank_name)).toEqual(['中国工商银行', '中国建设银行', '中国农业银行']);
    expect(list.data.length).toBeGreaterThanOrEqual(10);
  });
});
