import { BizCode, MSG, settingInvalidMessage } from '@h5/contract';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  adminCall,
  call,
  creditedMember,
  manualClock,
  memberId,
  operatorToken,
  registerMember,
  transferIn,
} from '../../../test/helper';
import { auditLog, members, operators, withdrawals } from '../../db/schema';
import { usePaymentsApp } from '../payments/payments-test-kit';
import { formatBeijing } from '../../lib/time';
import { createOperator } from './admin-service';

// The operators' console calls: two-factor sign-in, idle expiry, dashboard, members, queues, second review,
// audit filters and operator management.

const clock = manualClock(new Date('2026-06-01T04:00:00Z'));

const { t, ops, kit } = usePaymentsApp({ clock, config: { operatorIdleMs: 30 * 60_000 } }, [
  'admin',
  'finance',
  'content',
]);

const FORBIDDEN = { code: 403, message: MSG.operatorForbidden, data: null };
const codeAt = (secret: string, at = clock.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at.getTime() });
const login = (body: Record<string, unknown>, ip = '10.20.0.1') =>
  call<{ token: string }>(t.app, '/admin/api/login', body, { ip });
const audits = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

async function newOperator(role: 'admin' | 'finance' | 'content', name: string) {
  const password = await createOperator(t.database.db, name, role);
  const token = (await login({ username: name, password })).data.token;
  return { name, password, token };
}

/** Enrols two-factor sign-in for a signed-in operator; answers the secret. */
async function enrol(token: string): Promise<string> {
  const setup = await adminCall<{ uri: string; secret: string }>(t, token, 'POST', '/admin/api/totp/setup');
  expect(setup.code).toBe(200);
  const confirmed = await adminCall(t, token, 'POST', '/admin/api/totp/confirm', { code: codeAt(setup.data.secret) });
  expect(confirmed).toMatchObject({
    code: 200,
    message: MSG.otpEnabled,
    data: { totp_enabled: true, must_enroll: false },
  });
  return setup.data.secret;
}

describe('two-factor sign-in', () => {
  it('enrols with a QR URI and one code, then asks for the code at sign-in, refusing a wrong or reused one', async () => {
    const op = await newOperator('finance', 'totp_fin');
    expect(await adminCall(t, op.token, 'GET', '/admin/api/me')).toEqual({
      code: 200,
      message: 'ok',
      data: {
        id: expect.any(Number),
        username: 'totp_fin',
        role: 'finance',
        totp_enabled: false,
        must_enroll: false,
        idle_minutes: 30,
      },
    });
    expect(await adminCall(t, op.token, 'POST', '/admin/api/totp/confirm', { code: '123456' })).toEqual({
      code: 409,
      message: MSG.otpNotPending,
      data: null,
    });
    const setup = await adminCall<{ uri: string; secret: string }>(t, op.token, 'POST', '/admin/api/totp/setup');
    expect(setup.data.uri).toMatch(/^otpauth:\/\/totp\/.*totp_fin\?/);
    expect(setup.data.uri).toContain(`secret=${setup.data.secret}`);
    const wrong = codeAt(setup.data.secret) === '000000' ? '111111' : '000000';
    expect(await adminCall(t, op.token, 'POST', '/admin/api/totp/confirm', { code: wrong })).toEqual({
      code: 232,
      message: MSG.otpWrong,
      data: null,
    });
    await adminCall(t, op.token, 'POST', '/admin/api/totp/confirm', { code: codeAt(setup.data.secret) });
    expect((await adminCall(t, op.token, 'GET', '/admin/api/me')).data).toMatchObject({ totp_enabled: true });
    expect(await adminCall(t, op.token, 'POST', '/admin/api/totp/setup')).toEqual({
      code: 409,
      message: MSG.otpAlreadyEnabled,
      data: null,
    });
    expect(await audits('operator.totp_enable')).toHaveLength(1);

    // Without the code, or with a wrong or used one, the answer is a wrong password's: nothing tells whether the
    // password was right.
    const ip = '10.20.8.1';
    const wrongPassword = { code: BizCode.WRONG_PASSWORD, message: MSG.loginFailed, data: null };
    expect(await login({ username: 'totp_fin', password: 'nope-nope' }, ip)).toEqual(wrongPassword);
    expect(await login({ username: 'totp_fin', password: op.password }, ip)).toEqual(wrongPassword);
    expect(await login({ username: 'totp_fin', password: op.password, code: ' ' }, ip)).toEqual(wrongPassword);
    expect(await login({ username: 'totp_fin', password: op.password, code: wrong }, ip)).toEqual(wrongPassword);
    expect(await login({ username: 'totp_fin', password: 'nope-nope', code: wrong }, ip)).toEqual(wrongPassword);
    // The enrolment code's step was used: the same code cannot sign in.
    expect(await login({ username: 'totp_fin', password: op.password, code: codeAt(setup.data.secret) }, ip)).toEqual(
      wrongPassword,
    );
    clock.advance(30_000);
    const code = codeAt(setup.data.secret);
    expect(await login({ username: 'totp_fin', password: op.password, code }, ip)).toMatchObject({
      code: 200,
      message: MSG.loginOk,
    });
    expect(await login({ username: 'totp_fin', password: op.password, code }, ip)).toEqual(wrongPassword);
    // A wrong password is still the wrong password, code or not.
    expect(await login({ username: 'totp_fin', password: 'nope-nope', code }, ip)).toEqual(wrongPassword);
    const failed = (await audits('operator.login_failed'))
      .filter((r) => r.target === 'operator:totp_fin')
      .sort((a, b) => a.id - b.id);
    expect(failed.map((r) => (JSON.parse(r.after) as { reason?: string }).reason)).toEqual([
      'wrong password',
      'code missing',
      'code missing',
      'wrong code',
      'wrong password',
      'code reused',
      'code reused',
      'wrong password',
    ]);
  });

  it('counts a right password without the code as a failed sign-in, as a wrong password is', async () => {
    const op = await newOperator('content', 'totp_oracle');
    const secret = await enrol(op.token);
    const ip = '10.20.9.8';
    for (let i = 0; i < t.config.limits.loginFailures.max; i += 1) {
      expect((await login({ username: 'totp_oracle', password: op.password }, ip)).code).toBe(BizCode.WRONG_PASSWORD);
    }
    clock.advance(30_000);
    expect(await login({ username: 'totp_oracle', password: op.password, code: codeAt(secret) }, ip)).toEqual({
      code: 429,
      message: MSG.tooManyAttempts,
      data: null,
    });
  });

  it('counts wrong codes with the sign-in limits', async () => {
    const op = await newOperator('content', 'totp_guess');
    const secret = await enrol(op.token);
    const wrong = (n: number) => String((Number(codeAt(secret)) + n) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 10; i += 1)
      expect(
        (await login({ username: 'totp_guess', password: op.password, code: wrong(i * 7919) }, '10.20.9.9')).code,
      ).toBe(BizCode.WRONG_PASSWORD);
    clock.advance(30_000);
    expect(await login({ username: 'totp_guess', password: op.password, code: codeAt(secret) }, '10.20.9.9')).toEqual({
      code: 429,
      message: MSG.tooManyAttempts,
      data: null,
    });
    clock.advance(16 * 60_000);
  });

  it('lets an admin propose a reset of another operator, applied and audited when a second admin approves; a reset operator signs in with the password alone', async () => {
    const op = await newOperator('content', 'totp_lost');
    await enrol(op.token);
    const id = (await adminCall<{ id: number }>(t, op.token, 'GET', '/admin/api/me')).data.id;
    const maker = (await adminCall<{ username: string }>(t, ops.admin, 'GET', '/admin/api/me')).data.username;
    expect(await adminCall(t, ops.finance, 'POST', `/admin/api/operators/${id}/totp/reset`)).toEqual(FORBIDDEN);
    const proposed = await adminCall<{ id: number }>(t, ops.admin, 'POST', `/admin/api/operators/${id}/totp/reset`);
    expect(proposed).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: {
        target_kind: 'operator',
        target: 'totp_lost',
        action: 'totp_reset',
        before: { totp_enabled: 'true' },
        after: { totp_enabled: 'false' },
        state: 1,
        made_by: maker,
      },
    });
    expect(await adminCall(t, ops.admin, 'POST', '/admin/api/operators/99999/totp/reset')).toEqual({
      code: 202,
      message: MSG.notFound,
      data: null,
    });
    // Nothing changes until another admin approves (docs/operators.md "Two people, judged by person").
    expect((await adminCall(t, op.token, 'GET', '/admin/api/me')).data).toMatchObject({ totp_enabled: true });
    expect(await audits('operator.totp_reset')).toHaveLength(0);
    const approved = await adminCall(
      t,
      await operatorToken(t, 'admin'),
      'POST',
      `/admin/api/integration-changes/${proposed.data.id}/approve`,
      { note: '' },
    );
    expect(approved).toMatchObject({ code: 200, message: MSG.integrationChangeApplied, data: { state: 2 } });
    // The reset ends the operator's sessions.
    expect(await adminCall(t, op.token, 'GET', '/admin/api/me')).toEqual({
      code: 401,
      message: MSG.notLoggedIn,
      data: null,
    });
    expect((await login({ username: 'totp_lost', password: op.password })).code).toBe(200);
    const [row] = await audits('operator.totp_reset');
    expect(row).toMatchObject({
      target: 'operator:totp_lost',
      before: '{"totp_enabled":true}',
      after: JSON.stringify({ totp_enabled: false, change: proposed.data.id, made_by: maker }),
    });
  });

  it('while required, opens only me, enrolment and logout to an operator without two factors', async () => {
    const op = await newOperator('finance', 'totp_late');
    expect(await adminCall(t, ops.finance, 'PUT', '/admin/api/settings', { operator_totp_required: 1 })).toEqual(
      FORBIDDEN,
    );
    expect(
      (
        await adminCall<Record<string, unknown>>(t, ops.admin, 'PUT', '/admin/api/settings', {
          operator_totp_required: 1,
        })
      ).data,
    ).toMatchObject({ operator_totp_required: 1 });
    const refused = { code: 403, message: MSG.otpEnrollFirst, data: null };
    // The admin has no two factors either: it must enrol first, like everyone.
    expect(await adminCall(t, ops.admin, 'GET', '/admin/api/settings')).toEqual(refused);
    const adminSecret = await enrol(ops.admin);
    expect(await adminCall(t, op.token, 'GET', '/admin/api/deposits')).toEqual(refused);
    expect(await adminCall(t, op.token, 'GET', '/admin/api/operators')).toEqual(refused);
    expect((await adminCall(t, op.token, 'GET', '/admin/api/me')).data).toMatchObject({
      must_enroll: true,
      totp_enabled: false,
    });
    await enrol(op.token);
    expect((await adminCall(t, op.token, 'GET', '/admin/api/deposits')).code).toBe(200);
    expect((await adminCall(t, ops.admin, 'PUT', '/admin/api/settings', { operator_totp_required: 0 })).code).toBe(200);
    expect(adminSecret).toMatch(/^[A-Z2-7]+$/);
    // The shared tokens of this file keep working without two factors from here on.
    ops.finance = await operatorToken(t, 'finance');
    ops.content = await operatorToken(t, 'content');
  });
});

describe('operator sessions', () => {
  it('end after 30 idle minutes, slide with use, and never outlive 12 hours', async () => {
    const op = await newOperator('content', 'idle_op');
    clock.advance(29 * 60_000);
    expect((await adminCall(t, op.token, 'GET', '/admin/api/me')).code).toBe(200);
    clock.advance(29 * 60_000);
    expect((await adminCall(t, op.token, 'GET', '/admin/api/me')).code).toBe(200);
    clock.advance(31 * 60_000);
    expect(await adminCall(t, op.token, 'GET', '/admin/api/me')).toEqual({
      code: 401,
      message: MSG.notLoggedIn,
      data: null,
    });

    const busy = await newOperator('content', 'busy_op');
    for (let used = 0; used < 12 * 60; used += 20) {
      clock.advance(20 * 60_000);
      const answer = await adminCall(t, busy.token, 'GET', '/admin/api/me');
      expect(answer.code, `after ${used + 20} minutes`).toBe(used + 20 < 12 * 60 ? 200 : 401);
    }
    ops.admin = await operatorToken(t, 'admin');
    ops.finance = await operatorToken(t, 'finance');
    ops.content = await operatorToken(t, 'content');
  });
});

describe('operators (admin)', () => {
  const approve = (token: string, id: number) =>
    adminCall<{ state: number; password?: string }>(t, token, 'POST', `/admin/api/integration-changes/${id}/approve`, {
      note: '',
    });

  it('proposes one, its password shown once to the second admin who approves it; a role the same way; keeps an enabled admin', async () => {
    const checker = await operatorToken(t, 'admin');
    expect(
      await adminCall(t, ops.finance, 'POST', '/admin/api/operators', { username: 'new_one', role: 'content' }),
    ).toEqual(FORBIDDEN);
    const made = await adminCall<{ id: number }>(t, ops.admin, 'POST', '/admin/api/operators', {
      username: 'new_one',
      role: 'content',
    });
    expect(made).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: {
        target_kind: 'operator',
        target: 'new_one',
        action: 'create',
        before: null,
        after: { username: 'new_one', role: 'content' },
        state: 1,
      },
    });
    expect(
      await adminCall(t, ops.admin, 'POST', '/admin/api/operators', { username: 'NEW_one', role: 'content' }),
    ).toEqual({ code: 409, message: MSG.operatorChangeExists, data: null });
    expect((await t.database.db.select().from(operators).where(eq(operators.username, 'new_one'))).length).toBe(0);
    const created = await approve(checker, made.data.id);
    expect(created).toMatchObject({
      code: 200,
      message: MSG.operatorCreated,
      data: { state: 2, password: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/) },
    });
    expect((await login({ username: 'new_one', password: created.data.password! }, '10.20.1.1')).code).toBe(200);
    expect(
      await adminCall(t, ops.admin, 'POST', '/admin/api/operators', { username: 'NEW_one', role: 'content' }),
    ).toEqual({ code: 409, message: MSG.operatorNameTaken, data: null });
    expect(await adminCall(t, ops.admin, 'POST', '/admin/api/operators', { username: 'x y', role: 'content' })).toEqual(
      { code: 400, message: MSG.operatorNameInvalid, data: null },
    );
    expect(await adminCall(t, ops.admin, 'POST', '/admin/api/operators', { username: 'root_1', role: 'root' })).toEqual(
      { code: 400, message: MSG.operatorRoleInvalid, data: null },
    );

    const [newOne] = await t.database.db.select().from(operators).where(eq(operators.username, 'new_one'));
    const role = await adminCall<{ id: number; made_by: string }>(
      t,
      ops.admin,
      'PUT',
      `/admin/api/operators/${newOne!.id}`,
      { role: 'finance' },
    );
    expect(role).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: { action: 'role', before: { role: 'content' }, after: { role: 'finance' }, state: 1 },
    });
    expect((await t.database.db.select().from(operators).where(eq(operators.id, newOne!.id)))[0]?.role).toBe('content');
    expect(await approve(checker, role.data.id)).toMatchObject({
      code: 200,
      message: MSG.integrationChangeApplied,
      data: { state: 2 },
    });
    const [roleRow] = await audits('operator.role');
    expect(roleRow).toMatchObject({
      target: 'operator:new_one',
      before: '{"role":"content"}',
      after: JSON.stringify({ role: 'finance', change: role.data.id, made_by: role.data.made_by }),
    });
    const myId = (await adminCall<{ id: number }>(t, ops.admin, 'GET', '/admin/api/me')).data.id;
    expect(await adminCall(t, ops.admin, 'PUT', `/admin/api/operators/${myId}`, { role: 'content' })).toEqual({
      code: 403,
      message: MSG.operatorSelfRole,
      data: null,
    });

    // Two admins disabling each other at once (disabling is immediate): one wins, and an enabled admin always remains.
    const a = await newOperator('admin', 'pair_admin_a');
    const b = await newOperator('admin', 'pair_admin_b');
    const idOf = async (token: string) => (await adminCall<{ id: number }>(t, token, 'GET', '/admin/api/me')).data.id;
    const [aId, bId] = [await idOf(a.token), await idOf(b.token)];
    for (const o of (
      await adminCall<Array<{ id: number; role: string; state: number }>>(t, a.token, 'GET', '/admin/api/operators')
    ).data) {
      if (o.role === 'admin' && o.state === 1 && o.id !== aId && o.id !== bId) {
        expect((await adminCall(t, a.token, 'POST', `/admin/api/operators/${o.id}/state`, { state: 0 })).code).toBe(
          200,
        );
      }
    }
    const answers = await Promise.all([
      adminCall(t, a.token, 'POST', `/admin/api/operators/${bId}/state`, { state: 0 }),
      adminCall(t, b.token, 'POST', `/admin/api/operators/${aId}/state`, { state: 0 }),
    ]);
    expect(answers.filter((x) => x.code === 200)).toHaveLength(1);
    // The other is refused: the last admin stays (409), or its own account was disabled first (its session ended).
    for (const x of answers.filter((y) => y.code !== 200)) expect([401, 403, 409]).toContain(x.code);
    const left = (await t.database.db.select().from(operators)).filter((o) => o.role === 'admin' && o.state === 1);
    expect(left).toHaveLength(1);
    const survivor = left[0]?.id === aId ? a : b;
    const loser = left[0]?.id === aId ? bId : aId;
    // The survivor is the last enabled admin: nobody can take that away (not itself; no other admin is left).
    expect(
      await adminCall(t, survivor.token, 'POST', `/admin/api/operators/${left[0]?.id}/state`, { state: 0 }),
    ).toEqual({ code: 403, message: MSG.operatorSelfDisable, data: null });
    // Nor can it enable another admin alone: a second admin approves.
    const enable = await adminCall<{ id: number }>(t, survivor.token, 'POST', `/admin/api/operators/${loser}/state`, {
      state: 1,
    });
    expect(enable).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: { action: 'enable', state: 1 },
    });
    expect(await approve(survivor.token, enable.data.id)).toEqual({
      code: 403,
      message: MSG.integrationMakerCannotApprove,
      data: null,
    });
    expect(await approve(await operatorToken(t, 'admin'), enable.data.id)).toMatchObject({
      code: 200,
      data: { state: 2 },
    });
    expect((await t.database.db.select().from(operators).where(eq(operators.id, loser)))[0]?.state).toBe(1);
    ops.admin = survivor.token;
  });
});

type Page<T> = { total: number; data: T[] };

describe('members', () => {
  it('records sign-ins with address and device, and finds members by name, real name, mobile and address prefix', async () => {
    const m = await registerMember(t.app, { realname: '王小明' });
    const id = await memberId(t, m.name);
    await t.database.db
      .update(members)
      .set({ mobile: '13912345678', registerIp: '10.77.1.9' })
      .where(eq(members.id, id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { name: m.name, password: m.password },
      headers: { 'user-agent': `Mozilla/5.0 ${'x'.repeat(300)}` },
      remoteAddress: '10.88.0.7',
    });
    expect(res.json()).toMatchObject({ code: 200 });
    const logins = await adminCall<Page<{ ip: string; device: string }>>(
      t,
      ops.content,
      'GET',
      `/admin/api/members/${id}/logins`,
    );
    expect(logins.data.total).toBe(2);
    expect(logins.data.data[0]).toMatchObject({ ip: '10.88.0.7' });
    expect(logins.data.data[0]?.device).toHaveLength(255);
    expect(logins.data.data[1]?.device).toBe('lightMyRequest');

    const find = async (query: Record<string, string>) =>
      (
        await adminCall<Page<{ id: number }>>(t, ops.finance, 'GET', `/admin/api/members?${new URLSearchParams(query)}`)
      ).data.data.map((r) => r.id);
    expect(await find({ realname: '王小' })).toEqual([id]);
    expect(await find({ realname: '小明' })).toEqual([]);
    expect(await find({ mobile: '139123' })).toEqual([id]);
    expect(await find({ register_ip: '10.77.' })).toEqual([id]);
    expect(await find({ register_ip: '10.7_.' })).toEqual([]);
    expect(await find({ username: m.name.slice(2).toUpperCase() })).toEqual([id]);
  });

  it('shows a member with balances per venue, masked cards and paged tabs, to the roles allowed', async () => {
    const m = await creditedMember(t, ops.finance, '500');
    const { id } = m;
    await kit.bindBank(m.token, '6222020200445566778');
    expect((await transferIn(t, m.token, 'XHZR', '120')).code).toBe(200);
    await kit.deposit(m.token, '200');

    const detail = await adminCall<Record<string, unknown>>(t, ops.content, 'GET', `/admin/api/members/${id}`);
    expect(detail.data).toMatchObject({
      id,
      username: m.name,
      balance: '580.00',
      gameblance: '120.00',
      // Each venue by its name beside its code: the console shows 星河真人, never XHZR.
      venues: [{ code: 'XHZR', name: '星河真人', balance: '120.00' }],
      turnover_required: '200.00',
      paysum: '200.00',
      cards: [{ bank: '招商银行', bank_no_masked: '***************6778' }],
    });
    expect(JSON.stringify(detail.data)).not.toContain('6222020200445566778');
    expect(await adminCall(t, ops.finance, 'GET', '/admin/api/members/999999')).toEqual({
      code: 202,
      message: MSG.notFound,
      data: null,
    });

    const ledger = await adminCall<Page<{ kind: string; amount: string; account_kind: string; venue_code: string }>>(
      t,
      ops.finance,
      'GET',
      `/admin/api/members/${id}/ledger?pagesize=3`,
    );
    // Credit, the transfer out of the central wallet (held until the venue confirmed it; the venue keeps its own
    // wallet), the deposit: newest first.
    expect(ledger.data.total).toBe(3);
    expect(ledger.data.data[0]).toMatchObject({
      kind: 'deposit',
      amount: '200.00',
      account_kind: 'wallet',
      venue_code: '',
      venue_name: '',
    });
    expect(ledger.data.data.slice(1)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'remote_transfer_hold',
          amount: '-120.00',
          account_kind: 'wallet',
          venue_code: '',
          // The transfer's memo, the venue's code in the ledger, is shown as its name.
          memo: '星河真人',
        }),
      ]),
    );
    const transfers = await adminCall<Page<{ kind: string; amount: string }>>(
      t,
      ops.finance,
      'GET',
      `/admin/api/members/${id}/transfers`,
    );
    expect(transfers.data.data).toEqual([
      expect.objectContaining({ kind: 'transfer_in', amount: '120.00', venue_code: 'XHZR', venue_name: '星河真人' }),
    ]);
    expect(
      (await adminCall<Page<unknown>>(t, ops.finance, 'GET', `/admin/api/members/${id}/deposits`)).data.data,
    ).toEqual([expect.objectContaining({ amount: '200.00', state: 2, username: m.name })]);
    expect(
      (await adminCall<Page<unknown>>(t, ops.finance, 'GET', `/admin/api/members/${id}/withdrawals`)).data.total,
    ).toBe(0);
    expect((await adminCall<Page<unknown>>(t, ops.content, 'GET', `/admin/api/members/${id}/bets`)).data.total).toBe(0);
    for (const tab of ['ledger', 'deposits', 'withdrawals', 'transfers']) {
      expect(await adminCall(t, ops.content, 'GET', `/admin/api/members/${id}/${tab}`), tab).toEqual(FORBIDDEN);
    }
  });
});

/** A member with money, a bank card and a pending withdrawal of `amount`; answers its order number. */
async function pendingWithdrawal(amount: string) {
  const { card, ...m } = await kit.memberWithCard(amount);
  const made = await kit.withdraw(m.token, card, amount);
  expect(made.code).toBe(200);
  return { member: m, orderNo: made.data.order_no };
}

describe('queues and the dashboard', () => {
  it('counts pending items per queue the role may see, with the newest id', async () => {
    const { orderNo } = await pendingWithdrawal('150');
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.orderNo, orderNo));
    const f = await adminCall<Record<string, { pending: number; newest_id: number | null } | null>>(
      t,
      ops.finance,
      'GET',
      '/admin/api/dashboard/pending',
    );
    expect(f.data.withdrawals).toEqual({ pending: expect.any(Number), newest_id: row?.id });
    expect(f.data.deposits).not.toBeNull();
    expect(f.data.agent_applications).not.toBeNull();
    expect(f.data.adjustments).not.toBeNull();
    // Integration changes are the admins' queue.
    expect(f.data.integration_changes).toBeNull();
    const c = await adminCall<Record<string, unknown>>(t, ops.content, 'GET', '/admin/api/dashboard/pending');
    expect(c.data).toMatchObject({
      deposits: null,
      withdrawals: null,
      agent_applications: null,
      adjustments: null,
      integration_changes: null,
      activity_applications: { pending: expect.any(Number) },
    });
    const a = await adminCall<Record<string, unknown>>(t, ops.admin, 'GET', '/admin/api/dashboard/pending');
    expect(Object.values(a.data).every((q) => q !== null)).toBe(true);
  });

  it('filters the withdrawal queue by state and Beijing date, with turnover and second-review status', async () => {
    const { member, orderNo } = await pendingWithdrawal('160');
    const today = formatBeijing(clock.now()).slice(0, 10);
    const list = async (query: string) =>
      adminCall<Page<Record<string, unknown>>>(t, ops.finance, 'GET', `/admin/api/withdrawals?${query}`);
    const found = (await list(`state=1&from=${today}&to=${today}`)).data.data.find((r) => r.order_no === orderNo);
    expect(found).toMatchObject({
      username: member.name,
      amount: '160.00',
      turnover_required: '0.00',
      needs_second_review: false,
      first_reviewed_by: '',
    });
    expect((await list('from=2026-05-01&to=2026-05-31')).data.total).toBe(0);
    expect((await list(`to=${today}`)).data.data.some((r) => r.order_no === orderNo)).toBe(true);
    expect(await list('from=2026-02-30')).toEqual({ code: 400, message: MSG.dateInvalid, data: null });
    expect(await list('from=2026/06/01')).toEqual({ code: 400, message: MSG.dateInvalid, data: null });
    expect(await list('from=2026-06-03&to=2026-06-01')).toEqual({
      code: 400,
      message: MSG.dateRangeInvalid,
      data: null,
    });
    expect(
      (await adminCall<Page<unknown>>(t, ops.finance, 'GET', `/admin/api/deposits?from=${today}&state=`)).code,
    ).toBe(200);
    expect(
      (await adminCall<Page<unknown>>(t, ops.content, 'GET', `/admin/api/activity-applications?to=${today}`)).code,
    ).toBe(200);
    expect(
      (await adminCall<Page<unknown>>(t, ops.finance, 'GET', `/admin/api/agent-applications?from=${today}&state=1`))
        .code,
    ).toBe(200);
  });
});

describe('second review of withdrawals', () => {
  const approve = (token: string, orderNo: string) =>
    adminCall<Record<string, unknown>>(t, token, 'POST', `/admin/api/withdrawals/${orderNo}/approve`, {});
  const setLine = (token: string, value: unknown) =>
    adminCall<Record<string, unknown>>(t, token, 'PUT', '/admin/api/settings/withdraw-review', {
      withdraw_second_review_above: value,
    });

  it('is set by admin only, never off, and finance reads it', async () => {
    expect(await setLine(ops.content, 1000)).toEqual(FORBIDDEN);
    expect(await setLine(ops.finance, 1000)).toEqual(FORBIDDEN);
    const invalid = (reason: string) => ({
      code: 400,
      message: settingInvalidMessage('withdraw_second_review_above', reason),
      data: null,
    });
    expect(await setLine(ops.admin, '-1')).toEqual(invalid(MSG.reviewLineRange));
    expect(await setLine(ops.admin, 0)).toEqual(invalid(MSG.reviewLineRange));
    expect(await setLine(ops.admin, '100000.01')).toEqual(invalid(MSG.reviewLineRange));
    expect(await setLine(ops.admin, '1.001')).toEqual(invalid(MSG.numberInvalid));
    expect((await adminCall(t, ops.finance, 'GET', '/admin/api/settings/withdraw-review')).data).toEqual({
      withdraw_second_review_above: 5000,
    });
    expect(await setLine(ops.admin, '1000')).toEqual({
      code: 200,
      message: MSG.settingSaved,
      data: { withdraw_second_review_above: 1000 },
    });
    expect((await adminCall(t, ops.finance, 'GET', '/admin/api/settings/withdraw-review')).data).toEqual({
      withdraw_second_review_above: 1000,
    });
    expect((await adminCall<Record<string, unknown>>(t, ops.admin, 'GET', '/admin/api/settings')).data).toMatchObject({
      withdraw_second_review_above: 1000,
    });
  });

  it('pays above the line only after a second approval by another operator; at or below it at once', async () => {
    const small = await pendingWithdrawal('1000');
    expect(await approve(ops.finance, small.orderNo)).toMatchObject({ code: 200, message: MSG.ok, data: { state: 2 } });

    const big = await pendingWithdrawal('1000.01');
    const first = await approve(ops.finance, big.orderNo);
    expect(first).toMatchObject({
      code: 200,
      message: MSG.secondReviewPending,
      data: { state: 1, first_reviewed_by: expect.stringMatching(/^op_finance_/) },
    });
    expect(await approve(ops.finance, big.orderNo)).toEqual({
      code: 403,
      message: MSG.secondReviewSameOperator,
      data: null,
    });
    const queue = await adminCall<Page<Record<string, unknown>>>(
      t,
      ops.finance,
      'GET',
      '/admin/api/withdrawals?state=1',
    );
    expect(queue.data.data.find((r) => r.order_no === big.orderNo)).toMatchObject({
      needs_second_review: true,
      state: 1,
    });
    const other = await operatorToken(t, 'finance');
    expect(await approve(other, big.orderNo)).toMatchObject({ code: 200, message: MSG.ok, data: { state: 2 } });
    expect(await approve(other, big.orderNo)).toEqual({ code: 409, message: MSG.alreadyProcessed, data: null });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `withdrawal:${big.orderNo}`));
    expect(rows.map((r) => r.action)).toEqual(['withdrawal.first_approve', 'withdrawal.approve']);
    expect(rows[0]?.operatorId).not.toBe(rows[1]?.operatorId);
    expect(await kit.balance(big.member.token)).toBe('0.00');
    await kit.ledgerBalanced();
  });

  it('returns the money on a rejection after the first approval', async () => {
    const big = await pendingWithdrawal('2000');
    expect((await approve(ops.finance, big.orderNo)).message).toBe(MSG.secondReviewPending);
    expect(
      await adminCall(t, ops.finance, 'POST', `/admin/api/withdrawals/${big.orderNo}/reject`, { note: '信息不符' }),
    ).toMatchObject({ code: 200, data: { state: 3, note: '信息不符' } });
    expect(await kit.balance(big.member.token)).toBe('2000.00');
    await kit.ledgerBalanced();
  });

  it('pays once when approvals race, and never on two approvals by one operator', async () => {
    const other = await operatorToken(t, 'finance');
    const third = await operatorToken(t, 'admin');
    const big = await pendingWithdrawal('3000');
    const answers = await Promise.all([
      approve(ops.finance, big.orderNo),
      approve(other, big.orderNo),
      approve(third, big.orderNo),
      approve(ops.finance, big.orderNo),
    ]);
    const paid = answers.filter((a) => a.code === 200 && a.message === MSG.ok);
    expect(paid).toHaveLength(1);
    expect(answers.filter((a) => a.message === MSG.secondReviewPending)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 200)) expect([403, 409]).toContain(a.code);
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.orderNo, big.orderNo));
    expect(row?.state).toBe(2);
    expect(row?.firstReviewedBy).not.toBe(row?.reviewedBy);
    const solo = await pendingWithdrawal('3000');
    const same = await Promise.all([approve(other, solo.orderNo), approve(other, solo.orderNo)]);
    expect(same.map((a) => a.code).sort()).toEqual([200, 403]);
    expect(
      (await t.database.db.select().from(withdrawals).where(eq(withdrawals.orderNo, solo.orderNo)))[0]?.state,
    ).toBe(1);
    await kit.ledgerBalanced();
    expect((await setLine(ops.admin, 5000)).code).toBe(200);
  });
});

describe('GET /admin/api/audit', () => {
  it('filters by operator, action, target prefix and date, with before/after parsed', async () => {
    const m = await creditedMember(t, ops.finance, '12.34');
    const { id } = m;
    const me = (await adminCall<{ id: number; username: string }>(t, ops.finance, 'GET', '/admin/api/me')).data;
    // Audit rows are stamped by the database's clock, not the test's.
    const day = (offset: number) => formatBeijing(new Date(Date.now() + offset * 86_400_000)).slice(0, 10);
    const query = async (q: Record<string, string>) =>
      adminCall<Page<Record<string, unknown>>>(t, ops.admin, 'GET', `/admin/api/audit?${new URLSearchParams(q)}`);
    const byName = await query({
      operator: me.username.toUpperCase(),
      action: 'member.adjust',
      target: `member:${id}`,
      from: day(-1),
      to: day(1),
    });
    expect(byName.data.total).toBe(1);
    expect(byName.data.data[0]).toMatchObject({
      operator_id: me.id,
      operator: me.username,
      before: { balance: '0.00' },
      after: { balance: '12.34', amount: '12.34', note: 'test credit' },
    });
    expect(
      (await query({ operator: String(me.id), action: 'member.adjust' })).data.data.every(
        (r) => r.operator_id === me.id,
      ),
    ).toBe(true);
    expect((await query({ target: 'member:' })).data.data.every((r) => String(r.target).startsWith('member:'))).toBe(
      true,
    );
    expect((await query({ target: '%' })).data.total).toBe(0);
    expect((await query({ from: '2026-01-01', to: '2026-01-31' })).data.total).toBe(0);
    expect(await query({ to: 'yesterday' })).toEqual({ code: 400, message: MSG.dateInvalid, data: null });
    expect(await adminCall(t, ops.finance, 'GET', '/admin/api/audit')).toEqual(FORBIDDEN);
  });
});
