import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVenue, adminCall, injectFault, manualClock, useOperators, useTestApp } from '../../../test/helper';
import { listen, type Listener } from '../../../test/listeners';
import { hmacHex } from '../../lib/hmac';
import { allowLoopbackPort } from '../../lib/outbound';
import {
  sandboxAggregatorPlayers,
  sandboxAggregatorTransfers,
} from '../../sandbox/aggregator/sandbox-aggregator-tables';
import { venues } from '../../db/tables/venues';
import { accountCode, balanceOf } from '../ledger/ledger-service';
import { reconcileTransfers } from './remote-transfers';
import { walletKit } from './wallet-test-kit';

// A venue's signed answer moves money only when it is bound to the request it answers: our transfer number, the
// amount and a fresh timestamp. The scripted venue below signs with the venue's real secret, as a captured answer
// replayed by someone on the network path would be.
const clock = manualClock();
const TIMEOUT_MS = 400;
const SECRET = 'scripted-venue-secret-1';
let scripted: Listener | undefined;

type Script = (request: Record<string, unknown>) => Record<string, unknown>;
/** What the scripted venue answers next, per call path ('/transfers', '/transfers/status', '/balance'). */
const scripts = new Map<string, Script>();
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

const t = useTestApp({ clock, config: { venueTimeoutMs: TIMEOUT_MS } });
const ops = useOperators(t, ['finance']);

beforeAll(async () => {
  scripted = await listen('127.0.0.1', (req, res, raw) => {
    const path = (req.url ?? '').replace(/^\/api\/AGX/, '');
    const script = scripts.get(path);
    const text = JSON.stringify(
      script ? script(JSON.parse(raw) as Record<string, unknown>) : { status: 'INVALID_REQUEST' },
    );
    res.writeHead(200, { 'content-type': 'application/json', 'x-signature': hmacHex(SECRET, text) }).end(text);
  });
  const { port } = scripted;
  // The scripted venue listens on loopback beside this server: the operator's allow-list names it.
  allowLoopbackPort(t.config.outbound, port);
  await t.database.db.insert(venues).values({
    code: 'AGX',
    name: '脚本场馆',
    platname: 'AGX',
    categoryId: 'realbet',
    walletMode: 'transfer',
    apiBaseUrl: `http://127.0.0.1:${port}/api/AGX`,
    apiSecret: SECRET,
  });
  await addVenue(t, 'AGP', 'realbet', 1, { name: '聚合转账' });
});
afterAll(async () => {
  await scripted?.close();
});

const deps = () => ({ db: t.database.db, clock, venueTimeoutMs: TIMEOUT_MS, outbound: t.config.outbound });

const { member, transfer, transfersOf, movementsOf, ledgerBalanced } = walletKit(t, () => ops.finance);

const central = async (id: number) => (await balanceOf(t.database.db, accountCode.wallet(id))) / 100;

const PENDING = { code: 200, message: '转账处理中，请稍后在转账记录中查看结果' };
const UNBOUND_NOTE = '场馆答复与本次转账不符，未予采信';

describe('a venue answer bound to its transfer', () => {
  it('takes a signed OK replayed from another transfer as in doubt: the transfer in stays pending, nothing completes', async () => {
    const m = await member('100.00');
    scripts.set('/transfers', (req) => ({
      status: 'OK',
      transfer_id: 'VTCAPTURED0001',
      amount: req.amount,
      timestamp: nowSeconds(),
      balance: '30.00',
    }));
    expect(await transfer(m.token, { amount: '30.00', sourcetype: 'userbalance', targettype: 'AGX' })).toMatchObject({
      ...PENDING,
      data: { balance: '70.00' },
    });
    const [row] = await transfersOf(m.id);
    expect(row).toMatchObject({ direction: 'in', amount: '30.00', state: 2, note: UNBOUND_NOTE });
    expect(await movementsOf(row?.transferNo ?? '')).toEqual(['hold']);
    await ledgerBalanced();
  });

  it('neither refunds on a replayed refusal nor credits on a replayed OK for a transfer out', async () => {
    const m = await member('50.00');
    // A refusal captured from another transfer would refund money the venue may already hold.
    scripts.set('/transfers', (req) => ({
      status: 'INSUFFICIENT_FUNDS',
      transfer_id: 'VTCAPTURED0002',
      amount: req.amount,
      timestamp: nowSeconds(),
    }));
    expect(await transfer(m.token, { amount: '20.00', sourcetype: 'userbalance', targettype: 'AGX' })).toMatchObject({
      ...PENDING,
      data: { balance: '30.00' },
    });
    scripts.set('/balance', () => ({ status: 'OK', balance: '500.00' }));
    scripts.set('/transfers', (req) => ({
      status: 'OK',
      transfer_id: 'VTCAPTURED0003',
      amount: req.amount,
      timestamp: nowSeconds(),
    }));
    expect(await transfer(m.token, { amount: '15.00', sourcetype: 'AGX', targettype: 'userbalance' })).toMatchObject({
      ...PENDING,
      data: { balance: '30.00' },
    });
    const rows = await transfersOf(m.id);
    expect(rows.map((r) => [r.direction, r.amount, r.state, r.note])).toEqual([
      ['in', '20.00', 2, UNBOUND_NOTE],
      ['out', '15.00', 2, UNBOUND_NOTE],
    ]);
    expect(await movementsOf(rows[0]?.transferNo ?? '')).toEqual(['hold']);
    expect(await movementsOf(rows[1]?.transferNo ?? '')).toEqual([]);
    expect(await central(m.id)).toBe(30);
    await ledgerBalanced();
  });

  it('takes an answer with another amount or a stale timestamp as in doubt', async () => {
    const m = await member('60.00');
    scripts.set('/transfers', (req) => ({
      status: 'OK',
      transfer_id: req.transfer_id,
      amount: '1.00',
      timestamp: nowSeconds(),
    }));
    expect(await transfer(m.token, { amount: '25.00', sourcetype: 'userbalance', targettype: 'AGX' })).toMatchObject({
      ...PENDING,
      data: { balance: '35.00' },
    });
    scripts.set('/transfers', (req) => ({
      status: 'OK',
      transfer_id: req.transfer_id,
      amount: req.amount,
      timestamp: nowSeconds() - 301,
    }));
    expect(await transfer(m.token, { amount: '5.00', sourcetype: 'userbalance', targettype: 'AGX' })).toMatchObject({
      ...PENDING,
      data: { balance: '30.00' },
    });
    // Within the window either way is still fresh.
    scripts.set('/transfers', (req) => ({
      status: 'OK',
      transfer_id: req.transfer_id,
      amount: req.amount,
      timestamp: nowSeconds() + 299,
    }));
    expect(await transfer(m.token, { amount: '4.00', sourcetype: 'userbalance', targettype: 'AGX' })).toMatchObject({
      code: 200,
      message: '转账成功',
      data: { balance: '26.00' },
    });
    const rows = await transfersOf(m.id);
    expect(rows.map((r) => [r.amount, r.state])).toEqual([
      ['25.00', 2],
      ['5.00', 2],
      ['4.00', 1],
    ]);
    expect(await movementsOf(rows[2]?.transferNo ?? '')).toEqual(['hold', 'sent']);
    await ledgerBalanced();
  });

  it('neither completes nor refunds on a status answer about another transfer or out of time', async () => {
    const m = await member('40.00');
    scripts.set('/transfers', () => ({ status: 'OK' }));
    expect(await transfer(m.token, { amount: '10.00', sourcetype: 'userbalance', targettype: 'AGX' })).toMatchObject({
      ...PENDING,
      data: { balance: '30.00' },
    });
    const [row] = await transfersOf(m.id);
    clock.advance(7 * 60_000);
    for (const answer of [
      (req: Record<string, unknown>) => ({
        status: 'OK',
        transfer_id: `${String(req.transfer_id)}X`,
        timestamp: nowSeconds(),
        transfer: { state: 'SUCCESS', amount: '10.00' },
      }),
      () => ({
        status: 'OK',
        transfer_id: row?.transferNo,
        timestamp: nowSeconds() - 600,
        transfer: { state: 'FAILED', amount: '10.00' },
      }),
      () => ({ status: 'UNKNOWN_TRANSACTION', transfer_id: 'VTCAPTURED0004', timestamp: nowSeconds() }),
      () => ({ status: 'UNKNOWN_TRANSACTION' }),
    ]) {
      scripts.set('/transfers/status', answer);
      await reconcileTransfers(deps());
      expect((await transfersOf(m.id)).map((r) => r.state)).toEqual([2]);
    }
    expect(await movementsOf(row?.transferNo ?? '')).toEqual(['hold']);
    expect(await central(m.id)).toBe(30);
    // The venue's own bound answer settles it.
    scripts.set('/transfers/status', (req) => ({
      status: 'OK',
      transfer_id: req.transfer_id,
      timestamp: nowSeconds(),
      transfer: { state: 'FAILED', amount: '10.00' },
    }));
    await reconcileTransfers(deps());
    expect((await transfersOf(m.id)).map((r) => r.state)).toEqual([0]);
    expect(await movementsOf(row?.transferNo ?? '')).toEqual(['hold', 'refund']);
    expect(await central(m.id)).toBe(40);
    await ledgerBalanced();
  });
});

describe('a partial confirmation', () => {
  it('leaves a transfer in of 30.00 the venue applied as 10.00 pending, moving nothing, and shows it to finance', async () => {
    const m = await member('100.00');
    await injectFault(t, { venue: 'AGP', call: 'transfer', mode: 'timeout', hold_ms: TIMEOUT_MS * 3 });
    expect(await transfer(m.token, { amount: '30.00', sourcetype: 'userbalance', targettype: 'AGP' })).toMatchObject({
      ...PENDING,
      data: { balance: '70.00' },
    });
    const [row] = await transfersOf(m.id);
    const transferNo = row?.transferNo ?? '';
    // The venue's books: it applied this transfer as 10.00.
    await t.database.db.insert(sandboxAggregatorPlayers).values({ venueCode: 'AGP', player: m.name, balance: '10.00' });
    await t.database.db.insert(sandboxAggregatorTransfers).values({
      venueCode: 'AGP',
      transferId: transferNo,
      player: m.name,
      direction: 'in',
      amount: '10.00',
      status: 'SUCCESS',
      balanceAfter: '10.00',
    });
    const floatBefore = await balanceOf(t.database.db, accountCode.venueFloat('AGP', m.id));
    clock.advance(61_000);
    expect(await reconcileTransfers(deps())).toBe(0);
    expect((await transfersOf(m.id)).map((r) => [r.state, r.note])).toEqual([
      [2, '场馆确认金额与转账不符：场馆记为 10.00'],
    ]);
    expect(await movementsOf(transferNo)).toEqual(['hold']);
    expect(await balanceOf(t.database.db, accountCode.venueFloat('AGP', m.id))).toBe(floatBefore);
    // Central 70.00 and 30.00 held pending; the venue's books say 10.00: the 20.00 difference is finance's to settle.
    expect(await central(m.id)).toBe(70);
    const [books] = await t.database.db
      .select({ balance: sandboxAggregatorPlayers.balance })
      .from(sandboxAggregatorPlayers)
      .where(and(eq(sandboxAggregatorPlayers.venueCode, 'AGP'), eq(sandboxAggregatorPlayers.player, m.name)));
    expect(books?.balance).toBe('10.00');

    const asked = await adminCall<Record<string, unknown>>(
      t,
      ops.finance,
      'POST',
      `/admin/api/venue-transfers/${transferNo}/reconcile`,
      {},
    );
    expect(asked).toMatchObject({
      code: 200,
      message: '场馆确认金额与转账不符，转账仍在处理中，请与场馆核实',
      data: { state: 2, amount: '30.00', note: '场馆确认金额与转账不符：场馆记为 10.00' },
    });
    expect(await movementsOf(transferNo)).toEqual(['hold']);
    await ledgerBalanced();
  });
});
