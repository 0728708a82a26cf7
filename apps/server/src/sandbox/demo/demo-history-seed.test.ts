import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, buildTestApp, operatorToken, registerMember, type TestApp } from '../../../test/helper';
import { loadConfig } from '../../config';
import { DEMO_HISTORY_DAYS, DEMO_HISTORY_MARKER, seedDemoHistory, wantsDemoHistory } from './demo-history-seed';
import { checkLedger } from '../../modules/ledger/ledger-service';
import { checkSeal, sealKeys } from '../../modules/ledger/ledger-seal';
import { beijingMonth, previousMonth } from '../../modules/partners/partners-service';
import { beijingDay } from '../../lib/time';
import { prepareDatabase } from '../../server-process';

const DAY_MS = 86_400_000;
const rowsOf = <R>(r: unknown) => (r as { rows: R[] }).rows;
const one = async <R>(t: TestApp, query: ReturnType<typeof sql>) =>
  rowsOf<R>(await t.database.db.execute(query))[0] as R;

type DailyRow = {
  day: string;
  new_members: number;
  deposits_count: number;
  bets_count: number;
  stake: string;
  withdrawals_count: number;
};
type Daily = { rows: DailyRow[]; total: DailyRow & { redpackets_paid: string; rebates_paid: string } };

describe('the demo history (embedded demo)', () => {
  let t: TestApp;
  const now = new Date();
  beforeAll(async () => {
    t = await buildTestApp();
    // A demo database of an earlier version, where someone took the partner's name: the history names its own apart.
    await registerMember(t.app, { name: 'demoagent' });
    expect(await seedDemoHistory(t.database.db, now)).toBe(true);
  });
  afterAll(() => t?.close());

  it('gives the daily report a month of members, deposits, bets and withdrawals', async () => {
    const finance = await operatorToken(t, 'finance');
    const from = beijingDay(new Date(now.getTime() - (DEMO_HISTORY_DAYS - 1) * DAY_MS));
    const to = beijingDay(now);
    const answer = await adminCall<Daily>(t, finance, 'GET', `/admin/api/reports/daily?from=${from}&to=${to}`);
    expect(answer.code).toBe(200);
    const { rows, total } = answer.data;
    expect(rows).toHaveLength(DEMO_HISTORY_DAYS);
    // Every day of the last week, and nearly every day of the month, has play; the month has all the rest.
    const played = rows.filter((r) => r.bets_count > 0);
    expect(played.length).toBeGreaterThanOrEqual(DEMO_HISTORY_DAYS - 5);
    for (const r of rows.slice(-7, -1)) expect(r.bets_count, r.day).toBeGreaterThan(0);
    expect(rows.filter((r) => r.new_members > 0).length).toBeGreaterThanOrEqual(DEMO_HISTORY_DAYS - 5);
    expect(total.new_members).toBeGreaterThanOrEqual(300);
    expect(total.deposits_count).toBeGreaterThan(300);
    expect(total.withdrawals_count).toBeGreaterThan(50);
    expect(Number(total.redpackets_paid)).toBeGreaterThan(0);
    expect(Number(total.rebates_paid)).toBeGreaterThan(0);
    // Deposits and withdrawals in every state.
    const states = rowsOf<{ t: string; state: number }>(
      await t.database.db.execute(
        sql`SELECT DISTINCT 'd' AS t, state FROM deposits UNION SELECT DISTINCT 'w', state FROM withdrawals ORDER BY 1, 2`,
      ),
    );
    expect(states.map((s) => `${s.t}${s.state}`)).toEqual(['d1', 'd2', 'd3', 'w1', 'w2', 'w3']);
  });

  it('keeps the ledger balanced and sealed, every movement at its own time', async () => {
    expect(await checkLedger(t.database.db)).toMatchObject({ balanced: true, mismatched: [] });
    const seal = await checkSeal(t.database.db, sealKeys(t.config.ledgerSeal));
    expect(seal).toMatchObject({ state: 'sealed', problems: 0 });
    const spread = await one<{ days: number; unsealed: number }>(
      t,
      sql`SELECT count(DISTINCT (created_at AT TIME ZONE 'Asia/Shanghai')::date)::int AS days,
                 count(*) FILTER (WHERE seal_mac IS NULL)::int AS unsealed FROM ledger_transactions`,
    );
    expect(spread.days).toBeGreaterThanOrEqual(DEMO_HISTORY_DAYS - 5);
    expect(spread.unsealed).toBe(0);
    // Each bet's stake left the wallet: the stake movements match the bets one for one.
    const bets = await one<{ bets: number; stakes: number }>(
      t,
      sql`SELECT (SELECT count(*) FROM bets)::int AS bets, (SELECT count(*) FROM ledger_transactions WHERE kind = 'bet_stake')::int AS stakes`,
    );
    expect(bets.stakes).toBe(bets.bets);
  });

  it("has a partner with a downline and last month's statement paid", async () => {
    const partner = await one<{ id: number; username: string; downline: number }>(
      t,
      sql`SELECT p.id, p.username, (SELECT count(*) FROM members m WHERE m.inviter_id = p.id)::int AS downline FROM members p WHERE p.isagent = 1`,
    );
    expect(partner.username).toMatch(/^demoagenth\d{4}$/);
    expect(partner.downline).toBeGreaterThanOrEqual(30);
    const statement = await one<{ id: number; month: string; state: number; commission: string }>(
      t,
      sql`SELECT id, month, state, commission FROM partner_statements WHERE partner_id = ${partner.id}`,
    );
    expect(statement).toMatchObject({ month: previousMonth(beijingMonth(now)), state: 2 });
    const paid = await one<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE reference = ${`commission:${statement.id}`}`,
    );
    expect(paid.n).toBe(Number(statement.commission) > 0 ? 1 : 0);
  });

  it('raises risk flags through the product checks', async () => {
    const flags = rowsOf<{ kind: string; members: number }>(
      await t.database.db.execute(
        sql`SELECT f.kind, (SELECT count(*) FROM risk_flag_members fm WHERE fm.flag_id = f.id)::int AS members FROM risk_flags f ORDER BY f.kind`,
      ),
    );
    expect(flags).toEqual([
      { kind: 'quick_withdrawal', members: 1 },
      { kind: 'same_ip', members: 4 },
    ]);
  });

  it('raises VIP levels by the product rule as the month went, and pays each rebate at the rate of its level', async () => {
    const levels = rowsOf<{ vip: number; reached: number; rise_day: string | null; level_since: Date | null }>(
      await t.database.db.execute(sql`
        SELECT m.vip, r.day AS rise_day, r.level_since,
               (SELECT coalesce(max(l.level), 1) FROM vip_levels l
                 WHERE l.enabled = 1 AND l.recharge <= m.paysum AND l.flow <= m.turnover)::int AS reached
          FROM members m LEFT JOIN vip_rises r ON r.member_id = m.id`),
    );
    const risen = levels.filter((m) => m.vip > 1);
    expect(risen.length).toBeGreaterThan(5);
    for (const m of levels) expect(m.vip).toBeLessThanOrEqual(m.reached);
    // A risen member's last rise is recorded on a day of the month, when the level was reached.
    const monthStart = beijingDay(new Date(now.getTime() - DEMO_HISTORY_DAYS * DAY_MS));
    for (const m of risen) {
      expect(m.rise_day! >= monthStart && m.rise_day! <= beijingDay(now)).toBe(true);
      expect(beijingDay(new Date(m.level_since!))).toBe(m.rise_day);
    }
    const rebates = await one<{ levels: number; wrong_rate: number; wrong_money: number }>(
      t,
      sql`SELECT count(DISTINCT r.vip_level)::int AS levels,
                 count(*) FILTER (WHERE r.rate <> l.joker)::int AS wrong_rate,
                 count(*) FILTER (WHERE r.money <> round(r.valid_amount * r.rate / 100, 2))::int AS wrong_money
            FROM rebates r JOIN vip_levels l ON l.level = r.vip_level`,
    );
    expect(rebates).toEqual({ levels: 2, wrong_rate: 0, wrong_money: 0 });
  });

  it("shows finance one finding of yesterday's hub88 reconciliation, open, with the aggregator's side only", async () => {
    const finding = await one<{ day: string; venue_code: string; difference: string; state: string }>(
      t,
      sql`SELECT day::text, venue_code, difference, state FROM venue_reconciliation_differences`,
    );
    expect(finding).toEqual({
      day: beijingDay(new Date(now.getTime() - DAY_MS)),
      venue_code: 'HQDZ',
      difference: 'missing_ours',
      state: 'open',
    });
  });

  it('seeds once: a second start adds nothing', async () => {
    const count = () =>
      one<{ m: number; l: number }>(
        t,
        sql`SELECT (SELECT count(*) FROM members)::int AS m, (SELECT count(*) FROM ledger_transactions)::int AS l`,
      );
    const before = await count();
    expect(await seedDemoHistory(t.database.db, new Date())).toBe(false);
    expect(await count()).toEqual(before);
  });
});

describe('where the demo history is seeded', () => {
  it('only for the embedded demo: not with DATABASE_URL, nor without the sandbox or the demo content', () => {
    expect(wantsDemoHistory(loadConfig({}))).toBe(true);
    expect(
      wantsDemoHistory(loadConfig({ DATABASE_URL: 'postgres://db.example/site', PUBLIC_URL: 'https://m.example.com' })),
    ).toBe(false);
    expect(wantsDemoHistory(loadConfig({ DATABASE_URL: 'postgres://db.example/site', SANDBOX: '1' }))).toBe(false);
    expect(wantsDemoHistory(loadConfig({ SANDBOX: '0', PUBLIC_URL: 'https://m.example.com' }))).toBe(false);
    expect(wantsDemoHistory(loadConfig({ SEED_DEMO: '0' }))).toBe(false);
  });

  it('a production install prepares its database without any of it', async () => {
    const production = {
      ...loadConfig({
        DATABASE_URL: 'postgres://db.example/site',
        PUBLIC_URL: 'https://m.example.com',
        UPLOAD_DIR: '/nonexistent-uploads',
      }),
    };
    const t = await buildTestApp({
      config: { sandbox: false, databaseUrl: production.databaseUrl, uploadDir: production.uploadDir },
    });
    try {
      await prepareDatabase({ ...t.config, ...production, ledgerSeal: t.config.ledgerSeal }, t.database);
      const found = await one<{ members: number; movements: number; marker: number }>(
        t,
        sql`SELECT (SELECT count(*) FROM members)::int AS members, (SELECT count(*) FROM ledger_transactions)::int AS movements,
                   (SELECT count(*) FROM site_settings WHERE key = ${DEMO_HISTORY_MARKER})::int AS marker`,
      );
      expect(found).toEqual({ members: 0, movements: 0, marker: 0 });
    } finally {
      await t.close();
    }
  });
});
