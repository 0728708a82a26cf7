import { beforeAll, describe, expect, it } from 'vitest';
import { writeSettings } from '../site/site-service';
import { MSG } from '@h5/contract';
import {
  addVenue,
  adminCall,
  approveSetting,
  call,
  play,
  registerMember,
  useOperators,
  useTestApp,
  venuePlayer,
} from '../../../test/helper';

const t = useTestApp();
const ops = useOperators(t, ['finance', 'admin']);

beforeAll(async () => {
  await addVenue(t, 'RCAS', 'realbet');
  await addVenue(t, 'RSPT', 'sport');
  await addVenue(t, 'RSLT', 'concise');
});

interface RebateRow {
  gamename: string;
  money: string;
  created_at: string;
  updated_at: string | null;
  state: number;
}
interface RebateList {
  list: { total: number; data: RebateRow[] };
  jisuan: string;
  nojisuan: string;
}

// The venue's demo game at the sandbox aggregator, over HTTP; settled bets are pulled at once.
const sandbox = (path: 'round' | 'settle', body: Record<string, unknown>) => play(t, path, body);

/** A member with money in a venue and a game ticket there. */
const player = (venue: string, amount = '1000') => venuePlayer(t, ops.finance, venue, amount);

const list = (token: string, body: Record<string, unknown> = {}) =>
  call<RebateList>(t.app, '/api/getfanshui', body, { token });

describe('rebates of settled bets', () => {
  it('writes one row per settled bet at the VIP 1 rate of its category', async () => {
    // VIP 1 (seed): live casino 0.40%, sport 0.50%, slots 0.50%.
    const m = await player('RCAS');
    expect((await sandbox('round', { ticket: m.ticket, stake: '100', pick: 'big' })).code).toBe(200);
    expect((await sandbox('round', { ticket: m.ticket, stake: '33.33', pick: 'small' })).code).toBe(200);
    const rows = await list(m.token);
    expect(rows.code).toBe(200);
    expect(rows.data.list.total).toBe(2);
    expect(rows.data.list.data.map((r) => r.money)).toEqual(['0.13', '0.40']); // 33.33 x 0.4% = 0.133 -> 0.13
    expect(rows.data.list.data[0]).toMatchObject({ gamename: 'RCAS场馆', state: 0, updated_at: null });
    expect(rows.data).toMatchObject({ jisuan: '0.00', nojisuan: '0.53' });
    const user = await call<{ fanshui: string }>(t.app, '/api/user', {}, { token: m.token });
    expect(user.data.fanshui).toBe('0.53');
  });

  it('pays a settled 100.00 bet at 0.8% as 0.80, sport bets at settlement, and filters by venue', async () => {
    const level = await adminCall<Array<Record<string, unknown> & { id: number; level: number }>>(
      t,
      ops.finance,
      'GET',
      '/admin/api/vip-levels',
    );
    const one = level.data.find((l) => l.level === 1);
    expect(one).toBeDefined();
    // A rate waits for a second admin (docs/operators.md "Who may move money"): finance proposes, an admin approves.
    const put = await adminCall(t, ops.finance, 'PUT', `/admin/api/vip-levels/${one?.id}`, {
      ...one,
      electron: '0.80',
    });
    expect(put).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: { electron: '0.50', pending_change: true },
    });
    expect(await approveSetting(t, ops.admin, `vip-level:${one?.id}`)).toMatchObject({
      code: 200,
      message: MSG.integrationChangeApplied,
    });

    const slots = await player('RSLT');
    await sandbox('round', { ticket: slots.ticket, stake: '100', pick: 'big' });
    expect((await list(slots.token)).data.list.data[0]?.money).toBe('0.80');

    const sport = await player('RSPT');
    await sandbox('round', { ticket: sport.ticket, stake: '200', pick: 'home' });
    expect((await list(sport.token)).data.list.total).toBe(0); // unsettled: no rebate yet
    await sandbox('settle', { ticket: sport.ticket });
    const rows = await list(sport.token, { api_type: 'rspt' });
    expect(rows.data.list.data.map((r) => r.money)).toEqual(['1.00']);
    expect((await list(sport.token, { api_type: 'RCAS' })).data.list.total).toBe(0);
    // Settling again finds nothing: still one row.
    await sandbox('settle', { ticket: sport.ticket });
    expect((await list(sport.token)).data.list.total).toBe(1);
  });

  it('skips bets whose valid amount is not above min_fanshui_money', async () => {
    await writeSettings(t.database.db, { min_fanshui_money: 50 });
    const m = await player('RCAS');
    await sandbox('round', { ticket: m.ticket, stake: '50', pick: 'big' });
    await sandbox('round', { ticket: m.ticket, stake: '50.01', pick: 'big' });
    const rows = await list(m.token);
    expect(rows.data.list.total).toBe(1);
    expect(rows.data.list.data[0]?.money).toBe('0.20');
    await writeSettings(t.database.db, { min_fanshui_money: 0 });
  });
});

describe('POST /api/dofanshui', () => {
  it('credits the claimable total once and marks the rows claimed', async () => {
    const m = await player('RCAS');
    for (let i = 0; i < 3; i += 1) await sandbox('round', { ticket: m.ticket, stake: '100', pick: 'big' });
    const before = await call<{ balance: string }>(t.app, '/api/balance', {}, { token: m.token });
    const claim = await call<{ money: string }>(t.app, '/api/dofanshui', {}, { token: m.token });
    expect(claim).toMatchObject({ code: 200, message: '领取成功', data: { money: '1.20' } });
    const after = await call<{ balance: string }>(t.app, '/api/balance', {}, { token: m.token });
    expect(Number(after.data.balance) - Number(before.data.balance)).toBeCloseTo(1.2, 5);
    expect(await call(t.app, '/api/dofanshui', {}, { token: m.token })).toMatchObject({
      code: 202,
      message: '没有可领取的返水',
    });
    const rows = await list(m.token);
    expect(rows.data).toMatchObject({ jisuan: '1.20', nojisuan: '0.00' });
    expect(
      rows.data.list.data.every((r) => r.state === 1 && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(r.updated_at ?? '')),
    ).toBe(true);
    expect((await list(m.token, { type: '0' })).data.list.total).toBe(0);
    expect((await call<{ fanshui: string }>(t.app, '/api/user', {}, { token: m.token })).data.fanshui).toBe('0.00');
  });

  it('pays once when claims race', async () => {
    const m = await player('RCAS');
    await sandbox('round', { ticket: m.ticket, stake: '250', pick: 'big' });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call<{ money: string }>(t.app, '/api/dofanshui', {}, { token: m.token })),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([200, 202, 202, 202]);
    expect((await list(m.token)).data.jisuan).toBe('1.00');
    const check = await adminCall<{ balanced: boolean }>(t, ops.finance, 'GET', '/admin/api/ledger/check');
    expect(check.data.balanced).toBe(true);
  });

  it('answers 202 to a member with no rebates', async () => {
    const m = await registerMember(t.app);
    expect(await call(t.app, '/api/dofanshui', {}, { token: m.token })).toMatchObject({
      code: 202,
      message: '没有可领取的返水',
    });
    expect((await list(m.token)).data).toMatchObject({
      jisuan: '0.00',
      nojisuan: '0.00',
      list: { total: 0, current_page: 1 },
    });
  });
});

describe('the rebate switch (site setting fanshui)', () => {
  it('accrues nothing on bets settled while it is off and pays nothing on a claim; rows kept pay once it is on', async () => {
    const m = await player('RCAS');
    // 100.00 at the VIP 1 live-casino rate 0.40%: 0.40 claimable, accrued while the switch is on.
    await sandbox('round', { ticket: m.ticket, stake: '100', pick: 'big' });
    expect((await list(m.token)).data.nojisuan).toBe('0.40');
    await writeSettings(t.database.db, { fanshui: 0 });
    try {
      await sandbox('round', { ticket: m.ticket, stake: '200', pick: 'big' });
      expect((await list(m.token)).data).toMatchObject({ nojisuan: '0.40', list: { total: 1 } });
      const before = (await call<{ balance: string }>(t.app, '/api/balance', {}, { token: m.token })).data.balance;
      expect(await call(t.app, '/api/dofanshui', {}, { token: m.token })).toEqual({
        code: 403,
        message: '返水活动已关闭，暂不能领取',
        data: null,
      });
      expect((await call<{ balance: string }>(t.app, '/api/balance', {}, { token: m.token })).data.balance).toBe(
        before,
      );
      expect((await list(m.token)).data).toMatchObject({ jisuan: '0.00', nojisuan: '0.40' });
    } finally {
      await writeSettings(t.database.db, { fanshui: 1 });
    }
    expect(await call(t.app, '/api/dofanshui', {}, { token: m.token })).toMatchObject({
      code: 200,
      data: { money: '0.40' },
    });
  });
});
