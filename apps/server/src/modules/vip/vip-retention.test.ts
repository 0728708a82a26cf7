import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BizCode, MSG } from '@h5/contract';
import { members } from '../../db/tables/accounts';
import {
  addVenue,
  adminCall,
  approveSetting,
  call,
  manualClock,
  operatorToken,
  registeredMember,
  settledRound,
  useTestApp,
} from '../../../test/helper';
import { tickJob } from '../jobs/scheduler';
import { beijingQuarter, retentionJob, reviewRetention, type RetentionReview } from './vip-retention';
import { beijingDay } from '../../lib/time';
import { recomputeVip } from './vip-service';
import { vipRises } from '../../db/tables/vip';

// Day 0: 2026-06-01 12:00 Beijing (second quarter).
const T0 = new Date('2026-06-01T04:00:00Z');
const clock = manualClock(T0);
const DAY = 86_400_000;
const toDay = (day: number) => clock.advance(T0.getTime() + day * DAY - clock.now().getTime());

type Member = Awaited<ReturnType<typeof registeredMember>>;
type Level = Record<string, unknown> & { id: number; level: number; retention: string };

const m: Record<'below' | 'kept' | 'recent' | 'zero' | 'skipper' | 'entry', Member> = {} as never;

const t = useTestApp({ clock });

beforeAll(async () => {
  await addVenue(t, 'VRET', 'realbet');
  for (const key of Object.keys({
    below: 0,
    kept: 0,
    recent: 0,
    zero: 0,
    skipper: 0,
    entry: 0,
  }) as (keyof typeof m)[]) {
    m[key] = await registeredMember(t);
  }
});

/** Puts a member at a level, with the thresholds of VIP 2 reached (not VIP 3), optionally since a moment. */
async function place(member: Member, vip: number, since?: Date) {
  await t.database.db
    .update(members)
    .set({ vip, paysum: '1000.00', turnover: '5000.00' })
    .where(eq(members.id, member.id));
  if (since)
    await t.database.db
      .insert(vipRises)
      .values({ memberId: member.id, day: beijingDay(since), updatedAt: since, levelSince: since });
}

async function login(member: Member) {
  const answer = await call<{ api_token: string }>(t.app, '/api/login', {
    name: member.name,
    password: member.password,
  });
  expect(answer.code).toBe(200);
  member.token = answer.data.api_token;
}

/** A settled Sic Bo round of the sandbox venue: its stake is valid turnover. */
async function bet(member: Member, stake: string) {
  await login(member);
  await settledRound(t, await operatorToken(t, 'finance'), member, 'VRET', stake);
}

async function vipOf(member: Member): Promise<number> {
  const [row] = await t.database.db.select({ vip: members.vip }).from(members).where(eq(members.id, member.id));
  return row?.vip ?? -1;
}
async function vipLevelsList() {
  return (await adminCall<Level[]>(t, await operatorToken(t, 'finance'), 'GET', '/admin/api/vip-levels')).data;
}
/**
 * A level's change as finance makes it; one that waits for a second admin (thresholds, rates: docs/operators.md "Who may move
 * money") another admin approves. Answers the update's envelope, its data the level as it is then.
 */
async function putLevel(level: number, changes: Record<string, unknown>) {
  const row = (await vipLevelsList()).find((l) => l.level === level);
  const answer = await adminCall<Level>(
    t,
    await operatorToken(t, 'finance'),
    'PUT',
    `/admin/api/vip-levels/${row?.id}`,
    { ...row, ...changes },
  );
  if (answer.message !== MSG.integrationChangePending) return answer;
  expect(answer.data).toEqual({
    ...row,
    ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
    pending_change: true,
  });
  const approved = await approveSetting(t, await operatorToken(t, 'admin'), `vip-level:${row?.id}`);
  expect(approved).toMatchObject({ code: 200, message: MSG.integrationChangeApplied });
  return { ...answer, data: (await vipLevelsList()).find((l) => l.level === level) as Level };
}
const runReview = async (role: 'admin' | 'finance' = 'finance') =>
  adminCall<RetentionReview>(t, await operatorToken(t, role), 'POST', '/admin/api/vip/retention-review');

/** What a member owns and has done: none of it may move with a drop. */
async function moneyOf(member: Member) {
  await login(member);
  const user = await call<Record<string, unknown>>(t.app, '/api/user', {}, { token: member.token });
  const [row] = await t.database.db
    .select({ turnover: members.turnover })
    .from(members)
    .where(eq(members.id, member.id));
  const { balance, gameblance, fanshui, paysum } = user.data;
  return { balance, gameblance, fanshui, paysum, turnover: row?.turnover };
}

describe('VIP retention levels in the back office', () => {
  it('shows the seeded retention, edits it with validation and keeps it when an edit leaves it out', async () => {
    const byLevel = Object.fromEntries((await vipLevelsList()).map((l) => [l.level, l]));
    expect(byLevel[1]).toMatchObject({ retention: '0.00' });
    expect(byLevel[2]).toMatchObject({ retention: '1000.00', flow: '5000.00' });
    expect(byLevel[10]).toMatchObject({ retention: '6000000.00' });

    expect((await putLevel(3, { retention: '-1' })).code).toBe(400);
    expect((await putLevel(3, { retention: 'lots' })).code).toBe(400);
    expect((await putLevel(3, { retention: '123456789012345' })).code).toBe(400);
    expect((await putLevel(3, { retention: '4800.5' })).data).toMatchObject({ retention: '4800.50' });
    const { retention: _left, ...withoutRetention } = (await vipLevelsList()).find((l) => l.level === 3) as Level;
    const row = (await vipLevelsList()).find((l) => l.level === 3);
    const kept = await adminCall<Level>(
      t,
      await operatorToken(t, 'finance'),
      'PUT',
      `/admin/api/vip-levels/${row?.id}`,
      withoutRetention,
    );
    expect(kept.data).toMatchObject({ retention: '4800.50' });
    expect((await putLevel(3, { retention: '5000.00' })).data).toMatchObject({ retention: '5000.00' });
  });
});

describe('VIP quarterly retention review', () => {
  it('lets only finance and admin operators run it', async () => {
    const content = await adminCall(t, await operatorToken(t, 'content'), 'POST', '/admin/api/vip/retention-review');
    expect(content.code).toBe(BizCode.FORBIDDEN);
    const anonymous = await t.app.inject({ method: 'POST', url: '/admin/api/vip/retention-review', payload: {} });
    expect(anonymous.json().code).toBe(BizCode.UNAUTHORIZED);
    const member = await t.app.inject({
      method: 'POST',
      url: '/admin/api/vip/retention-review',
      payload: {},
      headers: { authorization: `Bearer ${m.zero.token}` },
    });
    expect(member.json().code).toBe(BizCode.UNAUTHORIZED);
    // Day 0: nobody has held a level for 90 days.
    expect((await runReview('admin')).data).toEqual({ quarter: '2026Q2', reviewed: 0, dropped: 0 });
    expect((await runReview('finance')).data).toEqual({ quarter: '2026Q2', reviewed: 0, dropped: 0 });
  });

  it('drops a member below retention after 90 days by one level, keeps one who met it and one who rose lately', async () => {
    await place(m.below, 2); // VIP 2 since registration (no rise row)
    await place(m.kept, 2, T0);
    await place(m.recent, 1);
    await place(m.zero, 0);
    toDay(10);
    await bet(m.below, '10');
    await bet(m.kept, '1000'); // exactly VIP 2's retention of 1000.00
    toDay(60);
    expect(await t.database.db.transaction((tx) => recomputeVip(tx, clock, m.recent.id))).toBe(2); // rose on day 60
    toDay(95); // 2026-09-04, third quarter: the bets of day 10 are inside the 90 days

    const before = await moneyOf(m.below);
    const review = await runReview();
    expect(review).toMatchObject({ code: 200, data: { quarter: '2026Q3', reviewed: 2, dropped: 1 } });
    expect(await vipOf(m.below)).toBe(1);
    expect(await vipOf(m.kept)).toBe(2);
    expect(await vipOf(m.recent)).toBe(2);
    expect(await vipOf(m.zero)).toBe(0);
    expect(await moneyOf(m.below)).toEqual(before);

    const listed = await adminCall<{ total: number; data: Array<Record<string, unknown>> }>(
      t,
      await operatorToken(t, 'finance'),
      'GET',
      '/admin/api/vip/retention-reviews?dropped=1',
    );
    expect(listed.data.total).toBe(1);
    expect(listed.data.data[0]).toMatchObject({
      username: m.below.name,
      quarter: '2026Q3',
      from_level: 2,
      to_level: 1,
      retention: '1000.00',
      turnover: '10.00',
      reviewed_at: '2026-09-04 12:00:00',
    });
    const all = await adminCall<{ total: number; data: Array<Record<string, unknown>> }>(
      t,
      await operatorToken(t, 'finance'),
      'GET',
      '/admin/api/vip/retention-reviews',
    );
    expect(all.data.data.find((r) => r.username === m.kept.name)).toMatchObject({
      from_level: 2,
      to_level: 2,
      turnover: '1000.00',
    });
    const audit = await adminCall<{ data: Array<{ action: string }> }>(
      t,
      await operatorToken(t, 'admin'),
      'GET',
      '/admin/api/audit',
    );
    expect(audit.data.data.map((a) => a.action)).toContain('vip.retention-review');
  });

  it('gives a dropped level back only for turnover placed since the drop', async () => {
    toDay(95.25); // 18:00 Beijing, the day of the drop: no level change on the same Beijing day
    await bet(m.below, '10');
    expect(await vipOf(m.below)).toBe(1);
    toDay(96);
    await bet(m.below, '10'); // the VIP 2 thresholds are met, but only 20.00 was placed since the drop
    expect(await vipOf(m.below)).toBe(1);
    await bet(m.below, '1000'); // 1020.00 since the drop reaches VIP 2's retention
    expect(await vipOf(m.below)).toBe(2);
  });

  it('changes nothing when run again in the same quarter', async () => {
    toDay(115); // 2026-09-24: the bet of day 10 has left the 90 days, so a second review would drop m.kept
    expect((await runReview()).data).toEqual({ quarter: '2026Q3', reviewed: 0, dropped: 0 });
    expect(await vipOf(m.kept)).toBe(2);
    expect(await vipOf(m.below)).toBe(2);
    expect(await vipOf(m.zero)).toBe(0);
    expect(await reviewRetention(t.database.db, clock)).toEqual({ quarter: '2026Q3', reviewed: 0, dropped: 0 });
  });

  it('runs by itself at the start of the next Beijing quarter, to the next enabled level and down to 0', async () => {
    const runs: RetentionReview[] = [];
    const job = {
      ...retentionJob({ db: t.database.db, clock }),
      run: async () => {
        runs.push(await reviewRetention(t.database.db, clock));
      },
    };
    const scheduler = { db: t.database.db, clock, locks: t.database.locks };
    // Nothing is remembered yet: the first tick catches up on the current quarter (already reviewed by hand above).
    const quarterNow = beijingQuarter(clock.now());
    expect(await tickJob(scheduler, job)).toBe('ran');
    expect(await tickJob(scheduler, job)).toBe('not-due');

    await place(m.skipper, 3, T0);
    await place(m.entry, 1);
    await putLevel(2, { enabled: 0 });
    expect((await putLevel(1, { retention: '100' })).data).toMatchObject({ retention: '100.00' });
    expect(await tickJob(scheduler, job)).toBe('not-due');
    // 2026-09-30 23:59 Beijing: still the third quarter.
    clock.advance(new Date('2026-09-30T15:59:00Z').getTime() - clock.now().getTime());
    expect(await tickJob(scheduler, job)).toBe('not-due');
    clock.advance(2 * 60_000); // 2026-10-01 00:01 Beijing
    expect(beijingQuarter(clock.now())).toBe('2026Q4');
    expect(await tickJob(scheduler, job)).toBe('ran');
    expect(await tickJob(scheduler, job)).toBe('not-due');
    expect(runs.shift()).toEqual({ quarter: quarterNow, reviewed: 0, dropped: 0 });
    // m.kept (no turnover since day 10) and m.skipper (VIP 2 disabled) fall to VIP 1; m.entry from VIP 1 to 0;
    // m.below and m.recent changed level within 90 days; m.zero is at 0.
    expect(runs).toEqual([{ quarter: '2026Q4', reviewed: 3, dropped: 3 }]);
    expect(await vipOf(m.kept)).toBe(1);
    expect(await vipOf(m.skipper)).toBe(1);
    expect(await vipOf(m.entry)).toBe(0);
    expect(await vipOf(m.below)).toBe(2);
    expect(await vipOf(m.recent)).toBe(2);
    expect(await vipOf(m.zero)).toBe(0);

    // A quarter later (VIP 1 needs no retention again): 0 stays 0, the VIP 2 members without turnover drop.
    await putLevel(2, { enabled: 1 });
    await putLevel(1, { retention: '0' });
    toDay(220); // 2027-01-07
    expect((await runReview()).data).toEqual({ quarter: '2027Q1', reviewed: 2, dropped: 2 });
    expect(await vipOf(m.below)).toBe(1);
    expect(await vipOf(m.recent)).toBe(1);
    expect(await vipOf(m.kept)).toBe(1);
    expect(await vipOf(m.entry)).toBe(0);
    expect(await vipOf(m.zero)).toBe(0);
  });
});
