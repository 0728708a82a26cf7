import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/tables/accounts';
import {
  addVenue,
  adminCall,
  call,
  manualClock,
  operatorToken,
  registeredMember,
  settledRound,
  useOperators,
  useTestApp,
} from '../../../test/helper';
import { recomputeVip } from './vip-service';

// 2026-06-01 12:00 Beijing.
const clock = manualClock(new Date('2026-06-01T04:00:00Z'));
const DAY = 86_400_000;

const t = useTestApp({ clock });
const ops = useOperators(t, ['finance']);

beforeAll(async () => {
  await addVenue(t, 'VCAS', 'realbet');
});

const vipOf = async (token: string) =>
  (await call<{ vip: number; current_vip: string }>(t.app, '/api/user', {}, { token })).data;

async function setProgress(id: number, paysum: string, turnover: string) {
  await t.database.db.update(members).set({ paysum, turnover }).where(eq(members.id, id));
}

const bet = (token: string, name: string, stake: string) =>
  settledRound(t, ops.finance, { name, token }, 'VCAS', stake);

describe('VIP levels', () => {
  it('rises one level a day after settled bets, never skipping, up to what deposits and turnover allow', async () => {
    const m = await registeredMember(t);
    const { id } = m;
    expect(await vipOf(m.token)).toMatchObject({ vip: 1, current_vip: 'VIP1' });
    // Enough for VIP 4 (recharge 20000, flow 100000) but not VIP 5.
    await setProgress(id, '20000.00', '99990.00');
    await bet(m.token, m.name, '10');
    expect((await vipOf(m.token)).vip).toBe(2);
    await bet(m.token, m.name, '10');
    expect((await vipOf(m.token)).vip).toBe(2); // one rise per Beijing day

    clock.advance(DAY);
    ops.finance = await operatorToken(t, 'finance');
    await bet(m.token, m.name, '10');
    expect((await vipOf(m.token)).vip).toBe(3);
    clock.advance(DAY);
    ops.finance = await operatorToken(t, 'finance');
    await bet(m.token, m.name, '10');
    expect((await vipOf(m.token)).vip).toBe(4);
    clock.advance(DAY);
    ops.finance = await operatorToken(t, 'finance');
    await bet(m.token, m.name, '10');
    expect((await vipOf(m.token)).vip).toBe(4); // VIP 5 needs 50000 deposited
  });

  it('rises at the Beijing midnight, not the UTC one, and uses the new rate for later bets', async () => {
    // 2026-06-04 23:30 Beijing = 15:30 UTC.
    clock.advance(new Date('2026-06-04T15:30:00Z').getTime() - clock.now().getTime());
    ops.finance = await operatorToken(t, 'finance');
    const m = await registeredMember(t);
    const { id } = m;
    await setProgress(id, '5000.00', '30000.00');
    await bet(m.token, m.name, '100'); // rebate at VIP 1 (0.40%), then the rise to VIP 2
    expect((await vipOf(m.token)).vip).toBe(2);
    clock.advance(20 * 60_000); // 23:50 Beijing, same day
    await bet(m.token, m.name, '100'); // VIP 2: 0.50%
    expect((await vipOf(m.token)).vip).toBe(2);
    clock.advance(20 * 60_000); // 00:10 Beijing, the next day (still 16:10 UTC on the same UTC day)
    await bet(m.token, m.name, '100');
    expect((await vipOf(m.token)).vip).toBe(3);
    const rows = await call<{ list: { data: Array<{ money: string }> } }>(
      t.app,
      '/api/getfanshui',
      {},
      { token: m.token },
    );
    expect(rows.data.list.data.map((r) => r.money)).toEqual(['0.50', '0.50', '0.40']);
  });

  it('is recomputed for deposits through recomputeVip, skipping disabled levels and never falling', async () => {
    const m = await registeredMember(t);
    const { id } = m;
    const levels = await adminCall<Array<Record<string, unknown> & { id: number; level: number }>>(
      t,
      ops.finance,
      'GET',
      '/admin/api/vip-levels',
    );
    const two = levels.data.find((l) => l.level === 2);
    await adminCall(t, ops.finance, 'PUT', `/admin/api/vip-levels/${two?.id}`, { ...two, enabled: 0 });
    await setProgress(id, '5000.00', '25000.00');
    expect(await t.database.db.transaction((tx) => recomputeVip(tx, clock, id))).toBe(3);
    expect(await t.database.db.transaction((tx) => recomputeVip(tx, clock, id))).toBe(3);
    await setProgress(id, '0.00', '0.00');
    clock.advance(DAY);
    ops.finance = await operatorToken(t, 'finance');
    expect(await t.database.db.transaction((tx) => recomputeVip(tx, clock, id))).toBe(3);
    await adminCall(t, ops.finance, 'PUT', `/admin/api/vip-levels/${two?.id}`, { ...two, enabled: 1 });
    const uservip = await call<unknown[]>(t.app, '/api/uservip');
    expect(uservip.data).toHaveLength(10);
  });

  it('keeps VIP level numbers unique in the back office', async () => {
    ops.finance = await operatorToken(t, 'finance');
    const levels = await adminCall<Array<Record<string, unknown> & { level: number }>>(
      t,
      ops.finance,
      'GET',
      '/admin/api/vip-levels',
    );
    const one = levels.data.find((l) => l.level === 1);
    expect(await adminCall(t, ops.finance, 'POST', '/admin/api/vip-levels', { ...one })).toMatchObject({
      code: 409,
      message: '该记录已存在',
    });
    expect(
      (await adminCall(t, ops.finance, 'POST', '/admin/api/vip-levels', { ...one, level: 11, realperson: '101' })).code,
    ).toBe(400);
  });

  it('refuses a bad level number, name or rebate with a Chinese message of its own', async () => {
    const levels = await adminCall<Array<Record<string, unknown> & { level: number }>>(
      t,
      ops.finance,
      'GET',
      '/admin/api/vip-levels',
    );
    const { id: _id, ...one } = levels.data.find((l) => l.level === 1) ?? { id: 0 };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...one, level: 0 }, '等级须为1-99的整数'],
      [{ ...one, level: 100 }, '等级须为1-99的整数'],
      [{ ...one, level: '1.5' }, '等级须为1-99的整数'],
      [{ ...one, level: undefined }, '等级须为1-99的整数'],
      [{ ...one, level: 12, name: '名'.repeat(17) }, '输入内容过长'],
      [{ ...one, level: 12, sport: '100.01' }, '返水比例须在0-3%之间（有效投注的百分比）'],
      [{ ...one, level: 12, sport: '3.01' }, '返水比例须在0-3%之间（有效投注的百分比）'],
      [{ ...one, level: 12, sport: '-1' }, '请输入正确的金额'],
    ];
    for (const [body, message] of cases) {
      expect(await adminCall(t, ops.finance, 'POST', '/admin/api/vip-levels', body), JSON.stringify(body)).toEqual({
        code: 400,
        message,
        data: null,
      });
    }
  });
});
