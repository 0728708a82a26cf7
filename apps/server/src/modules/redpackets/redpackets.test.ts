import { MSG } from '@h5/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminCall,
  approveSetting,
  buildTestApp,
  call,
  manualClock,
  operatorToken,
  registerMember,
} from '../../../test/helper';
import { redpacketRules } from '../../db/schema';
import { loadConfig } from '../../config';
import { usePaymentsApp } from '../payments/payments-test-kit';
import { writeSettings } from '../site/site-service';
import { drawPrize, MIN_PRIZE_CENTS } from './redpackets-service';

// 2026-06-01 09:00:00 Beijing (UTC+8): one hour before the seeded 10:00-12:00 window.
const clock = manualClock(new Date('2026-06-01T01:00:00Z'));
const base = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
// Many grabs of one member in a minute are the point of some tests here; the grab limit has its own test below.
const { t, ops, kit } = usePaymentsApp({
  clock,
  config: { limits: { ...base.limits, grabs: { max: 10_000, windowMs: 60_000 } } },
});

/** Moves the clock to a Beijing time; operator sessions last 12 hours, so the finance operator logs in again. */
const at = async (beijing: string) => {
  const target = new Date(`${beijing}+08:00`).getTime();
  clock.advance(target - clock.now().getTime());
  ops.finance = await operatorToken(t, 'finance');
};

/** A red-packet rule as the back office takes it and /api/redpacketinfo lists it. */
interface Rule {
  start_time: string;
  end_time: string;
  day_flow: string;
  flow_money: string;
  recharge: number;
  money: string;
}

/**
 * A red-packet rule as finance proposes it and another admin approves it (docs/operators.md "Who may move money"): the rule's
 * id once it exists.
 */
async function addRule(rule: Rule & { enabled?: number }) {
  const proposed = await adminCall<{ target: string; after: Record<string, string> }>(
    t,
    ops.finance,
    'POST',
    '/admin/api/redpacket-rules',
    rule,
  );
  expect(proposed).toMatchObject({
    code: 200,
    message: MSG.integrationChangePending,
    data: { target: 'redpacket-rule:new' },
  });
  expect(await approveSetting(t, await operatorToken(t, 'admin'), 'redpacket-rule:new')).toMatchObject({
    code: 200,
    message: MSG.integrationChangeApplied,
  });
  const [created] = await t.database.db
    .select({ id: redpacketRules.id })
    .from(redpacketRules)
    .where(
      and(
        eq(redpacketRules.startTime, proposed.data.after.start_time!),
        eq(redpacketRules.dayFlow, proposed.data.after.day_flow!),
        eq(redpacketRules.flowMoney, proposed.data.after.flow_money!),
      ),
    );
  return created!.id;
}

/** A new member whose deposit of `amount` finance approved at that Beijing time. */
async function depositorAt(beijing: string, amount: string) {
  await at(beijing);
  const m = await registerMember(t.app);
  await kit.deposit(m.token, amount);
  return m;
}

interface Info {
  sendnums: number;
  acquirednum: number;
  max_times: number;
  rules: Rule[];
}
interface Grab {
  redpacketmoney: string;
  sendnums: number;
  acquirednum: number;
}

const info = (token: string) => call<Info>(t.app, '/api/userredpacket', { page: '1' }, { token, method: 'GET' });
const grab = (token: string) => call<Grab>(t.app, '/api/douserredpacket', {}, { token });
const cents = (money: string) => Math.round(Number(money) * 100);

describe('red packets across the Beijing window', () => {
  it('applies the band rule only from 10:00:00 to 11:59:59 and counts grabs per day', async () => {
    const m = await depositorAt('2026-06-01T09:00:00', '1000');

    await at('2026-06-01T09:59:59');
    const before = await info(m.token);
    expect(before.code).toBe(200);
    expect(before.data).toMatchObject({ sendnums: 0, acquirednum: 0, max_times: 5 });
    expect(before.data.rules).toHaveLength(4);
    expect(before.data.rules[0]).toEqual({
      start_time: '10:00',
      end_time: '12:00',
      day_flow: '100.00',
      flow_money: '999.99',
      recharge: 1,
      money: '5.00',
    });
    expect(await grab(m.token)).toMatchObject({ code: 202, message: '暂无红包可抢', data: null });

    await at('2026-06-01T10:00:00');
    expect((await info(m.token)).data).toMatchObject({ sendnums: 2, acquirednum: 0 });
    const first = await grab(m.token);
    expect(first).toMatchObject({ code: 200, message: '成功领取', data: { sendnums: 1, acquirednum: 1 } });
    // 1000.00 deposited in the 1000-4999.99 band: cap 3% = 30.00.
    expect(cents(first.data.redpacketmoney)).toBeGreaterThanOrEqual(100);
    expect(cents(first.data.redpacketmoney)).toBeLessThanOrEqual(3000);

    await at('2026-06-01T11:59:59');
    const second = await grab(m.token);
    expect(second).toMatchObject({ code: 200, data: { sendnums: 0, acquirednum: 2 } });
    expect(await grab(m.token)).toMatchObject({ code: 203, message: '今日领取次数已用完' });
    const prizes = cents(first.data.redpacketmoney) + cents(second.data.redpacketmoney);
    expect(cents(await kit.balance(m.token))).toBe(100_000 + prizes);

    await at('2026-06-01T12:00:00');
    expect((await info(m.token)).data).toMatchObject({ sendnums: 0, acquirednum: 2 });
    expect(await grab(m.token)).toMatchObject({ code: 202, message: '暂无红包可抢' });

    const records = await call<{ total: number; data: Array<Record<string, unknown>> }>(
      t.app,
      '/api/redpacket',
      { page: 1 },
      { token: m.token },
    );
    expect(records.data.total).toBe(2);
    expect(records.data.data[0]).toEqual({
      money: '1000.00',
      redpacketmoney: second.data.redpacketmoney,
      created_at: '2026-06-01 11:59:59',
      usetime: '2026-06-01 11:59:59',
    });

    // The next day counts afresh, from the deposits made since noon the day before: none.
    await at('2026-06-02T10:30:00');
    expect((await info(m.token)).data).toMatchObject({ sendnums: 0, acquirednum: 0 });
    expect((await grab(m.token)).code).toBe(202);
    await kit.ledgerBalanced();
  });

  it('answers 202 to a member with no deposits, and counts deposits from noon the day before until 10:00', async () => {
    await at('2026-06-03T10:30:00');
    const none = await registerMember(t.app);
    expect(await grab(none.token)).toMatchObject({ code: 202, message: '暂无红包可抢' });

    const m = await depositorAt('2026-06-03T11:00:00', '500'); // after 10:00: counts for tomorrow
    await at('2026-06-03T11:30:00');
    expect((await info(m.token)).data.sendnums).toBe(0);
    await at('2026-06-04T10:00:00');
    expect((await info(m.token)).data.sendnums).toBe(0); // 11:00 is before noon the day before
    await at('2026-06-04T12:30:00');
    await kit.deposit(m.token, '200');
    await at('2026-06-05T11:00:00');
    expect((await info(m.token)).data.sendnums).toBe(1);
    const won = await grab(m.token);
    expect(won.code).toBe(200);
    // 200.00 in the 100-999.99 band: cap 5% = 10.00.
    expect(cents(won.data.redpacketmoney)).toBeLessThanOrEqual(1000);
    const records = await call<{ data: Array<{ money: string }> }>(t.app, '/api/redpacket', {}, { token: m.token });
    expect(records.data.data[0]?.money).toBe('200.00');
  });

  it('keeps every prize within 1.00 and the cap over many grabs', async () => {
    // Ten grabs of at most 1% each: the day's red packets together at most 10% of the deposits (the cap).
    const rule = await addRule({
      start_time: '10:00',
      end_time: '12:00',
      day_flow: '300',
      flow_money: '300',
      recharge: 10,
      money: '1',
    });
    const m = await depositorAt('2026-06-06T09:00:00', '300');
    await at('2026-06-06T10:15:00');
    expect((await info(m.token)).data).toMatchObject({ sendnums: 10, max_times: 10 });
    const seen = new Set<number>();
    let total = 0;
    for (let i = 0; i < 10; i += 1) {
      const answer = await grab(m.token);
      expect(answer.code).toBe(200);
      const prize = cents(answer.data.redpacketmoney);
      expect(prize).toBeGreaterThanOrEqual(100);
      expect(prize).toBeLessThanOrEqual(300);
      seen.add(prize);
      total += prize;
    }
    expect(seen.size).toBeGreaterThan(5);
    expect((await grab(m.token)).code).toBe(203);
    expect(cents(await kit.balance(m.token))).toBe(30_000 + total);
    expect((await adminCall(t, ops.finance, 'DELETE', `/admin/api/redpacket-rules/${rule}`)).code).toBe(200);
    await kit.ledgerBalanced();
  });

  it('draws uniformly within [1.00, cap] and pays 1.00 when the cap is below it', () => {
    for (let i = 0; i < 500; i += 1) {
      const { prize, cap } = drawPrize(123_456, '2.50');
      expect(cap).toBe(3086);
      expect(prize).toBeGreaterThanOrEqual(MIN_PRIZE_CENTS);
      expect(prize).toBeLessThanOrEqual(cap);
    }
    expect(drawPrize(1000, '5.00')).toEqual({ prize: 100, cap: 50 });
  });

  it('pays once when two grabs race for the last one', async () => {
    await at('2026-06-07T09:00:00');
    for (let round = 0; round < 3; round += 1) {
      const m = await registerMember(t.app);
      await kit.deposit(m.token, '500');
      await at(`2026-06-07T10:0${round}:00`);
      const answers = await Promise.all([grab(m.token), grab(m.token), grab(m.token)]);
      expect(answers.map((a) => a.code).sort()).toEqual([200, 203, 203]);
      const won = answers.find((a) => a.code === 200);
      expect(await kit.balance(m.token)).toBe((500 + Number(won?.data.redpacketmoney)).toFixed(2));
      const records = await call<{ total: number }>(t.app, '/api/redpacket', {}, { token: m.token });
      expect(records.data.total).toBe(1);
      await at('2026-06-07T09:00:00');
    }
    await kit.ledgerBalanced();
  });
});

describe('the site red-packet switch', () => {
  it('refuses a grab with 红包已关闭 while redpacket_switch is 0 and moves no money, then pays once it is back', async () => {
    const m = await depositorAt('2026-06-08T09:00:00', '500');
    await at('2026-06-08T10:30:00');
    await writeSettings(t.database.db, { redpacket_switch: 0 });
    try {
      expect(await grab(m.token)).toEqual({ code: 202, message: '红包已关闭', data: null });
      expect(await kit.balance(m.token)).toBe('500.00');
      expect((await info(m.token)).data).toMatchObject({ acquirednum: 0 });
    } finally {
      await writeSettings(t.database.db, { redpacket_switch: 1 });
    }
    expect((await grab(m.token)).code).toBe(200);
    await kit.ledgerBalanced();
  });
});

describe('red-packet rules in the back office', () => {
  it('refuses a window that ends before it starts or a band upside down, and audits changes', async () => {
    const base = {
      start_time: '10:00',
      end_time: '12:00',
      day_flow: '100',
      flow_money: '200',
      recharge: 1,
      money: '1',
    };
    expect(
      await adminCall(t, ops.finance, 'POST', '/admin/api/redpacket-rules', { ...base, end_time: '09:00' }),
    ).toMatchObject({ code: 400, message: '请输入正确的时间段' });
    expect(
      await adminCall(t, ops.finance, 'POST', '/admin/api/redpacket-rules', { ...base, day_flow: '300' }),
    ).toMatchObject({ code: 400, message: '存款下限不能高于上限' });
    const created = await addRule({ ...base, start_time: '10:30:00', enabled: 0 });
    const listed = async () =>
      (
        await adminCall<
          Array<{ id: number; start_time: string; recharge: number; enabled: number; pending_change: boolean }>
        >(t, ops.finance, 'GET', '/admin/api/redpacket-rules')
      ).data.find((r) => r.id === created);
    expect(await listed()).toMatchObject({ start_time: '10:30', recharge: 1, enabled: 0, pending_change: false });
    const updated = await adminCall<{ recharge: number; pending_change: boolean }>(
      t,
      ops.finance,
      'PUT',
      `/admin/api/redpacket-rules/${created}`,
      { ...base, start_time: '10:30', recharge: 2, enabled: 0 },
    );
    expect(updated).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: { recharge: 1, pending_change: true },
    });
    expect(await approveSetting(t, await operatorToken(t, 'admin'), `redpacket-rule:${created}`)).toMatchObject({
      code: 200,
      message: MSG.integrationChangeApplied,
    });
    expect(await listed()).toMatchObject({ start_time: '10:30', recharge: 2, enabled: 0, pending_change: false });
    const audit = await adminCall<{ data: Array<{ action: string }> }>(t, ops.finance, 'GET', '/admin/api/audit');
    expect(audit.code).toBe(403); // the audit log is admin-only
    const content = await operatorToken(t, 'content');
    expect((await adminCall(t, content, 'GET', '/admin/api/redpacket-rules')).code).toBe(403);
    const admin = await operatorToken(t, 'admin');
    const log = await adminCall<{ data: Array<{ action: string }> }>(t, admin, 'GET', '/admin/api/audit');
    expect(log.data.data.map((a) => a.action)).toContain('redpacket-rule.update');
    expect((await adminCall(t, ops.finance, 'DELETE', `/admin/api/redpacket-rules/${created}`)).code).toBe(200);
    expect((await adminCall(t, ops.finance, 'DELETE', `/admin/api/redpacket-rules/${created}`)).code).toBe(202);
  });
});

describe('grab attempts per member', () => {
  it('answers 429 once a member has used the grab attempts of the window, and lets them grab again later', async () => {
    const limitClock = manualClock();
    const limited = await buildTestApp({
      clock: limitClock,
      config: { limits: { ...t.config.limits, grabs: { max: 3, windowMs: 60_000 } } },
    });
    try {
      const m = await registerMember(limited.app);
      const other = await registerMember(limited.app);
      const tryGrab = (token: string) => call(limited.app, '/api/douserredpacket', {}, { token });
      for (let i = 0; i < 3; i += 1) expect((await tryGrab(m.token)).code).not.toBe(429);
      expect(await tryGrab(m.token)).toEqual({ code: 429, message: '操作过于频繁，请稍后再试', data: null });
      expect((await tryGrab(other.token)).code).not.toBe(429);
      limitClock.advance(60_000);
      expect((await tryGrab(m.token)).code).not.toBe(429);
    } finally {
      await limited.close();
    }
  });
});
