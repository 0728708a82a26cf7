import { BizCode, MSG } from '@h5/contract';
import { describe, expect, it } from 'vitest';
import {
  adminCall,
  approveChange,
  call,
  memberId,
  operatorToken,
  registerMember,
  useTestApp,
} from '../../../test/helper';
import { createOperator } from './admin-service';

const t = useTestApp();

describe('operator login', () => {
  it('answers a token for the right password and 203 otherwise', async () => {
    const password = await createOperator(t.database.db, 'boss_one', 'admin');
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const ok = await call<{ token: string; role: string }>(t.app, '/admin/api/login', {
      username: 'boss_one',
      password,
    });
    expect(ok.code).toBe(200);
    expect(ok.data.role).toBe('admin');
    expect(
      await call(t.app, '/admin/api/login', { username: 'boss_one', password: 'nope' }, { ip: '10.8.0.1' }),
    ).toMatchObject({
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
    expect(
      await adminCall(t, content, 'POST', `/admin/api/members/${id}/adjust`, { amount: '10', note: 'x' }),
    ).toMatchObject({
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
      data: { balance: '100.50', pending: null },
    });
    expect(await adminCall(t, op, 'POST', url, { amount: '-100.51', note: '扣回' })).toMatchObject({
      code: 210,
      message: '账户余额不足',
    });
    expect(await adminCall(t, op, 'POST', url, { amount: '10', note: '' })).toMatchObject({
      code: 400,
      message: '请填写调整备注',
    });
    expect(await adminCall(t, op, 'POST', url, { amount: 'abc', note: 'x' })).toMatchObject({
      code: 400,
      message: '请输入正确的金额',
    });
    expect(
      (await adminCall<{ balance: string }>(t, op, 'POST', url, { amount: '-0.50', note: '扣回' })).data.balance,
    ).toBe('100.00');
    expect((await call<{ balance: string }>(t.app, '/api/balance', {}, { token: m.token })).data.balance).toBe(
      '100.00',
    );

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

  it('answers 409 for a reference reused with another member or another amount, moving nothing', async () => {
    const m = await registerMember(t.app);
    const n = await registerMember(t.app);
    const op = await operatorToken(t, 'finance');
    const url = async (name: string) => `/admin/api/members/${await memberId(t, name)}/adjust`;
    const body = { amount: '30', note: '补发', reference: 'ref-reuse-0001' };
    expect((await adminCall(t, op, 'POST', await url(m.name), body)).code).toBe(200);
    const conflict = { code: BizCode.CONFLICT, message: MSG.adjustReferenceReused, data: null };
    expect(await adminCall(t, op, 'POST', await url(n.name), body)).toEqual(conflict);
    expect(await adminCall(t, op, 'POST', await url(m.name), { ...body, amount: '31' })).toEqual(conflict);
    expect(await adminCall(t, op, 'POST', await url(m.name), body)).toEqual({
      code: 200,
      message: MSG.ok,
      data: { balance: '30.00', pending: null },
    });
    expect((await call<{ balance: string }>(t.app, '/api/balance', {}, { token: n.token })).data.balance).toBe('0.00');
    expect((await call<{ balance: string }>(t.app, '/api/balance', {}, { token: m.token })).data.balance).toBe('30.00');
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
    // Disabling ends the member's sessions at once.
    expect(await call(t.app, '/api/user', {}, { token: m.token })).toMatchObject({ code: 401 });
    expect(await call(t.app, '/api/login_pc', { name: m.name, password: m.password })).toMatchObject({ code: 403 });
  });
});

interface AuditRow {
  operator_id: number | null;
  action: string;
  target: string;
  after: Record<string, unknown> | null;
}

/** A back-office request from a given client address. */
async function opCall<T = unknown>(token: string, method: 'GET' | 'POST', url: string, body: unknown, ip: string) {
  const res = await t.app.inject({
    method,
    url,
    payload: method === 'POST' ? ((body ?? {}) as object) : undefined,
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: ip,
  });
  return res.json() as { code: number; message: string; data: T };
}

async function auditOf(target: string): Promise<AuditRow[]> {
  const boss = await operatorToken(t, 'admin');
  const page = await adminCall<{ data: AuditRow[] }>(t, boss, 'GET', '/admin/api/audit?page=1&pagesize=50');
  return page.data.data.filter((row) => row.target === target);
}

const signIn = (username: string, password: string, ip = '10.20.0.1') =>
  call<{ token: string }>(t.app, '/admin/api/login', { username, password }, { ip });

describe('operator sessions and accounts', () => {
  it('audits every sign-in that checks a password: ok, wrong password, unknown name', async () => {
    const password = await createOperator(t.database.db, 'audit_op', 'content');
    const [operator] = (
      await adminCall<Array<{ id: number; username: string }>>(t, await operatorToken(t), 'GET', '/admin/api/operators')
    ).data.filter((o) => o.username === 'audit_op');
    expect((await signIn('audit_op', password, '10.21.0.1')).code).toBe(200);
    expect((await signIn('AUDIT_OP', 'wrong-pass', '10.21.0.2')).code).toBe(BizCode.WRONG_PASSWORD);
    expect((await signIn('no_such_op', 'whatever', '10.21.0.3')).code).toBe(BizCode.WRONG_PASSWORD);

    expect((await auditOf('operator:audit_op')).map((r) => [r.action, r.operator_id, r.after?.ip])).toEqual([
      ['operator.login_failed', operator?.id, '10.21.0.2'],
      ['operator.login', operator?.id, '10.21.0.1'],
      // Made by the operator CLI: audited with no operator.
      ['operator.create', null, undefined],
    ]);
    expect((await auditOf('operator:no_such_op')).map((r) => [r.action, r.operator_id, r.after?.ip])).toEqual([
      ['operator.login_failed', null, '10.21.0.3'],
    ]);
  });

  it('counts failed sign-ins per address and per name at an address: wrong passwords from many addresses never lock the operator out', async () => {
    const password = await createOperator(t.database.db, 'named_op', 'content');
    const { loginFailures, loginFailuresPerName } = t.config.limits;
    // More wrong passwords at the name than any limit, spread over addresses that each stay under theirs.
    for (let i = 0; i <= loginFailuresPerName.max; i += 1) {
      expect(await signIn(i % 2 ? 'named_op' : 'NAMED_OP', 'bad-pass', `10.22.${i}.1`)).toEqual({
        code: BizCode.WRONG_PASSWORD,
        message: MSG.loginFailed,
        data: null,
      });
    }
    expect((await signIn('named_op', password, '10.22.200.1')).code).toBe(200);
    // One address past its limit is answered 429, even for the right password; the operator elsewhere is not.
    for (let i = 0; i < loginFailures.max; i += 1)
      expect((await signIn('named_op', 'bad-pass', '10.22.201.1')).code).toBe(BizCode.WRONG_PASSWORD);
    expect(await signIn('named_op', password, '10.22.201.1')).toEqual({
      code: BizCode.TOO_MANY,
      message: MSG.tooManyAttempts,
      data: null,
    });
    expect((await signIn('named_op', password, '10.22.202.1')).code).toBe(200);
  });

  it('logs out: the token then answers 401, other sessions stay', async () => {
    const password = await createOperator(t.database.db, 'leaving_op', 'finance');
    const first = (await signIn('leaving_op', password)).data.token;
    const second = (await signIn('leaving_op', password)).data.token;
    expect(await adminCall(t, first, 'POST', '/admin/api/logout')).toEqual({
      code: 200,
      message: MSG.logoffOk,
      data: null,
    });
    expect((await adminCall(t, first, 'GET', '/admin/api/members')).code).toBe(BizCode.UNAUTHORIZED);
    expect((await adminCall(t, first, 'POST', '/admin/api/logout')).code).toBe(BizCode.UNAUTHORIZED);
    expect((await adminCall(t, second, 'GET', '/admin/api/members')).code).toBe(200);
  });

  it('lets an admin list operators and disable one, ending its sessions; never itself', async () => {
    const password = await createOperator(t.database.db, 'target_op', 'finance');
    const session = (await signIn('target_op', password)).data.token;
    const boss = await operatorToken(t, 'admin');
    const finance = await operatorToken(t, 'finance');

    expect((await adminCall(t, finance, 'GET', '/admin/api/operators')).code).toBe(BizCode.FORBIDDEN);
    const list = await adminCall<Array<{ id: number; username: string; role: string; state: number }>>(
      t,
      boss,
      'GET',
      '/admin/api/operators',
    );
    const target = list.data.find((o) => o.username === 'target_op');
    expect(target).toMatchObject({ role: 'finance', state: 1 });
    expect(JSON.stringify(list.data)).not.toContain('password');
    const url = `/admin/api/operators/${target?.id}/state`;

    expect((await adminCall(t, finance, 'POST', url, { state: 0 })).code).toBe(BizCode.FORBIDDEN);
    expect(await adminCall(t, boss, 'POST', url, { state: 0 })).toEqual({
      code: 200,
      message: MSG.ok,
      data: { state: 0 },
    });
    expect((await adminCall(t, session, 'GET', '/admin/api/members')).code).toBe(BizCode.UNAUTHORIZED);
    expect(await signIn('target_op', password)).toEqual({
      code: BizCode.WRONG_PASSWORD,
      message: MSG.loginFailed,
      data: null,
    });
    expect((await auditOf('operator:target_op')).map((r) => r.action).slice(0, 2)).toEqual([
      'operator.login_failed',
      'operator.state',
    ]);

    const me = list.data.filter((o) => o.role === 'admin').at(-1);
    expect(await adminCall(t, boss, 'POST', `/admin/api/operators/${me?.id}/state`, { state: 0 })).toEqual({
      code: BizCode.FORBIDDEN,
      message: MSG.operatorSelfDisable,
      data: null,
    });
    expect((await adminCall(t, boss, 'GET', '/admin/api/members')).code).toBe(200);
    expect((await adminCall(t, boss, 'POST', '/admin/api/operators/999999/state', { state: 0 })).code).toBe(
      BizCode.NOT_FOUND,
    );

    // Enabling again waits for a second admin (docs/operators.md "Two people, judged by person").
    const enable = await adminCall<{ id: number; action: string; state: number }>(t, boss, 'POST', url, { state: 1 });
    expect(enable).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: { target_kind: 'operator', target: 'target_op', action: 'enable', state: 1 },
    });
    expect(await signIn('target_op', password)).toEqual({
      code: BizCode.WRONG_PASSWORD,
      message: MSG.loginFailed,
      data: null,
    });
    expect(await adminCall(t, boss, 'POST', url, { state: 1 })).toEqual({
      code: BizCode.CONFLICT,
      message: MSG.operatorChangeExists,
      data: null,
    });
    const approved = await approveChange(t, await operatorToken(t, 'admin'), enable.data.id);
    expect(approved).toMatchObject({ code: 200, message: MSG.integrationChangeApplied, data: { state: 2 } });
    expect((await signIn('target_op', password)).code).toBe(200);
    expect(await adminCall(t, boss, 'POST', url, { state: 1 })).toEqual({
      code: 400,
      message: MSG.operatorNothingChanged,
      data: null,
    });
  });

  it('changes its own password: rules, 205 for a wrong old one, other sessions end', async () => {
    const password = await createOperator(t.database.db, 'pass_op', 'content');
    const current = (await signIn('pass_op', password)).data.token;
    const other = (await signIn('pass_op', password)).data.token;
    const change = (body: object, ip = '10.23.0.1') => opCall(current, 'POST', '/admin/api/password', body, ip);

    expect(await change({ old_password: password, new_password: 'short7!' })).toEqual({
      code: BizCode.BAD_INPUT,
      message: MSG.operatorPasswordTooShort,
      data: null,
    });
    expect(await change({ old_password: 'not-the-password', new_password: 'a-new-password' })).toEqual({
      code: BizCode.WRONG_OLD_PASSWORD,
      message: MSG.wrongOldPassword,
      data: null,
    });
    expect(await change({ old_password: password, new_password: 'a-new-password' })).toEqual({
      code: 200,
      message: MSG.passwordChanged,
      data: null,
    });
    expect((await adminCall(t, other, 'GET', '/admin/api/audit')).code).toBe(BizCode.UNAUTHORIZED);
    expect((await adminCall(t, current, 'POST', '/admin/api/logout')).code).toBe(200);
    expect((await signIn('pass_op', password)).code).toBe(BizCode.WRONG_PASSWORD);
    expect((await signIn('pass_op', 'a-new-password')).code).toBe(200);
  });

  it('counts wrong old passwords with the sign-in limit: past it even the right one answers 429', async () => {
    const password = await createOperator(t.database.db, 'guess_op', 'content');
    const token = (await signIn('guess_op', password)).data.token;
    const ip = '10.24.0.1';
    const max = t.config.limits.loginFailures.max;
    for (let i = 0; i < max; i += 1) {
      const wrong = await opCall(
        token,
        'POST',
        '/admin/api/password',
        { old_password: `wrong-${i}`, new_password: 'a-new-password' },
        ip,
      );
      expect(wrong.code).toBe(BizCode.WRONG_OLD_PASSWORD);
    }
    const right = { old_password: password, new_password: 'a-new-password' };
    expect(await opCall(token, 'POST', '/admin/api/password', right, ip)).toEqual({
      code: BizCode.TOO_MANY,
      message: MSG.tooManyAttempts,
      data: null,
    });
    expect((await signIn('guess_op', password, ip)).code).toBe(BizCode.TOO_MANY);
  });
});
