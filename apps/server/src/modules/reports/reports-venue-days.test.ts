import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCall, memberId, registerMember, useOperators, useTestApp } from '../../../test/helper';
import { beijingDay } from '../../lib/time';
import { dayRange, venueReport } from './reports-service';
import { noonDaysAgo, readRaw, rowsOf } from './reports-test-kit';

// The venue report reads closed days from their kept rows (report_venue_days, migration 0048) and today from the
// bets: the answers must be those of the raw bets to the cent and in count, and a late write to a kept day must show
// in the next answer.
const t = useTestApp();
const ops = useOperators(t, ['finance']);

/** A venue code that no venue row names: the report shows the code as its name. */
const UNNAMED = 'ZZNONAME';

let seq = 0;
/** A bet settled at `at` at `venue`: stake and valid stake `stake`, the venue's win/loss `winLoss`. */
async function settledBet(member: number, venue: string, at: Date, stake: string, winLoss: string) {
  seq += 1;
  const betId = `VD${seq}-${member}`;
  await t.database.db.execute(sql`
    INSERT INTO bets (bet_id, member_id, venue_code, category, game_code, bet_amount, valid_amount, win_loss, status, created_at, settled_at)
    VALUES (${betId}, ${member}, ${venue}, 'realbet', 'demo', ${stake}::numeric, ${stake}::numeric, ${winLoss}::numeric, 1, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
  return betId;
}

type VenueFigures = {
  bettors: number;
  bets_count: number;
  stake: string;
  valid_stake: string;
  payout: string;
  ggr: string;
};
type Venues = {
  from: string;
  to: string;
  rows: Array<VenueFigures & { venue_code: string; venue_name: string }>;
  total: VenueFigures;
};

/** The venue report through the console (which keeps the range's closed days first). */
async function report(from: string, to: string) {
  const answer = await adminCall<Venues>(t, ops.finance, 'GET', `/admin/api/reports/venues?from=${from}&to=${to}`);
  expect(answer, JSON.stringify(answer)).toMatchObject({ code: 200 });
  return answer.data;
}

/** The same report read from the raw bets alone: every kept day treated as stale, rolled back. */
const raw = (from: string, to: string) => readRaw(t.database.db, (tx) => venueReport(tx, dayRange(from, to)));

const keptVenues = async (day: string) =>
  rowsOf<{ venue_code: string; bets_count: number; bettors: number }>(
    await t.database.db.execute(sql`SELECT venue_code, bets_count, bit_count(bettors)::int AS bettors
      FROM report_venue_days WHERE day = ${day}::date ORDER BY venue_code`),
  );
const stale = async (day: string) =>
  rowsOf<{ stale: boolean }>(
    await t.database.db.execute(sql`SELECT stale FROM report_days WHERE day = ${day}::date`),
  )[0]?.stale;

describe('the venue report from kept days', () => {
  it('answers the raw figures to the cent from kept closed days and today, and follows late writes at once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(await memberId(t, (await registerMember(t.app)).name));
    const [a, b, c] = ids as [number, number, number];
    const fourAgo = beijingDay(noonDaysAgo(4));
    const threeAgo = beijingDay(noonDaysAgo(3));
    const twoAgo = beijingDay(noonDaysAgo(2));
    const today = beijingDay(new Date());
    const named = rowsOf<{ code: string; name: string }>(
      await t.database.db.execute(sql`SELECT code, name FROM venues WHERE code = 'XHZR'`),
    );
    expect(named).toHaveLength(1);

    // a bets on two days, at two venues on one of them; two days ago nobody bets.
    const aFirst = await settledBet(a, 'XHZR', noonDaysAgo(4), '5.50', '-5.50');
    await settledBet(a, 'XHZR', noonDaysAgo(3), '10.00', '-10.00');
    await settledBet(a, UNNAMED, noonDaysAgo(3), '3.00', '1.50');
    const bBet = await settledBet(b, 'XHZR', noonDaysAgo(3), '20.00', '-20.00');
    await settledBet(c, 'XHZR', new Date(), '1.25', '-1.25');
    await settledBet(a, UNNAMED, new Date(), '2.00', '-2.00');

    const first = await report(fourAgo, today);
    expect(first).toEqual({
      from: fourAgo,
      to: today,
      rows: [
        {
          venue_code: 'XHZR',
          venue_name: named[0]?.name,
          bettors: 3,
          bets_count: 4,
          stake: '36.75',
          valid_stake: '36.75',
          payout: '0.00',
          ggr: '36.75',
        },
        {
          venue_code: UNNAMED,
          venue_name: UNNAMED,
          bettors: 1,
          bets_count: 2,
          stake: '5.00',
          valid_stake: '5.00',
          payout: '4.50',
          ggr: '0.50',
        },
      ],
      // a, b and c, each once, though a bet at two venues and on three days.
      total: {
        bettors: 3,
        bets_count: 6,
        stake: '41.75',
        valid_stake: '41.75',
        payout: '4.50',
        ggr: '37.25',
      },
    });
    expect(await raw(fourAgo, today)).toEqual(first);
    // The closed days were kept with their venues' rows: none for the day without bets, none for today.
    expect(await keptVenues(fourAgo)).toEqual([{ venue_code: 'XHZR', bets_count: 1, bettors: 1 }]);
    expect(await keptVenues(threeAgo)).toEqual([
      { venue_code: 'XHZR', bets_count: 2, bettors: 2 },
      { venue_code: UNNAMED, bets_count: 1, bettors: 1 },
    ]);
    expect(await keptVenues(twoAgo)).toEqual([]);
    expect(await stale(twoAgo)).toBe(false);
    expect(await keptVenues(today)).toEqual([]);

    // The answer comes from the kept rows (a kept row changed shows), and equals the raw answer for any range.
    await t.database.db.execute(
      sql`UPDATE report_venue_days SET stake = stake + 1 WHERE day = ${threeAgo}::date AND venue_code = 'XHZR'`,
    );
    expect((await report(threeAgo, threeAgo)).rows[0]).toMatchObject({ venue_code: 'XHZR', stake: '31.00' });
    await t.database.db.execute(
      sql`UPDATE report_venue_days SET stake = stake - 1 WHERE day = ${threeAgo}::date AND venue_code = 'XHZR'`,
    );
    const ranges = [
      [fourAgo, today],
      [fourAgo, threeAgo],
      [fourAgo, twoAgo],
      [threeAgo, today],
      [twoAgo, twoAgo],
      [twoAgo, today],
      [today, today],
    ] as const;
    const compareAll = async () => {
      for (const [from, to] of ranges) expect(await report(from, to)).toEqual(await raw(from, to));
    };
    await compareAll();
    expect((await report(twoAgo, twoAgo)).total).toMatchObject({ bettors: 0, bets_count: 0, stake: '0.00' });
    expect((await report(fourAgo, twoAgo)).total).toMatchObject({ bettors: 2, bets_count: 4, stake: '38.50' });

    // Today's bets show at once.
    await settledBet(b, UNNAMED, new Date(), '4.00', '4.00');
    const withToday = await report(fourAgo, today);
    expect(withToday.rows.find((r) => r.venue_code === UNNAMED)).toMatchObject({
      bettors: 2,
      bets_count: 3,
      stake: '9.00',
      payout: '12.50',
    });
    expect(withToday.total).toMatchObject({ bettors: 3, bets_count: 7, stake: '45.75' });

    // A bet a venue reports late for three days ago, c's at the unnamed venue: the kept day is marked stale.
    await settledBet(c, UNNAMED, noonDaysAgo(3), '7.00', '-7.00');
    expect(await stale(threeAgo)).toBe(true);
    // Read before anything keeps the day again: the stale kept rows are not used.
    const direct = await venueReport(t.database.db, dayRange(fourAgo, threeAgo));
    expect(direct.rows.find((r) => r.venue_code === UNNAMED)).toMatchObject({ bettors: 2, bets_count: 2 });
    expect(direct).toEqual(await raw(fourAgo, threeAgo));
    const late = await report(fourAgo, today);
    expect(late.rows.find((r) => r.venue_code === UNNAMED)).toMatchObject({
      bettors: 3,
      bets_count: 4,
      stake: '16.00',
    });
    expect(late.total).toMatchObject({ bettors: 3, bets_count: 8, stake: '52.75' });
    expect(await stale(threeAgo)).toBe(false);
    await compareAll();

    // a's bet of four days ago resettled: a win now.
    await t.database.db.execute(sql`UPDATE bets SET win_loss = 5.50 WHERE bet_id = ${aFirst}`);
    expect(await stale(fourAgo)).toBe(true);
    expect((await report(fourAgo, fourAgo)).rows).toMatchObject([{ venue_code: 'XHZR', payout: '11.00' }]);
    // b's bet of three days ago moved to the unnamed venue: b is that venue's bettor of the day, no longer XHZR's.
    await t.database.db.execute(sql`UPDATE bets SET venue_code = ${UNNAMED} WHERE bet_id = ${bBet}`);
    expect(await stale(threeAgo)).toBe(true);
    expect((await report(threeAgo, threeAgo)).rows).toMatchObject([
      { venue_code: 'XHZR', bettors: 1, bets_count: 1, stake: '10.00' },
      { venue_code: UNNAMED, bettors: 3, bets_count: 3, stake: '30.00' },
    ]);
    await compareAll();
  });
});
