import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addVenue,
  adminCall,
  creditedMember,
  injectFault,
  manualClock,
  operatorToken,
  registerMember,
  transferIn,
  useOperators,
  useTestApp,
} from '../../../test/helper';
import { servedRegistry, valueOf } from '../../../test/scrape-metrics';
import { tickJob } from '../jobs/scheduler';
import { bankTransfer, paymentsKit } from '../payments/payments-test-kit';
import { reconcileTransfers } from '../wallet/remote-transfers';
import { ledgerCheckJob } from './ledger-watch';
import { metricsRegistryOf } from './site-metrics';

// The money gauges move with the operations they watch, as a scrape of the metrics port shows them.
const clock = manualClock();
// A venue call is in doubt after this long; only the injected late answer below takes longer.
const TIMEOUT_MS = 2_000;
let metrics: Awaited<ReturnType<typeof servedRegistry>>;

const t = useTestApp({ clock, config: { venueTimeoutMs: TIMEOUT_MS } });
const ops = useOperators(t, ['finance']);

beforeAll(async () => {
  metrics = await servedRegistry(metricsRegistryOf(t.app)!);
  await addVenue(t, 'OPSV', 'realbet', 1, { name: '监控场馆' });
});
afterAll(async () => {
  await metrics?.close();
});

const scrape = async () => (await metrics.scrape()).samples;

describe('money gauges', () => {
  it('show a venue transfer left in doubt, with its age, until reconciliation finishes it', async () => {
    const m = await creditedMember(t, ops.finance, '80.00');
    await injectFault(t, { venue: 'OPSV', call: 'transfer', mode: 'late', hold_ms: TIMEOUT_MS + 1000 });
    expect(valueOf(await scrape(), 'h5_venue_transfers_in_doubt', { venue: 'OPSV' })).toBeUndefined();
    const moved = await transferIn(t, m.token, 'OPSV', '30.00');
    expect(moved.message).toBe('转账处理中，请稍后在转账记录中查看结果');

    clock.advance(90_000);
    const inDoubt = await scrape();
    expect(valueOf(inDoubt, 'h5_venue_transfers_in_doubt', { venue: 'OPSV' })).toBe(1);
    expect(valueOf(inDoubt, 'h5_venue_transfers_in_doubt_oldest_seconds', { venue: 'OPSV' })).toBeCloseTo(90, 0);

    expect(
      await reconcileTransfers({ db: t.database.db, clock, venueTimeoutMs: TIMEOUT_MS, outbound: t.config.outbound }),
    ).toBe(1);
    const settled = await scrape();
    expect(valueOf(settled, 'h5_venue_transfers_in_doubt', { venue: 'OPSV' })).toBeUndefined();
    expect(valueOf(settled, 'h5_venue_transfers_in_doubt_oldest_seconds', { venue: 'OPSV' })).toBeUndefined();
  });

  it('count deposits and withdrawals waiting for review, then paid, to the cent', async () => {
    const kit = paymentsKit(t, () => ops.finance);
    const m = await registerMember(t.app);
    const before = await scrape();
    // A bank transfer: it waits for finance, who approves it with its evidence.
    const made = await kit.recharge(m.token, bankTransfer('123.45', '6222020200112233445'));
    expect(made.code).toBe(200);
    clock.advance(600_000);
    const waiting = await scrape();
    expect(valueOf(waiting, 'h5_deposits_awaiting_review')).toBe(
      (valueOf(before, 'h5_deposits_awaiting_review') ?? 0) + 1,
    );
    expect(valueOf(waiting, 'h5_deposits_awaiting_review_oldest_seconds')).toBeGreaterThanOrEqual(600);
    await kit.approveManual(made.data.deposit_no);

    // Another member, credited by an operator (no deposit, so no turnover owed before withdrawing).
    const w = await creditedMember(t, ops.finance, '500.00');
    const card = await kit.bindBank(w.token);
    const withdrawn = await kit.withdraw(w.token, card, '150.10');
    expect(withdrawn.code).toBe(200);
    expect(valueOf(await scrape(), 'h5_withdrawals_awaiting_review')).toBe(
      (valueOf(before, 'h5_withdrawals_awaiting_review') ?? 0) + 1,
    );
    expect(
      (await adminCall(t, ops.finance, 'POST', `/admin/api/withdrawals/${withdrawn.data.order_no}/approve`, {})).code,
    ).toBe(200);

    const after = await scrape();
    const delta = (name: string) => (valueOf(after, name) ?? 0) - (valueOf(before, name) ?? 0);
    expect(delta('h5_deposits_awaiting_review')).toBe(0);
    expect(delta('h5_withdrawals_awaiting_review')).toBe(0);
    expect(delta('h5_deposits_paid_total')).toBe(1);
    expect(delta('h5_deposits_paid_yuan_total')).toBeCloseTo(123.45, 2);
    expect(delta('h5_withdrawals_paid_total')).toBe(1);
    expect(delta('h5_withdrawals_paid_yuan_total')).toBeCloseTo(150.1, 2);
  });
});

describe('the scheduled ledger check', () => {
  it('is a metric, and an unbalanced ledger shows on the dashboard of finance and admin until put right', async () => {
    const deps = { db: t.database.db, clock, locks: t.database.locks };
    const job = ledgerCheckJob(t.database.db, 60_000);
    const dashboard = async (token: string) =>
      (
        await adminCall<{ ledger: { balanced: boolean | null; mismatched: number; checked_at: string | null } | null }>(
          t,
          token,
          'GET',
          '/admin/api/dashboard/pending',
        )
      ).data.ledger;
    const [admin, content] = [await operatorToken(t, 'admin'), await operatorToken(t, 'content')];
    expect(await dashboard(ops.finance)).toEqual({ balanced: null, mismatched: 0, checked_at: null });
    expect(valueOf(await scrape(), 'h5_ledger_balanced')).toBeUndefined();

    expect(await tickJob(deps, job)).toBe('ran');
    const first = await scrape();
    expect(valueOf(first, 'h5_ledger_balanced')).toBe(1);
    expect(valueOf(first, 'h5_ledger_last_check_timestamp_seconds')).toBe(clock.now().getTime() / 1000);
    expect(await dashboard(ops.finance)).toMatchObject({
      balanced: true,
      mismatched: 0,
      checked_at: expect.any(String),
    });

    // A balance changed behind the ledger's back, as an insider editing the row would.
    const house = await t.database.db.execute(
      sql`SELECT code FROM ledger_accounts WHERE kind = 'house' ORDER BY id LIMIT 1`,
    );
    const code = (house as unknown as { rows: Array<{ code: string }> }).rows[0]!.code;
    await t.database.db.execute(sql`UPDATE ledger_accounts SET balance = balance + 0.01 WHERE code = ${code}`);
    clock.advance(60_000);
    expect(await tickJob(deps, job)).toBe('ran');
    expect(valueOf(await scrape(), 'h5_ledger_balanced')).toBe(0);
    expect(valueOf(await scrape(), 'h5_ledger_mismatched_accounts')).toBe(1);
    for (const token of [ops.finance, admin])
      expect(await dashboard(token)).toMatchObject({ balanced: false, mismatched: 1 });
    expect(await dashboard(content)).toBeNull();

    await t.database.db.execute(sql`UPDATE ledger_accounts SET balance = balance - 0.01 WHERE code = ${code}`);
    clock.advance(60_000);
    expect(await tickJob(deps, job)).toBe('ran');
    expect(valueOf(await scrape(), 'h5_ledger_balanced')).toBe(1);
    expect(await dashboard(ops.finance)).toMatchObject({ balanced: true, mismatched: 0 });
    // The audit log keeps when it went wrong and when it was put right, not every quiet check.
    const audits = await adminCall<{ data: Array<{ after: unknown }> }>(
      t,
      admin,
      'GET',
      '/admin/api/audit?action=ledger.check',
    );
    const after = (a: { after: unknown }) =>
      (typeof a.after === 'string' ? JSON.parse(a.after) : a.after) as { balanced: boolean; mismatched: number };
    expect(audits.data.data.map(after).map((a) => [a.balanced, a.mismatched])).toEqual([
      [true, 0],
      [false, 1],
    ]);
  });
});
