import { generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCall, call, manualClock, operatorToken, useOperators, useTestApp } from '../../../test/helper';
import { hmacHex } from '../../lib/hmac';
import { members } from '../../db/tables/accounts';
import { venues } from '../../db/tables/venues';
import { launchTokens } from '../../db/tables/games';
import { walletKit } from '../wallet/wallet-test-kit';

/**
 * The Hub88 Wallet API as the aggregator calls it (docs/venues.md "Venue protocols"): every call signed with the
 * aggregator's private key, every answer HTTP 200 with an RS_* status, signed with ours. Both key pairs are made for
 * this run.
 */
const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const aggregator = pair();
const ours = pair();
const stranger = pair();

const VENUE = 'HUB';
const H5_VENUE = 'HLB';
const H5_SECRET = 'late-bet-secret';
const clock = manualClock();
const t = useTestApp({ clock });
const ops = useOperators(t, ['finance']);
const { member, balanceOf, launchToken, betRecord, ledgerBalanced } = walletKit(t, () => ops.finance);

beforeAll(async () => {
  await t.database.db.insert(venues).values([
    {
      code: VENUE,
      name: 'Hub88',
      platname: VENUE,
      categoryId: 'electron',
      walletMode: 'seamless',
      protocol: 'hub88',
      operatorId: '4242',
      aggregatorPublicKey: aggregator.publicKey,
      privateKey: ours.privateKey,
    },
    {
      code: H5_VENUE,
      name: '无缝场馆',
      platname: H5_VENUE,
      categoryId: 'realbet',
      walletMode: 'seamless',
      apiSecret: H5_SECRET,
    },
  ]);
});

/** 1/100000 of a yuan per unit: 3.56 is 356000. */
const units = (yuan: string) => Math.round(Number(yuan) * 100) * 1000;

interface Hub88Answer {
  status: string;
  request_uuid: string;
  user?: string;
  currency?: string;
  balance?: number;
}

/** A call as the aggregator makes it: the raw body signed with its private key, base64, in X-Hub88-Signature. */
async function hub88(
  path: string,
  body: Record<string, unknown>,
  options: { key?: string; raw?: string; signature?: string | null; venue?: string } = {},
) {
  const payload = options.raw ?? JSON.stringify({ request_uuid: randomUUID(), ...body });
  const signature =
    options.signature === undefined
      ? sign('RSA-SHA256', Buffer.from(payload), options.key ?? aggregator.privateKey).toString('base64')
      : options.signature;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/venues/${options.venue ?? VENUE}/hub88/${path}`,
    payload,
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-hub88-signature': signature }) },
  });
  const answerSignature = res.headers['x-hub88-signature'];
  return {
    http: res.statusCode,
    payload,
    body: res.body,
    /** Whether our answer verifies with our public key, as the aggregator checks it. */
    signed:
      typeof answerSignature === 'string' &&
      verify('RSA-SHA256', Buffer.from(res.body), ours.publicKey, Buffer.from(answerSignature, 'base64')),
    answer: res.json() as Hub88Answer,
  };
}

/** The wallet's remembered transactions of an id (read in SQL: the table is the wallet's own). */
const rowsOf = async (transactionId: string) => {
  const result = (await t.database.db.execute(
    sql`SELECT transaction_id FROM venue_wallet_transactions WHERE venue_code = ${VENUE} AND transaction_id = ${transactionId}`,
  )) as { rows: unknown[] };
  return result.rows;
};

/** A member with `amount` yuan and a live launch token at the Hub88 venue. */
async function player(amount: string) {
  const m = await member(amount);
  const { token, hash } = await launchToken(m.id, VENUE, 'electron');
  const betBody = (transaction: string, yuan: string, extra: Record<string, unknown> = {}) => ({
    user: m.name,
    token,
    transaction_uuid: transaction,
    round: `round-${transaction}`,
    game_code: 'demo_slot',
    currency: 'CNY',
    amount: units(yuan),
    ...extra,
  });
  const winBody = (transaction: string, bet: string, yuan: string, extra: Record<string, unknown> = {}) => ({
    user: m.name,
    token,
    transaction_uuid: transaction,
    reference_transaction_uuid: bet,
    round: `round-${bet}`,
    game_code: 'demo_slot',
    currency: 'CNY',
    amount: units(yuan),
    ...extra,
  });
  const rollbackBody = (transaction: string, bet: string) => ({
    user: m.name,
    token,
    transaction_uuid: transaction,
    reference_transaction_uuid: bet,
    round: `round-${bet}`,
    game_code: 'demo_slot',
  });
  return { ...m, launch: token, launchHash: hash, betBody, winBody, rollbackBody };
}

describe('Hub88 Wallet API', () => {
  it('answers user info and balance in published units, echoing request_uuid, signed with our key', async () => {
    const p = await player('12.34');
    const info = await hub88('user/info', { user: p.name, request_uuid: 'req-info-1' });
    expect(info.http).toBe(200);
    expect(info.answer).toEqual({ user: p.name, status: 'RS_OK', request_uuid: 'req-info-1' });
    expect(info.signed).toBe(true);
    const balance = await hub88('user/balance', {
      user: p.name,
      request_uuid: 'req-bal-1',
      token: p.launch,
      game_code: 'demo_slot',
    });
    expect(balance.answer).toEqual({
      user: p.name,
      status: 'RS_OK',
      request_uuid: 'req-bal-1',
      currency: 'CNY',
      balance: 1_234_000,
    });
    expect(balance.signed).toBe(true);
  });

  it('takes a bet, pays a win and gives back a rolled-back bet, each exact in the balance, the bet records and the ledger', async () => {
    const p = await player('100.00');
    const bet = await hub88('transaction/bet', p.betBody('tx-bet-1', '10.00'));
    expect(bet.answer).toEqual({
      user: p.name,
      status: 'RS_OK',
      request_uuid: expect.any(String) as string,
      currency: 'CNY',
      balance: units('90.00'),
    });
    expect(bet.signed).toBe(true);
    expect(await balanceOf(p.token)).toBe('90.00');
    expect(await betRecord(VENUE, 'tx-bet-1')).toMatchObject({ status: 2, betAmount: '10.00' });

    const win = await hub88('transaction/win', p.winBody('tx-win-1', 'tx-bet-1', '25.50'));
    expect(win.answer).toMatchObject({ status: 'RS_OK', balance: units('115.50') });
    expect(win.signed).toBe(true);
    expect(await betRecord(VENUE, 'tx-bet-1')).toMatchObject({ status: 1, winLoss: '15.50' });

    await hub88('transaction/bet', p.betBody('tx-bet-2', '7.25'));
    expect(await balanceOf(p.token)).toBe('108.25');
    const rollback = await hub88('transaction/rollback', p.rollbackBody('tx-rb-2', 'tx-bet-2'));
    expect(rollback.answer).toMatchObject({ status: 'RS_OK', balance: units('115.50') });
    expect(rollback.signed).toBe(true);
    expect(await balanceOf(p.token)).toBe('115.50');
    expect(await betRecord(VENUE, 'tx-bet-2')).toMatchObject({ status: 0 });
    await ledgerBalanced();

    // The member's 投注记录 names the seamless venue, which the venue wallets' list (/api/balancelist) leaves out.
    const records = await call<{ data: { bet_id: string; Code: string; venue_name: string }[] }>(
      t.app,
      '/api/betrecord',
      { date: 1, page: 1 },
      { token: p.token },
    );
    expect(records.data.data.map(({ bet_id, Code, venue_name }) => ({ bet_id, Code, venue_name }))).toEqual([
      { bet_id: `${VENUE}:tx-bet-2`, Code: VENUE, venue_name: 'Hub88' },
      { bet_id: `${VENUE}:tx-bet-1`, Code: VENUE, venue_name: 'Hub88' },
    ]);
  });

  it('refuses a bad signature, a call signed by another key, an unsigned call and a tampered body, moving nothing', async () => {
    const p = await player('20.00');
    const body = p.betBody('tx-sig-1', '5.00');
    const signedByStranger = await hub88('transaction/bet', body, { key: stranger.privateKey });
    expect(signedByStranger.http).toBe(200);
    expect(signedByStranger.answer).toMatchObject({ status: 'RS_ERROR_INVALID_SIGNATURE' });
    // The refusal is ours too: signed.
    expect(signedByStranger.signed).toBe(true);
    expect((await hub88('transaction/bet', body, { signature: null })).answer.status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect((await hub88('transaction/bet', body, { signature: 'not base64!' })).answer.status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    const original = JSON.stringify({ request_uuid: 'req-tamper', ...body });
    const signature = sign('RSA-SHA256', Buffer.from(original), aggregator.privateKey).toString('base64');
    const tampered = original.replace(`"amount":${units('5.00')}`, `"amount":${units('0.01')}`);
    expect(tampered).not.toBe(original);
    expect((await hub88('transaction/bet', {}, { raw: tampered, signature })).answer).toMatchObject({
      status: 'RS_ERROR_INVALID_SIGNATURE',
      request_uuid: 'req-tamper',
    });
    expect(await balanceOf(p.token)).toBe('20.00');
    expect(await rowsOf('tx-sig-1')).toEqual([]);
    // The same call signed by the aggregator goes through.
    expect((await hub88('transaction/bet', {}, { raw: original })).answer.status).toBe('RS_OK');
    expect(await balanceOf(p.token)).toBe('15.00');
  });

  it('answers a replayed call the same and a retried transaction_uuid with its first answer, moving money once', async () => {
    const p = await player('50.00');
    const first = await hub88('transaction/bet', p.betBody('tx-replay-1', '20.00'));
    expect(first.answer).toMatchObject({ status: 'RS_OK', balance: units('30.00') });
    // The very same signed request again (a replay, or the aggregator's retry of one it timed out on).
    const replay = await hub88('transaction/bet', {}, { raw: first.payload });
    expect(replay.body).toBe(first.body);
    expect(replay.signed).toBe(true);
    // A retry with a new request_uuid: the first answer, with this call's request_uuid.
    await hub88('transaction/bet', p.betBody('tx-bet-later', '1.00'));
    const retry = await hub88('transaction/bet', { ...p.betBody('tx-replay-1', '20.00'), request_uuid: 'req-retry' });
    expect(retry.answer).toEqual({
      user: p.name,
      status: 'RS_OK',
      request_uuid: 'req-retry',
      currency: 'CNY',
      balance: units('30.00'),
    });
    expect(await balanceOf(p.token)).toBe('29.00');
    expect(await rowsOf('tx-replay-1')).toHaveLength(1);
    // A win and a rollback repeated the same way.
    const win = await hub88('transaction/win', p.winBody('tx-replay-w', 'tx-replay-1', '40.00'));
    expect(win.answer).toMatchObject({ status: 'RS_OK', balance: units('69.00') });
    expect((await hub88('transaction/win', {}, { raw: win.payload })).body).toBe(win.body);
    const rb = await hub88('transaction/rollback', p.rollbackBody('tx-replay-rb', 'tx-bet-later'));
    expect(rb.answer).toMatchObject({ status: 'RS_OK', balance: units('70.00') });
    expect((await hub88('transaction/rollback', {}, { raw: rb.payload })).body).toBe(rb.body);
    expect(await balanceOf(p.token)).toBe('70.00');
    await ledgerBalanced();
  });

  it('answers RS_ERROR_DUPLICATE_TRANSACTION to a transaction_uuid repeated with another amount, round, game, user or bet', async () => {
    const p = await player('50.00');
    const other = await player('50.00');
    await hub88('transaction/bet', p.betBody('tx-dup-1', '10.00'));
    for (const changed of [
      p.betBody('tx-dup-1', '10.01'),
      p.betBody('tx-dup-1', '10.00', { round: 'another-round' }),
      p.betBody('tx-dup-1', '10.00', { game_code: 'another_game' }),
      other.betBody('tx-dup-1', '10.00'),
    ]) {
      expect((await hub88('transaction/bet', changed)).answer.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    }
    await hub88('transaction/bet', p.betBody('tx-dup-2', '5.00'));
    await hub88('transaction/win', p.winBody('tx-dup-w', 'tx-dup-1', '3.00'));
    expect((await hub88('transaction/win', p.winBody('tx-dup-w', 'tx-dup-1', '4.00'))).answer.status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect((await hub88('transaction/win', p.winBody('tx-dup-w', 'tx-dup-2', '3.00'))).answer.status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    await hub88('transaction/rollback', p.rollbackBody('tx-dup-rb', 'tx-dup-2'));
    expect((await hub88('transaction/rollback', p.rollbackBody('tx-dup-rb', 'tx-dup-1'))).answer.status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    // The first answers stand, nothing moved twice.
    expect(await balanceOf(p.token)).toBe('43.00');
    expect(await balanceOf(other.token)).toBe('50.00');
    expect(await betRecord(VENUE, 'tx-dup-1')).toMatchObject({ betAmount: '10.00', winLoss: '-7.00' });
    await ledgerBalanced();
  });

  it('refuses an unknown token, another member’s or venue’s token, and an expired one on a bet', async () => {
    const p = await player('30.00');
    const other = await player('30.00');
    expect((await hub88('transaction/bet', p.betBody('tx-tok-1', '1.00', { token: 'no-such-token' }))).answer).toEqual({
      user: p.name,
      status: 'RS_ERROR_INVALID_TOKEN',
      request_uuid: expect.any(String) as string,
    });
    expect((await hub88('transaction/bet', p.betBody('tx-tok-2', '1.00', { token: other.launch }))).answer.status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    const elsewhere = await launchToken(p.id, H5_VENUE, 'electron');
    expect(
      (await hub88('transaction/bet', p.betBody('tx-tok-3', '1.00', { token: elsewhere.token }))).answer.status,
    ).toBe('RS_ERROR_INVALID_TOKEN');
    const stale = await launchToken(p.id, VENUE, 'electron', -1000);
    expect((await hub88('transaction/bet', p.betBody('tx-tok-4', '1.00', { token: stale.token }))).answer.status).toBe(
      'RS_ERROR_TOKEN_EXPIRED',
    );
    expect(await balanceOf(p.token)).toBe('30.00');
    for (const id of ['tx-tok-1', 'tx-tok-2', 'tx-tok-3', 'tx-tok-4']) expect(await rowsOf(id)).toEqual([]);
  });

  it('pays a win and a rollback that come after the token expired', async () => {
    const p = await player('40.00');
    await hub88('transaction/bet', p.betBody('tx-exp-1', '10.00'));
    await hub88('transaction/bet', p.betBody('tx-exp-2', '5.00'));
    await t.database.db
      .update(launchTokens)
      .set({ expiresAt: new Date(clock.now().getTime() - 1000) })
      .where(eq(launchTokens.ticketHash, p.launchHash));
    expect((await hub88('transaction/bet', p.betBody('tx-exp-3', '1.00'))).answer.status).toBe(
      'RS_ERROR_TOKEN_EXPIRED',
    );
    expect((await hub88('transaction/win', p.winBody('tx-exp-w', 'tx-exp-1', '30.00'))).answer).toMatchObject({
      status: 'RS_OK',
      balance: units('55.00'),
    });
    expect((await hub88('transaction/rollback', p.rollbackBody('tx-exp-rb', 'tx-exp-2'))).answer).toMatchObject({
      status: 'RS_OK',
      balance: units('60.00'),
    });
    // A bet already taken, retried after the token expired, is answered as the first time.
    expect((await hub88('transaction/bet', p.betBody('tx-exp-1', '10.00'))).answer).toMatchObject({
      status: 'RS_OK',
      balance: units('30.00'),
    });
    expect(await balanceOf(p.token)).toBe('60.00');
    await ledgerBalanced();
  });

  it('answers RS_ERROR_TRANSACTION_DOES_NOT_EXIST to a rollback or a win of an unknown bet, and to a win after a rollback', async () => {
    const p = await player('25.00');
    expect((await hub88('transaction/rollback', p.rollbackBody('tx-unk-rb', 'never-bet'))).answer.status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    expect((await hub88('transaction/win', p.winBody('tx-unk-w', 'never-bet-2', '5.00'))).answer.status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    await hub88('transaction/bet', p.betBody('tx-war-1', '8.00'));
    expect((await hub88('transaction/rollback', p.rollbackBody('tx-war-rb', 'tx-war-1'))).answer).toMatchObject({
      status: 'RS_OK',
      balance: units('25.00'),
    });
    expect((await hub88('transaction/win', p.winBody('tx-war-w', 'tx-war-1', '16.00'))).answer.status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    expect(await balanceOf(p.token)).toBe('25.00');
    await ledgerBalanced();
  });

  it('keeps a bet that timed out and was rolled back before it arrived out of the wallet', async () => {
    const p = await player('25.00');
    const rollback = await hub88('transaction/rollback', p.rollbackBody('tx-late-rb', 'tx-late-bet'));
    expect(rollback.answer.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    const late = await hub88('transaction/bet', p.betBody('tx-late-bet', '9.00'));
    expect(late.answer.status).not.toBe('RS_OK');
    expect(await balanceOf(p.token)).toBe('25.00');
    expect(await betRecord(VENUE, 'tx-late-bet')).toBeUndefined();
    // The rollback repeated is answered as the first time.
    expect((await hub88('transaction/rollback', {}, { raw: rollback.payload })).body).toBe(rollback.body);
    await ledgerBalanced();
  });

  it('answers not enough money with the balance, and takes a bet of exactly the balance', async () => {
    const p = await player('12.00');
    const short = await hub88('transaction/bet', p.betBody('tx-nem-1', '12.01'));
    expect(short.answer).toEqual({
      user: p.name,
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      request_uuid: expect.any(String) as string,
      currency: 'CNY',
      balance: units('12.00'),
    });
    expect(await rowsOf('tx-nem-1')).toEqual([]);
    expect((await hub88('transaction/bet', p.betBody('tx-nem-2', '12.00'))).answer).toMatchObject({
      status: 'RS_OK',
      balance: 0,
    });
  });

  it('answers each limit refusal with its published status and moves nothing', async () => {
    // Loss limit.
    const lossy = await player('100.00');
    expect(
      (await call(t.app, '/api/responsible/set', { kind: 'loss_day', value: '20.00' }, { token: lossy.token })).code,
    ).toBe(200);
    expect((await hub88('transaction/bet', lossy.betBody('tx-lim-1', '20.00'))).answer.status).toBe('RS_OK');
    expect((await hub88('transaction/bet', lossy.betBody('tx-lim-2', '0.01'))).answer).toMatchObject({
      status: 'RS_ERROR_LIMIT_REACHED',
      balance: units('80.00'),
    });
    // Cool-off an operator started, and a self-exclusion (their launches end too: the refusal says why).
    const cooling = await player('100.00');
    const admin = await operatorToken(t, 'admin');
    expect(
      (
        await adminCall(t, admin, 'POST', `/admin/api/members/${cooling.id}/responsible/break`, {
          period: 'cooloff_1d',
        })
      ).code,
    ).toBe(200);
    expect((await hub88('transaction/bet', cooling.betBody('tx-lim-3', '1.00'))).answer.status).toBe(
      'RS_ERROR_LIMIT_REACHED',
    );
    const excluded = await player('100.00');
    expect(
      (await call(t.app, '/api/responsible/break', { period: 'exclude_forever' }, { token: excluded.token })).code,
    ).toBe(200);
    expect((await hub88('transaction/bet', excluded.betBody('tx-lim-4', '1.00'))).answer.status).toBe(
      'RS_ERROR_LIMIT_REACHED',
    );
    // A disabled member.
    const disabled = await player('100.00');
    await t.database.db.update(members).set({ state: 0 }).where(eq(members.id, disabled.id));
    expect((await hub88('transaction/bet', disabled.betBody('tx-lim-5', '1.00'))).answer.status).toBe(
      'RS_ERROR_USER_DISABLED',
    );
    // A disabled venue takes no bet, and still pays the win of a bet placed before.
    const open = await player('100.00');
    await hub88('transaction/bet', open.betBody('tx-lim-6', '10.00'));
    await t.database.db.update(venues).set({ enabled: 0 }).where(eq(venues.code, VENUE));
    try {
      expect((await hub88('transaction/bet', open.betBody('tx-lim-7', '1.00'))).answer.status).toBe(
        'RS_ERROR_INVALID_PARTNER',
      );
      expect((await hub88('transaction/win', open.winBody('tx-lim-6w', 'tx-lim-6', '12.00'))).answer).toMatchObject({
        status: 'RS_OK',
        balance: units('102.00'),
      });
    } finally {
      await t.database.db.update(venues).set({ enabled: 1 }).where(eq(venues.code, VENUE));
    }
    expect(await balanceOf(lossy.token)).toBe('80.00');
    for (const id of ['tx-lim-2', 'tx-lim-3', 'tx-lim-4', 'tx-lim-5', 'tx-lim-7']) expect(await rowsOf(id)).toEqual([]);
    await ledgerBalanced();
  });

  it('answers another currency, a body missing a field or with a wrong type, and a fraction of a cent, moving nothing', async () => {
    const p = await player('30.00');
    expect((await hub88('transaction/bet', p.betBody('tx-cur-1', '1.00', { currency: 'USD' }))).answer.status).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
    const { round: _round, ...noRound } = p.betBody('tx-syn-1', '1.00');
    expect((await hub88('transaction/bet', noRound)).answer.status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await hub88('transaction/bet', {}, { raw: '{not json' })).answer.status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await hub88('transaction/bet', p.betBody('tx-typ-1', '1.00', { amount: '100000' }))).answer.status).toBe(
      'RS_ERROR_WRONG_TYPES',
    );
    expect((await hub88('transaction/bet', p.betBody('tx-typ-2', '1.00', { amount: 100_500 }))).answer.status).toBe(
      'RS_ERROR_WRONG_TYPES',
    );
    expect(await balanceOf(p.token)).toBe('30.00');
  });

  it('is served only for a Hub88 venue with both keys, and not at an h5 venue', async () => {
    const p = await player('10.00');
    await t.database.db.insert(venues).values([
      // A Hub88 venue whose private key was never set: it could not sign its answers.
      {
        code: 'HNK',
        name: '未配密钥',
        platname: 'HNK',
        categoryId: 'electron',
        walletMode: 'seamless',
        protocol: 'hub88',
        aggregatorPublicKey: aggregator.publicKey,
      },
      // An h5 venue, even one holding keys.
      {
        code: 'HMX',
        name: '自有协议',
        platname: 'HMX',
        categoryId: 'electron',
        walletMode: 'seamless',
        apiSecret: 'hmx-secret',
        aggregatorPublicKey: aggregator.publicKey,
        privateKey: ours.privateKey,
      },
    ]);
    for (const venue of ['HNK', 'HMX'])
      expect((await hub88('user/info', { user: p.name }, { venue })).answer.status).toBe('RS_ERROR_INVALID_PARTNER');
    expect((await hub88('user/info', { user: p.name }, { venue: H5_VENUE })).answer.status).toBe(
      'RS_ERROR_INVALID_PARTNER',
    );
    expect((await hub88('user/info', { user: p.name }, { venue: 'NOPE' })).answer.status).toBe(
      'RS_ERROR_INVALID_PARTNER',
    );
    // The h5 path of a Hub88 venue is not served either.
    const payload = JSON.stringify({ timestamp: Math.floor(clock.now().getTime() / 1000), player: p.name });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/venues/${VENUE}/wallet/balance`,
      payload,
      headers: { 'content-type': 'application/json', 'x-signature': hmacHex('', payload) },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('a bet rolled back before it arrived, in h5', () => {
  async function h5(action: string, body: Record<string, unknown>) {
    const payload = JSON.stringify({ timestamp: Math.floor(clock.now().getTime() / 1000), ...body });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/venues/${H5_VENUE}/wallet/${action}`,
      payload,
      headers: { 'content-type': 'application/json', 'x-signature': hmacHex(H5_SECRET, payload) },
    });
    return { http: res.statusCode, ...(res.json() as { status: string; balance: string }) };
  }

  it('refuses the late bet, and answers the rollback repeated as the first time', async () => {
    const m = await member('25.00');
    const rollback = { player: m.name, transaction_id: 'h5-late-rb', reference_transaction_id: 'h5-late-bet' };
    expect(await h5('rollback', rollback)).toMatchObject({ http: 404, status: 'UNKNOWN_TRANSACTION' });
    expect(
      await h5('bet', { player: m.name, transaction_id: 'h5-late-bet', round_id: 'r-late', amount: '9.00' }),
    ).toMatchObject({ http: 409, status: 'TRANSACTION_CLOSED', balance: '25.00' });
    expect(await h5('rollback', rollback)).toMatchObject({ http: 404, status: 'UNKNOWN_TRANSACTION' });
    expect(await balanceOf(m.token)).toBe('25.00');
    await ledgerBalanced();
  });
});
