import { readFileSync } from 'node:fs';
import { BizCode, MSG, settingInvalidMessage } from '@h5/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminCall,
  buildTestApp,
  credit,
  memberId,
  operatorToken,
  registerMember,
  useOperators,
  useTestApp,
} from '../../../test/helper';
import { adjustmentReviews, auditLog, siteSettings } from '../../db/schema';
import { paymentsKit } from '../payments/payments-test-kit';

// Two operators for large manual money: an adjustment above the admin-set line waits for another operator, and
// the lines (adjustments, withdrawals) are admin's alone, never off, non-zero on a fresh install.

const t = useTestApp();
const ops = useOperators(t, { admin: 'admin', maker: 'finance', checker: 'finance' });
const kit = paymentsKit(t, () => ops.maker);

interface Pending {
  id: number;
  state: number;
  amount: string;
  maker_id: number;
  made_by: string;
  reviewed_by: string;
  review_note: string;
}
type AdjustAnswer = { balance: string; pending: Pending | null };

const adjust = async (token: string, name: string, body: Record<string, unknown>) =>
  adminCall<AdjustAnswer>(t, token, 'POST', `/admin/api/members/${await memberId(t, name)}/adjust`, body);
const approve = (token: string, id: number) =>
  adminCall<Pending>(t, token, 'POST', `/admin/api/adjustments/${id}/approve`, {});
const reject = (token: string, id: number, note: string) =>
  adminCall<Pending>(t, token, 'POST', `/admin/api/adjustments/${id}/reject`, { note });
const stateOf = async (id: number) =>
  (await t.database.db.select().from(adjustmentReviews).where(eq(adjustmentReviews.id, id)))[0]?.state;
const alreadyProcessed = { code: BizCode.CONFLICT, message: MSG.alreadyProcessed, data: null };

/** A member credited above the line: pending, with its id. */
async function pendingCredit(amount: string) {
  const m = await registerMember(t.app);
  const answer = await adjust(ops.maker, m.name, { amount, note: '大额补偿' });
  expect(answer).toMatchObject({
    code: 200,
    message: MSG.adjustPendingReview,
    data: { balance: '0.00', pending: { state: 1, amount } },
  });
  return { member: m, id: answer.data.pending!.id };
}

describe('an adjustment above the line', () => {
  it('is only recorded when one finance operator makes it: the balance stays, a pending row waits in 调整复核', async () => {
    const m = await registerMember(t.app);
    expect((await adjust(ops.maker, m.name, { amount: '1000', note: '补偿' })).data).toEqual({
      balance: '1000.00',
      pending: null,
    });
    const answer = await adjust(ops.maker, m.name, { amount: '1000.01', note: '大额补偿' });
    expect(answer).toMatchObject({
      code: 200,
      message: MSG.adjustPendingReview,
      data: {
        balance: '1000.00',
        pending: {
          state: 1,
          amount: '1000.01',
          username: m.name,
          made_by: expect.stringMatching(/^op_finance_/),
          reviewed_by: '',
        },
      },
    });
    const debit = await adjust(ops.maker, m.name, { amount: '-1000.01', note: '大额扣回' });
    expect(debit).toMatchObject({
      code: 200,
      message: MSG.adjustPendingReview,
      data: { balance: '1000.00', pending: { amount: '-1000.01', state: 1 } },
    });
    expect(await kit.balance(m.token)).toBe('1000.00');
    const queue = await adminCall<{ data: Pending[] }>(t, ops.checker, 'GET', '/admin/api/adjustments?state=1');
    expect(queue.data.data.map((r) => r.id)).toEqual(
      expect.arrayContaining([answer.data.pending!.id, debit.data.pending!.id]),
    );
    const dashboard = await adminCall<{ adjustments: { pending: number; newest_id: number | null } | null }>(
      t,
      ops.checker,
      'GET',
      '/admin/api/dashboard/pending',
    );
    expect(dashboard.data.adjustments).toEqual({ pending: expect.any(Number), newest_id: debit.data.pending!.id });
    expect(dashboard.data.adjustments!.pending).toBeGreaterThanOrEqual(2);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `member:${await memberId(t, m.name)}`));
    expect(audits.map((a) => a.action)).toEqual(['member.adjust', 'member.adjust_request', 'member.adjust_request']);
    await kit.ledgerBalanced();
  });

  it('cannot be approved by its maker; another operator approves it and the member is credited once', async () => {
    const { member, id } = await pendingCredit('5000.00');
    expect(await approve(ops.maker, id)).toEqual({
      code: BizCode.FORBIDDEN,
      message: MSG.adjustSameOperator,
      data: null,
    });
    expect(await stateOf(id)).toBe(1);
    expect(await kit.balance(member.token)).toBe('0.00');
    expect(await approve(ops.checker, id)).toMatchObject({
      code: 200,
      message: MSG.adjustApproved,
      data: { id, state: 2, reviewed_by: expect.stringMatching(/^op_finance_/) },
    });
    expect(await kit.balance(member.token)).toBe('5000.00');
    expect(await approve(ops.checker, id)).toEqual(alreadyProcessed);
    expect(await reject(ops.admin, id, '晚了')).toEqual(alreadyProcessed);
    expect(await kit.balance(member.token)).toBe('5000.00');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `member:${await memberId(t, member.name)}`));
    expect(audits.map((a) => a.action)).toEqual(['member.adjust_request', 'adjustment.approve']);
    expect(audits[0]?.operatorId).not.toBe(audits[1]?.operatorId);
    expect(JSON.parse(audits[1]!.after)).toMatchObject({ state: 2, amount: '5000.00', balance: '5000.00' });
    await kit.ledgerBalanced();
  });

  it('pays once when approvals race', async () => {
    const { member, id } = await pendingCredit('3000.00');
    const third = await operatorToken(t, 'admin');
    const answers = await Promise.all([
      approve(ops.checker, id),
      approve(third, id),
      approve(ops.maker, id),
      approve(ops.checker, id),
    ]);
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    // The maker is refused (403), or finds it decided (409) when it comes after the paying approval.
    for (const a of answers.filter((x) => x.code !== 200))
      expect([BizCode.FORBIDDEN, BizCode.CONFLICT]).toContain(a.code);
    expect(await kit.balance(member.token)).toBe('3000.00');
    expect(await stateOf(id)).toBe(2);
    await kit.ledgerBalanced();
  });

  it('is rejected with a reason and moves nothing', async () => {
    const { member, id } = await pendingCredit('2000.00');
    expect(await reject(ops.checker, id, '  ')).toEqual({
      code: 400,
      message: MSG.adjustRejectReasonRequired,
      data: null,
    });
    expect(await reject(ops.checker, id, '无依据')).toMatchObject({
      code: 200,
      message: MSG.adjustRejected,
      data: { state: 3, review_note: '无依据' },
    });
    expect(await approve(ops.admin, id)).toEqual(alreadyProcessed);
    expect(await kit.balance(member.token)).toBe('0.00');
    const rejected = await adminCall<{ data: Pending[] }>(t, ops.checker, 'GET', '/admin/api/adjustments?state=3');
    expect(rejected.data.data.find((r) => r.id === id)).toMatchObject({ state: 3, review_note: '无依据' });
  });

  it('debits never below zero: a debit the balance no longer covers is refused and stays pending', async () => {
    const m = await registerMember(t.app);
    await credit(t, ops.maker, m.name, '1500');
    const debit = await adjust(ops.maker, m.name, { amount: '-1500', note: '扣回' });
    const id = debit.data.pending!.id;
    expect((await adjust(ops.maker, m.name, { amount: '-600', note: '先扣一部分' })).data).toEqual({
      balance: '900.00',
      pending: null,
    });
    expect(await approve(ops.checker, id)).toEqual({
      code: BizCode.INSUFFICIENT_BALANCE,
      message: MSG.insufficientBalance,
      data: null,
    });
    expect(await stateOf(id)).toBe(1);
    expect(await kit.balance(m.token)).toBe('900.00');
    await kit.ledgerBalanced();
  });

  it('keeps the reference rules: a replay answers the same pending adjustment, another amount or member is refused', async () => {
    const m = await registerMember(t.app);
    const n = await registerMember(t.app);
    const body = { amount: '8000', note: '补发', reference: 'big-ref-00001' };
    const first = await adjust(ops.maker, m.name, body);
    expect(first.message).toBe(MSG.adjustPendingReview);
    expect(await adjust(ops.maker, m.name, body)).toEqual(first);
    const conflict = { code: BizCode.CONFLICT, message: MSG.adjustReferenceReused, data: null };
    expect(await adjust(ops.maker, m.name, { ...body, amount: '8000.01' })).toEqual(conflict);
    expect(await adjust(ops.maker, n.name, body)).toEqual(conflict);
    // A reference applied below the line cannot be reused for a large amount either.
    expect((await adjust(ops.maker, n.name, { amount: '10', note: '补发', reference: 'small-ref-0001' })).code).toBe(
      200,
    );
    expect(await adjust(ops.maker, n.name, { amount: '5000', note: '补发', reference: 'small-ref-0001' })).toEqual(
      conflict,
    );
    expect(
      await t.database.db
        .select()
        .from(adjustmentReviews)
        .where(eq(adjustmentReviews.reference, 'adjust:big-ref-00001')),
    ).toHaveLength(1);
    expect(await approve(ops.checker, first.data.pending!.id)).toMatchObject({ code: 200, data: { state: 2 } });
    expect(await kit.balance(m.token)).toBe('8000.00');
    expect(await kit.balance(n.token)).toBe('10.00');
  });
});

describe('the two-person lines', () => {
  const putSettings = (token: string, body: Record<string, unknown>) =>
    adminCall<Record<string, unknown>>(t, token, 'PUT', '/admin/api/settings', body);

  it('cannot be changed by finance (403), and admin can lower them but never turn them off', async () => {
    const forbidden = { code: BizCode.FORBIDDEN, message: MSG.operatorForbidden, data: null };
    expect(
      await adminCall(t, ops.maker, 'PUT', '/admin/api/settings/withdraw-review', { withdraw_second_review_above: 0 }),
    ).toEqual(forbidden);
    expect(await putSettings(ops.maker, { adjust_second_review_above: 0 })).toEqual(forbidden);
    expect(await putSettings(ops.maker, { withdraw_second_review_above: 0 })).toEqual(forbidden);
    expect((await adminCall(t, ops.maker, 'GET', '/admin/api/settings/withdraw-review')).data).toEqual({
      withdraw_second_review_above: 5000,
    });
    for (const key of ['adjust_second_review_above', 'withdraw_second_review_above']) {
      for (const value of [0, '0.00', '100000.01']) {
        expect(await putSettings(ops.admin, { [key]: value })).toEqual({
          code: 400,
          message: settingInvalidMessage(key, MSG.reviewLineRange),
          data: null,
        });
      }
    }
    expect(await putSettings(ops.admin, { adjust_second_review_above: '500' })).toMatchObject({
      code: 200,
      data: { adjust_second_review_above: 500 },
    });
    const m = await registerMember(t.app);
    expect((await adjust(ops.maker, m.name, { amount: '500.01', note: '补偿' })).message).toBe(MSG.adjustPendingReview);
    expect((await putSettings(ops.admin, { adjust_second_review_above: 1000 })).code).toBe(200);
  });

  it('need two operators for a withdrawal above 5,000.00 by default', async () => {
    const { card, ...m } = await kit.memberWithCard('5000.01');
    const made = await kit.withdraw(m.token, card, '5000.01');
    expect(made.code).toBe(200);
    const first = await adminCall(t, ops.maker, 'POST', `/admin/api/withdrawals/${made.data.order_no}/approve`, {});
    expect(first).toMatchObject({ code: 200, message: MSG.secondReviewPending, data: { state: 1 } });
    expect(await adminCall(t, ops.maker, 'POST', `/admin/api/withdrawals/${made.data.order_no}/approve`, {})).toEqual({
      code: BizCode.FORBIDDEN,
      message: MSG.secondReviewSameOperator,
      data: null,
    });
    expect(
      await adminCall(t, ops.checker, 'POST', `/admin/api/withdrawals/${made.data.order_no}/approve`, {}),
    ).toMatchObject({ code: 200, message: MSG.ok, data: { state: 2 } });
    await kit.ledgerBalanced();
  });

  it('are non-zero on a fresh production database', async () => {
    const production = await buildTestApp({ config: { sandbox: false } });
    try {
      const boss = await operatorToken(production, 'admin');
      const settings = await adminCall<Record<string, unknown>>(production, boss, 'GET', '/admin/api/settings');
      expect(settings.data).toMatchObject({ withdraw_second_review_above: 5000, adjust_second_review_above: 1000 });
    } finally {
      await production.close();
    }
    // A second database migrated from nothing: slow on a busy machine.
  }, 120_000);

  it('count as their defaults when the database says 0 (edited behind the console)', async () => {
    await t.database.db
      .insert(siteSettings)
      .values({ key: 'adjust_second_review_above', value: '0' })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: '0' } });
    const m = await registerMember(t.app);
    expect((await adjust(ops.maker, m.name, { amount: '1000', note: '补偿' })).data.pending).toBeNull();
    expect((await adjust(ops.maker, m.name, { amount: '1000.01', note: '补偿' })).message).toBe(
      MSG.adjustPendingReview,
    );
    expect(await kit.balance(m.token)).toBe('1000.00');
  });

  it('are given their defaults by the migration where an install had them at 0 (off)', async () => {
    const { db } = t.database;
    await db.update(siteSettings).set({ value: '0' }).where(eq(siteSettings.key, 'withdraw_second_review_above'));
    await db
      .insert(siteSettings)
      .values({ key: 'adjust_second_review_above', value: '0' })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: '0' } });
    const migration = readFileSync(new URL('../../db/migrations/0020_adjustment_reviews.sql', import.meta.url), 'utf8');
    for (const statement of migration
      .split('--> statement-breakpoint')
      .filter((s) => s.includes('UPDATE "site_settings"'))) {
      await db.execute(sql.raw(statement));
    }
    const rows = await db.select().from(siteSettings);
    expect(
      Object.fromEntries(rows.filter((r) => r.key.endsWith('_second_review_above')).map((r) => [r.key, r.value])),
    ).toEqual({
      withdraw_second_review_above: '5000',
      adjust_second_review_above: '1000',
      // A line added since, seeded with its default.
      deposit_second_review_above: '5000',
    });
  });
});
