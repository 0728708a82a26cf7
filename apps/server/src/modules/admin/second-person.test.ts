import { BizCode, type IntegrationChange as Change, MSG } from '@h5/contract';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  adminCall,
  approveChange,
  credit,
  memberBalance,
  memberId,
  registerMember,
  walletCallback,
} from '../../../test/helper';
import { auditLog, integrationChanges, operators, operatorSignIns, venues } from '../../db/schema';
import { usePaymentsApp } from '../payments/payments-test-kit';
import { createOperator } from './admin-service';

// Two people, judged by person (docs/operators.md "Two people, judged by person"): an admin alone cannot make the second
// person of a two-person line. Operator accounts are made, given a role, enabled again and reset only with a second
// admin; an account vouched for by the maker, newer than the item, or signed in from the maker's address or device
// is not a second person for the maker's items.

/** An address operators share (an office's NAT): no evidence of one person. */
const OFFICE = '10.60.0.1';

const { t, ops, kit } = usePaymentsApp({ config: { operatorSharedAddresses: [OFFICE] } });

interface Operator {
  id: number;
  name: string;
  password: string;
  token: string;
}

let seq = 0;
/** An address of its own for each sign-in that does not say otherwise. */
const nextAddress = () => {
  seq += 1;
  return `10.50.${seq >> 8}.${seq & 255}`;
};

/** A sign-in from an address, with the console's device id when given. */
async function signIn(username: string, password: string, at: { ip?: string; device?: string; code?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/login',
    payload: { username, password, code: at.code ?? '' },
    headers: at.device ? { 'x-console-device': at.device } : {},
    remoteAddress: at.ip ?? nextAddress(),
  });
  return res.json() as { code: number; message: string; data: { token: string } | null };
}

/** An operator made with the operator CLI (as the first admins are), signed in. */
async function cliOperator(
  role: 'admin' | 'finance' | 'content',
  at: { ip?: string; device?: string } = {},
): Promise<Operator> {
  seq += 1;
  const name = `sp_${role}_${seq}`;
  const password = await createOperator(t.database.db, name, role);
  const answer = await signIn(name, password, at);
  expect(answer.code).toBe(200);
  return { id: await idOf(name), name, password, token: answer.data!.token };
}

async function idOf(name: string): Promise<number> {
  const [row] = await t.database.db.select({ id: operators.id }).from(operators).where(eq(operators.username, name));
  if (!row) throw new Error(`no operator ${name}`);
  return row.id;
}
const accountOf = async (name: string) =>
  (await t.database.db.select().from(operators).where(eq(operators.username, name)))[0];

const propose = (token: string, username: string, role: string) =>
  adminCall<Change>(t, token, 'POST', '/admin/api/operators', { username, role });
const approve = (token: string, id: number) => approveChange(t, token, id);
const changeRow = async (id: number) =>
  (await t.database.db.select().from(integrationChanges).where(eq(integrationChanges.id, id)))[0];

/** A new account through the queue: `maker` proposes it, `approver` approves it; signed in from its own address. */
async function madeThroughQueue(
  maker: Operator,
  approver: Operator,
  role: 'admin' | 'finance' | 'content',
  at: { ip?: string; device?: string } = {},
) {
  seq += 1;
  const name = `sp_made_${seq}`;
  const proposed = await propose(maker.token, name, role);
  expect(proposed.code).toBe(200);
  const approved = await approve(approver.token, proposed.data.id);
  expect(approved).toMatchObject({
    code: 200,
    message: MSG.operatorCreated,
    data: { state: 2, password: expect.any(String) },
  });
  const answer = await signIn(name, approved.data.password!, at);
  expect(answer.code).toBe(200);
  return { id: await idOf(name), name, password: approved.data.password!, token: answer.data!.token };
}

/** A venue without integration, and a maker's proposal to make it seamless with a secret of the maker's choosing. */
async function venueChange(maker: Operator, secret = 'maker-chosen-secret-0001') {
  seq += 1;
  const code = `SP${seq}`;
  const [venue] = await t.database.db
    .insert(venues)
    .values({ code, name: `${code}场馆`, platname: code, categoryId: 'realbet' })
    .returning();
  const proposed = await adminCall<Change>(t, maker.token, 'POST', `/admin/api/venues/${venue!.id}/integration`, {
    wallet_mode: 'seamless',
    api_base_url: '',
    api_secret: secret,
    currency: 'CNY',
  });
  expect(proposed).toMatchObject({
    code: 200,
    message: MSG.integrationChangePending,
    data: { state: 1, target: code },
  });
  return { code, change: proposed.data.id };
}

const refused = (message: string) => ({ code: BizCode.FORBIDDEN, message, data: null });

/** A seamless-wallet callback from a venue, signed with a secret. */
const callback = (venue: string, action: 'bet' | 'win', body: Record<string, unknown>, secret: string) =>
  walletCallback(t, venue, action, body, secret);

describe('a new operator takes two admins', () => {
  it('does not exist until a second admin approves; the approver is shown the password once', async () => {
    const a = await cliOperator('admin');
    const c = await cliOperator('admin');
    const proposed = await propose(a.token, 'sp_new_admin', 'admin');
    expect(proposed).toEqual({
      code: 200,
      message: MSG.integrationChangePending,
      data: {
        id: expect.any(Number),
        target_kind: 'operator',
        target: 'sp_new_admin',
        action: 'create',
        before: null,
        after: { username: 'sp_new_admin', role: 'admin' },
        state: 1,
        maker_id: a.id,
        made_by: a.name,
        checked_by: '',
        note: '',
        decided_at: null,
        created_at: expect.any(String),
      },
    });
    expect(await accountOf('sp_new_admin')).toBeUndefined();
    expect(await signIn('sp_new_admin', 'anything-at-all')).toMatchObject({ code: BizCode.WRONG_PASSWORD });
    // One change per account, whatever the case; a name taken is refused as before.
    expect(await propose(c.token, 'SP_NEW_ADMIN', 'finance')).toEqual({
      code: 409,
      message: MSG.operatorChangeExists,
      data: null,
    });
    expect(await propose(c.token, a.name, 'finance')).toEqual({
      code: 409,
      message: MSG.operatorNameTaken,
      data: null,
    });
    expect(await propose(ops.finance, 'sp_by_finance', 'admin')).toEqual(refused(MSG.operatorForbidden));

    expect(await approve(a.token, proposed.data.id)).toEqual(refused(MSG.integrationMakerCannotApprove));
    expect(await accountOf('sp_new_admin')).toBeUndefined();

    const approved = await approve(c.token, proposed.data.id);
    expect(approved).toMatchObject({
      code: 200,
      message: MSG.operatorCreated,
      data: { id: proposed.data.id, state: 2, checked_by: c.name },
    });
    const password = approved.data.password!;
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    // Shown once: the queue never answers it again.
    const listed = await adminCall<{ data: Change[] }>(t, c.token, 'GET', '/admin/api/integration-changes?state=2');
    expect(JSON.stringify(listed.data)).not.toContain(password);
    const account = await accountOf('sp_new_admin');
    expect(account).toMatchObject({ role: 'admin', state: 1, vouchedBy: [a.id, c.id], totpSecret: null });
    expect(account?.vouchedAt).toBeInstanceOf(Date);
    const created = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'operator.create'));
    expect(created.find((r) => r.target === 'operator:sp_new_admin')).toMatchObject({
      operatorId: c.id,
      after: JSON.stringify({
        id: account!.id,
        username: 'sp_new_admin',
        role: 'admin',
        change: proposed.data.id,
        made_by: a.name,
      }),
    });
    expect((await signIn('sp_new_admin', password)).code).toBe(200);
  });

  it('made by the operator CLI is audited as the CLI, and vouched for by nobody', async () => {
    const password = await createOperator(t.database.db, 'sp_cli_boss', 'admin');
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const account = await accountOf('sp_cli_boss');
    expect(account).toMatchObject({ vouchedBy: [], vouchedAt: null });
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.target, 'operator:sp_cli_boss'));
    expect(rows.map((r) => [r.action, r.operatorId, r.after])).toEqual([
      [
        'operator.create',
        null,
        JSON.stringify({ id: account!.id, username: 'sp_cli_boss', role: 'admin', via: 'cli' }),
      ],
    ]);
  });

  it("vouched for by the maker, it cannot approve the maker's integration change, adjustment or withdrawal", async () => {
    const a = await cliOperator('admin');
    const c = await cliOperator('admin');
    const b = await madeThroughQueue(a, c, 'admin');
    const bFinance = await madeThroughQueue(a, c, 'finance');
    expect(await accountOf(b.name)).toMatchObject({ vouchedBy: [a.id, c.id] });

    const { change } = await venueChange(a);
    expect(await approve(b.token, change)).toEqual(refused(MSG.secondPersonVouched));
    // Both ways: the approver of B's creation is no second person for B's own items either.
    const { change: byB } = await venueChange(b);
    expect(await approve(c.token, byB)).toEqual(refused(MSG.secondPersonVouched));
    expect((await changeRow(change))?.state).toBe(1);

    // A's large adjustment (above the 1,000.00 line) waits; B in finance cannot approve it.
    const m = await registerMember(t.app);
    const adjusted = await adminCall<{ pending: { id: number } | null }>(
      t,
      a.token,
      'POST',
      `/admin/api/members/${await memberId(t, m.name)}/adjust`,
      {
        amount: '5000',
        note: '大额补偿',
      },
    );
    expect(adjusted).toMatchObject({ code: 200, message: MSG.adjustPendingReview });
    const pendingId = adjusted.data.pending!.id;
    expect(await adminCall(t, bFinance.token, 'POST', `/admin/api/adjustments/${pendingId}/approve`, {})).toEqual(
      refused(MSG.secondPersonVouched),
    );
    expect(await kit.balance(m.token)).toBe('0.00');

    // A's first review of a large withdrawal (above the 5,000.00 line): B in finance cannot give the second.
    const payee = await kit.memberWithCard('6000');
    const made = await kit.withdraw(payee.token, payee.card, '6000');
    expect(made.code).toBe(200);
    const url = `/admin/api/withdrawals/${made.data.order_no}/approve`;
    expect(await adminCall(t, a.token, 'POST', url, {})).toMatchObject({
      code: 200,
      message: MSG.secondReviewPending,
      data: { state: 1 },
    });
    expect(await adminCall(t, bFinance.token, 'POST', url, {})).toEqual(refused(MSG.secondPersonVouched));
    // Someone else can: the line still works.
    expect(await adminCall(t, ops.finance, 'POST', url, {})).toMatchObject({ code: 200, data: { state: 2 } });
    expect(await approve(c.token, change)).toMatchObject({ code: 200, data: { state: 2 } });
  });
});

describe('an account newer than the item', () => {
  it('cannot approve it: created, or enabled again, after the item was made', async () => {
    const a = await cliOperator('admin');
    const c = await cliOperator('admin');
    const e = await cliOperator('admin');
    const d = await cliOperator('admin');
    const { change } = await venueChange(a);

    // Created after the item, by two others.
    const late = await madeThroughQueue(c, d, 'admin');
    expect(await approve(late.token, change)).toEqual(refused(MSG.secondPersonNewer));

    // Disabled (at once) and enabled again (through the queue) after the item.
    const eId = e.id;
    expect(await adminCall(t, c.token, 'POST', `/admin/api/operators/${eId}/state`, { state: 0 })).toEqual({
      code: 200,
      message: MSG.ok,
      data: { state: 0 },
    });
    const enable = await adminCall<Change>(t, c.token, 'POST', `/admin/api/operators/${eId}/state`, { state: 1 });
    expect(enable).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: { target: e.name, action: 'enable', before: { state: '0' }, after: { state: '1' } },
    });
    expect(await accountOf(e.name)).toMatchObject({ state: 0 });
    expect(await approve(d.token, enable.data.id)).toMatchObject({
      code: 200,
      message: MSG.integrationChangeApplied,
      data: { state: 2 },
    });
    expect(await accountOf(e.name)).toMatchObject({ state: 1, vouchedBy: [c.id, d.id] });
    const again = await signIn(e.name, e.password);
    expect(again.code).toBe(200);
    expect(await approve(again.data!.token, change)).toEqual(refused(MSG.secondPersonNewer));

    // An account as it was before the item is a second person.
    expect(await approve(d.token, change)).toMatchObject({ code: 200, data: { state: 2 } });
  });
});

describe('one sign-in address or device', () => {
  it('makes two operators one person to the rule, unless the address is one operators share', async () => {
    const p = await cliOperator('admin', { ip: '10.51.0.1' });
    const q = await cliOperator('admin', { ip: '10.51.0.1' });
    const { change } = await venueChange(p);
    expect(await approve(q.token, change)).toEqual(refused(MSG.secondPersonSharedSignIn));
    const { change: byQ } = await venueChange(q);
    expect(await approve(p.token, byQ)).toEqual(refused(MSG.secondPersonSharedSignIn));

    // Another address, the same console: the device id is evidence too, kept only as a digest.
    const r = await cliOperator('admin', { device: 'console-device-r' });
    const s = await cliOperator('admin', { device: 'console-device-r' });
    const { change: byR } = await venueChange(r);
    expect(await approve(s.token, byR)).toEqual(refused(MSG.secondPersonSharedSignIn));
    const evidence = await t.database.db.select().from(operatorSignIns).where(eq(operatorSignIns.operatorId, r.id));
    expect(evidence).toHaveLength(1);
    expect(evidence[0]?.device).toMatch(/^[0-9a-f]{64}$/);
    expect(evidence[0]?.address).not.toBe('');

    // The office's shared address (OPERATOR_SHARED_ADDRESSES) is no evidence: recorded as none.
    const u = await cliOperator('admin', { ip: OFFICE });
    const v = await cliOperator('admin', { ip: OFFICE });
    expect(
      (await t.database.db.select().from(operatorSignIns).where(eq(operatorSignIns.operatorId, u.id)))[0],
    ).toMatchObject({ address: '', device: '' });
    const { change: byU } = await venueChange(u);
    expect(await approve(v.token, byU)).toMatchObject({ code: 200, data: { state: 2 } });
  });
});

describe("an operator's role and two factors take two admins", () => {
  const codeAt = (secret: string, at = Date.now()) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

  it('change nothing until approved; approved, they end the operator’s sessions', async () => {
    const a = await cliOperator('admin');
    const c = await cliOperator('admin');
    const target = await cliOperator('finance');
    const setup = await adminCall<{ secret: string }>(t, target.token, 'POST', '/admin/api/totp/setup');
    expect(
      (await adminCall(t, target.token, 'POST', '/admin/api/totp/confirm', { code: codeAt(setup.data.secret) })).code,
    ).toBe(200);

    // A two-factor reset by one admin: the operator keeps its factors and its session.
    const reset = await adminCall<Change>(t, a.token, 'POST', `/admin/api/operators/${target.id}/totp/reset`);
    expect(reset).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: {
        target_kind: 'operator',
        target: target.name,
        action: 'totp_reset',
        before: { totp_enabled: 'true' },
        after: { totp_enabled: 'false' },
        state: 1,
      },
    });
    expect(await adminCall(t, a.token, 'POST', `/admin/api/operators/${target.id}/totp/reset`)).toEqual({
      code: 409,
      message: MSG.operatorChangeExists,
      data: null,
    });
    expect((await adminCall(t, target.token, 'GET', '/admin/api/me')).data).toMatchObject({ totp_enabled: true });
    expect((await accountOf(target.name))?.totpSecret).toBe(setup.data.secret);
    expect(await approve(a.token, reset.data.id)).toEqual(refused(MSG.integrationMakerCannotApprove));

    expect(await approve(c.token, reset.data.id)).toMatchObject({
      code: 200,
      message: MSG.integrationChangeApplied,
      data: { state: 2 },
    });
    expect(await adminCall(t, target.token, 'GET', '/admin/api/me')).toEqual({
      code: 401,
      message: MSG.notLoggedIn,
      data: null,
    });
    expect(await accountOf(target.name)).toMatchObject({ totpSecret: null, vouchedBy: [a.id, c.id] });
    const afterReset = await signIn(target.name, target.password);
    expect(afterReset.code).toBe(200);
    expect(await adminCall(t, a.token, 'POST', `/admin/api/operators/${target.id}/totp/reset`)).toEqual({
      code: 400,
      message: MSG.operatorNothingChanged,
      data: null,
    });

    // A new role by one admin: the operator keeps its role and its session until a second admin approves.
    const role = await adminCall<Change>(t, a.token, 'PUT', `/admin/api/operators/${target.id}`, { role: 'content' });
    expect(role).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: { action: 'role', before: { role: 'finance' }, after: { role: 'content' } },
    });
    expect((await adminCall(t, afterReset.data!.token, 'GET', '/admin/api/me')).data).toMatchObject({
      role: 'finance',
    });
    expect(await accountOf(target.name)).toMatchObject({ role: 'finance' });
    expect(await approve(c.token, role.data.id)).toMatchObject({ code: 200, data: { state: 2 } });
    expect(await adminCall(t, afterReset.data!.token, 'GET', '/admin/api/me')).toEqual({
      code: 401,
      message: MSG.notLoggedIn,
      data: null,
    });
    expect(await accountOf(target.name)).toMatchObject({ role: 'content' });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `operator:${target.name}`));
    expect(
      audits
        .filter(
          (r) =>
            r.action.startsWith('operator.') && r.action !== 'operator.login' && r.action !== 'operator.totp_setup',
        )
        .map((r) => [r.action, r.operatorId]),
    ).toEqual([
      ['operator.create', null],
      ['operator.totp_enable', target.id],
      ['operator.totp_reset', c.id],
      ['operator.role', c.id],
    ]);
    expect(audits.filter((r) => r.action.startsWith('integration.')).map((r) => [r.action, r.operatorId])).toEqual([
      ['integration.propose', a.id],
      ['integration.approve', c.id],
      ['integration.propose', a.id],
      ['integration.approve', c.id],
    ]);
    expect(await adminCall(t, a.token, 'PUT', `/admin/api/operators/${target.id}`, { role: 'content' })).toEqual({
      code: 400,
      message: MSG.operatorNothingChanged,
      data: null,
    });
    expect(await adminCall(t, a.token, 'PUT', `/admin/api/operators/${a.id}`, { role: 'content' })).toEqual(
      refused(MSG.operatorSelfRole),
    );
  });

  it('is never approved by the operator it is about, and goes stale when the operator moved since', async () => {
    const a = await cliOperator('admin');
    const c = await cliOperator('admin');
    const other = await cliOperator('admin');
    // A proposes to demote C: C cannot approve a change about its own account.
    const demote = await adminCall<Change>(t, a.token, 'PUT', `/admin/api/operators/${c.id}`, { role: 'finance' });
    expect(demote.code).toBe(200);
    expect(await approve(c.token, demote.data.id)).toEqual(refused(MSG.operatorChangeOwnAccount));
    expect(await accountOf(c.name)).toMatchObject({ role: 'admin', vouchedBy: [] });

    // Disabled meanwhile (at once): the role change is over an account that moved.
    expect((await adminCall(t, other.token, 'POST', `/admin/api/operators/${c.id}/state`, { state: 0 })).code).toBe(
      200,
    );
    expect(await approve(other.token, demote.data.id)).toEqual({
      code: 409,
      message: MSG.operatorChangeStale,
      data: null,
    });
    expect(await changeRow(demote.data.id)).toMatchObject({ state: 5, checkedBy: other.name });
    expect(await accountOf(c.name)).toMatchObject({ role: 'admin', state: 0 });

    // A creation whose name was taken since (made by the CLI) is stale too, and creates nothing.
    const creation = await propose(a.token, 'sp_taken_later', 'finance');
    await createOperator(t.database.db, 'SP_TAKEN_LATER', 'content');
    expect(await approve(other.token, creation.data.id)).toEqual({
      code: 409,
      message: MSG.operatorChangeStale,
      data: null,
    });
    expect(await accountOf('sp_taken_later')).toBeUndefined();
    expect(await accountOf('SP_TAKEN_LATER')).toMatchObject({ role: 'content' });
  });
});

describe('the money attack of one admin', () => {
  it('cannot apply a seamless venue with a secret of their own through a second admin they made', async () => {
    const a = await cliOperator('admin');
    const accomplice = await registerMember(t.app);
    await credit(t, ops.finance, accomplice.name, '1.00');
    const secret = 'attacker-chosen-secret-9999';

    // Alone, A proposes a second admin: it does not exist, so it signs in nowhere and approves nothing.
    const second = await propose(a.token, 'sp_accomplice_admin', 'admin');
    expect(second).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: { state: 1, target: 'sp_accomplice_admin', action: 'create' },
    });
    expect(second.data).not.toHaveProperty('password');
    expect(await signIn('sp_accomplice_admin', 'any-password-at-all')).toMatchObject({ code: BizCode.WRONG_PASSWORD });
    expect(await approve(a.token, second.data.id)).toEqual(refused(MSG.integrationMakerCannotApprove));
    const { code, change } = await venueChange(a, secret);
    expect(await approve(a.token, change)).toEqual(refused(MSG.integrationMakerCannotApprove));

    const bet = { player: accomplice.name, transaction_id: `${code}-bet`, round_id: `${code}-r`, amount: '1.00' };
    const win = {
      player: accomplice.name,
      transaction_id: `${code}-win`,
      round_id: `${code}-r`,
      amount: '1000000.00',
      reference_transaction_id: `${code}-bet`,
    };
    expect(await callback(code, 'bet', bet, secret)).not.toMatchObject({ status: 'OK' });
    expect(await callback(code, 'win', win, secret)).not.toMatchObject({ status: 'OK' });
    expect(await memberBalance(t, accomplice.token)).toBe('1.00');

    // Even when another admin approves the new account, it is A's: it cannot apply A's venue change.
    const c = await cliOperator('admin');
    const approved = await approve(c.token, second.data.id);
    expect(approved.code).toBe(200);
    const b = await signIn('sp_accomplice_admin', approved.data.password!);
    expect(await approve(b.data!.token, change)).toEqual(refused(MSG.secondPersonNewer));
    const later = await venueChange(a, secret);
    expect(await approve(b.data!.token, later.change)).toEqual(refused(MSG.secondPersonVouched));
    for (const venueCode of [code, later.code]) {
      const again = { ...bet, transaction_id: `${venueCode}-bet2`, round_id: `${venueCode}-r2` };
      expect(await callback(venueCode, 'bet', again, secret)).not.toMatchObject({ status: 'OK' });
      expect(
        await callback(
          venueCode,
          'win',
          {
            ...win,
            transaction_id: `${venueCode}-win2`,
            round_id: again.round_id,
            reference_transaction_id: again.transaction_id,
          },
          secret,
        ),
      ).not.toMatchObject({ status: 'OK' });
      const [venue] = await t.database.db.select().from(venues).where(eq(venues.code, venueCode));
      expect(venue).toMatchObject({ walletMode: 'transfer', apiSecret: '' });
    }
    expect(await memberBalance(t, accomplice.token)).toBe('1.00');
    expect((await changeRow(change))?.state).toBe(1);
    expect((await changeRow(later.change))?.state).toBe(1);

    // What was at stake: approved by a second person, that secret's signed callbacks move the accomplice's money.
    expect(await approve(c.token, later.change)).toMatchObject({ code: 200, data: { state: 2 } });
    const paid = { ...bet, transaction_id: `${later.code}-bet3`, round_id: `${later.code}-r3` };
    expect(await callback(later.code, 'bet', paid, secret)).toEqual({ http: 200, status: 'OK' });
    const won = {
      ...win,
      transaction_id: `${later.code}-win3`,
      round_id: paid.round_id,
      reference_transaction_id: paid.transaction_id,
    };
    expect(await callback(later.code, 'win', won, secret)).toEqual({ http: 200, status: 'OK' });
    expect(await memberBalance(t, accomplice.token)).toBe('1000000.00');
  });
});
