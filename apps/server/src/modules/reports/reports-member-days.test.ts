import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCall, memberId, registerMember, useOperators, useTestApp } from '../../../test/helper';
import { beijingDay } from '../../lib/time';
import { numericToCents } from '../../lib/money';
import { accountCode, type HouseAccount, postDated } from '../ledger/ledger-service';
import { downlineFigures } from '../partners/partners-service';
import { dayRange, memberFiguresSql } from './reports-service';
import { noonDaysAgo, readRaw, rowsOf } from './reports-test-kit';

// The member report reads closed days from their kept rows (report_member_days, migration 0047) and today raw: the
// answers must be those of the raw rows to the cent, and a late write to a kept day must show in the next answer.
const t = useTestApp();
const ops = useOperators(t, ['finance']);

let seq = 0;
/** A settled bet at `at`: stake and valid stake `stake`, the venue's win/loss `winLoss`. */
async function settledBet(member: number, at: Date, stake: string, winLoss: string) {
  seq += 1;
  const betId = `MD${seq}-${member}`;
  await t.database.db.execute(sql`
    INSERT INTO bets (bet_id, member_id, venue_code, category, game_code, bet_amount, valid_amount, win_loss, status, created_at, settled_at)
    VALUES (${betId}, ${member}, 'XHZR', 'realbet', 'demo', ${stake}::numeric, ${stake}::numeric, ${winLoss}::numeric, 1, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
  return betId;
}

/** A movement between the member's wallet and a house account, written with its time `at` (as the ledger writes it). */
async function movement(member: number, kind: string, house: HouseAccount, cents: number, at: Date) {
  seq += 1;
  // Money into the wallet comes from the house account; a paid withdrawal goes the other way.
  const toWallet = kind === 'withdrawal_paid' ? -cents : cents;
  await t.database.db.transaction((tx) =>
    postDated(tx, [
      {
        reference: `member-days:${seq}`,
        kind,
        memberId: member,
        at,
        legs: [
          { account: accountCode.wallet(member), cents: toWallet },
          { account: accountCode.house(house, member), cents: -toWallet },
        ],
      },
    ]),
  );
}

const FIELDS = [
  'deposits_count',
  'deposits_amount',
  'withdrawals_count',
  'withdrawals_amount',
  'bets_count',
  'stake',
  'valid_stake',
  'payout',
  'rebates',
  'bonuses',
  'adjustments',
  'balance',
] as const;
const COUNTS = new Set(['deposits_count', 'withdrawals_count', 'bets_count']);
type Row = Record<string, string | number | null>;
/** A row's figures: counts as numbers, money in cents (from the wire's strings or the database's numerics). */
const norm = (r: Row) =>
  ({
    member_id: Number(r.member_id),
    ...Object.fromEntries(FIELDS.map((f) => [f, COUNTS.has(f) ? Number(r[f] ?? 0) : numericToCents(r[f] as string)])),
  }) as { member_id: number } & Record<(typeof FIELDS)[number], number>;

/** The member report's page of these members' rows over a range, through the console. */
async function report(from: string, to: string, username = '') {
  const query = new URLSearchParams({ from, to, username, pagesize: '50' });
  const answer = await adminCall<{ data: Row[]; total: number }>(
    t,
    ops.finance,
    'GET',
    `/admin/api/reports/members?${query}`,
  );
  expect(answer, JSON.stringify(answer)).toMatchObject({ code: 200 });
  return answer.data.data.map(norm);
}

/** The same figures read from the raw movements and bets alone: every kept day treated as stale, rolled back. */
async function raw(from: string, to: string, username = '') {
  const name = username ? sql`AND m.username ILIKE ${`%${username}%`}` : sql``;
  const rows = await readRaw(t.database.db, async (tx) =>
    rowsOf<Row>(await tx.execute(sql`${memberFiguresSql(dayRange(from, to), name)} ORDER BY m.id`)),
  );
  return (rows ?? []).map(norm);
}

const keptRows = async (day: string) =>
  rowsOf<Row>(
    await t.database.db.execute(sql`SELECT * FROM report_member_days WHERE day = ${day}::date ORDER BY member_id`),
  ).map(norm);
const stale = async (day: string) =>
  rowsOf<{ stale: boolean }>(
    await t.database.db.execute(sql`SELECT stale FROM report_days WHERE day = ${day}::date`),
  )[0]?.stale;

describe('the member report from kept days', () => {
  it('answers the raw figures to the cent from kept closed days and today, and follows late writes at once', async () => {
    const names: string[] = [];
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const m = await registerMember(t.app);
      names.push(m.name);
      ids.push(await memberId(t, m.name));
    }
    const [a, b, c] = ids as [number, number, number];
    const threeAgo = beijingDay(noonDaysAgo(3));
    const twoAgo = beijingDay(noonDaysAgo(2));
    const today = beijingDay(new Date());

    await movement(a, 'deposit', 'deposits', 10_000, noonDaysAgo(3));
    await movement(a, 'withdrawal_paid', 'withdrawals_paid', 2_000, new Date(noonDaysAgo(3).getTime() + 60_000));
    await settledBet(a, noonDaysAgo(3), '10.00', '-10.00');
    await movement(b, 'deposit', 'deposits', 5_025, noonDaysAgo(3));
    await movement(b, 'rebate', 'rebates', 110, noonDaysAgo(3));
    const bBet = await settledBet(b, noonDaysAgo(2), '5.50', '2.01');
    await movement(a, 'deposit_bonus', 'promotions', 333, noonDaysAgo(2));
    await movement(b, 'adjustment', 'adjustments', -25, noonDaysAgo(2));
    await settledBet(c, new Date(), '1.25', '-1.25');
    await movement(c, 'deposit', 'deposits', 700, new Date());

    const first = await report(threeAgo, today);
    const mine = (rows: ReturnType<typeof norm>[]) => rows.filter((r) => ids.includes(r.member_id));
    expect(mine(first)).toEqual([
      {
        member_id: a,
        deposits_count: 1,
        deposits_amount: 10_000,
        withdrawals_count: 1,
        withdrawals_amount: 2_000,
        bets_count: 1,
        stake: 1_000,
        valid_stake: 1_000,
        payout: 0,
        rebates: 0,
        bonuses: 333,
        adjustments: 0,
        balance: 10_000 - 2_000 + 333,
      },
      {
        member_id: b,
        deposits_count: 1,
        deposits_amount: 5_025,
        withdrawals_count: 0,
        withdrawals_amount: 0,
        bets_count: 1,
        stake: 550,
        valid_stake: 550,
        payout: 751,
        rebates: 110,
        bonuses: 0,
        adjustments: -25,
        balance: 5_025 + 110 - 25,
      },
      {
        member_id: c,
        deposits_count: 1,
        deposits_amount: 700,
        withdrawals_count: 0,
        withdrawals_amount: 0,
        bets_count: 1,
        stake: 125,
        valid_stake: 125,
        payout: 0,
        rebates: 0,
        bonuses: 0,
        adjustments: 0,
        balance: 700,
      },
    ]);
    // The closed days were kept with their members' rows; today has none.
    expect((await keptRows(threeAgo)).map((r) => r.member_id)).toEqual(expect.arrayContaining([a, b]));
    expect((await keptRows(twoAgo)).filter((r) => ids.includes(r.member_id))).toHaveLength(2);
    expect(await keptRows(today)).toEqual([]);
    expect(await stale(threeAgo)).toBe(false);

    // The answer comes from the kept rows (a kept row changed shows), and equals the raw figures for any range and
    // name, today in the range or not.
    await t.database.db.execute(
      sql`UPDATE report_member_days SET stake = stake + 1 WHERE day = ${threeAgo}::date AND member_id = ${a}`,
    );
    expect((await report(threeAgo, threeAgo)).find((r) => r.member_id === a)?.stake).toBe(1_100);
    await t.database.db.execute(
      sql`UPDATE report_member_days SET stake = stake - 1 WHERE day = ${threeAgo}::date AND member_id = ${a}`,
    );
    // Its members are counted from the kept day's member set (migration 0049): one taken out of it is not listed.
    const setBit = (bit: 0 | 1) =>
      t.database.db.execute(
        sql`UPDATE report_days SET reported = set_bit(reported, ${a}, ${bit}) WHERE day = ${threeAgo}::date`,
      );
    const listed = async () => (await report(threeAgo, threeAgo)).map((r) => r.member_id);
    expect(await listed()).toEqual(expect.arrayContaining([a, b]));
    await setBit(0);
    expect(await listed()).not.toContain(a);
    expect(await listed()).toContain(b);
    await setBit(1);
    expect(await listed()).toContain(a);
    for (const [from, to, name] of [
      [threeAgo, today, ''],
      [threeAgo, twoAgo, ''],
      [twoAgo, twoAgo, ''],
      [twoAgo, today, ''],
      [today, today, ''],
      [threeAgo, today, names[1] ?? ''],
      [threeAgo, twoAgo, (names[0] ?? '').slice(2).toUpperCase()],
    ] as const) {
      const kept = await report(from, to, name);
      expect(kept.length).toBeGreaterThan(0);
      expect(kept).toEqual(await raw(from, to, name));
    }

    // Page by page, the same rows and the same total.
    const all = await report(threeAgo, today);
    for (let page = 1; page <= 3; page += 1) {
      const query = new URLSearchParams({ from: threeAgo, to: today, page: String(page), pagesize: '1' });
      const one = await adminCall<{ data: Row[]; total: number }>(
        t,
        ops.finance,
        'GET',
        `/admin/api/reports/members?${query}`,
      );
      expect(one.data.total).toBe(all.length);
      expect(one.data.data.map(norm)).toEqual([all[page - 1]]);
    }

    // Today's activity shows at once.
    await settledBet(a, new Date(), '2.00', '1.00');
    const withToday = (await report(threeAgo, today)).find((r) => r.member_id === a);
    expect(withToday).toMatchObject({ bets_count: 2, stake: 1_200, payout: 300 });

    // A bet a venue reports late for three days ago, c's.
    await settledBet(c, noonDaysAgo(3), '7.00', '-7.00');
    expect(await stale(threeAgo)).toBe(true);
    // Read before anything keeps the day again (the partner programme reads so): the stale kept rows are not used.
    const direct = rowsOf<Row>(
      await t.database.db.execute(sql`${memberFiguresSql(dayRange(threeAgo, twoAgo), sql`AND m.id = ${c}`)}`),
    ).map(norm);
    expect(direct).toMatchObject([{ member_id: c, bets_count: 1, stake: 700 }]);
    expect((await report(threeAgo, twoAgo)).find((r) => r.member_id === c)).toMatchObject({
      bets_count: 1,
      stake: 700,
    });
    expect(await stale(threeAgo)).toBe(false);

    // b's bet of two days ago resettled: a loss now.
    await t.database.db.execute(sql`UPDATE bets SET win_loss = -5.50 WHERE bet_id = ${bBet}`);
    expect((await report(twoAgo, twoAgo)).find((r) => r.member_id === b)).toMatchObject({ payout: 0 });

    // A deposit credited late onto two days ago.
    await movement(b, 'deposit', 'deposits', 1_999, noonDaysAgo(2));
    expect((await report(twoAgo, today)).find((r) => r.member_id === b)).toMatchObject({
      deposits_count: 1,
      deposits_amount: 1_999,
    });
    expect(await report(threeAgo, today)).toEqual(await raw(threeAgo, today));

    // The download has the same rows.
    const csv = await t.app.inject({
      method: 'GET',
      url: `/admin/api/reports/members?${new URLSearchParams({ from: threeAgo, to: today, format: 'csv' })}`,
      headers: { authorization: `Bearer ${ops.finance}` },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.rawPayload.subarray(3).toString('utf8').trim().split('\n');
    const header = (lines[0] ?? '').split(',');
    const idAt = header.indexOf('会员ID');
    const stakeAt = header.indexOf('投注金额');
    const depositsAt = header.indexOf('存款金额');
    expect([idAt, stakeAt, depositsAt].every((i) => i >= 0)).toBe(true);
    const pageRows = await report(threeAgo, today);
    expect(lines).toHaveLength(pageRows.length + 1);
    for (const row of pageRows) {
      const cells = lines.find((l) => l.split(',')[idAt] === String(row.member_id))?.split(',') ?? [];
      expect(numericToCents(cells[stakeAt])).toBe(row.stake);
      expect(numericToCents(cells[depositsAt])).toBe(row.deposits_amount);
    }

    // A partner's downline figures are the member report's, summed.
    await t.database.db.execute(sql`UPDATE members SET inviter_id = ${c} WHERE id IN (${a}, ${b})`);
    for (const [from, to] of [
      [threeAgo, twoAgo],
      [threeAgo, today],
    ] as const) {
      const rows = (await report(from, to)).filter((r) => r.member_id === a || r.member_id === b);
      const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0);
      expect(await downlineFigures(t.database.db, c, dayRange(from, to))).toEqual({
        activeMembers: rows.filter((r) => r.valid_stake > 0).length,
        deposits: sum((r) => r.deposits_amount),
        withdrawals: sum((r) => r.withdrawals_amount),
        validStake: sum((r) => r.valid_stake),
        ggr: sum((r) => r.stake - r.payout),
        rebates: sum((r) => r.rebates),
        bonuses: sum((r) => r.bonuses),
      });
    }
  });
});
