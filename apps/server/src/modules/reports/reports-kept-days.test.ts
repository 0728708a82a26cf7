import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCall, memberId, registerMember, useOperators, useTestApp } from '../../../test/helper';
import { beijingDay } from '../../lib/time';

// Closed days are kept (migration 0024) and read back; a late write to a kept day must show in the next answer.
const t = useTestApp();
const ops = useOperators(t, ['finance']);

const DAY_MS = 86_400_000;
/** Noon (Beijing) `daysAgo` days before today. */
const noonDaysAgo = (daysAgo: number) =>
  new Date(`${beijingDay(new Date(Date.now() - daysAgo * DAY_MS))}T12:00:00+08:00`);
let seq = 0;
/** A bet settled at `at` for `stake` (lost), written as a venue's bet pull writes it. */
async function settledBet(member: number, at: Date, stake: string) {
  seq += 1;
  await t.database.db.execute(sql`
    INSERT INTO bets (bet_id, member_id, venue_code, category, game_code, bet_amount, valid_amount, win_loss, status, created_at, settled_at)
    VALUES (${`KD${seq}`}, ${member}, 'XHZR', 'realbet', 'demo', ${stake}::numeric, ${stake}::numeric, ${`-${stake}`}::numeric, 1, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
}
const rowsOf = <R>(r: unknown) => (r as { rows: R[] }).rows;
async function keptRow(day: string) {
  return rowsOf<{ stale: boolean; bettors: number }>(
    await t.database.db.execute(
      sql`SELECT stale, (figures->>'bettors')::int AS bettors FROM report_days WHERE day = ${day}::date`,
    ),
  )[0];
}
type Daily = {
  rows: Array<{ day: string; bettors: number; bets_count: number; stake: string }>;
  total: { bettors: number; bets_count: number; stake: string };
};
const daily = async (from: string, to: string) => {
  const answer = await adminCall<Daily>(t, ops.finance, 'GET', `/admin/api/reports/daily?from=${from}&to=${to}`);
  expect(answer.code).toBe(200);
  return answer.data;
};

describe('kept closed days of the reports', () => {
  it('keeps a closed day once, counts each member once over the range, and shows a late bet on a kept day at once', async () => {
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await memberId(t, (await registerMember(t.app)).name));
    const [a, b, c] = ids as [number, number, number];
    const threeAgo = beijingDay(noonDaysAgo(3));
    const twoAgo = beijingDay(noonDaysAgo(2));
    const today = beijingDay(new Date());
    await settledBet(a, noonDaysAgo(3), '10.00');
    await settledBet(b, noonDaysAgo(3), '20.00');
    await settledBet(a, noonDaysAgo(2), '5.50');
    await settledBet(a, new Date(), '1.25');

    const first = await daily(threeAgo, today);
    const byDay = new Map(first.rows.map((r) => [r.day, r]));
    expect(byDay.get(threeAgo)).toMatchObject({ bettors: 2, bets_count: 2, stake: '30.00' });
    expect(byDay.get(twoAgo)).toMatchObject({ bettors: 1, bets_count: 1, stake: '5.50' });
    expect(byDay.get(today)).toMatchObject({ bettors: 1, bets_count: 1, stake: '1.25' });
    // a and b, each once, though a bet on three days.
    expect(first.total).toMatchObject({ bettors: 2, bets_count: 4, stake: '36.75' });
    expect(await keptRow(threeAgo)).toEqual({ stale: false, bettors: 2 });
    expect(await keptRow(today)).toBeUndefined();

    // A venue reports c's bet of three days ago late: the kept day is marked in the same write.
    await settledBet(c, noonDaysAgo(3), '7.00');
    expect(await keptRow(threeAgo)).toEqual({ stale: true, bettors: 2 });
    const second = await daily(threeAgo, today);
    expect(second.rows.find((r) => r.day === threeAgo)).toMatchObject({ bettors: 3, bets_count: 3, stake: '37.00' });
    expect(second.total).toMatchObject({ bettors: 3, bets_count: 5, stake: '43.75' });
    expect(await keptRow(threeAgo)).toEqual({ stale: false, bettors: 3 });

    // A resettlement of a's bet of two days ago (a win now) moves that day too.
    await t.database.db.execute(sql`UPDATE bets SET win_loss = 5.50 WHERE bet_id = 'KD3'`);
    expect((await keptRow(twoAgo))?.stale).toBe(true);
    const third = await daily(twoAgo, twoAgo);
    expect(third.rows[0]).toMatchObject({ bettors: 1, payout: '11.00' });
  });

  it('a write of today marks nothing', async () => {
    const a = await memberId(t, (await registerMember(t.app)).name);
    const before = rowsOf<{ n: string }>(
      await t.database.db.execute(sql`SELECT count(*)::text AS n FROM report_days`),
    )[0]?.n;
    await settledBet(a, new Date(), '3.00');
    const after = rowsOf<{ n: string }>(
      await t.database.db.execute(sql`SELECT count(*)::text AS n FROM report_days`),
    )[0]?.n;
    expect(after).toBe(before);
  });
});
