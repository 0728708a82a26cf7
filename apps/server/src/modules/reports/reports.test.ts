import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { centsToMoney, parseMoneyToCents } from '@h5/contract';
import {
  addVenue,
  adminCall,
  call,
  launchTicket,
  memberId,
  operatorToken,
  play,
  registerMember,
  transferIn,
} from '../../../test/helper';
import { members } from '../../db/schema';
import { accountCode, postNow } from '../ledger/ledger-service';
import { usePaymentsApp } from '../payments/payments-test-kit';
import { beijingDay } from '../../lib/time';

const { t, ops, kit } = usePaymentsApp();

beforeAll(async () => {
  await addVenue(t, 'RPCAS', 'realbet');
});

type Figures = Record<string, string | number>;
interface Daily {
  from: string;
  to: string;
  rows: Array<Figures & { day: string }>;
  total: Figures;
}
interface Venues {
  rows: Array<Figures & { venue_code: string }>;
  total: Figures;
}
interface MemberRow extends Figures {
  member_id: number;
  username: string;
}

const DAY_MS = 86_400_000;
/** Today and tomorrow (Beijing): a test running over midnight still finds every operation in the range. */
const range = () => {
  const now = new Date();
  return { from: beijingDay(now), to: beijingDay(new Date(now.getTime() + DAY_MS)) };
};
const get = <T>(path: string, query: Record<string, string>, token = ops.finance) =>
  adminCall<T>(t, token, 'GET', `${path}?${new URLSearchParams(query)}`);
const cents = (v: string | number | undefined) => (typeof v === 'number' ? v * 100 : (parseMoneyToCents(v) ?? NaN));

/** Every figure's change between two answers, money in cents and counts as counts. */
function delta(before: Figures, after: Figures): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of Object.keys(after)) {
    const a = after[key];
    const b = before[key];
    out[key] = typeof a === 'number' ? a - Number(b) : cents(a) - cents(b);
  }
  return out;
}

/** Sum of a house account over all its shards, in cents. */
async function house(name: string): Promise<number> {
  const result = await t.database.db.execute(
    sql`SELECT coalesce(sum(balance), 0) AS b FROM ledger_accounts WHERE code LIKE ${`house:${name}:%`} OR code = ${`house:${name}`}`,
  );
  return cents(String((result as unknown as { rows: Array<{ b: string }> }).rows[0]?.b ?? '0'));
}

const sandboxRound = (ticket: string, stake: string) =>
  play<{ status: number; win_loss: string }>(t, 'round', { ticket, stake, pick: 'big' });

describe('reports', () => {
  it('moves every daily, venue and member figure by exactly the amounts of known operations', async () => {
    const r = range();
    const dailyBefore = await get<Daily>('/admin/api/reports/daily', r);
    const venuesBefore = await get<Venues>('/admin/api/reports/venues', r);
    expect(dailyBefore.code).toBe(200);
    expect(dailyBefore.data.rows.map((row) => row.day)).toEqual([r.from, r.to]);
    const houseBefore = {
      deposits: await house('deposits'),
      withdrawals: await house('withdrawals_paid'),
      rebates: await house('rebates'),
      redpackets: await house('redpackets'),
      promotions: await house('promotions'),
      adjustments: await house('adjustments'),
    };

    // Member a: a withdrawal paid (before any deposit, so no turnover is owed), then two approved deposits.
    const a = await registerMember(t.app);
    const aId = await memberId(t, a.name);
    await adminCall(t, ops.finance, 'POST', `/admin/api/members/${aId}/adjust`, { amount: '200', note: 'report test' });
    const card = await kit.bindBank(a.token);
    await kit.paidWithdrawal(a.token, card, '100.25');
    await kit.deposit(a.token, '123.45');
    await kit.deposit(a.token, '200.10');
    await adminCall(t, ops.finance, 'POST', `/admin/api/members/${aId}/adjust`, {
      amount: '-3.07',
      note: 'report test debit',
    });

    // Member b: two settled casino rounds at the sandbox venue, the rebate they earned claimed, a red packet and a
    // deposit bonus (posted as the red-packet and deposit services post them).
    const b = await registerMember(t.app);
    const bId = await memberId(t, b.name);
    await adminCall(t, ops.finance, 'POST', `/admin/api/members/${bId}/adjust`, { amount: '300', note: 'report test' });
    expect((await transferIn(t, b.token, 'RPCAS', '300')).code).toBe(200);
    const ticket = await launchTicket(t, b.token, 'RPCAS');
    const rounds = [await sandboxRound(ticket, '100'), await sandboxRound(ticket, '50.50')];
    for (const round of rounds) expect(round).toMatchObject({ code: 200, data: { status: 1 } });
    // What is left at the venue comes back (一键回收): the member report's balance is the money in our ledger, and a
    // transfer-wallet venue keeps its players' balances on its side.
    expect(await call(t.app, '/api/transall', {}, { token: b.token })).toMatchObject({ code: 200 });
    const payout = rounds.reduce((sum, round, i) => {
      const stake = i === 0 ? 10_000 : 5050;
      return sum + stake + cents(round.data.win_loss);
    }, 0);
    const rebate = await call<{ money: string }>(t.app, '/api/dofanshui', {}, { token: b.token });
    expect(rebate.code).toBe(200);
    const rebateCents = cents(rebate.data.money);
    expect(rebateCents).toBeGreaterThan(0);
    await postNow(t.database.db, {
      reference: `redpacket:report-test:${bId}`,
      kind: 'redpacket',
      memberId: bId,
      legs: [
        { account: accountCode.house('redpackets', bId), cents: -888 },
        { account: accountCode.wallet(bId), cents: 888 },
      ],
    });
    await postNow(t.database.db, {
      reference: `deposit-bonus:report-test:${bId}`,
      kind: 'deposit_bonus',
      memberId: bId,
      legs: [
        { account: accountCode.house('promotions', bId), cents: -500 },
        { account: accountCode.wallet(bId), cents: 500 },
      ],
    });

    const dailyAfter = await get<Daily>('/admin/api/reports/daily', r);
    const moved = delta(dailyBefore.data.total, dailyAfter.data.total);
    expect(moved).toEqual({
      new_members: 2,
      first_depositors: 1,
      depositors: 1,
      deposits_count: 2,
      deposits_amount: 32_355,
      withdrawals_count: 1,
      withdrawals_amount: 10_025,
      net_deposits: 32_355 - 10_025,
      bettors: 1,
      bets_count: 2,
      stake: 15_050,
      valid_stake: 15_050,
      payout,
      ggr: 15_050 - payout,
      rebates_paid: rebateCents,
      redpackets_paid: 888,
      bonuses_paid: 500,
      adjustments: 20_000 - 307 + 30_000,
    });
    // The days add up to the total (member counts aside, which are distinct over the range).
    for (const key of [
      'deposits_amount',
      'withdrawals_amount',
      'stake',
      'payout',
      'ggr',
      'rebates_paid',
      'adjustments',
      'bets_count',
    ]) {
      const sum = dailyAfter.data.rows.reduce((s, row) => s + cents(row[key]), 0);
      expect(sum, key).toBe(cents(dailyAfter.data.total[key]));
    }
    // Each money figure agrees with the movement of its house account (sum of every shard).
    expect(-(await house('deposits')) + houseBefore.deposits).toBe(moved.deposits_amount);
    expect((await house('withdrawals_paid')) - houseBefore.withdrawals).toBe(moved.withdrawals_amount);
    expect(-(await house('rebates')) + houseBefore.rebates).toBe(moved.rebates_paid);
    expect(-(await house('redpackets')) + houseBefore.redpackets).toBe(moved.redpackets_paid);
    expect(-(await house('promotions')) + houseBefore.promotions).toBe(moved.bonuses_paid);
    expect(-(await house('adjustments')) + houseBefore.adjustments).toBe(moved.adjustments);
    await kit.ledgerBalanced();

    // Per venue.
    const venuesAfter = await get<Venues>('/admin/api/reports/venues', r);
    expect(venuesBefore.data.rows.find((v) => v.venue_code === 'RPCAS')).toBeUndefined();
    expect(venuesAfter.data.rows.find((v) => v.venue_code === 'RPCAS')).toEqual({
      venue_code: 'RPCAS',
      venue_name: 'RPCAS场馆',
      bettors: 1,
      bets_count: 2,
      stake: '150.50',
      valid_stake: '150.50',
      payout: centsToMoney(payout),
      ggr: centsToMoney(15_050 - payout),
    });
    expect(delta(venuesBefore.data.total, venuesAfter.data.total)).toMatchObject({
      bets_count: 2,
      stake: 15_050,
      payout,
    });

    // Per member, found by part of the name in any case.
    const ofA = await get<{ data: MemberRow[]; total: number }>('/admin/api/reports/members', {
      ...r,
      username: a.name.slice(1).toUpperCase(),
    });
    expect(ofA.data.total).toBe(1);
    expect(ofA.data.data[0]).toEqual({
      member_id: aId,
      username: a.name,
      deposits_count: 2,
      deposits_amount: '323.55',
      withdrawals_count: 1,
      withdrawals_amount: '100.25',
      bets_count: 0,
      stake: '0.00',
      valid_stake: '0.00',
      payout: '0.00',
      ggr: '0.00',
      rebates: '0.00',
      bonuses: '0.00',
      adjustments: '196.93',
      balance: centsToMoney(20_000 - 10_025 + 32_355 - 307),
    });
    const ofB = await get<{ data: MemberRow[] }>('/admin/api/reports/members', { ...r, username: b.name });
    expect(ofB.data.data[0]).toMatchObject({
      member_id: bId,
      bets_count: 2,
      stake: '150.50',
      payout: centsToMoney(payout),
      ggr: centsToMoney(15_050 - payout),
      rebates: rebate.data.money,
      bonuses: '13.88',
      adjustments: '300.00',
      balance: centsToMoney(30_000 - 15_050 + payout + rebateCents + 888 + 500),
    });
    const all = await get<{ data: MemberRow[]; total: number }>('/admin/api/reports/members', {
      ...r,
      pagesize: '1',
      page: '2',
    });
    expect(all.data.total).toBeGreaterThanOrEqual(2);
    expect(all.data.data).toHaveLength(1);

    // The dashboard: today's figures moved the same way, 30 days in the chart.
    const figures = await get<{ today: Figures; yesterday: Figures; chart: Array<{ day: string }> }>(
      '/admin/api/dashboard/figures',
      {},
    );
    expect(figures.code).toBe(200);
    expect(figures.data.chart).toHaveLength(30);
    expect(figures.data.chart[29]?.day).toBe(figures.data.today.day);
    expect(figures.data.chart[28]?.day).toBe(figures.data.yesterday.day);
    const todayRow = dailyAfter.data.rows.find((row) => row.day === figures.data.today.day);
    expect(todayRow).toBeDefined();
    expect(figures.data.today).toMatchObject({
      deposits: todayRow?.deposits_amount,
      withdrawals: todayRow?.withdrawals_amount,
      net: todayRow?.net_deposits,
      new_members: todayRow?.new_members,
      first_depositors: todayRow?.first_depositors,
      bettors: todayRow?.bettors,
      ggr: todayRow?.ggr,
    });
  });

  it('does not count a member whose first deposit was on an earlier day as a first depositor again', async () => {
    const m = await registerMember(t.app);
    const id = await memberId(t, m.name);
    await kit.deposit(m.token, '100');
    // Move that deposit and the registration back three days.
    await t.database.db.execute(
      sql`UPDATE ledger_transactions SET created_at = created_at - interval '3 days' WHERE member_id = ${id} AND kind = 'deposit'`,
    );
    await t.database.db
      .update(members)
      .set({ createdAt: sql`${members.createdAt} - interval '3 days'` })
      .where(eq(members.id, id));
    const r = range();
    const before = await get<Daily>('/admin/api/reports/daily', r);
    await kit.deposit(m.token, '120');
    const after = await get<Daily>('/admin/api/reports/daily', r);
    expect(delta(before.data.total, after.data.total)).toMatchObject({
      first_depositors: 0,
      depositors: 1,
      deposits_amount: 12_000,
      new_members: 0,
    });
  });

  it('answers each report as CSV with a byte-order mark, Chinese headers and a total row', async () => {
    const r = range();
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/api/reports/daily?${new URLSearchParams({ ...r, format: 'csv' })}`,
      headers: { authorization: `Bearer ${ops.finance}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="daily-${r.from}-${r.to}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.rawPayload.subarray(3).toString('utf8').trim().split('\n');
    expect(lines[0]?.startsWith('日期,新增会员,首存人数,存款人数,存款笔数,存款金额')).toBe(true);
    expect(lines).toHaveLength(4);
    expect(lines[1]?.startsWith(`${r.from},`)).toBe(true);
    expect(lines[3]?.startsWith('合计,')).toBe(true);
    const json = await get<Daily>('/admin/api/reports/daily', r);
    expect(lines[3]?.split(',')[5]).toBe(json.data.total.deposits_amount);

    for (const path of ['venues', 'members']) {
      const csv = await t.app.inject({
        method: 'GET',
        url: `/admin/api/reports/${path}?${new URLSearchParams({ ...r, format: 'csv' })}`,
        headers: { authorization: `Bearer ${ops.finance}` },
      });
      expect(csv.statusCode).toBe(200);
      const text = csv.rawPayload.subarray(3).toString('utf8');
      expect(text.startsWith(path === 'venues' ? '场馆代码,场馆,投注人数' : '会员ID,会员账号,存款笔数')).toBe(true);
    }
    // The member download is every row, not a page.
    const members = await get<{ total: number }>('/admin/api/reports/members', r);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/admin/api/reports/members?${new URLSearchParams({ ...r, format: 'csv' })}`,
      headers: { authorization: `Bearer ${ops.finance}` },
    });
    expect(csv.rawPayload.subarray(3).toString('utf8').trim().split('\n')).toHaveLength(members.data.total + 1);
  });

  it('refuses bad ranges with a Chinese message and never a 500', async () => {
    const cases: Array<[Record<string, string>, number, string]> = [
      [{}, 400, '请选择开始日期和结束日期'],
      [{ from: '2026-01-01' }, 400, '请选择开始日期和结束日期'],
      [{ from: '2026-02-31', to: '2026-03-01' }, 400, '日期格式不正确，应为YYYY-MM-DD'],
      [{ from: '2026/01/01', to: '2026-03-01' }, 400, '日期格式不正确，应为YYYY-MM-DD'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 400, '开始日期不能晚于结束日期'],
      [{ from: '2025-01-01', to: '2026-01-02' }, 400, '查询范围不能超过366天'],
      [{ from: '2026-01-01', to: '2026-01-02', format: 'xls' }, 400, '请求参数格式不正确'],
    ];
    for (const path of ['daily', 'venues', 'members']) {
      for (const [query, code, message] of cases) {
        const answer = await get(`/admin/api/reports/${path}`, query);
        expect({ path, query, code: answer.code, message: answer.message }).toEqual({ path, query, code, message });
      }
    }
    // 366 days (a leap year) is allowed.
    expect((await get('/admin/api/reports/daily', { from: '2024-01-01', to: '2024-12-31' })).code).toBe(200);
  });

  it('is for finance and admin only', async () => {
    const content = await operatorToken(t, 'content');
    const admin = await operatorToken(t, 'admin');
    const r = range();
    for (const path of [
      '/admin/api/reports/daily',
      '/admin/api/reports/venues',
      '/admin/api/reports/members',
      '/admin/api/dashboard/figures',
    ]) {
      expect((await get(path, r, content)).code).toBe(403);
      expect((await get(path, r, admin)).code).toBe(200);
    }
    const csv = await t.app.inject({
      method: 'GET',
      url: `/admin/api/reports/daily?${new URLSearchParams({ ...r, format: 'csv' })}`,
      headers: { authorization: `Bearer ${content}` },
    });
    expect(csv.json()).toMatchObject({ code: 403 });
  });
});
