import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, buildTestApp, call, memberId, operatorToken, registerMember, type TestApp } from '../../../test/helper';
import { createOperator } from './admin-service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('operator login', () => {
  it('answers a token for the right password and 203 otherwise', async () => {
    const password = await createOperator(t.database.db, 'boss_one', 'admin');
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const ok = await call<{ token: string; role: string }>(t.app, '/admin/api/login', { username: 'boss_one', password });
    expect(ok.code).toBe(200);
    expect(ok.data.role).toBe('admin');
    expect(await call(t.app, '/admin/api/login', { username: 'boss_one', password: 'nope' }, { ip: '10.8.0.1' })).toMatchObject({
      code: 203,
      message: '账号或密码错误',
    });
  });

  it('refuses back-office calls without a token, with a member token, or with a role that lacks the right', async () => {
    const m = await registerMember(t.app);
    const content = await operatorToken(t, 'content');
    const id = await memberId(t, m.name);
    const noToken = await t.app.inject({ method: 'GET', url: '/admin/api/members' });
    expect(noToken.json()).toMatchObject({ code: 401 });
    expect((await adminCall(t, m.token, 'GET', '/admin/api/members')).code).toBe(401);
    expect(await adminCall(t, content, 'POST', `/admin/api/members/${id}/adjust`, { amount: '10', note: 'x' })).toMatchObject({
      code: 403,
      message: '无权进行此操作',
    });
  });
});

describe('POST /admin/api/members/:id/adjust', () => {
  it('credits and debits with a note, never below zero, and audits each change', async () => {
    const m = await registerMember(t.app);
    const op = await operatorToken(t, 'finance');
    const id = await memberId(t, m.name);
    const url = `/admin/api/members/${id}/adjust`;

    expect(await adminCall(t, op, 'POST', url, { amount: '100.50', note: '活动补发' })).toEqual({
      code: 200,
      message: '操作成功',
      data: { balance: '100.50' },
    });
    expect(await adminCall(t, op, 'POST', url, { amount: '-100.51', note: '扣回' })).toMatchObject({ code: 210, message: '账户余额不足' });
    expect(await adminCall(t, op, 'POST', url, { amount: '10', note: '' })).toMatchObject({ code: 400, message: '请填写调整备注' });
    expect(await adminCall(t, op, 'POST', url, { amount: 'abc', note: 'x' })).toMatchObject({ code: 400, message: '请输入正确的金额' });
    expect((await adminCall<{ balance: string }>(t, op, 'POST', url, { amount: '-0.50', note: '扣回' })).data.balance).toBe('100.00');
    expect((await call<{ balance: string }>(t.app, '/api/balance', {}, { token: m.token })).data.balance).toBe('100.00');

    // An adjustment is not a deposit: paysum stays.
    expect((await call<{ paysum: string }>(t.app, '/api/user', {}, { token: m.token })).data.paysum).toBe('0.00');

    const boss = await operatorToken(t, 'admin');
    expect((await adminCall(t, op, 'GET', '/admin/api/audit')).code).toBe(403);
    const auditPage = await adminCall<{ data: Array<{ action: string; target: string; after: { amount: string } }> }>(
      t,
      boss,
      'GET',
      '/admin/api/audit?page=1',
    );
    const mine = auditPage.data.data.filter((a) => a.target === `member:${id}`);
    expect(mine.map((a) => [a.action, a.after.amount])).toEqual([
      ['member.adjust', '-0.50'],
      ['member.adjust', '100.50'],
    ]);
  });

  it('moves money once for a repeated reference', async () => {
    const m = await registerMember(t.app);
    const op = await operatorToken(t, 'finance');
    const url = `/admin/api/members/${await memberId(t, m.name)}/adjust`;
    const body = { amount: '25', note: '补发', reference: 'ref-abcdef123' };
    await Promise.all([adminCall(t, op, 'POST', url, body), adminCall(t, op, 'POST', url, body)]);
    expect((await call<{ balance: string }>(t.app, '/api/balance', {}, { token: m.token })).data.balance).toBe('25.00');
  });
});

describe('members list and state', () => {
  it('lists members with balances and disables one, which then cannot log in', async () => {
    const m = await registerMember(t.app);
    const op = await operatorToken(t, 'admin');
    const list = await adminCall<{ data: Array<{ id: number; username: string; balance: string; state: number }> }>(
      t,
      op,
      'GET',
      `/admin/api/members?username=${m.name}`,
    );
    expect(list.data.data).toEqual([expect.objectContaining({ username: m.name, balance: '0.00', state: 1 })]);
    const id = list.data.data[0]!.id;
    expect((await adminCall(t, op, 'POST', `/admin/api/members/${id}/state`, { state: 0 })).code).toBe(200);
    expect(await call(t.app, '/api/user', {}, { token: m.token })).toMatchObject({ code: 403, message: '账号已被禁用' });
    expect(await call(t.app, '/api/login_pc', { name: m.name, password: m.password })).toMatchObject({ code: 403 });
  });
});
