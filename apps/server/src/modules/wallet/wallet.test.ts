import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addVenue,
  adminCall,
  call,
  creditedMember,
  registerMember,
  transferIn,
  useOperators,
  useTestApp,
} from '../../../test/helper';

const t = useTestApp();
const ops = useOperators(t, ['finance']);

beforeAll(async () => {
  await addVenue(t, 'WCAS', 'realbet');
  await addVenue(t, 'WSLT', 'concise');
  await addVenue(t, 'WOFF', 'sport', 0);
});

const venueBalance = async (token: string, code: string) => {
  const list = await call<{ name: string; platname: string; balance: string }[]>(
    t.app,
    '/api/balancelist',
    {},
    { token },
  );
  return list.data.find((v) => v.platname === code)?.balance;
};

describe('POST /api/transfer', () => {
  it('answers the transfer rules with their codes and messages, moving nothing', async () => {
    const m = await creditedMember(t, ops.finance, '50.00');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ sourcetype: 'userbalance', targettype: 'WCAS' }, 400, '请输入操作金额！'],
      [{ amount: '-5', sourcetype: 'userbalance', targettype: 'WCAS' }, 400, '请输入操作金额！'],
      [{ amount: '1.234', sourcetype: 'userbalance', targettype: 'WCAS' }, 400, '请输入操作金额！'],
      [{ amount: '10', sourcetype: 'WCAS', targettype: 'WCAS' }, 209, '转出和转入钱包不能相同'],
      [{ amount: '10', sourcetype: 'WCAS', targettype: 'WSLT' }, 209, '场馆之间禁止互转'],
      [{ amount: '10', sourcetype: 'userbalance', targettype: 'NOPE' }, 209, '该场馆暂未开放'],
      [{ amount: '10', sourcetype: 'userbalance', targettype: 'WOFF' }, 209, '该场馆暂未开放'],
      [{ amount: '50.01', sourcetype: 'userbalance', targettype: 'WCAS' }, 210, '操作金额高于账户余额'],
      [{ amount: '1', sourcetype: 'WCAS', targettype: 'userbalance' }, 210, '操作金额高于账户余额'],
    ];
    for (const [body, code, message] of cases) {
      expect(await call(t.app, '/api/transfer', body, { token: m.token }), JSON.stringify(body)).toEqual({
        code,
        message,
        data: null,
      });
    }
    expect((await call<{ balance: string }>(t.app, '/api/balance', {}, { token: m.token })).data.balance).toBe('50.00');
  });

  it('moves money into a venue and back, answering the new central balance', async () => {
    const m = await creditedMember(t, ops.finance, '500');
    const into = await call<{ balance: string }>(
      t.app,
      '/api/transfer',
      { amount: 100, sourcetype: 'userbalance', targettype: 'wcas' },
      { token: m.token },
    );
    expect(into).toEqual({ code: 200, message: '转账成功', data: { balance: '400.00' } });
    expect(await venueBalance(m.token, 'WCAS')).toBe('100.00');
    const user = await call<{ balance: string; gameblance: string }>(t.app, '/api/user', {}, { token: m.token });
    expect(user.data).toMatchObject({ balance: '400.00', gameblance: '100.00' });

    const out = await call<{ balance: string }>(
      t.app,
      '/api/transfer',
      { amount: '30.50', sourcetype: 'WCAS', targettype: 'userbalance' },
      { token: m.token },
    );
    expect(out.data.balance).toBe('430.50');
    expect(await venueBalance(m.token, 'WCAS')).toBe('69.50');
  });

  it('moves money once for a request repeated with the same Idempotency-Key', async () => {
    const m = await creditedMember(t, ops.finance, '100');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/transfer',
        payload: { amount: '40', sourcetype: 'userbalance', targettype: 'WCAS' },
        headers: { authorization: `Bearer ${m.token}`, 'idempotency-key': 'tap-0123456789' },
      });
    await Promise.all([send(), send(), send()]);
    expect(await venueBalance(m.token, 'WCAS')).toBe('40.00');
    expect((await call<{ balance: string }>(t.app, '/api/balance', {}, { token: m.token })).data.balance).toBe('60.00');
  });
});

describe('POST /api/transall and /api/balancelist', () => {
  it('lists every enabled venue with 0.00 before use', async () => {
    const m = await registerMember(t.app);
    const list = await call<{ name: string; platname: string; balance: string }[]>(
      t.app,
      '/api/balancelist',
      {},
      { token: m.token },
    );
    const ours = list.data.filter((v) => v.platname.startsWith('W'));
    expect(ours).toEqual([
      { name: 'WCAS场馆', platname: 'WCAS', balance: '0.00' },
      { name: 'WSLT场馆', platname: 'WSLT', balance: '0.00' },
    ]);
  });

  it('recycles every venue holding at least 1.00 and says when there was nothing', async () => {
    const m = await creditedMember(t, ops.finance, '300');
    await transferIn(t, m.token, 'WCAS', '120');
    await transferIn(t, m.token, 'WSLT', '0.50');
    expect(await call(t.app, '/api/transall', {}, { token: m.token })).toEqual({
      code: 200,
      message: '回收成功',
      data: { balance: '299.50' },
    });
    expect(await venueBalance(m.token, 'WCAS')).toBe('0.00');
    expect(await venueBalance(m.token, 'WSLT')).toBe('0.50');
    expect((await call(t.app, '/api/transall', {}, { token: m.token })).message).toBe('没有可回收的金额');
  });
});

describe('auto-transfer and game launch', () => {
  it('stores only 0 or 1 with 设置成功', async () => {
    const m = await registerMember(t.app);
    expect(await call(t.app, '/api/uptransferstatus', { transferstatus: 1 }, { token: m.token })).toEqual({
      code: 200,
      message: '设置成功',
      data: { transferstatus: 1 },
    });
    expect((await call(t.app, '/api/uptransferstatus', { transferstatus: 2 }, { token: m.token })).code).toBe(400);
    const user = await call<{ transferstatus: number }>(t.app, '/api/user', {}, { token: m.token });
    expect(user.data.transferstatus).toBe(1);
  });

  it('launches a demo game at the sandbox aggregator; with auto-transfer on it recycles other venues and moves the whole balance in', async () => {
    const m = await creditedMember(t, ops.finance, '200');
    await transferIn(t, m.token, 'WSLT', '50');

    const manual = await call<{ url: string; venue_name: string }>(
      t.app,
      '/api/getGameUrl',
      { plat_name: 'WCAS', game_code: 'baccarat' },
      { token: m.token },
    );
    expect(manual.code).toBe(200);
    expect(manual.data.url).toMatch(/\/sandbox\/aggregator\/play\?ticket=[A-Za-z0-9_-]{32}$/);
    expect(manual.data.venue_name).toBe('WCAS场馆');
    expect(await venueBalance(m.token, 'WCAS')).toBe('0.00');

    await call(t.app, '/api/uptransferstatus', { transferstatus: 1 }, { token: m.token });
    await call(t.app, '/api/getGameUrl', { plat_name: 'WCAS', game_code: 'baccarat' }, { token: m.token });
    expect(await venueBalance(m.token, 'WCAS')).toBe('200.00');
    expect(await venueBalance(m.token, 'WSLT')).toBe('0.00');
    expect((await call<{ balance: string }>(t.app, '/api/balance', {}, { token: m.token })).data.balance).toBe('0.00');
  });

  it('refuses an unknown or disabled venue', async () => {
    const m = await registerMember(t.app);
    for (const plat_name of ['NOPE', 'WOFF']) {
      expect(await call(t.app, '/api/getGameUrl', { plat_name }, { token: m.token })).toEqual({
        code: 209,
        message: '该场馆暂未开放',
        data: null,
      });
    }
  });
});

describe('the ledger after all of the above', () => {
  it('is balanced: every account equals its entries and the sum is zero', async () => {
    const answer = await adminCall<{ balanced: boolean; total: string; mismatched: unknown[] }>(
      t,
      ops.finance,
      'GET',
      '/admin/api/ledger/check',
    );
    expect(answer.data).toMatchObject({ balanced: true, total: '0.00', mismatched: [] });
  });

  it('is sealed: every movement above, its transfers through the venue-transfer functions and the other money paths, verifies', async () => {
    const answer = await adminCall<{ seal: { state: string; problems: number; verified: number } }>(
      t,
      ops.finance,
      'GET',
      '/admin/api/ledger/check',
    );
    expect(answer.data.seal).toMatchObject({ state: 'sealed', problems: 0 });
    const counted = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind LIKE '%transfer%'`,
    );
    const transfers = (counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    expect(transfers).toBeGreaterThan(0);
    expect(answer.data.seal.verified).toBeGreaterThanOrEqual(transfers);
  });
});
