import { adminEndpoints, BizCode } from '@h5/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCall, type Answer, useOperators, useTestApp } from '../../../test/helper';
import { auditLog } from '../../db/tables/backoffice';
import {
  venueReconciliationDays,
  venueReconciliationDifferences,
  venueWalletTransactions,
} from '../../db/tables/venue-wallet';
import { formatBeijing } from '../../lib/time';
import { hub88GameUrl } from '../../providers/venues/hub88/hub88-games-client';
import { hub88Time, hub88TransactionList } from '../../providers/venues/hub88/hub88-transactions-client';
import { configureHub88SandboxVenue, SANDBOX_HUB88_PREFIX } from '../../sandbox/hub88/sandbox-hub88-routes';
import { sandboxHub88Transactions } from '../../sandbox/hub88/sandbox-hub88-tables';
import { tickJob } from '../jobs/scheduler';
import { walletKit } from '../wallet/wallet-test-kit';
import { hub88ReconcileJob, reconcileHub88Day } from './hub88-reconciliation';

/**
 * The daily reconciliation of hub88 venues against the Hub88 sandbox aggregator's Transactions API, over real HTTP
 * (docs/venues.md "Hub88 reconciliation"): rounds played on the sandbox's game page, faults in the sandbox's own
 * records to make the two sides differ, and finance's list and 已核实.
 */
const t = useTestApp();
const ops = useOperators(t, ['finance', 'admin', 'content']);
const { member, launchToken, ledgerBalanced } = walletKit(t, () => ops.finance);
const options = () => ({ timeoutMs: 5_000, outbound: t.config.outbound });
const deps = () => ({ db: t.database.db, clock: t.clock, venueTimeoutMs: 5_000, outbound: t.config.outbound });
const today = () => formatBeijing(new Date()).slice(0, 10);

let venues = 0;
/** A hub88 venue of its own at the sandbox, as the demo seeding writes one. */
async function hub88Venue() {
  venues += 1;
  const code = `HRC${venues}`;
  const s = await configureHub88SandboxVenue(t.database.db, { venueCode: code, origin: t.origin });
  await t.database.db.execute(sql`
    INSERT INTO venues (code, name, platname, category_id, wallet_mode, api_base_url, protocol, operator_id,
      aggregator_public_key, private_key)
    VALUES (${code}, ${`对账场馆${venues}`}, ${code}, 'electron', 'seamless', ${s.apiBaseUrl}, 'hub88',
      ${s.operatorId}, ${s.aggregatorPublicKey}, ${s.privateKey})`);
  const operator = { baseUrl: s.apiBaseUrl, operatorId: s.operatorId, privateKey: s.privateKey };
  const m = await member('100.00');
  const { token } = await launchToken(m.id, code, 'electron');
  const url = await hub88GameUrl(
    operator,
    { user: m.name, token, game_code: 'sbx_golden_dragon', currency: 'CNY', lang: 'zh', lobby_url: '', ip: '' },
    options(),
  );
  if (!url.ok) throw new Error(`game url: ${url.reason}`);
  const session = new URL(url.value.url).searchParams.get('session') ?? '';
  const control = { 'content-type': 'application/json', authorization: `Bearer ${t.config.sandboxControlToken}` };
  return {
    code,
    operator,
    member: m,
    /** One round on the game page, its outcome chosen. */
    play: async (stake: string, outcome: 'win' | 'lose') => {
      const res = await fetch(`${t.origin}${SANDBOX_HUB88_PREFIX}/play`, {
        method: 'POST',
        headers: control,
        body: JSON.stringify({ session, stake, outcome }),
      });
      return res.status;
    },
    /** A fault of the sandbox's Transactions API for its next list call to this venue. */
    listFault: async (mode: 'timeout' | 'fail', holdMs?: number) => {
      const res = await fetch(`${t.origin}${SANDBOX_HUB88_PREFIX}/faults`, {
        method: 'POST',
        headers: control,
        body: JSON.stringify({ operator_id: Number(s.operatorId), call: 'list', mode, hold_ms: holdMs }),
      });
      expect(res.status).toBe(200);
    },
    /** A fault in the sandbox's records for its next call of a kind. */
    fault: async (
      call: 'bet' | 'win',
      mode: 'unrecorded' | 'unsent' | 'altered' | 'retyped',
      amount?: number,
      kind?: 'bet' | 'win' | 'rollback',
    ) => {
      const res = await fetch(`${t.origin}${SANDBOX_HUB88_PREFIX}/faults`, {
        method: 'POST',
        headers: control,
        body: JSON.stringify({ operator_id: Number(s.operatorId), call, mode, amount, kind }),
      });
      expect(res.status).toBe(200);
    },
  };
}

const differencesOf = (code: string) =>
  t.database.db
    .select()
    .from(venueReconciliationDifferences)
    .where(eq(venueReconciliationDifferences.venueCode, code))
    .orderBy(venueReconciliationDifferences.id);

const oursOf = (code: string) =>
  t.database.db
    .select()
    .from(venueWalletTransactions)
    .where(eq(venueWalletTransactions.venueCode, code))
    .orderBy(venueWalletTransactions.id);

describe('the Transactions API client at the Hub88 sandbox', () => {
  it("lists the operator's calls of a window, signed, and answers a typed failure when it cannot", async () => {
    const v = await hub88Venue();
    expect(await v.play('3.00', 'win')).toBe(200);
    const window = { start: new Date(Date.now() - 3600_000), end: new Date(Date.now() + 60_000) };
    const listed = await hub88TransactionList(v.operator, window, options());
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    expect(listed.value.map((x) => [x.type, x.amount, x.status, x.user])).toEqual([
      ['bet', 300_000, 'TS_SUCCESS', v.member.name],
      ['win', 600_000, 'TS_SUCCESS', v.member.name],
    ]);
    // An empty window lists nothing; another operator's key is the published 401; unusable settings send nothing.
    const past = { start: new Date(Date.now() - 7200_000), end: new Date(Date.now() - 3600_000) };
    expect(await hub88TransactionList(v.operator, past, options())).toEqual({ ok: true, value: [] });
    const other = await hub88Venue();
    expect(
      await hub88TransactionList({ ...v.operator, privateKey: other.operator.privateKey }, window, options()),
    ).toEqual({ ok: false, reason: 'http_error', httpStatus: 401, error: 'invalid signature' });
    expect(await hub88TransactionList({ ...v.operator, privateKey: 'x' }, window, options())).toEqual({
      ok: false,
      reason: 'not_configured',
    });
  });
});

describe('the daily reconciliation of a hub88 venue', () => {
  it('finds nothing on a day where both sides match', async () => {
    const v = await hub88Venue();
    expect(await v.play('12.34', 'win')).toBe(200);
    expect(await v.play('5.00', 'lose')).toBe(200);
    const result = await reconcileHub88Day(deps(), v.code, today());
    expect(result).toEqual({ venue: v.code, day: today(), ok: true, compared: 4, differences: 0 });
    expect(await differencesOf(v.code)).toEqual([]);
  });

  it('flags a bet missing on our side, a win missing on theirs and an amount that differs, once each, with both records', async () => {
    const v = await hub88Venue();
    // The aggregator records a bet it never sent us (the round's win is then refused by our wallet).
    await v.fault('bet', 'unsent');
    expect(await v.play('2.00', 'win')).toBe(502);
    // It sends us a win and keeps no record of it.
    await v.fault('win', 'unrecorded');
    expect(await v.play('3.00', 'win')).toBe(200);
    // It records another amount for a bet than it sent.
    await v.fault('bet', 'altered', 450_000);
    expect(await v.play('4.00', 'lose')).toBe(200);
    const oursBefore = await oursOf(v.code);

    const first = await reconcileHub88Day(deps(), v.code, today());
    expect(first).toMatchObject({ ok: true, differences: 3 });
    const rows = await differencesOf(v.code);
    const byKind = Object.fromEntries(rows.map((r) => [r.difference, r]));
    expect(Object.keys(byKind).sort()).toEqual(['amount', 'missing_ours', 'missing_theirs']);
    expect(byKind.missing_ours).toMatchObject({
      day: today(),
      oursKind: null,
      oursAmount: null,
      theirsKind: 'bet',
      theirsAmount: '2.00',
      theirsStatus: 'TS_SUCCESS',
      theirsPlayer: v.member.name,
      state: 'open',
    });
    expect(byKind.missing_theirs).toMatchObject({
      oursKind: 'win',
      oursAmount: '6.00',
      oursPlayer: v.member.name,
      theirsKind: null,
    });
    expect(byKind.amount).toMatchObject({
      oursKind: 'bet',
      oursAmount: '4.00',
      theirsKind: 'bet',
      theirsAmount: '4.50',
    });

    // Run again, and as the daily job the day after: nothing new, nothing moved, no transaction changed.
    expect(await reconcileHub88Day(deps(), v.code, today())).toMatchObject({ ok: true, differences: 0 });
    const tomorrow = { now: () => new Date(Date.now() + 86_400_000) };
    const job = hub88ReconcileJob({ ...deps(), clock: tomorrow });
    const scheduler = { db: t.database.db, clock: tomorrow, locks: t.database.locks };
    expect(await tickJob(scheduler, job)).toBe('ran');
    expect(await tickJob(scheduler, job)).toBe('not-due');
    expect(await differencesOf(v.code)).toEqual(rows);
    expect(await oursOf(v.code)).toEqual(oursBefore);
    await ledgerBalanced();
  });
});

describe('a transaction the aggregator lists as another kind', () => {
  it('is flagged once as kind, with both records as each side told it', async () => {
    const v = await hub88Venue();
    // The aggregator sends us a bet of 2.00 and records it as a win; the lost round's win of 0 matches.
    await v.fault('bet', 'retyped', undefined, 'win');
    expect(await v.play('2.00', 'lose')).toBe(200);
    const [bet, close] = await oursOf(v.code);
    expect([bet!.action, bet!.amount, close!.action, close!.amount]).toEqual(['bet', '2.00', 'win', '0.00']);
    expect(bet!.roundId).not.toBe('');
    const [theirs] = await t.database.db
      .select()
      .from(sandboxHub88Transactions)
      .where(eq(sandboxHub88Transactions.transactionUuid, bet!.transactionId));
    expect(theirs).toMatchObject({ kind: 'win', amount: 200_000, status: 'TS_SUCCESS' });

    expect(await reconcileHub88Day(deps(), v.code, today())).toEqual({
      venue: v.code,
      day: today(),
      ok: true,
      compared: 2,
      differences: 1,
    });
    const expected = {
      id: expect.any(Number),
      day: today(),
      venueCode: v.code,
      transactionId: bet!.transactionId,
      difference: 'kind',
      roundId: bet!.roundId,
      oursKind: 'bet',
      oursAmount: '2.00',
      oursAt: bet!.createdAt,
      oursPlayer: v.member.name,
      theirsKind: 'win',
      theirsAmount: '2.00',
      theirsStatus: 'TS_SUCCESS',
      theirsAt: hub88Time(theirs!.createdAt),
      theirsPlayer: v.member.name,
      state: 'open',
      note: '',
      resolvedBy: '',
      resolvedAt: null,
      createdAt: expect.any(Date),
    };
    expect(await differencesOf(v.code)).toEqual([expected]);
    // Compared again, it is the same finding: nothing new.
    expect(await reconcileHub88Day(deps(), v.code, today())).toMatchObject({ ok: true, differences: 0 });
    expect(await differencesOf(v.code)).toEqual([expected]);
  });
});

describe('a venue whose list cannot be read', () => {
  it('stores nothing for it and fails the day, to be tried again at the next check', async () => {
    const v = await hub88Venue();
    await v.fault('win', 'unrecorded');
    expect(await v.play('1.00', 'win')).toBe(200);
    const other = await hub88Venue();
    // Our key for the venue no longer verifies at the aggregator: its list answers 401.
    await t.database.db.execute(
      sql`UPDATE venues SET private_key = ${other.operator.privateKey} WHERE code = ${v.code}`,
    );
    try {
      expect(await reconcileHub88Day(deps(), v.code, today())).toEqual({
        venue: v.code,
        day: today(),
        ok: false,
        reason: 'http_error',
      });
      const later = { now: () => new Date(Date.now() + 86_400_000) };
      const job = hub88ReconcileJob({ ...deps(), clock: later });
      const scheduler = { db: t.database.db, clock: later, locks: t.database.locks };
      // Due again (its last run forgotten), failing, and so due at the next check too.
      await t.database.db.execute(sql`DELETE FROM scheduled_runs WHERE job = 'hub88-reconcile'`);
      await expect(tickJob(scheduler, job)).rejects.toThrow(/hub88 reconciliation/);
      await expect(tickJob(scheduler, job)).rejects.toThrow(/hub88 reconciliation/);
      expect(await differencesOf(v.code)).toEqual([]);
    } finally {
      // Out of the daily run for the tests after: no address, no call.
      await t.database.db.execute(sql`UPDATE venues SET api_base_url = '' WHERE code = ${v.code}`);
    }
  });
});

describe('a day the aggregator did not answer for', () => {
  it('is compared on a later run, and a day once compared is not compared again', async () => {
    const v = await hub88Venue();
    await v.fault('win', 'unrecorded');
    expect(await v.play('2.50', 'win')).toBe(200);
    const days = () =>
      t.database.db.select().from(venueReconciliationDays).where(eq(venueReconciliationDays.venueCode, v.code));
    const ofVenue = (results: unknown) => (results as { venue: string }[]).filter((r) => r.venue === v.code);

    // The day after, the aggregator's list first times out (we wait 300 ms, it answers after 1 s), then fails.
    const tomorrow = { now: () => new Date(Date.now() + 86_400_000) };
    const job = hub88ReconcileJob({ ...deps(), clock: tomorrow, venueTimeoutMs: 300 });
    await v.listFault('timeout', 1_000);
    await expect(job.run()).rejects.toThrow(
      JSON.stringify({ venue: v.code, day: today(), ok: false, reason: 'timeout' }),
    );
    await v.listFault('fail');
    await expect(job.run()).rejects.toThrow(
      JSON.stringify({ venue: v.code, day: today(), ok: false, reason: 'http_error' }),
    );
    // Nothing stored; the day remembered as not answered, with the last reason.
    expect(await differencesOf(v.code)).toEqual([]);
    const tried = { venueCode: v.code, day: today(), compared: 0, differences: 0, triedAt: expect.any(Date) };
    expect(await days()).toEqual([{ ...tried, comparedAt: null, failure: 'http_error' }]);

    // The next day's run is answered: it compares its own day before and the day not answered, which stores the win
    // missing on their side; the day is remembered as compared.
    const later = { now: () => new Date(Date.now() + 2 * 86_400_000) };
    const laterJob = hub88ReconcileJob({ ...deps(), clock: later });
    const tomorrowDay = formatBeijing(tomorrow.now()).slice(0, 10);
    expect(ofVenue(await laterJob.run())).toEqual([
      { venue: v.code, day: tomorrowDay, ok: true, compared: 0, differences: 0 },
      { venue: v.code, day: today(), ok: true, compared: 2, differences: 1 },
    ]);
    const found = await differencesOf(v.code);
    expect(found.map((r) => [r.day, r.difference, r.oursKind, r.oursAmount])).toEqual([
      [today(), 'missing_theirs', 'win', '5.00'],
    ]);
    expect(await days()).toEqual(
      expect.arrayContaining([
        { ...tried, compared: 2, differences: 1, comparedAt: expect.any(Date), failure: '' },
        { ...tried, day: tomorrowDay, compared: 0, differences: 0, comparedAt: expect.any(Date), failure: '' },
      ]),
    );

    // Run again that day and the day after: an answered day is not compared again.
    expect(ofVenue(await laterJob.run())).toEqual([]);
    const third = { now: () => new Date(Date.now() + 3 * 86_400_000) };
    expect(ofVenue(await hub88ReconcileJob({ ...deps(), clock: third }).run())).toEqual([
      { venue: v.code, day: formatBeijing(later.now()).slice(0, 10), ok: true, compared: 0, differences: 0 },
    ]);
    expect(await differencesOf(v.code)).toEqual(found);
    expect(await days()).toHaveLength(3);
  });

  it('is not remembered while the day is under way, so its later transactions are compared when it has ended', async () => {
    const v = await hub88Venue();
    expect(await v.play('1.00', 'lose')).toBe(200);
    expect(await reconcileHub88Day(deps(), v.code, today())).toMatchObject({ ok: true, compared: 2 });
    const rows = await t.database.db
      .select()
      .from(venueReconciliationDays)
      .where(eq(venueReconciliationDays.venueCode, v.code));
    expect(rows).toEqual([]);
  });
});

describe("finance's 场馆对账差异", () => {
  it('lists the differences by day and venue with both sides, and 已核实 marks one with a note, audited, once', async () => {
    const v = await hub88Venue();
    await v.fault('win', 'unrecorded');
    expect(await v.play('1.50', 'win')).toBe(200);
    await reconcileHub88Day(deps(), v.code, today());

    const list = await adminCall<{ total: number; data: Record<string, unknown>[] }>(
      t,
      ops.finance,
      'GET',
      `/admin/api/venue-reconciliation?day=${today()}&venue=${v.code}&state=open`,
    );
    expect(list.code).toBe(200);
    expect(list.data.total).toBe(1);
    const row = list.data.data[0]!;
    expect(row).toMatchObject({
      venue_code: v.code,
      venue_name: expect.stringContaining('对账场馆'),
      difference: 'missing_theirs',
      ours: { kind: 'win', amount: '3.00', player: v.member.name },
      theirs: null,
      state: 'open',
    });
    expect(adminEndpoints.venueReconDifferences.data.safeParse(list.data).success).toBe(true);

    const path = `/admin/api/venue-reconciliation/${row.id}/resolve`;
    const empty = await adminCall(t, ops.finance, 'POST', path, { note: ' ' });
    expect(empty.code).toBe(BizCode.BAD_INPUT);
    const done = await adminCall<Record<string, unknown>>(t, ops.finance, 'POST', path, { note: '场馆已补记' });
    expect(done.code).toBe(200);
    expect(done.data).toMatchObject({ state: 'resolved', note: '场馆已补记', resolved_by: expect.any(String) });
    const again = await adminCall(t, ops.admin, 'POST', path, { note: '再次' });
    expect(again.code).toBe(BizCode.CONFLICT);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `venue_reconciliation:${row.id}`));
    expect(audits.map((a) => a.action)).toEqual(['venue_reconciliation.resolve']);

    const open = await adminCall<{ total: number }>(
      t,
      ops.admin,
      'GET',
      `/admin/api/venue-reconciliation?venue=${v.code}&state=open`,
    );
    expect(open.data.total).toBe(0);
  });

  it('refuses another role', async () => {
    const list: Answer = await adminCall(t, ops.content, 'GET', '/admin/api/venue-reconciliation');
    expect(list.code).toBe(BizCode.FORBIDDEN);
    const resolve: Answer = await adminCall(t, ops.content, 'POST', '/admin/api/venue-reconciliation/1/resolve', {
      note: 'x',
    });
    expect(resolve.code).toBe(BizCode.FORBIDDEN);
  });
});
