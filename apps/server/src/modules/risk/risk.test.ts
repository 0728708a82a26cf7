import { MSG, type RiskFlagRow } from '@h5/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminCall,
  call,
  manualClock,
  memberId,
  operatorToken,
  registerFrom as registerMemberFrom,
  registerMember,
} from '../../../test/helper';
import { formatBeijing } from '../../lib/time';
import { bets } from '../../db/tables/bets';
import { memberCards } from '../../db/tables/payments';
import { usePaymentsApp } from '../payments/payments-test-kit';
import { writeSettings } from '../site/site-service';

const clock = manualClock();
const HOUR = 3_600_000;

// The suite moves the clock by hours and days: each test signs its operators in afresh.
const { t, ops, kit } = usePaymentsApp({ clock }, ['finance', 'admin'], { each: true });

/** A settled even bet of `amount` at XHZR, all of it valid, written at the clock's time as the bet pull would. */
const settledBet = (memberId: number, amount: string) =>
  t.database.db.insert(bets).values({
    betId: `risk-${memberId}-1`,
    memberId,
    venueCode: 'XHZR',
    category: 'realperson',
    betAmount: amount,
    validAmount: amount,
    winLoss: '0',
    status: 1,
    createdAt: clock.now(),
    settledAt: clock.now(),
  });

interface Page {
  data: RiskFlagRow[];
  total: number;
}
const flags = async (state: 'open' | 'all' = 'open') =>
  (await adminCall<Page>(t, ops.finance, 'GET', `/admin/api/risk-flags?state=${state}&pagesize=50`)).data.data;
const flagOf = async (kind: string, subjectHas: string) =>
  (await flags('all')).filter((f) => f.kind === kind && f.subject.includes(subjectHas));

let browsers = 0;
/** Registers the way a browser does (registerFrom), each browser with a User-Agent of its own unless given. */
function registerFrom(ip: string, ua?: string) {
  browsers += 1;
  return registerMemberFrom(t.app, ip, ua ?? `Mozilla/5.0 (RiskTest browser ${browsers})`);
}

describe('registrations from one IP or one device', () => {
  it('flags the third member from one IP within 24 hours, and later ones join the same flag', async () => {
    const ip = '10.77.0.1';
    const a = await registerFrom(ip);
    const b = await registerFrom(ip);
    expect(await flagOf('same_ip', ip)).toEqual([]);
    const c = await registerFrom(ip);
    const [flag] = await flagOf('same_ip', ip);
    expect(flag).toMatchObject({ subject: ip, state: 0, detail: '24小时内同一IP注册3个账号' });
    expect(flag?.members.map((m) => [m.evidence, m.linked_at])).toEqual(
      Array(3).fill([`注册IP ${ip}`, formatBeijing(clock.now())]),
    );
    expect(flag?.members.map((m) => m.username)).toEqual([a.name, b.name, c.name]);
    const d = await registerFrom(ip);
    const again = await flagOf('same_ip', ip);
    expect(again).toHaveLength(1);
    expect(again[0]?.members.map((m) => m.username)).toEqual([a.name, b.name, c.name, d.name]);
  });

  it('does not count registrations more than 24 hours apart', async () => {
    const ip = '10.77.0.2';
    await registerFrom(ip);
    await registerFrom(ip);
    clock.advance(24 * HOUR + 1000);
    ops.finance = await operatorToken(t, 'finance');
    await registerFrom(ip);
    expect(await flagOf('same_ip', ip)).toEqual([]);
  });

  it('flags one User-Agent registering three members from different addresses, never an empty one', async () => {
    const ua = 'Mozilla/5.0 (Linux; Android 13; RiskTest-A1) Mobile';
    for (const ip of ['10.78.0.1', '10.78.0.2', '10.78.0.3']) await registerFrom(ip, ua);
    const [flag] = await flagOf('same_device', 'RiskTest-A1');
    expect(flag?.members).toHaveLength(3);
    expect(flag?.members.map((m) => [m.evidence, m.linked_at])).toEqual(
      Array(3).fill([`注册设备 ${ua}`, formatBeijing(clock.now())]),
    );
    expect(flag?.detail).toBe('24小时内同一设备注册3个账号');
    for (const ip of ['10.79.0.1', '10.79.0.2', '10.79.0.3']) await registerFrom(ip, '');
    expect((await flags('all')).filter((f) => f.kind === 'same_device' && f.subject === '')).toEqual([]);
  });
});

describe('one card bound by several members', () => {
  it('flags a bank card or USDT address bound by a second member, showing it masked', async () => {
    const a = await registerMember(t.app);
    const b = await registerMember(t.app);
    await kit.bindBank(a.token, '6222020200998877665');
    expect(await flagOf('shared_card', '7665')).toEqual([]);
    await kit.bindBank(b.token, '6222020200998877665');
    const [flag] = await flagOf('shared_card', '7665');
    expect(flag).toMatchObject({ subject: '6222****7665', detail: '6222****7665 被2个会员绑定' });
    // Each member's own evidence: the number they bound, and when (who came first tells the owner from the copier).
    const boundAt = async (name: string) => {
      const id = await memberId(t, name);
      const [card] = await t.database.db.select().from(memberCards).where(eq(memberCards.memberId, id));
      return { id, at: formatBeijing(card!.createdAt) };
    };
    const [boundA, boundB] = [await boundAt(a.name), await boundAt(b.name)];
    expect(flag?.members).toEqual([
      { id: boundA.id, username: a.name, state: 1, evidence: '绑定招商银行 6222****7665', linked_at: boundA.at },
      { id: boundB.id, username: b.name, state: 1, evidence: '绑定招商银行 6222****7665', linked_at: boundB.at },
    ]);
  });
});

describe('claims and withdrawals', () => {
  it('flags a promotion claim by a flagged member, not by others', async () => {
    const list = await call<{ data: Array<{ id: number }> }>(t.app, '/api/activitylist', {});
    const promotion = list.data.data[0]?.id;
    const clean = await registerFrom('10.77.1.9');
    expect((await call(t.app, '/api/doactivityapply', { activityid: promotion }, { token: clean.token })).code).toBe(
      200,
    );
    const cleanId = await memberId(t, clean.name);
    expect(await flagOf('flagged_claim', `member:${cleanId}`)).toEqual([]);

    const ip = '10.77.1.1';
    await registerFrom(ip);
    await registerFrom(ip);
    const flagged = await registerFrom(ip);
    expect((await call(t.app, '/api/doactivityapply', { activityid: promotion }, { token: flagged.token })).code).toBe(
      200,
    );
    const [claim] = await flagOf('flagged_claim', `member:${await memberId(t, flagged.name)}`);
    expect(claim?.detail).toBe(`风险会员申请优惠活动#${promotion}`);
  });

  it('flags a withdrawal within 24 hours of a bonus with valid play below three times the bonus', async () => {
    await writeSettings(t.database.db, { deposit_bonus_percent: 10, turnover_multiple: 0 });
    try {
      const quick = await registerMember(t.app);
      await kit.deposit(quick.token, '1000'); // bonus 100.00
      const card = await kit.bindBank(quick.token);
      const id = await memberId(t, quick.name);
      await settledBet(id, '299.99');
      const out = await kit.withdraw(quick.token, card, '500');
      expect(out.code).toBe(200);
      const [flag] = await flagOf('quick_withdrawal', `member:${id}`);
      expect(flag?.detail).toMatch(/^提现\S+ 500\.00元：24小时内领取奖金100\.00元，其后有效投注仅299\.99元$/);

      const player = await registerMember(t.app);
      await kit.deposit(player.token, '1000');
      const card2 = await kit.bindBank(player.token, '6222020200112233999');
      const pid = await memberId(t, player.name);
      await settledBet(pid, '300.00');
      expect((await kit.withdraw(player.token, card2, '500')).code).toBe(200);
      expect(await flagOf('quick_withdrawal', `member:${pid}`)).toEqual([]);
    } finally {
      await writeSettings(t.database.db, { deposit_bonus_percent: 0, turnover_multiple: 1 });
    }
  });
});

describe('the 风控 desk', () => {
  it('lets finance clear a flag once; an admin freezes one member at a time and the others stay as they are', async () => {
    const content = await operatorToken(t, 'content');
    expect((await adminCall(t, content, 'GET', '/admin/api/risk-flags')).code).toBe(403);

    const ip = '10.77.2.1';
    const linked = [await registerFrom(ip), await registerFrom(ip), await registerFrom(ip)];
    const [flag] = await flagOf('same_ip', ip);
    if (!flag) throw new Error('no flag');
    const [first, second, third] = await Promise.all(linked.map((m) => memberId(t, m.name)));
    const stranger = await registerFrom('10.77.2.9');
    const strangerId = await memberId(t, stranger.name);

    const freeze = (token: string, member: number, flagId = flag.id) =>
      adminCall<RiskFlagRow>(t, token, 'POST', `/admin/api/risk-flags/${flagId}/members/${member}/freeze`, {
        note: '批量注册',
      });
    expect((await freeze(ops.finance, second!)).code).toBe(403);
    expect(await freeze(ops.admin, strangerId)).toMatchObject({
      code: 202,
      message: MSG.riskMemberNotLinked,
      data: null,
    });
    expect(await freeze(ops.admin, second!, 999999)).toMatchObject({ code: 202, message: MSG.notFound });
    const frozen = await freeze(ops.admin, second!);
    expect(frozen).toMatchObject({ code: 200, message: '已冻结该会员', data: { id: flag.id, state: 0 } });
    expect(frozen.data.members.map((m) => [m.id, m.state])).toEqual([
      [first, 1],
      [second, 0],
      [third, 1],
    ]);
    expect((await call(t.app, '/api/user', {}, { token: linked[1]!.token })).code).toBe(401);
    for (const m of [linked[0]!, linked[2]!, stranger])
      expect((await call(t.app, '/api/user', {}, { token: m.token })).code).toBe(200);
    expect(await freeze(ops.admin, second!)).toMatchObject({ code: 409, message: '该会员已停用' });
    // The flag stays open for the others to be judged on their own evidence.
    expect((await flags('open')).find((f) => f.id === flag.id)?.members.map((m) => m.state)).toEqual([1, 0, 1]);

    const cleared = await adminCall<RiskFlagRow>(t, ops.finance, 'POST', `/admin/api/risk-flags/${flag.id}/clear`, {
      note: '其余为同一网吧',
    });
    expect(cleared).toMatchObject({ code: 200, message: MSG.riskCleared, data: { state: 1 } });
    expect(cleared.data.members.map((m) => m.state)).toEqual([1, 0, 1]);
    expect(await adminCall(t, ops.finance, 'POST', `/admin/api/risk-flags/${flag.id}/clear`, {})).toMatchObject({
      code: 409,
      message: MSG.riskFlagHandled,
    });
    expect(await freeze(ops.admin, first!)).toMatchObject({ code: 409, message: MSG.riskFlagHandled });
    expect((await adminCall(t, ops.finance, 'POST', '/admin/api/risk-flags/999999/clear', {})).code).toBe(202);
    expect((await call(t.app, '/api/user', {}, { token: linked[0]!.token })).code).toBe(200);

    const audit = await t.database.db.query.auditLog.findMany({
      where: (a, { like, or }) => or(like(a.target, `risk-flag:${flag.id}`), like(a.target, 'member:%')),
    });
    expect(
      audit
        .filter(
          (a) =>
            a.target === `risk-flag:${flag.id}` || a.target === `member:${second}` || a.target === `member:${first}`,
        )
        .map((a) => `${a.action} ${a.target}`)
        .sort(),
    ).toEqual(
      [
        `member.state member:${second}`,
        `risk.clear risk-flag:${flag.id}`,
        `risk.freeze-member risk-flag:${flag.id}`,
      ].sort(),
    );
    // A new registration from a cleared address opens a new flag instead of reviving the handled one.
    await registerFrom(ip);
    const byIp = await flagOf('same_ip', ip);
    expect(byIp.map((f) => f.state).sort()).toEqual([0, 1]);
  });
});

describe('red-packet claims', () => {
  // Last in this file: it moves the clock to the next Beijing day, deposits before 10:00 (the deposits a red packet
  // counts) and grabs in the 10:00 window.
  it('flags a red packet grabbed by a flagged member, not one grabbed by others', async () => {
    const now = clock.now().getTime();
    const nineNextDay = Date.UTC(
      new Date(now).getUTCFullYear(),
      new Date(now).getUTCMonth(),
      new Date(now).getUTCDate() + 1,
      1,
      0,
      0,
    );
    clock.advance(nineNextDay - now);
    ops.finance = await operatorToken(t, 'finance'); // an operator session lasts 12 hours at most
    const ip = '10.88.1.1';
    await registerFrom(ip);
    await registerFrom(ip);
    const flagged = await registerFrom(ip);
    const clean = await registerFrom('10.88.2.1');
    for (const m of [flagged, clean]) await kit.deposit(m.token, '1000');
    clock.advance(HOUR);

    const grabbed = await call<{ redpacketmoney: string }>(t.app, '/api/douserredpacket', {}, { token: flagged.token });
    expect(grabbed.code).toBe(200);
    const [claim] = await flagOf('flagged_claim', `member:${await memberId(t, flagged.name)}`);
    expect(claim?.detail).toBe(`风险会员领取红包${grabbed.data.redpacketmoney}元`);

    expect((await call(t.app, '/api/douserredpacket', {}, { token: clean.token })).code).toBe(200);
    expect(await flagOf('flagged_claim', `member:${await memberId(t, clean.name)}`)).toEqual([]);
  });
});
