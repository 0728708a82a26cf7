import { BizCode, maskUsername, MSG, PARTNER_MONTH_EXAMPLE, PARTNER_STATEMENT_EXAMPLE } from '@h5/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminCall,
  approveSetting,
  buildTestApp,
  call,
  manualClock,
  memberId,
  operatorToken,
  registerMember,
} from '../../../test/helper';
import { bets, commissionPlans } from '../../db/schema';
import { tickJob } from '../jobs/scheduler';
import { accountCode, postNow } from '../ledger/ledger-service';
import { usePaymentsApp } from '../payments/payments-test-kit';
import { settlementJob } from './partners-routes';
import { beijingMonth, computeCommission, monthRange, nextMonth, previousMonth } from './partners-service';

const clock = manualClock(new Date());
/** The Beijing month the test's movements happen in (the ledger stamps them with the database's time). */
const M = beijingMonth(new Date());
/** Partner a's figures of month M, made by its downline's movements in the tests below. */
const A_MONTH = PARTNER_MONTH_EXAMPLE;
const M1 = nextMonth(M);

interface Statement {
  id: number;
  partner_id: number;
  username: string;
  month: string;
  state: number;
  [figure: string]: string | number | null;
}
interface Page<T> {
  data: T[];
  total: number;
}

const { t, ops, kit } = usePaymentsApp({ clock });

/** A member who applied to the programme and was approved by finance: a partner. */
async function partner() {
  const m = await registerMember(t.app);
  expect(
    (await call(t.app, '/api/applyagentdo', { mobile: '8613912345678', apply_info: '推广' }, { token: m.token })).code,
  ).toBe(200);
  const list = await adminCall<Page<{ id: number; username: string }>>(
    t,
    ops.finance,
    'GET',
    '/admin/api/agent-applications?state=1&page=1&pagesize=50',
  );
  const mine = list.data.data.find((a) => a.username === m.name);
  expect((await adminCall(t, ops.finance, 'POST', `/admin/api/agent-applications/${mine?.id}/approve`)).code).toBe(200);
  return { ...m, id: await memberId(t, m.name) };
}

async function member(pid?: string) {
  const m = await registerMember(t.app, pid === undefined ? {} : { pid });
  return { ...m, id: await memberId(t, m.name) };
}

let betSeq = 0;
/** A bet record as a venue reports it: settled (status 1) at `at` unless a status is given. */
async function bet(memberId: number, stake: string, valid: string, winLoss: string, at = new Date(), status = 1) {
  betSeq += 1;
  await t.database.db.insert(bets).values({
    betId: `partners-test-${Date.now()}-${betSeq}`,
    memberId,
    venueCode: 'XHZR',
    category: 'realbet',
    betAmount: stake,
    validAmount: valid,
    winLoss,
    status,
    createdAt: at,
    settledAt: status === 1 ? at : null,
  });
}

/** A payout as its service posts it (kind and house account), to the member's central wallet. */
async function payout(kind: 'rebate' | 'redpacket' | 'deposit_bonus', memberId: number, cents: number) {
  const house = kind === 'rebate' ? 'rebates' : kind === 'redpacket' ? 'redpackets' : 'promotions';
  betSeq += 1;
  await postNow(t.database.db, {
    reference: `partners-test:${kind}:${memberId}:${betSeq}`,
    kind,
    memberId,
    legs: [
      { account: accountCode.house(house, memberId), cents: -cents },
      { account: accountCode.wallet(memberId), cents },
    ],
  });
}

/** Moves the clock an hour past `at`; the sessions that idled out on the way sign in again. */
async function moveClockTo(at: Date) {
  clock.advance(at.getTime() - clock.now().getTime() + 3_600_000);
  ops.finance = await operatorToken(t, 'finance');
  for (const p of [world.a, world.b]) {
    const login = await call<{ api_token: string }>(t.app, '/api/login', { name: p.name, password: p.password });
    p.token = login.data.api_token;
  }
}
const statementsOf = async (query: Record<string, string>) =>
  (
    await adminCall<Page<Statement>>(
      t,
      ops.finance,
      'GET',
      `/admin/api/partner-statements?${new URLSearchParams(query)}`,
    )
  ).data.data;

const world = {} as {
  a: Awaited<ReturnType<typeof partner>>;
  b: Awaited<ReturnType<typeof partner>>;
  a1: Awaited<ReturnType<typeof member>>;
  a2: Awaited<ReturnType<typeof member>>;
  a3: Awaited<ReturnType<typeof member>>;
  b1: Awaited<ReturnType<typeof member>>;
  planId: number;
};

describe('the partner programme', () => {
  it('computes a commission from the tiers, and carries a negative month over whole', () => {
    const plan = {
      feeShareBp: 100,
      tiers: [
        { minNetCents: 0, minActive: 1, rateBp: 2000 },
        { minNetCents: 30_000, minActive: 2, rateBp: 3000 },
      ],
    };
    const f = {
      activeMembers: 2,
      deposits: 100_000,
      withdrawals: 10_000,
      validStake: 0,
      ggr: 35_000,
      rebates: 1234,
      bonuses: 1388,
    };
    expect(computeCommission(f, 0, plan)).toEqual({
      fees: 1100,
      netRevenue: 31_278,
      commissionBase: 31_278,
      tier: 2,
      rateBp: 3000,
      commission: 9383,
      carryOut: 0,
    });
    // The carry-over counts against the tier too: 312.78 - 50.00 is below the second tier's 300.00.
    expect(computeCommission(f, -5000, plan)).toMatchObject({
      commissionBase: 26_278,
      tier: 1,
      commission: 5256,
      carryOut: 0,
    });
    // 0 - 12.34 - 13.88 - 11.00 = -37.22, and 1.00 carried in.
    expect(computeCommission({ ...f, ggr: 0 }, -100, plan)).toMatchObject({
      netRevenue: -3722,
      commissionBase: -3822,
      tier: 0,
      commission: 0,
      carryOut: -3822,
    });
    expect(computeCommission(f, 0, null)).toMatchObject({ fees: 0, tier: 0, commission: 0 });
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(monthRange('2026-02').days).toHaveLength(28);
    expect(monthRange('2026-03').start.toISOString()).toBe('2026-02-28T16:00:00.000Z');
  });

  it('puts members registered with a partner code in the downline, and lets finance move them, audited', async () => {
    world.a = await partner();
    world.b = await partner();
    world.a1 = await member(String(world.a.id));
    world.a2 = await member(world.a.name);
    world.a3 = await member(String(world.a.id));
    world.b1 = await member(String(world.b.id));

    const content = await operatorToken(t, 'content');
    expect(
      (await adminCall(t, content, 'PUT', `/admin/api/members/${world.a3.id}/inviter`, { inviter_id: world.b.id }))
        .code,
    ).toBe(BizCode.FORBIDDEN);
    // Only a partner can take a member; never the member itself.
    const notPartner = await adminCall(t, ops.finance, 'PUT', `/admin/api/members/${world.a3.id}/inviter`, {
      inviter_id: world.a1.id,
    });
    expect(notPartner).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.partnerMissing });
    const self = await adminCall(t, ops.finance, 'PUT', `/admin/api/members/${world.b.id}/inviter`, {
      inviter_id: world.b.id,
    });
    expect(self).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.inviterSelf });

    const moved = await adminCall(t, ops.finance, 'PUT', `/admin/api/members/${world.a3.id}/inviter`, {
      inviter_id: world.b.id,
    });
    expect(moved).toMatchObject({ code: 200, data: { member_id: world.a3.id, inviter_id: world.b.id } });
    const admin = await operatorToken(t, 'admin');
    const log = await adminCall<Page<{ action: string; target: string; before: unknown; after: unknown }>>(
      t,
      admin,
      'GET',
      `/admin/api/audit?action=member.inviter&target=member:${world.a3.id}`,
    );
    expect(log.data.data[0]).toMatchObject({ before: { inviter_id: world.a.id }, after: { inviter_id: world.b.id } });

    const partners = await adminCall<Page<{ member_id: number; downline: number }>>(
      t,
      ops.finance,
      'GET',
      `/admin/api/partners?username=${world.a.name}`,
    );
    expect(partners.data.data).toEqual([
      { member_id: world.a.id, username: world.a.name, plan_id: null, plan_name: null, downline: 2 },
    ]);
  });

  it('keeps plans valid and gives each partner one', async () => {
    const bad = await adminCall(t, ops.finance, 'POST', '/admin/api/commission-plans', {
      name: '标准方案',
      fee_share: '1',
      tiers: [
        { min_net_revenue: '300', min_active: 2, rate: '30' },
        { min_net_revenue: '0', min_active: 1, rate: '20' },
      ],
    });
    expect(bad).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.planTiersOrder });
    const tooHigh = await adminCall(t, ops.finance, 'POST', '/admin/api/commission-plans', {
      name: '标准方案',
      fee_share: '1',
      tiers: [{ min_net_revenue: '0', min_active: 1, rate: '60.01' }],
    });
    expect(tooHigh).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.planTierRateInvalid });

    // A plan waits for a second admin (docs/operators.md "Who may move money"): finance proposes, an admin approves.
    const proposed = await adminCall<{ id: number }>(t, ops.finance, 'POST', '/admin/api/commission-plans', {
      name: '标准方案',
      fee_share: '1',
      tiers: [
        { min_net_revenue: '0', min_active: 1, rate: '20' },
        { min_net_revenue: '300', min_active: 2, rate: '30' },
        { min_net_revenue: '310', min_active: 3, rate: '40' },
      ],
    });
    expect(proposed).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: {
        target: 'commission-plan:new',
        after: { name: '标准方案', fee_share: '1.00', tiers: '0.00/1/20.00; 300.00/2/30.00; 310.00/3/40.00' },
      },
    });
    expect(await approveSetting(t, await operatorToken(t, 'admin'), 'commission-plan:new')).toMatchObject({
      code: 200,
      message: MSG.integrationChangeApplied,
    });
    const [created] = await t.database.db
      .select({ id: commissionPlans.id })
      .from(commissionPlans)
      .where(sql`${commissionPlans.name} = '标准方案'`);
    const plans = await adminCall<Array<{ id: number }>>(t, ops.finance, 'GET', '/admin/api/commission-plans');
    const plan = { data: plans.data.find((p) => p.id === created?.id) };
    expect(plan).toMatchObject({
      data: {
        name: '标准方案',
        fee_share: '1.00',
        tiers: [
          { min_net_revenue: '0.00', min_active: 1, rate: '20.00' },
          { min_net_revenue: '300.00', min_active: 2, rate: '30.00' },
          { min_net_revenue: '310.00', min_active: 3, rate: '40.00' },
        ],
        partners: 0,
        pending_change: false,
      },
    });
    world.planId = created!.id;
    for (const p of [world.a, world.b]) {
      const set = await adminCall(t, ops.finance, 'PUT', `/admin/api/partners/${p.id}/plan`, { plan_id: world.planId });
      expect(set).toMatchObject({ code: 200, data: { member_id: p.id, plan_id: world.planId, plan_name: '标准方案' } });
    }
    const notPartner = await adminCall(t, ops.finance, 'PUT', `/admin/api/partners/${world.a1.id}/plan`, {
      plan_id: world.planId,
    });
    expect(notPartner).toMatchObject({ code: BizCode.NOT_FOUND, message: MSG.partnerMissing });
    const noPlan = await adminCall(t, ops.finance, 'PUT', `/admin/api/partners/${world.a.id}/plan`, {
      plan_id: 999_999,
    });
    expect(noPlan).toMatchObject({ code: BizCode.NOT_FOUND, message: MSG.planMissing });
  });

  it("shows a partner this month's figures of their own downline only; a member who is not a partner is refused", async () => {
    const { a, b, a1, a2, a3, b1 } = world;
    // a2: a withdrawal of 100.00 paid (funded by an operator credit, which is no deposit), then a deposit.
    await adminCall(t, ops.finance, 'POST', `/admin/api/members/${a2.id}/adjust`, {
      amount: '150',
      note: 'partners test',
    });
    const card = await kit.bindBank(a2.token);
    await kit.paidWithdrawal(a2.token, card, '100');
    await kit.deposit(a1.token, '500');
    await kit.deposit(a1.token, '300');
    await kit.deposit(a2.token, '200');
    // Settled bets: GGR 400.00 - 100.00 + 50.00; an unsettled one does not count.
    await bet(a1.id, '1000', '1000', '-400');
    await bet(a1.id, '200', '150', '100');
    await bet(a2.id, '50', '50', '-50');
    await bet(a2.id, '999', '999', '0', new Date(), 2);
    await payout('rebate', a1.id, 1234);
    await payout('redpacket', a2.id, 888);
    await payout('deposit_bonus', a1.id, 500);
    // Partner b's month: the member wins 500.00; a3, moved to b, deposits and wins nothing.
    await bet(b1.id, '100', '100', '500');
    await kit.deposit(a3.token, '100');

    const summary = await call<Record<string, unknown>>(t.app, '/api/agent/summary', {}, { token: a.token });
    expect(summary).toMatchObject({
      code: 200,
      data: {
        month: M,
        figures: A_MONTH,
        carry_in: '0.00',
        downline_total: 2,
        pid: a.id,
        link: `http://localhost:80/#/login?type=1&pid=${a.id}`,
      },
    });

    // The same figures as the member report's rows of the two members over the month.
    const days = monthRange(M);
    const report = { deposits_amount: 0, withdrawals_amount: 0, valid_stake: 0, ggr: 0, rebates: 0, bonuses: 0 };
    for (const m of [a1, a2]) {
      const rows = await adminCall<Page<Record<string, string>>>(
        t,
        ops.finance,
        'GET',
        `/admin/api/reports/members?from=${days.from}&to=${days.to}&username=${m.name}`,
      );
      const row = rows.data.data.find((r) => r.username === m.name);
      for (const key of Object.keys(report) as Array<keyof typeof report>)
        report[key] += Math.round(Number(row?.[key]) * 100);
    }
    expect(report).toEqual({
      deposits_amount: 100_000,
      withdrawals_amount: 10_000,
      valid_stake: 120_000,
      ggr: 35_000,
      rebates: 1234,
      bonuses: 1388,
    });

    const downline = await call<Page<{ username: string; deposits: string; valid_stake: string }>>(
      t.app,
      '/api/agent/downline',
      {},
      { token: a.token },
    );
    expect(downline.data.total).toBe(2);
    expect(downline.data.data.map((r) => [r.username, r.deposits, r.valid_stake])).toEqual([
      [maskUsername(a2.name), '200.00', '50.00'],
      [maskUsername(a1.name), '800.00', '1150.00'],
    ]);
    expect(maskUsername(a1.name)).not.toBe(a1.name);
    const bDownline = await call<Page<{ username: string }>>(t.app, '/api/agent/downline', {}, { token: b.token });
    expect(bDownline.data.data.map((r) => r.username).sort()).toEqual(
      [maskUsername(a3.name), maskUsername(b1.name)].sort(),
    );

    for (const path of ['/api/agent/summary', '/api/agent/downline', '/api/agent/statements']) {
      const refused = await call(t.app, path, {}, { token: a1.token });
      expect(refused, path).toEqual({ code: BizCode.FORBIDDEN, message: MSG.notPartner, data: null });
    }
    expect((await call(t.app, '/api/agent/summary', {})).code).toBe(BizCode.UNAUTHORIZED);
  });

  it('refuses to settle a month that has not ended', async () => {
    expect(await adminCall(t, ops.finance, 'POST', '/admin/api/partner-statements/settle', { month: M })).toMatchObject(
      {
        code: BizCode.BAD_INPUT,
        message: MSG.monthNotEnded,
      },
    );
    // Early settlement is a sandbox's alone, and only of the running month.
    expect(
      await adminCall(t, ops.finance, 'POST', '/admin/api/partner-statements/settle', { month: M1, early: 1 }),
    ).toMatchObject({
      code: BizCode.BAD_INPUT,
      message: MSG.monthNotEnded,
    });
    const production = await buildTestApp({ clock, config: { sandbox: false } });
    try {
      const op = await operatorToken(production, 'finance');
      expect(
        await adminCall(production, op, 'POST', '/admin/api/partner-statements/settle', { month: M, early: 1 }),
      ).toMatchObject({
        code: BizCode.BAD_INPUT,
        message: MSG.monthNotEnded,
      });
    } finally {
      await production.close();
    }
    expect(
      await adminCall(t, ops.finance, 'POST', '/admin/api/partner-statements/settle', { month: '2026-13' }),
    ).toMatchObject({
      code: BizCode.BAD_INPUT,
      message: MSG.monthInvalid,
    });
  });

  it("settles the month once at the next month's start: every figure of the statement", async () => {
    await moveClockTo(monthRange(M1).start);
    const job = settlementJob({ db: t.database.db, clock });
    const deps = { db: t.database.db, clock, locks: t.database.locks };
    expect(await tickJob(deps, job)).toBe('ran');
    expect(await tickJob(deps, job)).toBe('not-due');
    // Run again by hand: nothing new.
    expect(await adminCall(t, ops.finance, 'POST', '/admin/api/partner-statements/settle', { month: M })).toMatchObject(
      {
        code: 200,
        data: { month: M, created: 0 },
      },
    );

    const [a] = await statementsOf({ month: M, username: world.a.name });
    expect(a).toMatchObject({
      partner_id: world.a.id,
      month: M,
      ...PARTNER_STATEMENT_EXAMPLE,
      state: 1,
      paid_at: null,
    });
    const [b] = await statementsOf({ month: M, username: world.b.name });
    expect(b).toMatchObject({
      active_members: 1,
      deposits: '100.00',
      ggr: '-500.00',
      fees: '1.00',
      net_revenue: '-501.00',
      commission_base: '-501.00',
      tier: 0,
      commission: '0.00',
      carry_out: '-501.00',
    });

    // The partner sees their own statements only.
    const mine = await call<Page<{ id: number; commission: string }>>(
      t.app,
      '/api/agent/statements',
      {},
      { token: world.a.token },
    );
    expect(mine.data.data).toEqual([expect.objectContaining({ id: a?.id, month: M, commission: '93.83' })]);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/admin/api/partner-statements?format=csv&month=${M}&username=${world.a.name}`,
      headers: { authorization: `Bearer ${ops.finance}` },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('结算单号,月份,代理账号,活跃会员');
    expect(lines[1]).toContain(
      `${a?.id},${M},${world.a.name},2,1000.00,100.00,1200.00,350.00,12.34,13.88,11.00,312.78,0.00,312.78,2,30.00,93.83,0.00,1`,
    );
  });

  it('pays a statement once under two concurrent approvals, through the ledger', async () => {
    const [a] = await statementsOf({ month: M, username: world.a.name });
    const before = await kit.balance(world.a.token);
    const [one, two] = await Promise.all([
      adminCall(t, ops.finance, 'POST', `/admin/api/partner-statements/${a?.id}/pay`),
      adminCall(t, ops.finance, 'POST', `/admin/api/partner-statements/${a?.id}/pay`),
    ]);
    expect([one.code, two.code].sort()).toEqual([200, BizCode.CONFLICT]);
    expect([one, two].find((r) => r.code === BizCode.CONFLICT)?.message).toBe(MSG.alreadyProcessed);
    expect([one, two].find((r) => r.code === 200)).toMatchObject({
      message: MSG.statementPaid,
      data: { state: 2, commission: '93.83' },
    });
    expect(Number(await kit.balance(world.a.token)) * 100 - Number(before) * 100).toBeCloseTo(9383, 5);
    const moves = await t.database.db.execute(
      sql`SELECT count(*) AS n FROM ledger_transactions WHERE reference = ${`commission:${a?.id}`} AND kind = 'commission'`,
    );
    expect(Number((moves as unknown as { rows: Array<{ n: string }> }).rows[0]?.n)).toBe(1);
    expect((await adminCall(t, ops.finance, 'POST', `/admin/api/partner-statements/${a?.id}/pay`)).code).toBe(
      BizCode.CONFLICT,
    );
    expect(await adminCall(t, ops.finance, 'POST', '/admin/api/partner-statements/999999/pay')).toMatchObject({
      code: BizCode.NOT_FOUND,
    });
    await kit.ledgerBalanced();
  });

  it("carries a negative month into the next month's commission", async () => {
    // In the next month b1 loses 800.00.
    await bet(world.b1.id, '2000', '2000', '-800', new Date(monthRange(M1).start.getTime() + 7_200_000));
    await moveClockTo(monthRange(nextMonth(M1)).start);
    expect(
      await adminCall(t, ops.finance, 'POST', '/admin/api/partner-statements/settle', { month: M1 }),
    ).toMatchObject({
      code: 200,
    });
    const [b] = await statementsOf({ month: M1, username: world.b.name });
    // 800.00 - 501.00 = 299.00 at the first tier (one active member): 20%.
    expect(b).toMatchObject({
      active_members: 1,
      ggr: '800.00',
      net_revenue: '800.00',
      carry_in: '-501.00',
      commission_base: '299.00',
      tier: 1,
      rate: '20.00',
      commission: '59.80',
      carry_out: '0.00',
      state: 1,
    });
    const [a] = await statementsOf({ month: M1, username: world.a.name });
    expect(a).toMatchObject({ active_members: 0, net_revenue: '0.00', carry_in: '0.00', commission: '0.00' });
  });
});
