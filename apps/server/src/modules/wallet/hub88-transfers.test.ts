import { BizCode, type IntegrationChange as Change, MSG } from '@h5/contract';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, approveChange, controlHeaders, manualClock, useOperators, useTestApp } from '../../../test/helper';
import { listen, type Listener } from '../../../test/listeners';
import { venues } from '../../db/tables/venues';
import { allowLoopbackPort, parseOutboundAllow } from '../../lib/outbound';
import { HUB88_SIGNATURE_HEADER, hub88Sign } from '../../providers/venues/hub88/hub88-signature';
import {
  configureHub88SandboxVenue,
  SANDBOX_HUB88_PREFIX,
  type SandboxHub88VenueSettings,
} from '../../sandbox/hub88/sandbox-hub88-routes';
import { sandboxHub88Operators, sandboxHub88Transactions } from '../../sandbox/hub88/sandbox-hub88-tables';
import { accountCode, balanceOf } from '../ledger/ledger-service';
import { reconcileTransfers, remoteTransfer } from './remote-transfers';
import { walletKit } from './wallet-test-kit';

// A Hub88 venue in transfer mode (docs/venues.md "Hub88 transfer wallet"): connected from the console by two admins,
// its money moved by the transfer engine through the TransferWallet API of the Hub88 sandbox, over real HTTP. The
// sandbox's faults (a late answer, an answer signed with another key, a refusal) reach the in-doubt paths.
const clock = manualClock();
// A venue call is in doubt after this long: far longer than any healthy call takes on a busy machine, so only the
// faults (which hold their answer past it) end in doubt, never an ordinary call that ran slowly.
const TIMEOUT_MS = 2_000;
const HOLD_MS = TIMEOUT_MS + 1_000;
const VENUE = 'HTW';
const t = useTestApp({
  clock,
  config: { venueTimeoutMs: TIMEOUT_MS, outbound: { allow: parseOutboundAllow('127.0.0.1'), requireHttps: false } },
});
const ops = useOperators(t, { maker: 'admin', checker: 'admin', finance: 'finance', content: 'content' });
const { member, transfer, transfersOf, movementsOf, ledgerBalanced } = walletKit(t, () => ops.finance);

let sandbox: SandboxHub88VenueSettings;
const deps = () => ({ db: t.database.db, clock, venueTimeoutMs: TIMEOUT_MS, outbound: t.config.outbound });

beforeAll(async () => {
  const made = await adminCall<{ id: number }>(t, ops.content, 'POST', '/admin/api/venues', {
    code: VENUE,
    name: 'Hub88 转账',
    category_id: 'concise',
    sort: 0,
    enabled: 1,
  });
  expect(made.code).toBe(200);
  sandbox = await configureHub88SandboxVenue(t.database.db, { venueCode: VENUE, origin: t.origin });
  // The switch is the integration's wallet mode: 转账钱包 for a hub88 venue, proposed and approved by two admins.
  const proposed = await adminCall<Change>(t, ops.maker, 'POST', `/admin/api/venues/${made.data.id}/integration`, {
    wallet_mode: 'transfer',
    api_base_url: sandbox.apiBaseUrl,
    currency: 'CNY',
    protocol: 'hub88',
    operator_id: sandbox.operatorId,
    aggregator_public_key: sandbox.aggregatorPublicKey,
    private_key: sandbox.privateKey,
  });
  expect(proposed).toMatchObject({ code: 200 });
  expect(proposed.data.after).toMatchObject({ wallet_mode: 'transfer', protocol: 'hub88' });
  const [before] = await t.database.db.select().from(venues).where(eq(venues.code, VENUE));
  expect(before).toMatchObject({ protocol: 'h5', apiBaseUrl: '' });
  expect((await approveChange(t, ops.checker, proposed.data.id)).code).toBe(200);
  const [after] = await t.database.db.select().from(venues).where(eq(venues.code, VENUE));
  expect(after).toMatchObject({ walletMode: 'transfer', protocol: 'hub88', apiBaseUrl: sandbox.apiBaseUrl });
});

const PENDING = { code: 200, message: MSG.transferPending };
const cents = (account: string) => balanceOf(t.database.db, account);
const central = (id: number) => cents(accountCode.wallet(id));
const float = (id: number) => cents(accountCode.venueFloat(VENUE, id));

/** The sandbox's books: the player's TransferWallet records, and their balance in the published units. */
async function books(user: string) {
  const rows = await t.database.db
    .select()
    .from(sandboxHub88Transactions)
    .where(
      and(eq(sandboxHub88Transactions.operatorId, Number(sandbox.operatorId)), eq(sandboxHub88Transactions.user, user)),
    )
    .orderBy(sandboxHub88Transactions.id);
  const units = rows.reduce((sum, r) => sum + (r.kind === 'deposit' ? r.amount : -r.amount), 0);
  return { rows: rows.map((r) => ({ uuid: r.transactionUuid, kind: r.kind, amount: r.amount })), units };
}

/** The sandbox's next TransferWallet call of a kind goes wrong this way. */
async function fault(call: 'deposit' | 'withdraw' | 'balance', mode: string, holdMs?: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${SANDBOX_HUB88_PREFIX}/faults`,
    headers: controlHeaders(t),
    payload: {
      operator_id: Number(sandbox.operatorId),
      call,
      mode,
      ...(holdMs === undefined ? {} : { hold_ms: holdMs }),
    },
  });
  expect(res.statusCode).toBe(200);
}

describe('a hub88 transfer-wallet venue', () => {
  it('takes a deposit and a withdrawal exact to the cent, in our ledger and in the aggregator books', async () => {
    const m = await member('100.00');
    const floatBefore = await float(m.id);
    expect(await transfer(m.token, { amount: '12.34', sourcetype: 'userbalance', targettype: VENUE })).toEqual({
      code: 200,
      message: MSG.transferOk,
      data: { balance: '87.66' },
    });
    expect(await central(m.id)).toBe(8766);
    expect((await float(m.id)) - floatBefore).toBe(1234);
    const [deposit] = await transfersOf(m.id);
    // Our transfer number is the transaction; 12.34 is 1234000 of the published units.
    expect(await books(m.name)).toEqual({
      rows: [{ uuid: deposit!.transferNo, kind: 'deposit', amount: 1_234_000 }],
      units: 1_234_000,
    });

    expect(await transfer(m.token, { amount: '2.35', sourcetype: VENUE, targettype: 'userbalance' })).toEqual({
      code: 200,
      message: MSG.transferOk,
      data: { balance: '90.01' },
    });
    const [, withdrawal] = await transfersOf(m.id);
    expect(withdrawal).toMatchObject({ direction: 'out', amount: '2.35', state: 1 });
    expect(await central(m.id)).toBe(9001);
    expect((await float(m.id)) - floatBefore).toBe(999);
    expect((await books(m.name)).units).toBe(999_000);
    // More than the venue holds is refused before the venue is asked to send it.
    expect(await transfer(m.token, { amount: '9.99', sourcetype: VENUE, targettype: 'userbalance' })).toMatchObject({
      code: 200,
    });
    expect(await transfer(m.token, { amount: '0.01', sourcetype: VENUE, targettype: 'userbalance' })).toMatchObject({
      message: MSG.amountAboveBalance,
    });
    expect(await central(m.id)).toBe(10000);
    expect((await books(m.name)).units).toBe(0);
    await ledgerBalanced();
  });

  it('keeps a deposit whose answer is signed with another key pending, and reconciliation settles it once', async () => {
    const m = await member('50.00');
    const floatBefore = await float(m.id);
    await fault('deposit', 'badsig');
    expect(await transfer(m.token, { amount: '20.00', sourcetype: 'userbalance', targettype: VENUE })).toEqual({
      ...PENDING,
      data: { balance: '30.00' },
    });
    const [row] = await transfersOf(m.id);
    expect(row).toMatchObject({ direction: 'in', amount: '20.00', state: 2 });
    expect(await movementsOf(row!.transferNo)).toEqual(['hold']);
    // The aggregator did take it.
    expect((await books(m.name)).units).toBe(2_000_000);

    // Not before a call may have ended; then the same transaction again answers what happened, and pays nothing twice.
    expect(await reconcileTransfers(deps())).toBe(0);
    clock.advance(61_000);
    expect(await reconcileTransfers(deps())).toBeGreaterThanOrEqual(1);
    expect((await transfersOf(m.id))[0]).toMatchObject({ state: 1 });
    expect(await movementsOf(row!.transferNo)).toEqual(['hold', 'sent']);
    expect(await central(m.id)).toBe(3000);
    expect((await float(m.id)) - floatBefore).toBe(2000);
    expect(await books(m.name)).toEqual({
      rows: [{ uuid: row!.transferNo, kind: 'deposit', amount: 2_000_000 }],
      units: 2_000_000,
    });
    clock.advance(61_000);
    await reconcileTransfers(deps());
    expect((await books(m.name)).units).toBe(2_000_000);
    expect(await central(m.id)).toBe(3000);
    await ledgerBalanced();
  });

  it('settles once a withdrawal the aggregator applied but answered too late', async () => {
    const m = await member('40.00');
    expect(await transfer(m.token, { amount: '40.00', sourcetype: 'userbalance', targettype: VENUE })).toMatchObject({
      code: 200,
      message: MSG.transferOk,
    });
    const floatBefore = await float(m.id);
    await fault('withdraw', 'late', HOLD_MS);
    expect(await transfer(m.token, { amount: '15.50', sourcetype: VENUE, targettype: 'userbalance' })).toEqual({
      ...PENDING,
      data: { balance: '0.00' },
    });
    const [, row] = await transfersOf(m.id);
    expect(row).toMatchObject({ direction: 'out', amount: '15.50', state: 2 });
    // Its late answer is on its way; the aggregator took the money already.
    await new Promise((done) => setTimeout(done, HOLD_MS - TIMEOUT_MS));
    expect((await books(m.name)).units).toBe(2_450_000);

    clock.advance(61_000);
    expect(await reconcileTransfers(deps())).toBeGreaterThanOrEqual(1);
    expect((await transfersOf(m.id))[1]).toMatchObject({ state: 1 });
    expect(await movementsOf(row!.transferNo)).toEqual(['received']);
    expect(await central(m.id)).toBe(1550);
    expect(floatBefore - (await float(m.id))).toBe(1550);
    const after = await books(m.name);
    expect(after.units).toBe(2_450_000);
    expect(after.rows.filter((r) => r.uuid === row!.transferNo)).toHaveLength(1);
    await ledgerBalanced();
  });

  it('applies, on reconciliation, a deposit whose request timed out before the aggregator took it, once', async () => {
    const m = await member('25.00');
    const floatBefore = await float(m.id);
    await fault('deposit', 'timeout', HOLD_MS);
    expect(await transfer(m.token, { amount: '25.00', sourcetype: 'userbalance', targettype: VENUE })).toEqual({
      ...PENDING,
      data: { balance: '0.00' },
    });
    const [row] = await transfersOf(m.id);
    expect(row).toMatchObject({ state: 2 });
    await new Promise((done) => setTimeout(done, HOLD_MS - TIMEOUT_MS));
    expect(await books(m.name)).toEqual({ rows: [], units: 0 });

    // The money is still held for it: sent again under the same transaction, the aggregator takes it now.
    clock.advance(61_000);
    expect(await reconcileTransfers(deps())).toBeGreaterThanOrEqual(1);
    expect((await transfersOf(m.id))[0]).toMatchObject({ state: 1 });
    expect(await movementsOf(row!.transferNo)).toEqual(['hold', 'sent']);
    expect((await float(m.id)) - floatBefore).toBe(2500);
    expect(await books(m.name)).toEqual({
      rows: [{ uuid: row!.transferNo, kind: 'deposit', amount: 2_500_000 }],
      units: 2_500_000,
    });
    await ledgerBalanced();
  });

  it("takes no Wallet API call from its aggregator: a transfer venue's money moves only by our transfers", async () => {
    const m = await member('10.00');
    const [operator] = await t.database.db
      .select()
      .from(sandboxHub88Operators)
      .where(eq(sandboxHub88Operators.operatorId, Number(sandbox.operatorId)));
    const body = JSON.stringify({
      user: m.name,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      token: 'launch-token-0001',
      round: 'round-1',
      game_code: 'sbx_golden_dragon',
      currency: 'CNY',
      amount: 100_000,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/venues/${VENUE}/hub88/transaction/bet`,
      payload: body,
      headers: {
        'content-type': 'application/json',
        [HUB88_SIGNATURE_HEADER]: hub88Sign(operator!.aggregatorPrivateKey, body),
      },
    });
    expect(res.json()).toMatchObject({ status: 'RS_ERROR_UNKNOWN', user: m.name });
    expect(await central(m.id)).toBe(1000);
  });

  it('gives the money back when the aggregator refuses a deposit, and moves nothing on a refused withdrawal', async () => {
    const m = await member('30.00');
    await fault('deposit', 'refuse');
    expect(await transfer(m.token, { amount: '10.01', sourcetype: 'userbalance', targettype: VENUE })).toEqual({
      code: BizCode.TRANSFER_REFUSED,
      message: MSG.transferRefusedByVenue,
      data: null,
    });
    const [refused] = await transfersOf(m.id);
    expect(refused).toMatchObject({ direction: 'in', amount: '10.01', state: 0, note: 'RS_ERROR_NOT_ENOUGH_MONEY' });
    expect(await movementsOf(refused!.transferNo)).toEqual(['hold', 'refund']);
    expect(await central(m.id)).toBe(3000);
    expect(await books(m.name)).toEqual({ rows: [], units: 0 });

    // A withdrawal of more than the venue holds (asked without the balance check first, as a recycle racing a bet
    // would): the aggregator refuses it, and nothing moves on either side.
    expect(await transfer(m.token, { amount: '5.00', sourcetype: 'userbalance', targettype: VENUE })).toMatchObject({
      message: MSG.transferOk,
    });
    const floatBefore = await float(m.id);
    const out = await remoteTransfer(deps(), m.id, VENUE, 'out', 501, `test-refused-out:${m.id}`);
    expect(out).toEqual({ state: 0, balance: '25.00' });
    const [, , refusedOut] = await transfersOf(m.id);
    expect(refusedOut).toMatchObject({ direction: 'out', amount: '5.01', state: 0, note: 'RS_ERROR_NOT_ENOUGH_MONEY' });
    expect(await float(m.id)).toBe(floatBefore);
    expect((await books(m.name)).units).toBe(500_000);
    await ledgerBalanced();
  });
});

const keys = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

describe('a hub88 transfer answer bound to its call', () => {
  // An aggregator of our own making signs with the aggregator's real key, as a captured answer replayed by someone
  // on the network path would be.
  const aggregator = keys();
  let scripted: Listener | undefined;
  let answer: (request: Record<string, unknown>) => Record<string, unknown> = () => ({});
  const asked: Record<string, unknown>[] = [];

  beforeAll(async () => {
    scripted = await listen('127.0.0.1', (req, res, raw) => {
      const request = JSON.parse(raw) as Record<string, unknown>;
      asked.push({ path: req.url, ...request });
      const text = JSON.stringify(answer(request));
      res
        .writeHead(200, {
          'content-type': 'application/json',
          [HUB88_SIGNATURE_HEADER]: hub88Sign(aggregator.privateKey, text),
        })
        .end(text);
    });
    const { port } = scripted;
    allowLoopbackPort(t.config.outbound, port);
    await t.database.db.insert(venues).values({
      code: 'HTX',
      name: '脚本 Hub88',
      platname: 'HTX',
      categoryId: 'concise',
      walletMode: 'transfer',
      apiBaseUrl: `http://127.0.0.1:${port}`,
      protocol: 'hub88',
      operatorId: '77',
      aggregatorPublicKey: aggregator.publicKey,
      privateKey: keys().privateKey,
    });
  });
  afterAll(async () => {
    await scripted?.close();
  });

  const UNBOUND_NOTE = '场馆答复与本次转账不符，未予采信';

  it('sends the published deposit, and takes a signed RS_OK of another call, user or currency as in doubt', async () => {
    const m = await member('100.00');
    answer = (req) => ({ status: 'RS_OK', request_uuid: 'captured-0001', user: req.user, currency: 'CNY', balance: 0 });
    expect(await transfer(m.token, { amount: '10.00', sourcetype: 'userbalance', targettype: 'HTX' })).toEqual({
      ...PENDING,
      data: { balance: '90.00' },
    });
    const [row] = await transfersOf(m.id);
    expect(row).toMatchObject({ direction: 'in', amount: '10.00', state: 2, note: UNBOUND_NOTE });
    expect(asked.at(-1)).toMatchObject({
      path: '/operator/generic/v2/transfer_wallet/deposit',
      user: m.name,
      transaction_uuid: row!.transferNo,
      amount: 1_000_000,
      currency: 'CNY',
      operator_id: 77,
      sub_partner_id: 'HTX',
    });
    expect(asked.at(-1)!.request_uuid).toMatch(/^[0-9a-f-]{36}$/);

    // Bound to the call, but about another member or in another currency: still nothing completes.
    clock.advance(61_000);
    answer = (req) => ({ status: 'RS_OK', request_uuid: req.request_uuid, user: 'someone', currency: 'CNY' });
    expect(await reconcileTransfers(deps())).toBe(0);
    answer = (req) => ({ status: 'RS_OK', request_uuid: req.request_uuid, user: req.user, currency: 'USD' });
    expect(await reconcileTransfers(deps())).toBe(0);
    expect((await transfersOf(m.id))[0]).toMatchObject({ state: 2 });
    expect(await movementsOf(row!.transferNo)).toEqual(['hold']);

    // The same transaction sent again, answered for this call: it completes, once.
    answer = (req) => ({ status: 'RS_OK', request_uuid: req.request_uuid, user: req.user, currency: 'CNY' });
    expect(await reconcileTransfers(deps())).toBe(1);
    expect(asked.at(-1)).toMatchObject({
      path: '/operator/generic/v2/transfer_wallet/deposit',
      transaction_uuid: row!.transferNo,
      amount: 1_000_000,
    });
    expect((await transfersOf(m.id))[0]).toMatchObject({ state: 1 });
    expect(await movementsOf(row!.transferNo)).toEqual(['hold', 'sent']);
    expect(await central(m.id)).toBe(9000);
    await ledgerBalanced();
  });

  it('leaves a transfer the aggregator knows with other content pending, neither completed nor refunded', async () => {
    const m = await member('20.00');
    answer = (req) => ({ status: 'RS_ERROR_DUPLICATE_TRANSACTION', request_uuid: req.request_uuid, user: req.user });
    expect(await transfer(m.token, { amount: '5.00', sourcetype: 'userbalance', targettype: 'HTX' })).toEqual({
      ...PENDING,
      data: { balance: '15.00' },
    });
    const [row] = await transfersOf(m.id);
    expect(row).toMatchObject({ state: 2, note: UNBOUND_NOTE });
    expect(await movementsOf(row!.transferNo)).toEqual(['hold']);
    await ledgerBalanced();
  });
});
