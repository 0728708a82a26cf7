import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminCall,
  call,
  injectFault,
  manualClock,
  operatorToken,
  useOperators,
  useTestApp,
} from '../../../test/helper';
import { members } from '../../db/tables/accounts';
import { bets } from '../../db/tables/bets';
import { reconcileTransfers } from './remote-transfers';
import { pullVenueBets } from './venue-bets';
import { useAggregatorVenues, walletKit } from './wallet-test-kit';

// Remote venues reached over real HTTP: the sandbox aggregator runs in this server and is called on loopback like
// any aggregator, with faults injected through its control route.
const clock = manualClock();
// A venue call is in doubt after this long: far longer than any healthy call takes on a busy machine, so only the
// faults below (which hold their answer past it) end in doubt, never an ordinary call that ran slowly.
const TIMEOUT_MS = 2_000;
const HOLD_MS = TIMEOUT_MS + 1_000;

const t = useTestApp({ clock, config: { venueTimeoutMs: TIMEOUT_MS } });
const ops = useOperators(t, ['finance']);

useAggregatorVenues(t, [
  ['AGT', '聚合转账', 'transfer', 'transfer-venue-secret-1'],
  ['AGS', '聚合无缝', 'seamless', 'seamless-venue-secret-1'],
]);

const deps = () => ({ db: t.database.db, clock, venueTimeoutMs: TIMEOUT_MS, outbound: t.config.outbound });

const { member, transfer, balanceOf, transfersOf, ledgerBalanced } = walletKit(t, () => ops.finance);

const venueBalance = async (token: string, code: string) =>
  (await call<Array<{ platname: string; balance: string }>>(t.app, '/api/balancelist', {}, { token })).data.find(
    (v) => v.platname === code,
  )?.balance;
const records = async (token: string) =>
  (
    await call<{ data: Array<{ type: number; amount: string; state: number; pay_way: string }> }>(
      t.app,
      '/api/gettransrecord',
      { date: 1, page: 1 },
      { token },
    )
  ).data.data;

/** The member's venue transfers are in these states, with these balances in the central wallet and at AGT. */
async function expectMoney(m: { id: number; token: string }, states: number[], central: string, atVenue: string) {
  expect((await transfersOf(m.id)).map((x) => x.state)).toEqual(states);
  expect(await balanceOf(m.token)).toBe(central);
  expect(await venueBalance(m.token, 'AGT')).toBe(atVenue);
}

describe('a transfer-wallet venue over HTTP', () => {
  it('moves money in and out; the venue keeps the balance; transfer records show each with its state', async () => {
    const m = await member('100.00');
    expect(await transfer(m.token, { amount: '30.00', sourcetype: 'userbalance', targettype: 'AGT' })).toMatchObject({
      code: 200,
      message: '转账成功',
      data: { balance: '70.00' },
    });
    expect(await venueBalance(m.token, 'AGT')).toBe('30.00');
    clock.advance(1000);
    expect(await transfer(m.token, { amount: '12.50', sourcetype: 'AGT', targettype: 'userbalance' })).toMatchObject({
      code: 200,
      data: { balance: '82.50' },
    });
    expect(await venueBalance(m.token, 'AGT')).toBe('17.50');
    clock.advance(1000);
    // More than the venue holds: refused as more than any wallet holds (docs/wire-rules.md "Wallets and venues"), the venue's balance asked first.
    expect(await transfer(m.token, { amount: '17.51', sourcetype: 'AGT', targettype: 'userbalance' })).toMatchObject({
      code: 210,
      message: '操作金额高于账户余额',
    });
    // A venue that cannot tell the balance is asked for the transfer itself, and refuses it.
    await injectFault(t, { venue: 'AGT', call: 'balance', mode: 'fail' });
    expect(await transfer(m.token, { amount: '17.51', sourcetype: 'AGT', targettype: 'userbalance' })).toMatchObject({
      code: 209,
      message: '场馆未接受本次转账，资金未发生变动',
    });
    expect(await balanceOf(m.token)).toBe('82.50');
    expect((await records(m.token)).map((r) => [r.type, r.amount, r.state])).toEqual([
      [4, '17.51', 0],
      [4, '12.50', 1],
      [3, '30.00', 1],
    ]);
    await ledgerBalanced();
  });

  it('moves a request repeated with one Idempotency-Key once', async () => {
    const m = await member('50.00');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        transfer(m.token, { amount: '10.00', sourcetype: 'userbalance', targettype: 'AGT' }, 'same-key'),
      ),
    );
    for (const a of answers) expect(a.code).toBe(200);
    expect(await balanceOf(m.token)).toBe('40.00');
    expect(await transfersOf(m.id)).toHaveLength(1);
    expect(await venueBalance(m.token, 'AGT')).toBe('10.00');
  });

  it('leaves a transfer in whose answer came too late pending, and reconciliation completes it', async () => {
    const m = await member('60.00');
    await injectFault(t, { venue: 'AGT', call: 'transfer', mode: 'late', hold_ms: HOLD_MS });
    expect(await transfer(m.token, { amount: '25.00', sourcetype: 'userbalance', targettype: 'AGT' })).toMatchObject({
      code: 200,
      message: '转账处理中，请稍后在转账记录中查看结果',
      data: { balance: '35.00' },
    });
    expect((await transfersOf(m.id)).map((x) => x.state)).toEqual([2]);
    expect((await records(m.token))[0]).toMatchObject({ type: 3, amount: '25.00', state: 2 });
    await ledgerBalanced();
    // Not asked about before a minute has passed: the call may still be on its way.
    expect(await reconcileTransfers(deps())).toBe(0);
    clock.advance(61_000);
    expect(await reconcileTransfers(deps())).toBe(1);
    await expectMoney(m, [1], '35.00', '25.00');
    await ledgerBalanced();
  });

  it('refunds a transfer in the venue never received, once it can no longer arrive', async () => {
    const m = await member('40.00');
    await injectFault(t, { venue: 'AGT', call: 'transfer', mode: 'timeout', hold_ms: HOLD_MS });
    expect(await transfer(m.token, { amount: '15.00', sourcetype: 'userbalance', targettype: 'AGT' })).toMatchObject({
      code: 200,
      data: { balance: '25.00' },
    });
    clock.advance(61_000);
    // The venue does not know it yet, but a late request could still reach it: keep waiting.
    expect(await reconcileTransfers(deps())).toBe(0);
    expect((await transfersOf(m.id)).map((x) => x.state)).toEqual([2]);
    clock.advance(6 * 60_000);
    expect(await reconcileTransfers(deps())).toBe(1);
    await expectMoney(m, [0], '40.00', '0.00');
    await ledgerBalanced();
  });

  it('credits a transfer out only when the venue confirms it, never for a failed call', async () => {
    const m = await member('30.00');
    await transfer(m.token, { amount: '30.00', sourcetype: 'userbalance', targettype: 'AGT' });
    await injectFault(t, { venue: 'AGT', call: 'transfer', mode: 'fail' });
    expect(await transfer(m.token, { amount: '10.00', sourcetype: 'AGT', targettype: 'userbalance' })).toMatchObject({
      code: 200,
      data: { balance: '0.00' },
    });
    clock.advance(7 * 60_000);
    expect(await reconcileTransfers(deps())).toBeGreaterThanOrEqual(1);
    await expectMoney(m, [1, 0], '0.00', '30.00');
    // transall brings it all back through the venue.
    expect(await call(t.app, '/api/transall', {}, { token: m.token })).toMatchObject({
      code: 200,
      message: '回收成功',
      data: { balance: '30.00' },
    });
    await ledgerBalanced();
  });

  it('pulls the rounds played at the venue once each, settled on the venue time, counting turnover', async () => {
    const m = await member('80.00');
    await transfer(m.token, { amount: '50.00', sourcetype: 'userbalance', targettype: 'AGT' });
    const launch = await call<{ url: string }>(
      t.app,
      '/api/getGameUrl',
      { plat_name: 'AGT', game_code: 'dice' },
      { token: m.token },
    );
    expect(launch.code).toBe(200);
    const ticket = new URL(launch.data.url).searchParams.get('ticket');
    expect(new URL(launch.data.url).pathname).toBe('/sandbox/aggregator/play');
    let net = 0;
    for (let i = 0; i < 3; i += 1) {
      const round = await fetch(`${t.origin}/sandbox/aggregator/round`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ticket, stake: '5', pick: 'big' }),
      });
      const body = (await round.json()) as { code: number; data: { win_loss: string } };
      expect(body.code).toBe(200);
      net += Math.round(Number(body.data.win_loss) * 100);
    }
    expect(await venueBalance(m.token, 'AGT')).toBe(((5000 + net) / 100).toFixed(2));
    const [before] = await t.database.db
      .select({ turnover: members.turnover })
      .from(members)
      .where(eq(members.id, m.id));
    await pullVenueBets(deps(), 'AGT');
    await pullVenueBets(deps(), 'AGT');
    const stored = await t.database.db.select().from(bets).where(eq(bets.memberId, m.id));
    expect(stored).toHaveLength(3);
    expect(stored.every((b) => b.status === 1 && b.betAmount === '5.00' && b.venueCode === 'AGT')).toBe(true);
    expect(stored.reduce((sum, b) => sum + Math.round(Number(b.winLoss) * 100), 0)).toBe(net);
    const [after] = await t.database.db
      .select({ turnover: members.turnover })
      .from(members)
      .where(eq(members.id, m.id));
    expect(Number(after?.turnover) - Number(before?.turnover)).toBe(15);
  });
});

describe('a seamless venue through the sandbox aggregator', () => {
  it('plays from the central wallet; a callback sent twice is debited once', async () => {
    const m = await member('20.00');
    expect(await transfer(m.token, { amount: '1.00', sourcetype: 'userbalance', targettype: 'AGS' })).toMatchObject({
      code: 209,
      message: '该场馆直接使用中心钱包，无需转账',
    });
    expect(await venueBalance(m.token, 'AGS')).toBeUndefined();
    const launch = await call<{ url: string }>(
      t.app,
      '/api/getGameUrl',
      { plat_name: 'AGS', game_code: 'dice' },
      { token: m.token },
    );
    const ticket = new URL(launch.data.url).searchParams.get('ticket');
    const state = await fetch(`${t.origin}/sandbox/aggregator/state`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ticket }),
    });
    expect(((await state.json()) as { data: { venue_balance: string } }).data.venue_balance).toBe('20.00');

    await injectFault(t, { venue: 'AGS', call: 'callback', mode: 'twice' });
    const round = await fetch(`${t.origin}/sandbox/aggregator/round`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ticket, stake: '4', pick: 'small' }),
    });
    const body = (await round.json()) as { code: number; data: { win_loss: string; venue_balance: string } };
    expect(body.code).toBe(200);
    const expected = (2000 + Math.round(Number(body.data.win_loss) * 100)) / 100;
    expect(await balanceOf(m.token)).toBe(expected.toFixed(2));
    const stored = await t.database.db.select().from(bets).where(eq(bets.memberId, m.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 1, betAmount: '4.00', venueCode: 'AGS' });
    await ledgerBalanced();
  });
});

describe('auto-transfer with remote venues', () => {
  const autoTransferOn = (token: string) => call(t.app, '/api/uptransferstatus', { transferstatus: 1 }, { token });
  const launch = (token: string, venue: string) =>
    call<{ url: string }>(t.app, '/api/getGameUrl', { plat_name: venue, game_code: 'dice' }, { token });

  it('brings a transfer-wallet venue’s money back before a seamless game plays from the central wallet', async () => {
    const m = await member('40.00');
    await transfer(m.token, { amount: '25.00', sourcetype: 'userbalance', targettype: 'AGT' });
    await autoTransferOn(m.token);
    expect((await launch(m.token, 'AGS')).code).toBe(200);
    expect(await balanceOf(m.token)).toBe('40.00');
    expect(await venueBalance(m.token, 'AGT')).toBe('0.00');
    expect((await transfersOf(m.id)).map((x) => [x.direction, x.amount, x.state])).toEqual([
      ['in', '25.00', 1],
      ['out', '25.00', 1],
    ]);
    await ledgerBalanced();
  });

  it('moves a transfer-wallet venue’s money into the demo venue launched, another transfer-wallet venue', async () => {
    const m = await member('30.00');
    await transfer(m.token, { amount: '20.00', sourcetype: 'userbalance', targettype: 'AGT' });
    await autoTransferOn(m.token);
    expect((await launch(m.token, 'XHZR')).code).toBe(200);
    expect(await balanceOf(m.token)).toBe('0.00');
    expect(await venueBalance(m.token, 'AGT')).toBe('0.00');
    expect(await venueBalance(m.token, 'XHZR')).toBe('30.00');
    await ledgerBalanced();
  });

  it('leaves the transfer-wallet venue launched holding its money and adds the central balance to it', async () => {
    const m = await member('30.00');
    await transfer(m.token, { amount: '10.00', sourcetype: 'userbalance', targettype: 'AGT' });
    await autoTransferOn(m.token);
    expect((await launch(m.token, 'AGT')).code).toBe(200);
    expect(await venueBalance(m.token, 'AGT')).toBe('30.00');
    expect((await transfersOf(m.id)).map((x) => [x.direction, x.amount])).toEqual([
      ['in', '10.00'],
      ['in', '20.00'],
    ]);
  });
});

describe('finance follows remote transfers', () => {
  const raw = (token: string, method: 'GET' | 'POST', url: string) =>
    t.app
      .inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
        headers: { authorization: `Bearer ${token}` },
      })
      .then((r) => ({
        status: r.statusCode,
        body: r.json() as { code: number; message: string; data: Record<string, unknown> | null },
      }));
  const pendingOf = async (id: number) => {
    const list = await adminCall<{ data: Array<Record<string, unknown>> }>(
      t,
      ops.finance,
      'GET',
      `/admin/api/venue-transfers?state=2&venue=AGT`,
    );
    return list.data.data.filter((row) => row.member_id === id);
  };

  it('lists a pending transfer and finishes it on an operator’s request as the venue answers, once', async () => {
    const m = await member('50.00');
    await injectFault(t, { venue: 'AGT', call: 'transfer', mode: 'late', hold_ms: HOLD_MS });
    await transfer(m.token, { amount: '20.00', sourcetype: 'userbalance', targettype: 'AGT' });
    const [row] = await pendingOf(m.id);
    expect(row).toMatchObject({
      username: m.name,
      venue_code: 'AGT',
      venue_name: '聚合转账',
      direction: 'in',
      amount: '20.00',
      state: 2,
    });
    // The late answer has reached the venue by now; asking does not wait for the job's minute.
    await new Promise((r) => setTimeout(r, HOLD_MS));
    const url = `/admin/api/venue-transfers/${String(row?.transfer_no)}/reconcile`;
    const first = await raw(ops.finance, 'POST', url);
    expect(first).toMatchObject({
      status: 200,
      body: { code: 200, message: '已按场馆答复完成该转账', data: { state: 1, amount: '20.00' } },
    });
    const again = await raw(ops.finance, 'POST', url);
    expect(again).toMatchObject({ body: { code: 409, message: '该转账已有结果，无需再对账' } });
    expect(await pendingOf(m.id)).toEqual([]);
    expect(await balanceOf(m.token)).toBe('30.00');
    expect(await venueBalance(m.token, 'AGT')).toBe('20.00');
    const audits = await adminCall<{ data: Array<{ action: string; after: string }> }>(
      t,
      await operatorToken(t, 'admin'),
      'GET',
      `/admin/api/audit?target=venue_transfer:${String(row?.transfer_no)}`,
    );
    expect(audits.data.data.map((a) => a.action)).toEqual(['venue_transfer.reconcile']);
    await ledgerBalanced();
  });

  it('keeps a transfer the venue has not seen pending, and lets no content operator ask', async () => {
    const m = await member('50.00');
    await injectFault(t, { venue: 'AGT', call: 'transfer', mode: 'timeout', hold_ms: HOLD_MS });
    await transfer(m.token, { amount: '20.00', sourcetype: 'userbalance', targettype: 'AGT' });
    const [row] = await pendingOf(m.id);
    const url = `/admin/api/venue-transfers/${String(row?.transfer_no)}/reconcile`;
    const content = await operatorToken(t, 'content');
    expect((await raw(content, 'POST', url)).body).toMatchObject({ code: 403, message: '无权进行此操作' });
    expect((await raw(content, 'GET', '/admin/api/venue-transfers')).body).toMatchObject({ code: 403 });
    const asked = await raw(ops.finance, 'POST', url);
    expect(asked).toMatchObject({
      status: 200,
      body: { message: '场馆暂未确认该转账，仍在处理中', data: { state: 2 } },
    });
    expect(await balanceOf(m.token)).toBe('30.00');
    expect((await raw(ops.finance, 'POST', '/admin/api/venue-transfers/VTNOSUCH/reconcile')).body).toMatchObject({
      code: 202,
    });
    expect((await raw(ops.finance, 'POST', '/admin/api/venue-transfers/bad%20no/reconcile')).body).toMatchObject({
      code: 202,
    });
  });
});
