import { BizCode, type IntegrationChange as Change, MSG } from '@h5/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminCall,
  approveChange,
  approveSetting,
  call,
  manualClock,
  memberId,
  pendingSettingChanges,
  registerMember,
  useOperators,
  useTestApp,
} from '../../../test/helper';
import {
  auditLog,
  commissionPlans,
  integrationChanges,
  members,
  payRanges,
  rebates,
  redpacketRules,
  vipLevels,
} from '../../db/schema';
import { fingerprint } from '../backoffice/pending-changes';
import { depositBonusCents } from '../payments/deposits-service';
import { onBetSettled } from '../rebates/rebates-service';
import { readSettings, writeSettings } from '../site/site-service';

// Settings that move money (docs/operators.md "Who may move money", "Caps on money settings"): rebate and VIP rates, the deposit
// bonus, red-packet rules, commission plans and pay-way ranges change only when a second admin approves, and never
// past their caps; a rebate of 100% of stake with even-money bets would be a riskless money pump.

const clock = manualClock(new Date('2026-06-01T04:00:00Z'));
const t = useTestApp({ clock });
const ops = useOperators(t, { maker: 'admin', checker: 'admin', finance: 'finance', content: 'content' });

type Level = Record<string, unknown> & { id: number; level: number; electron: string; pending_change: boolean };

const FORBIDDEN = { code: BizCode.FORBIDDEN, message: MSG.operatorForbidden, data: null };
const pending = (target: string) => pendingSettingChanges(t, target);
const approve = (token: string, id: number) => approveChange(t, token, id);
const levels = async () => (await adminCall<Level[]>(t, ops.finance, 'GET', '/admin/api/vip-levels')).data;
const level = async (n: number) => {
  const found = (await levels()).find((l) => l.level === n);
  if (!found) throw new Error(`no VIP level ${n}`);
  return found;
};
const storedLevel = async (id: number) => (await t.database.db.select().from(vipLevels).where(eq(vipLevels.id, id)))[0];
/** A level as the update takes it: the list's row without its id and flag. */
const body = ({ id: _id, pending_change: _p, ...rest }: Level) => rest;

describe('VIP rebate rates wait for a second admin', () => {
  it('finance alone changes nothing: the rate is proposed, the maker cannot approve, another admin applies exactly it', async () => {
    const one = await level(1);
    expect(one).toMatchObject({ electron: '0.50', sport: '0.50', pending_change: false });
    const put = await adminCall<Level>(t, ops.finance, 'PUT', `/admin/api/vip-levels/${one.id}`, {
      ...body(one),
      name: '青铜',
      electron: '2.50',
    });
    // The name is not money: it changes at once; the rate waits.
    expect(put).toEqual({
      code: 200,
      message: MSG.integrationChangePending,
      data: { ...one, name: '青铜', pending_change: true },
    });
    expect(await storedLevel(one.id)).toMatchObject({ name: '青铜', electron: '0.50', sport: '0.50' });

    const [row] = await pending(`vip-level:${one.id}`);
    expect(row).toMatchObject({ action: 'set', madeBy: expect.stringMatching(/^op_finance_/), state: 1 });
    const before = {
      level: '1',
      recharge: '0.00',
      flow: '0.00',
      retention: '0.00',
      realperson: '0.40',
      sport: '0.50',
      e_sport: '0.50',
      joker: '0.40',
      electron: '0.50',
      lottery: '0.30',
    };
    expect(JSON.parse(row!.before)).toEqual(before);
    expect(JSON.parse(row!.after)).toEqual({ ...before, electron: '2.50' });

    // One change waits per level; finance cannot approve at all; the queue is an admin's.
    expect(
      await adminCall(t, ops.finance, 'PUT', `/admin/api/vip-levels/${one.id}`, { ...body(one), electron: '1.00' }),
    ).toEqual({ code: 409, message: MSG.settingChangeExists, data: null });
    expect(await approve(ops.finance, row!.id)).toEqual(FORBIDDEN);
    expect(await approve(ops.content, row!.id)).toEqual(FORBIDDEN);
    expect(await storedLevel(one.id)).toMatchObject({ electron: '0.50' });

    const applied = await approve(ops.checker, row!.id);
    expect(applied).toMatchObject({
      code: 200,
      message: MSG.integrationChangeApplied,
      data: { state: 2, target: `vip-level:${one.id}`, after: { electron: '2.50' } },
    });
    expect(await level(1)).toEqual({ ...one, name: '青铜', electron: '2.50', pending_change: false });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `setting:vip-level:${one.id}`));
    expect(audit.map((a) => a.action).sort()).toEqual(['integration.approve', 'integration.propose']);

    // Back as it was, the same way.
    expect(
      (await adminCall(t, ops.maker, 'PUT', `/admin/api/vip-levels/${one.id}`, { ...body(one), electron: '0.50' }))
        .message,
    ).toBe(MSG.integrationChangePending);
    expect((await approveSetting(t, ops.checker, `vip-level:${one.id}`)).code).toBe(200);
    expect(await storedLevel(one.id)).toMatchObject({ electron: '0.50' });
  });

  it('a maker never approves their own change (403), and a switch that only closes stays immediate', async () => {
    const two = await level(2);
    const put = await adminCall<Level>(t, ops.maker, 'PUT', `/admin/api/vip-levels/${two.id}`, {
      ...body(two),
      sport: '0.70',
      enabled: 0,
    });
    expect(put).toEqual({
      code: 200,
      message: MSG.integrationChangePending,
      data: { ...two, enabled: 0, pending_change: true },
    });
    const [row] = await pending(`vip-level:${two.id}`);
    expect(await approve(ops.maker, row!.id)).toEqual({
      code: BizCode.FORBIDDEN,
      message: MSG.integrationMakerCannotApprove,
      data: null,
    });
    expect(await storedLevel(two.id)).toMatchObject({ sport: '0.60', enabled: 0 });
    // The maker withdraws it: nothing of the rate ever moved.
    expect(
      (await adminCall(t, ops.maker, 'POST', `/admin/api/integration-changes/${row!.id}/reject`, { note: '写错了' }))
        .message,
    ).toBe(MSG.integrationChangeWithdrawn);
    expect(
      (await adminCall<Level>(t, ops.finance, 'PUT', `/admin/api/vip-levels/${two.id}`, { ...body(two), enabled: 1 }))
        .message,
    ).toBe(MSG.ok);
    expect(await storedLevel(two.id)).toMatchObject({ sport: '0.60', enabled: 1 });
  });

  it('a new level is proposed whole and exists only once approved, exactly as proposed', async () => {
    const eleven = {
      level: 11,
      name: 'VIP11',
      recharge: '50000000',
      flow: '100000000',
      retention: '1000',
      realperson: '1.4',
      sport: '1.5',
      e_sport: '1.5',
      joker: '1.4',
      electron: '1.7',
      lottery: '0.9',
    };
    const made = await adminCall<Change>(t, ops.finance, 'POST', '/admin/api/vip-levels', eleven);
    expect(made).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: { target_kind: 'setting', target: 'vip-level:new', action: 'set', state: 1, before: null },
    });
    // The level as the change and the list answer it: money to the cent, rates to two places.
    const elevenAnswered = {
      name: 'VIP11',
      recharge: '50000000.00',
      flow: '100000000.00',
      retention: '1000.00',
      realperson: '1.40',
      sport: '1.50',
      e_sport: '1.50',
      joker: '1.40',
      electron: '1.70',
      lottery: '0.90',
    };
    expect(made.data.after).toEqual({ level: '11', ...elevenAnswered, enabled: '1' });
    expect((await levels()).map((l) => l.level)).not.toContain(11);
    expect((await approve(ops.checker, made.data.id)).code).toBe(200);
    expect(await level(11)).toMatchObject({ ...elevenAnswered, enabled: 1 });
    // A level number already taken is refused when proposed.
    expect(await adminCall(t, ops.finance, 'POST', '/admin/api/vip-levels', eleven)).toEqual({
      code: 409,
      message: MSG.duplicateRecord,
      data: null,
    });
  });
});

describe('caps on money settings', () => {
  it('refuses a 100% rebate (and anything above 3.00%) with a Chinese 400 when proposed, and proposes 3.00%', async () => {
    const three = await level(3);
    for (const rate of ['100', '3.01']) {
      expect(
        await adminCall(t, ops.finance, 'PUT', `/admin/api/vip-levels/${three.id}`, { ...body(three), electron: rate }),
      ).toEqual({ code: 400, message: MSG.rebatePercentInvalid, data: null });
      expect(
        await adminCall(t, ops.maker, 'POST', '/admin/api/vip-levels', { ...body(three), level: 12, sport: rate }),
      ).toEqual({ code: 400, message: MSG.rebatePercentInvalid, data: null });
    }
    expect(await pending(`vip-level:${three.id}`)).toEqual([]);
    expect(
      (
        await adminCall(t, ops.finance, 'PUT', `/admin/api/vip-levels/${three.id}`, {
          ...body(three),
          electron: '3.00',
        })
      ).message,
    ).toBe(MSG.integrationChangePending);
    const [row] = await pending(`vip-level:${three.id}`);
    expect(await approve(ops.maker, row!.id)).toMatchObject({ code: 200, data: { after: { electron: '3.00' } } });
    expect(await storedLevel(three.id)).toMatchObject({ electron: '3.00' });
  });

  it('refuses a 100% rebate again when approved: a change recorded past the cap stays pending and changes nothing', async () => {
    const four = await level(4);
    const current = {
      level: '4',
      recharge: four.recharge,
      flow: four.flow,
      retention: four.retention,
      realperson: four.realperson,
      sport: four.sport,
      e_sport: four.e_sport,
      joker: four.joker,
      electron: four.electron,
      lottery: four.lottery,
    } as Record<string, string>;
    // As a change made before the caps would sit in the queue.
    const [row] = await t.database.db
      .insert(integrationChanges)
      .values({
        targetKind: 'setting',
        target: `vip-level:${four.id}`,
        action: 'set',
        before: JSON.stringify(current),
        after: JSON.stringify({ ...current, electron: '100.00' }),
        fingerprint: fingerprint(current),
        makerId: (await adminCall<{ id: number }>(t, ops.finance, 'GET', '/admin/api/me')).data.id,
        madeBy: 'legacy',
      })
      .returning();
    expect(await approve(ops.checker, row!.id)).toEqual({ code: 400, message: MSG.rebatePercentInvalid, data: null });
    expect(
      (await t.database.db.select().from(integrationChanges).where(eq(integrationChanges.id, row!.id)))[0],
    ).toMatchObject({ state: 1 });
    expect(await storedLevel(four.id)).toMatchObject({ electron: four.electron });
    await adminCall(t, ops.checker, 'POST', `/admin/api/integration-changes/${row!.id}/reject`, { note: '超过上限' });
  });

  it('pays a rate stored above the cap at the cap: a settled bet of 100.00 at a level written as 100% earns 3.00', async () => {
    const m = await registerMember(t.app);
    const id = await memberId(t, m.name);
    const [top] = await t.database.db
      .insert(vipLevels)
      .values({ level: 50, name: 'legacy', recharge: '99999999', flow: '99999999', electron: '100.00' })
      .returning();
    await t.database.db.update(members).set({ vip: 50 }).where(eq(members.id, id));
    await t.database.db.transaction((tx) =>
      onBetSettled(tx, clock, {
        betId: 'cap-bet-1',
        memberId: id,
        venueCode: 'CAPV',
        category: 'concise',
        validCents: 100_00,
      }),
    );
    const [rebate] = await t.database.db.select().from(rebates).where(eq(rebates.betId, 'cap-bet-1'));
    expect(rebate).toMatchObject({ rate: '3.00', money: '3.00', validAmount: '100.00' });
    await t.database.db.delete(vipLevels).where(eq(vipLevels.id, top!.id));
  });
});

describe('red-packet rules wait for a second admin', () => {
  const rule = { start_time: '10:00', end_time: '12:00', day_flow: '100', flow_money: '5000', recharge: 2, money: '5' };

  it('refuses a rule past its caps with a Chinese 400', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...rule, money: '10.01', recharge: 1 }, MSG.redpacketPercentInvalid],
      [{ ...rule, money: '100' }, MSG.redpacketPercentInvalid],
      [{ ...rule, flow_money: '1000000.01' }, MSG.redpacketBandTooHigh],
      [{ ...rule, recharge: 3, money: '4' }, MSG.redpacketDayPercentInvalid],
      [{ ...rule, recharge: 1001, money: '0' }, MSG.redpacketGrabsInvalid],
    ];
    for (const [input, message] of cases) {
      expect(
        await adminCall(t, ops.finance, 'POST', '/admin/api/redpacket-rules', input),
        JSON.stringify(input),
      ).toEqual({ code: 400, message, data: null });
    }
    expect(await pending('redpacket-rule:new')).toEqual([]);
  });

  it('finance alone creates no rule and moves no band; a second admin applies exactly the proposal; a moved rule is stale', async () => {
    const count = async () => (await t.database.db.select().from(redpacketRules)).length;
    const rules = await count();
    const made = await adminCall<Change>(t, ops.finance, 'POST', '/admin/api/redpacket-rules', rule);
    expect(made).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: { target: 'redpacket-rule:new', state: 1, before: null },
    });
    expect(made.data.after).toEqual({
      start_time: '10:00',
      end_time: '12:00',
      day_flow: '100.00',
      flow_money: '5000.00',
      recharge: '2',
      money: '5.00',
      enabled: '1',
    });
    expect(await count()).toBe(rules);
    expect(await approve(ops.maker, made.data.id)).toMatchObject({ code: 200, data: { state: 2 } });
    const [created] = await t.database.db.select().from(redpacketRules).where(eq(redpacketRules.flowMoney, '5000.00'));
    expect(created).toMatchObject({
      startTime: '10:00',
      endTime: '12:00',
      dayFlow: '100.00',
      flowMoney: '5000.00',
      recharge: 2,
      money: '5.00',
      enabled: 1,
    });

    const put = await adminCall<Record<string, unknown>>(
      t,
      ops.finance,
      'PUT',
      `/admin/api/redpacket-rules/${created!.id}`,
      { ...rule, flow_money: '9000' },
    );
    expect(put).toEqual({
      code: 200,
      message: MSG.integrationChangePending,
      data: {
        id: created!.id,
        start_time: '10:00',
        end_time: '12:00',
        day_flow: '100.00',
        flow_money: '5000.00',
        recharge: 2,
        money: '5.00',
        enabled: 1,
        pending_change: true,
      },
    });
    const [row] = await pending(`redpacket-rule:${created!.id}`);
    expect(JSON.parse(row!.after)).toMatchObject({ flow_money: '9000.00' });
    // The rule moves under the change (written in the database): the approval is refused as stale and stays refused.
    await t.database.db.update(redpacketRules).set({ money: '4.00' }).where(eq(redpacketRules.id, created!.id));
    expect(await approve(ops.checker, row!.id)).toEqual({
      code: BizCode.CONFLICT,
      message: MSG.settingChangeStale,
      data: null,
    });
    expect(
      (await t.database.db.select().from(integrationChanges).where(eq(integrationChanges.id, row!.id)))[0],
    ).toMatchObject({ state: 5 });
    expect(
      (await t.database.db.select().from(redpacketRules).where(eq(redpacketRules.id, created!.id)))[0],
    ).toMatchObject({ flowMoney: '5000.00', money: '4.00' });
    expect((await adminCall(t, ops.finance, 'DELETE', `/admin/api/redpacket-rules/${created!.id}`)).code).toBe(200);
  });
});

describe('commission plans wait for a second admin', () => {
  const plan = {
    name: '测试方案',
    fee_share: '1',
    tiers: [
      { min_net_revenue: '0', min_active: 1, rate: '30' },
      { min_net_revenue: '50000', min_active: 10, rate: '45.5' },
    ],
  };

  it('refuses a tier above 60% of net revenue', async () => {
    const tiers = [{ min_net_revenue: '0', min_active: 1, rate: '60.01' }];
    expect(await adminCall(t, ops.finance, 'POST', '/admin/api/commission-plans', { ...plan, tiers })).toEqual({
      code: 400,
      message: MSG.planTierRateInvalid,
      data: null,
    });
  });

  it('finance alone creates no plan and moves no tier; a second admin applies exactly the proposal', async () => {
    const made = await adminCall<Change>(t, ops.finance, 'POST', '/admin/api/commission-plans', plan);
    expect(made).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: { target: 'commission-plan:new', state: 1 },
    });
    expect(made.data.after).toEqual({ name: '测试方案', fee_share: '1.00', tiers: '0.00/1/30.00; 50000.00/10/45.50' });
    expect(await t.database.db.select().from(commissionPlans).where(eq(commissionPlans.name, '测试方案'))).toEqual([]);
    expect((await approve(ops.checker, made.data.id)).code).toBe(200);
    const [stored] = await t.database.db.select().from(commissionPlans).where(eq(commissionPlans.name, '测试方案'));
    expect(stored).toMatchObject({
      feeShareBp: 100,
      tiers: [
        { minNetCents: 0, minActive: 1, rateBp: 3000 },
        { minNetCents: 5_000_000, minActive: 10, rateBp: 4550 },
      ],
    });

    const put = await adminCall<Record<string, unknown>>(
      t,
      ops.finance,
      'PUT',
      `/admin/api/commission-plans/${stored!.id}`,
      { ...plan, name: '新方案', tiers: [{ min_net_revenue: '0', min_active: 1, rate: '55' }] },
    );
    expect(put).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: { id: stored!.id, name: '新方案', fee_share: '1.00', pending_change: true },
    });
    expect(
      (await t.database.db.select().from(commissionPlans).where(eq(commissionPlans.id, stored!.id)))[0],
    ).toMatchObject({ name: '新方案', tiers: stored!.tiers });
    const [row] = await pending(`commission-plan:${stored!.id}`);
    expect(JSON.parse(row!.before)).toEqual({ fee_share: '1.00', tiers: '0.00/1/30.00; 50000.00/10/45.50' });
    expect(JSON.parse(row!.after)).toEqual({ fee_share: '1.00', tiers: '0.00/1/55.00' });
    expect(await approve(ops.finance, row!.id)).toEqual(FORBIDDEN);
    expect((await approve(ops.maker, row!.id)).code).toBe(200);
    expect(
      (await t.database.db.select().from(commissionPlans).where(eq(commissionPlans.id, stored!.id)))[0],
    ).toMatchObject({
      name: '新方案',
      feeShareBp: 100,
      tiers: [{ minNetCents: 0, minActive: 1, rateBp: 5500 }],
    });
  });
});

describe('pay-way ranges wait for a second admin', () => {
  const wechat = async () => (await t.database.db.select().from(payRanges).where(eq(payRanges.type, 'wechat')))[0];

  it('refuses a range above 1,000,000.00', async () => {
    const ranges = [{ type: 'wechat', min_price: '100', max_price: '1000000.01' }];
    expect(await adminCall(t, ops.finance, 'PUT', '/admin/api/pay-ways/wechat', { ranges })).toEqual({
      code: 400,
      message: MSG.payRangeMaxTooHigh,
      data: null,
    });
  });

  it('finance alone moves no range: members see the old one until a second admin approves exactly the new one', async () => {
    const m = await registerMember(t.app);
    const put = await adminCall(t, ops.finance, 'PUT', '/admin/api/pay-ways/wechat', {
      name: '微信',
      ranges: [{ type: 'wechat', min_price: '50', max_price: '1000000' }],
    });
    expect(put).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: { code: 'wechat', name: '微信' },
    });
    expect(await wechat()).toMatchObject({ minPrice: '100.00', maxPrice: '5000.00' });
    expect((await call(t.app, '/api/getPayRange', { type: 'wechat' }, { token: m.token })).data).toEqual({
      min_price: '100.00',
      max_price: '5000.00',
    });
    const ways = await adminCall<Array<{ code: string; pending_change: boolean }>>(
      t,
      ops.finance,
      'GET',
      '/admin/api/pay-ways',
    );
    expect(ways.data.find((w) => w.code === 'wechat')?.pending_change).toBe(true);
    const [row] = await pending('pay-way:wechat');
    expect(JSON.parse(row!.before)).toEqual({ wechat: '100.00-5000.00' });
    expect(JSON.parse(row!.after)).toEqual({ wechat: '50.00-1000000.00' });
    // The same ranges again propose nothing; the name alone is immediate.
    expect(
      (
        await adminCall(t, ops.finance, 'PUT', '/admin/api/pay-ways/wechat', {
          name: '微信支付',
          ranges: [{ type: 'wechat', min_price: '100', max_price: '5000' }],
        })
      ).message,
    ).toBe(MSG.ok);

    expect(await approve(ops.maker, row!.id)).toMatchObject({ code: 200, data: { state: 2 } });
    expect(await wechat()).toMatchObject({ minPrice: '50.00', maxPrice: '1000000.00' });
    expect((await call(t.app, '/api/getPayRange', { type: 'wechat' }, { token: m.token })).data).toEqual({
      min_price: '50.00',
      max_price: '1000000.00',
    });

    await adminCall(t, ops.finance, 'PUT', '/admin/api/pay-ways/wechat', {
      ranges: [{ type: 'wechat', min_price: '100', max_price: '5000' }],
    });
    expect((await approveSetting(t, ops.checker, 'pay-way:wechat')).code).toBe(200);
    expect(await wechat()).toMatchObject({ minPrice: '100.00', maxPrice: '5000.00' });
  });
});

describe('the deposit bonus waits for a second admin', () => {
  it('an admin alone pays no bonus: other settings save at once, the bonus once another admin approves it', async () => {
    expect(await readSettings(t.database.db, ['deposit_bonus_percent', 'deposit_bonus_max'])).toEqual({
      deposit_bonus_percent: 0,
      deposit_bonus_max: 1888,
    });
    const put = await adminCall<Record<string, unknown>>(t, ops.maker, 'PUT', '/admin/api/settings', {
      title: '星河体育二',
      deposit_bonus_percent: 50,
    });
    expect(put).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: { title: '星河体育二', deposit_bonus_percent: 0, deposit_bonus_max: 1888 },
    });
    expect(await depositBonusCents(t.database.db, 1000_00)).toBe(0);
    const [row] = await pending('deposit-bonus');
    expect(JSON.parse(row!.before)).toEqual({ deposit_bonus_percent: '0.00', deposit_bonus_max: '1888.00' });
    expect(JSON.parse(row!.after)).toEqual({ deposit_bonus_percent: '50.00', deposit_bonus_max: '1888.00' });
    expect(await approve(ops.maker, row!.id)).toEqual({
      code: BizCode.FORBIDDEN,
      message: MSG.integrationMakerCannotApprove,
      data: null,
    });
    expect(await adminCall(t, ops.finance, 'PUT', '/admin/api/settings', { deposit_bonus_percent: 100 })).toEqual(
      FORBIDDEN,
    );

    expect((await approve(ops.checker, row!.id)).code).toBe(200);
    expect(await readSettings(t.database.db, ['deposit_bonus_percent', 'deposit_bonus_max'])).toEqual({
      deposit_bonus_percent: 50,
      deposit_bonus_max: 1888,
    });
    // Half of 1,000.00; half of 10,000.00 is above the cap: 1,888.00.
    expect(await depositBonusCents(t.database.db, 1000_00)).toBe(500_00);
    expect(await depositBonusCents(t.database.db, 10_000_00)).toBe(1888_00);

    // A stale change: the bonus moved (in the database) after it was proposed.
    expect((await adminCall(t, ops.maker, 'PUT', '/admin/api/settings', { deposit_bonus_max: 500 })).message).toBe(
      MSG.integrationChangePending,
    );
    await writeSettings(t.database.db, { deposit_bonus_percent: 10 });
    expect(await approveSetting(t, ops.checker, 'deposit-bonus')).toEqual({
      code: BizCode.CONFLICT,
      message: MSG.settingChangeStale,
      data: null,
    });
    expect(await readSettings(t.database.db, ['deposit_bonus_percent', 'deposit_bonus_max'])).toEqual({
      deposit_bonus_percent: 10,
      deposit_bonus_max: 1888,
    });
    await writeSettings(t.database.db, { deposit_bonus_percent: 0, title: '星河体育' });
  });

  it('refuses a bonus above 100% or a cap above 20,000.00, and pays stored values above the caps at the caps', async () => {
    expect(await adminCall(t, ops.maker, 'PUT', '/admin/api/settings', { deposit_bonus_percent: 100.01 })).toEqual({
      code: 400,
      message: `设置项deposit_bonus_percent的值不正确：${MSG.depositBonusPercentInvalid}`,
      data: null,
    });
    expect(await adminCall(t, ops.maker, 'PUT', '/admin/api/settings', { deposit_bonus_max: '20000.01' })).toEqual({
      code: 400,
      message: `设置项deposit_bonus_max的值不正确：${MSG.depositBonusMaxInvalid}`,
      data: null,
    });
    expect(await pending('deposit-bonus')).toEqual([]);
    await writeSettings(t.database.db, { deposit_bonus_percent: 500, deposit_bonus_max: 1_000_000 });
    try {
      expect(await depositBonusCents(t.database.db, 1000_00)).toBe(1000_00);
      expect(await depositBonusCents(t.database.db, 50_000_00)).toBe(20_000_00);
    } finally {
      await writeSettings(t.database.db, { deposit_bonus_percent: 0, deposit_bonus_max: 1888 });
    }
  });
});
