import { BizCode, MSG } from '@h5/contract';
import { describe, expect, it } from 'vitest';
import {
  adminCall,
  buildTestApp,
  call,
  creditedMember,
  manualClock,
  operatorToken,
  registeredMember,
  registerMember,
} from '../../../test/helper';
import { bets } from '../../db/tables/bets';
import { usePaymentsApp } from '../payments/payments-test-kit';
import type { RgInfo } from '@h5/contract';

// 2026-06-01T04:00:00Z is Monday 12:00 in Beijing.
const clock = manualClock();
const HOUR = 3_600_000;

// The suite moves the clock by days: operator sessions end after 12 hours, so each test signs in afresh.
const { t, ops, kit } = usePaymentsApp({ clock }, ['finance'], { each: true });
const login = async (name: string) =>
  (await call<{ api_token: string }>(t.app, '/api/login', { name, password: 'secret123' })).data.api_token;

const rg = (token: string) => call<RgInfo>(t.app, '/api/responsible', {}, { token });
const setLimit = (token: string, kind: string, value: string) =>
  call<RgInfo>(t.app, '/api/responsible/set', { kind, value }, { token });
const takeBreak = (token: string, period: string) =>
  call<RgInfo>(t.app, '/api/responsible/break', { period }, { token });
const recharge = (token: string, amount: string) => kit.recharge(token, { paytype: 'alipay', amount });
const toVenue = (token: string, amount: string) =>
  call(t.app, '/api/transfer', { amount, sourcetype: 'userbalance', targettype: 'XHZR' }, { token });
const fromVenue = (token: string, amount: string) =>
  call(t.app, '/api/transfer', { amount, sourcetype: 'XHZR', targettype: 'userbalance' }, { token });
const launch = (token: string) =>
  call<{ url: string }>(t.app, '/api/getGameUrl', { plat_name: 'XHZR', game_code: 'demo' }, { token });

describe('members without limits', () => {
  it('deposit exactly as before: the deposit number is the message, and nothing is refused', async () => {
    const m = await registerMember(t.app);
    const made = await recharge(m.token, '5000');
    expect(made.code).toBe(200);
    expect(made.message).toBe(made.data.deposit_no);
    // A second order (of another amount: the same one would be the open order again).
    expect((await recharge(m.token, '4000')).code).toBe(200);
    const info = await rg(m.token);
    expect(info.data.limits.deposit_day).toEqual({ value: null, pending: null });
    expect(info.data.break).toBeNull();
    expect(info.data.used.deposit_day).toBe('9000.00');
    expect(info.data.history).toEqual([]);
  });
});

describe('deposit limits', () => {
  it('counts pending and approved orders of the Beijing day: exactly at the limit passes, one cent over is refused', async () => {
    const m = await registerMember(t.app);
    const set = await setLimit(m.token, 'deposit_day', '250');
    expect(set).toMatchObject({ code: 200, message: MSG.rgSavedNow });
    expect(set.data.limits.deposit_day).toEqual({ value: '250.00', pending: null });
    expect((await recharge(m.token, '150')).code).toBe(200); // pending, counts
    const over = await recharge(m.token, '100.01');
    expect(over).toMatchObject({
      code: BizCode.RESPONSIBLE_LIMIT,
      message: '超出您设置的每日存款限额250.00元，本期还可存款100.00元',
      data: null,
    });
    expect((await recharge(m.token, '100.00')).code).toBe(200);
    expect((await recharge(m.token, '101')).message).toBe('超出您设置的每日存款限额250.00元，本期还可存款0.00元');
    // 存款 again for an amount still open is that open order, not a new one: it commits nothing more.
    expect((await recharge(m.token, '100')).code).toBe(200);
    expect((await rg(m.token)).data.used.deposit_day).toBe('250.00');
  });

  it('does not count rejected orders', async () => {
    const m = await registerMember(t.app);
    await setLimit(m.token, 'deposit_day', '200');
    const first = await recharge(m.token, '200');
    expect((await recharge(m.token, '100')).code).toBe(BizCode.RESPONSIBLE_LIMIT);
    await adminCall(t, ops.finance, 'POST', `/admin/api/deposits/${first.data.deposit_no}/reject`, {
      note: 'not paid',
    });
    expect((await recharge(m.token, '200')).code).toBe(200);
  });

  it('starts a new day at Beijing midnight while the week limit still counts the week', async () => {
    const c = manualClock(new Date('2026-06-02T15:00:00Z')); // Tuesday 23:00 Beijing
    const local = await buildTestApp({ clock: c });
    try {
      const m = await registerMember(local.app);
      for (const [kind, value] of [
        ['deposit_day', '300'],
        ['deposit_week', '500'],
        ['deposit_month', '800'],
      ]) {
        expect((await call(local.app, '/api/responsible/set', { kind, value }, { token: m.token })).code).toBe(200);
      }
      const pay = (amount: string) =>
        call(local.app, '/api/recharge', { paytype: 'alipay', amount }, { token: m.token });
      expect((await pay('300')).code).toBe(200);
      expect((await pay('100')).message).toBe('超出您设置的每日存款限额300.00元，本期还可存款0.00元');
      c.advance(HOUR); // Wednesday 00:00 Beijing
      expect((await pay('200')).code).toBe(200);
      expect((await pay('100')).message).toBe('超出您设置的每周存款限额500.00元，本期还可存款0.00元');
      c.advance(5 * 24 * HOUR); // Monday 00:00: a new week, the same month
      expect((await pay('300')).code).toBe(200);
      expect((await pay('0.01')).code).not.toBe(200);
      c.advance(24 * HOUR);
      expect((await pay('100')).message).toBe('超出您设置的每月存款限额800.00元，本期还可存款0.00元');
    } finally {
      await local.close();
    }
  });

  it('lets only one of two deposits at once pass the limit', async () => {
    const m = await registerMember(t.app);
    await setLimit(m.token, 'deposit_day', '300');
    // Three different amounts (one amount twice would be one open order).
    const amounts = ['200', '201', '202'];
    const answers = await Promise.all(amounts.map((amount) => recharge(m.token, amount)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === BizCode.RESPONSIBLE_LIMIT)).toHaveLength(2);
    const passed = amounts[answers.findIndex((a) => a.code === 200)];
    expect((await rg(m.token)).data.used.deposit_day).toBe(`${passed}.00`);
  });
});

describe('tightening and loosening', () => {
  it('raises a limit only after 24 hours, shows what waits, and tightening cancels it at once', async () => {
    // A month limit, so the 24 hours stay within one window (the suite's clock is on 1 June).
    const m = await registerMember(t.app);
    await setLimit(m.token, 'deposit_month', '100');
    const raised = await setLimit(m.token, 'deposit_month', '1000');
    expect(raised.message).toBe(MSG.rgSavedPending);
    const waitUntil = new Date(clock.now().getTime() + 24 * HOUR);
    const beijing = new Date(waitUntil.getTime() + 8 * HOUR).toISOString().replace('T', ' ').slice(0, 19);
    expect(raised.data.limits.deposit_month).toEqual({
      value: '100.00',
      pending: { value: '1000.00', effective_at: beijing },
    });
    expect((await recharge(m.token, '100')).code).toBe(200);
    expect((await recharge(m.token, '101')).code).toBe(BizCode.RESPONSIBLE_LIMIT);
    clock.advance(24 * HOUR - 1000);
    expect((await recharge(m.token, '100')).code).toBe(BizCode.RESPONSIBLE_LIMIT);
    clock.advance(1000);
    expect((await rg(m.token)).data.limits.deposit_month).toEqual({ value: '1000.00', pending: null });
    expect((await recharge(m.token, '900')).code).toBe(200); // 100.00 already counted this month

    // Removing is a loosening too; tightening meanwhile applies at once and drops the waiting removal.
    expect((await setLimit(m.token, 'deposit_month', '')).message).toBe(MSG.rgSavedPending);
    expect((await rg(m.token)).data.limits.deposit_month.pending?.value).toBeNull();
    const tightened = await setLimit(m.token, 'deposit_month', '500');
    expect(tightened.message).toBe(MSG.rgSavedNow);
    expect(tightened.data.limits.deposit_month).toEqual({ value: '500.00', pending: null });
    clock.advance(25 * HOUR);
    expect((await rg(m.token)).data.limits.deposit_month).toEqual({ value: '500.00', pending: null });

    const history = (await rg(m.token)).data.history.map((h) => h.summary);
    expect(history).toEqual([
      '每月存款限额 1000.00元 → 500.00元，立即生效',
      '每月存款限额 1000.00元 → 不限，24小时后生效',
      '每月存款限额 100.00元 → 1000.00元，24小时后生效',
      '每月存款限额 不限 → 100.00元，立即生效',
    ]);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const m = await registerMember(t.app);
    expect(await setLimit(m.token, 'nope', '100')).toMatchObject({ code: 400, message: MSG.rgKindInvalid });
    expect(await setLimit(m.token, 'deposit_day', 'abc')).toMatchObject({ code: 400, message: MSG.rgLimitInvalid });
    expect(await setLimit(m.token, 'deposit_day', '-5')).toMatchObject({ code: 400, message: MSG.rgLimitInvalid });
    expect(await setLimit(m.token, 'session_minutes', '10')).toMatchObject({
      code: 400,
      message: MSG.rgSessionInvalid,
    });
    expect(await takeBreak(m.token, 'cooloff_99d')).toMatchObject({ code: 400, message: MSG.rgBreakInvalid });
    const info = await rg(m.token);
    expect(info.data.history).toEqual([]);
    expect((await setLimit(m.token, 'session_minutes', '60')).data.limits.session_minutes.value).toBe('60');
  });
});

describe('cool-off and self-exclusion', () => {
  it('holds deposits, transfers in and launches, but lets money out and withdrawals through', async () => {
    const m = await creditedMember(t, ops.finance, '500');
    const { id } = m;
    expect((await toVenue(m.token, '200')).code).toBe(200);
    const card = await kit.bindBank(m.token);

    const started = await takeBreak(m.token, 'cooloff_1d');
    expect(started.message).toBe(MSG.rgBreakStarted);
    expect(started.data.break?.kind).toBe('cooloff');

    expect(await recharge(m.token, '100')).toMatchObject({
      code: BizCode.RESPONSIBLE_LIMIT,
      message: MSG.rgCoolingOff,
    });
    expect(await toVenue(m.token, '10')).toMatchObject({ code: BizCode.RESPONSIBLE_LIMIT, message: MSG.rgCoolingOff });
    expect(await launch(m.token)).toMatchObject({ code: BizCode.RESPONSIBLE_LIMIT, message: MSG.rgCoolingOff });
    expect(await fromVenue(m.token, '200')).toMatchObject({ code: 200, data: { balance: '500.00' } });
    const out = await call(
      t.app,
      '/api/withdraw',
      { amount: '100', bank: card, password: 'pay123456' },
      { token: m.token },
    );
    expect(out).toMatchObject({ code: 200, message: MSG.submittedForReview });
    expect(await kit.balance(m.token)).toBe('400.00');

    // Never shortened: the same or a shorter break is refused, a longer one (or an exclusion) accepted.
    expect(await takeBreak(m.token, 'cooloff_1d')).toMatchObject({ code: 400, message: MSG.rgBreakNoShorten });
    expect((await takeBreak(m.token, 'cooloff_3d')).code).toBe(200);
    clock.advance(3 * 24 * HOUR - 1000);
    expect((await toVenue(m.token, '10')).code).toBe(BizCode.RESPONSIBLE_LIMIT);
    clock.advance(1000);
    expect((await toVenue(m.token, '10')).code).toBe(200);
    expect((await rg(m.token)).data.break).toBeNull();
    expect(id).toBeGreaterThan(0);
  });

  it('keeps a permanent exclusion for good, refuses a cool-off during it, and still pays out', async () => {
    const { card, ...m } = await kit.memberWithCard('300');
    expect((await takeBreak(m.token, 'exclude_6m')).data.break?.kind).toBe('exclusion');
    expect(await takeBreak(m.token, 'cooloff_42d')).toMatchObject({ code: 400, message: MSG.rgBreakNoShorten });
    expect((await takeBreak(m.token, 'exclude_forever')).data.break).toEqual({ kind: 'exclusion', until: null });
    expect(await takeBreak(m.token, 'exclude_1y')).toMatchObject({ code: 400, message: MSG.rgBreakNoShorten });
    clock.advance(3650 * 24 * HOUR);
    m.token = await login(m.name);
    expect(await recharge(m.token, '100')).toMatchObject({ code: BizCode.RESPONSIBLE_LIMIT, message: MSG.rgExcluded });
    expect(await launch(m.token)).toMatchObject({ code: BizCode.RESPONSIBLE_LIMIT, message: MSG.rgExcluded });
    const out = await call(
      t.app,
      '/api/withdraw',
      { amount: '300', bank: card, password: 'pay123456' },
      { token: m.token },
    );
    expect(out.code).toBe(200);
  });
});

describe('daily loss limit', () => {
  const lose = async (id: number, stake: string, winLoss: string) => {
    await t.database.db.insert(bets).values({
      betId: `rg-${id}-${Math.random().toString(36).slice(2)}`,
      memberId: id,
      venueCode: 'XHZR',
      category: 'realperson',
      betAmount: stake,
      validAmount: stake,
      winLoss,
      status: 1,
      createdAt: clock.now(),
      settledAt: clock.now(),
    });
  };

  it('refuses money into venues and launches once the Beijing day net loss reaches the limit', async () => {
    const m = await creditedMember(t, ops.finance, '100');
    const { id } = m;
    await setLimit(m.token, 'loss_day', '100');
    await lose(id, '150.00', '-150.00');
    await lose(id, '50.00', '50.01'); // net loss 99.99
    expect((await rg(m.token)).data.used.loss_day).toBe('99.99');
    expect((await toVenue(m.token, '10')).code).toBe(200);
    expect((await launch(m.token)).code).toBe(200);
    await lose(id, '0.01', '-0.01'); // exactly 100.00
    expect(await toVenue(m.token, '10')).toMatchObject({
      code: BizCode.RESPONSIBLE_LIMIT,
      message: MSG.rgLossLimitReached,
    });
    expect(await launch(m.token)).toMatchObject({ code: BizCode.RESPONSIBLE_LIMIT, message: MSG.rgLossLimitReached });
    expect((await fromVenue(m.token, '10')).code).toBe(200);
    // The next Beijing day starts afresh.
    const local = new Date(clock.now().getTime() + 8 * HOUR);
    const nextMidnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1) - 8 * HOUR;
    clock.advance(nextMidnight - clock.now().getTime() - 1000);
    expect((await toVenue(m.token, '10')).code).toBe(BizCode.RESPONSIBLE_LIMIT);
    clock.advance(1000);
    expect((await toVenue(m.token, '10')).code).toBe(200);
  });
});

describe('operators', () => {
  it('see a member settings, may tighten but never loosen, and every change is audited', async () => {
    const admin = await operatorToken(t, 'admin');
    const content = await operatorToken(t, 'content');
    const m = await registeredMember(t);
    const { id } = m;
    await setLimit(m.token, 'deposit_week', '1000');

    const seen = await adminCall<RgInfo>(t, content, 'GET', `/admin/api/members/${id}/responsible`);
    expect(seen.data.limits.deposit_week.value).toBe('1000.00');
    expect(
      (
        await adminCall(t, content, 'POST', `/admin/api/members/${id}/responsible`, {
          kind: 'deposit_week',
          value: '1',
        })
      ).code,
    ).toBe(403);

    const tightened = await adminCall<RgInfo>(t, ops.finance, 'POST', `/admin/api/members/${id}/responsible`, {
      kind: 'deposit_week',
      value: '400',
    });
    expect(tightened).toMatchObject({ code: 200, message: MSG.rgSavedNow });
    expect(tightened.data.history[0]).toMatchObject({
      by: 'operator',
      summary: '每周存款限额 1000.00元 → 400.00元，立即生效',
    });
    const loosened = await adminCall(t, ops.finance, 'POST', `/admin/api/members/${id}/responsible`, {
      kind: 'deposit_week',
      value: '500',
    });
    expect(loosened).toMatchObject({ code: 400, message: MSG.rgOperatorLoosenRefused });
    expect(
      (
        await adminCall(t, ops.finance, 'POST', `/admin/api/members/${id}/responsible`, {
          kind: 'deposit_week',
          value: '',
        })
      ).code,
    ).toBe(400);
    expect((await rg(m.token)).data.limits.deposit_week).toEqual({ value: '400.00', pending: null });

    expect(
      (await adminCall(t, ops.finance, 'POST', `/admin/api/members/${id}/responsible/break`, { period: 'cooloff_7d' }))
        .code,
    ).toBe(200);
    expect((await recharge(m.token, '100')).message).toBe(MSG.rgCoolingOff);

    const audit = await adminCall<{ data: Array<{ action: string; target: string }> }>(
      t,
      admin,
      'GET',
      '/admin/api/audit',
      { action: 'member.responsible' },
    );
    expect(audit.code).toBe(200);
    const actions = await t.database.db.query.auditLog.findMany({ where: (a, { eq }) => eq(a.target, `member:${id}`) });
    expect(actions.map((a) => a.action).sort()).toEqual(['member.responsible', 'member.responsible-break']);
  });
});
