import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCall, call, manualClock, operatorToken, useOperators, useTestApp } from '../../../test/helper';
import { hmacHex } from '../../lib/hmac';
import { members } from '../../db/tables/accounts';
import { venues } from '../../db/tables/venues';
import { venueWalletTransactions } from '../../db/tables/venue-wallet';
import { walletKit } from '../wallet/wallet-test-kit';

const SECRET = 'seamless-test-secret';
const VENUE = 'SLS';
const clock = manualClock();

const t = useTestApp({ clock });
const ops = useOperators(t, ['finance']);

beforeAll(async () => {
  await t.database.db.insert(venues).values([
    {
      code: VENUE,
      name: '无缝场馆',
      platname: VENUE,
      categoryId: 'realbet',
      walletMode: 'seamless',
      apiSecret: SECRET,
    },
    {
      code: 'SLX',
      name: '另一场馆',
      platname: 'SLX',
      categoryId: 'realbet',
      walletMode: 'seamless',
      apiSecret: 'other',
    },
  ]);
});

const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

async function callback(
  action: string,
  body: Record<string, unknown>,
  options: { secret?: string; venue?: string; raw?: string; timestamp?: number } = {},
) {
  const payload = options.raw ?? JSON.stringify({ timestamp: options.timestamp ?? nowSeconds(), ...body });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/venues/${options.venue ?? VENUE}/wallet/${action}`,
    payload,
    headers: { 'content-type': 'application/json', 'x-signature': hmacHex(options.secret ?? SECRET, payload) },
  });
  return {
    http: res.statusCode,
    ...(res.json() as { status: string; balance: string; player?: string; currency?: string }),
  };
}

const { member, balanceOf, launchToken, betRecord, ledgerBalanced } = walletKit(t, () => ops.finance);

describe('seamless wallet callbacks', () => {
  it('authenticates the launch token as the member who launched, at this venue only', async () => {
    const m = await member('50.00');
    const { token } = await launchToken(m.id, VENUE, 'realbet');
    expect(await callback('authenticate', { token })).toEqual({
      http: 200,
      status: 'OK',
      balance: '50.00',
      player: m.name,
      currency: 'CNY',
    });
    expect(await callback('authenticate', { token: 'not-a-token' })).toMatchObject({
      http: 401,
      status: 'INVALID_TOKEN',
    });
    expect(await callback('authenticate', { token }, { venue: 'SLX', secret: 'other' })).toMatchObject({
      http: 401,
      status: 'INVALID_TOKEN',
    });
    expect(await callback('balance', { player: m.name })).toMatchObject({ http: 200, status: 'OK', balance: '50.00' });
  });

  it('changes nothing for a bad signature, another secret, a missing one or a stale timestamp', async () => {
    const m = await member('20.00');
    const bet = { player: m.name, transaction_id: 'sig-1', round_id: 'r-sig', amount: '5.00' };
    const payload = JSON.stringify({ timestamp: nowSeconds(), ...bet });
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/venues/${VENUE}/wallet/bet`,
      payload,
      headers: {
        'content-type': 'application/json',
        'x-signature': hmacHex(SECRET, payload).replace(/^./, (c) => (c === '0' ? '1' : '0')),
      },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ status: 'INVALID_SIGNATURE' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/api/venues/${VENUE}/wallet/bet`,
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.json()).toMatchObject({ status: 'INVALID_SIGNATURE' });
    expect(await callback('bet', bet, { secret: 'other' })).toMatchObject({ http: 401, status: 'INVALID_SIGNATURE' });
    expect(await callback('bet', bet, { timestamp: nowSeconds() - 301 })).toMatchObject({
      http: 401,
      status: 'INVALID_SIGNATURE',
    });
    expect(await balanceOf(m.token)).toBe('20.00');
    const rows = await t.database.db
      .select()
      .from(venueWalletTransactions)
      .where(eq(venueWalletTransactions.transactionId, 'sig-1'));
    expect(rows).toEqual([]);
    // Five minutes exactly is still inside the window.
    expect(await callback('bet', bet, { timestamp: nowSeconds() - 300 })).toMatchObject({
      http: 200,
      status: 'OK',
      balance: '15.00',
    });
  });

  it('refuses a bet one cent over the balance with INSUFFICIENT_FUNDS and takes a bet of exactly the balance', async () => {
    const m = await member('10.00');
    expect(
      await callback('bet', { player: m.name, transaction_id: 'funds-1', round_id: 'r-f', amount: '10.01' }),
    ).toEqual({
      http: 402,
      status: 'INSUFFICIENT_FUNDS',
      balance: '10.00',
      message: '余额不足',
    });
    expect(await balanceOf(m.token)).toBe('10.00');
    expect(
      await callback('bet', { player: m.name, transaction_id: 'funds-2', round_id: 'r-f', amount: 10 }),
    ).toMatchObject({ status: 'OK', balance: '0.00' });
    expect(await balanceOf(m.token)).toBe('0.00');
  });

  it('debits a replayed or concurrent bet once and answers the repeats DUPLICATE with the first balance', async () => {
    const m = await member('100.00');
    const bet = { player: m.name, transaction_id: 'dup-1', round_id: 'r-dup', game_code: 'slot', amount: '12.34' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => callback('bet', bet)));
    expect(answers.filter((a) => a.status === 'OK')).toHaveLength(1);
    expect(answers.filter((a) => a.status === 'DUPLICATE')).toHaveLength(5);
    for (const a of answers) expect(a).toMatchObject({ http: 200, balance: '87.66' });
    expect(await callback('bet', bet)).toEqual({ http: 200, status: 'DUPLICATE', balance: '87.66' });
    expect(await balanceOf(m.token)).toBe('87.66');
    const record = await betRecord(VENUE, 'dup-1');
    expect(record).toMatchObject({ betAmount: '12.34', status: 2, gameCode: 'slot', memberId: m.id });
    // The same transaction id from another member is not theirs to reuse.
    const other = await member('5.00');
    expect(await callback('bet', { ...bet, player: other.name, amount: '1.00' })).toMatchObject({
      http: 400,
      status: 'INVALID_REQUEST',
      balance: '5.00',
    });
    await ledgerBalanced();
  });

  it('settles the bet with a win, and refuses a rollback after it', async () => {
    const m = await member('30.00');
    await callback('bet', { player: m.name, transaction_id: 'w-bet', round_id: 'r-w', amount: '10.00' });
    expect(
      await callback('win', {
        player: m.name,
        transaction_id: 'w-win',
        round_id: 'r-w',
        amount: '25.50',
        reference_transaction_id: 'w-bet',
      }),
    ).toEqual({
      http: 200,
      status: 'OK',
      balance: '45.50',
    });
    const record = await betRecord(VENUE, 'w-bet');
    expect(record).toMatchObject({ status: 1, winLoss: '15.50' });
    expect(
      await callback('rollback', { player: m.name, transaction_id: 'w-rb', reference_transaction_id: 'w-bet' }),
    ).toMatchObject({
      http: 409,
      status: 'TRANSACTION_CLOSED',
      balance: '45.50',
    });
    expect(await balanceOf(m.token)).toBe('45.50');
    // A win without a reference settles the round's open bet; a loss is a win of zero.
    await callback('bet', { player: m.name, transaction_id: 'w-bet2', round_id: 'r-w2', amount: '5.00' });
    expect(
      await callback('win', { player: m.name, transaction_id: 'w-win2', round_id: 'r-w2', amount: '0' }),
    ).toMatchObject({ status: 'OK', balance: '40.50' });
    const lost = await betRecord(VENUE, 'w-bet2');
    expect(lost).toMatchObject({ status: 1, winLoss: '-5.00' });
    expect(
      await callback('win', { player: m.name, transaction_id: 'w-win3', round_id: 'no-such-round', amount: '1.00' }),
    ).toMatchObject({
      http: 404,
      status: 'UNKNOWN_TRANSACTION',
    });
    await ledgerBalanced();
  });

  it('gives back exactly a rolled-back bet once, and refuses a win for it afterwards', async () => {
    const m = await member('40.00');
    await callback('bet', { player: m.name, transaction_id: 'rb-bet', round_id: 'r-rb', amount: '7.25' });
    expect(await balanceOf(m.token)).toBe('32.75');
    expect(
      await callback('rollback', { player: m.name, transaction_id: 'rb-1', reference_transaction_id: 'rb-bet' }),
    ).toEqual({
      http: 200,
      status: 'OK',
      balance: '40.00',
    });
    expect(
      await callback('rollback', { player: m.name, transaction_id: 'rb-1', reference_transaction_id: 'rb-bet' }),
    ).toMatchObject({ status: 'DUPLICATE', balance: '40.00' });
    expect(
      await callback('rollback', { player: m.name, transaction_id: 'rb-2', reference_transaction_id: 'rb-bet' }),
    ).toMatchObject({ status: 'DUPLICATE', balance: '40.00' });
    expect(
      await callback('win', {
        player: m.name,
        transaction_id: 'rb-win',
        round_id: 'r-rb',
        amount: '9.00',
        reference_transaction_id: 'rb-bet',
      }),
    ).toMatchObject({
      http: 409,
      status: 'TRANSACTION_CLOSED',
    });
    expect(
      await callback('rollback', { player: m.name, transaction_id: 'rb-3', reference_transaction_id: 'never-placed' }),
    ).toMatchObject({
      http: 404,
      status: 'UNKNOWN_TRANSACTION',
    });
    expect(await balanceOf(m.token)).toBe('40.00');
    const record = await betRecord(VENUE, 'rb-bet');
    expect(record).toMatchObject({ status: 0, winLoss: '0.00' });
    await ledgerBalanced();
  });

  it('refuses bets of a disabled member but still pays their win', async () => {
    const m = await member('20.00');
    await callback('bet', { player: m.name, transaction_id: 'off-bet', round_id: 'r-off', amount: '4.00' });
    await t.database.db.update(members).set({ state: 0 }).where(eq(members.id, m.id));
    expect(
      await callback('bet', { player: m.name, transaction_id: 'off-bet2', round_id: 'r-off', amount: '1.00' }),
    ).toMatchObject({
      http: 403,
      status: 'PLAYER_DISABLED',
      balance: '16.00',
    });
    expect(
      await callback('win', { player: m.name, transaction_id: 'off-win', round_id: 'r-off', amount: '8.00' }),
    ).toMatchObject({ status: 'OK', balance: '24.00' });
  });

  it('refuses new bets at a disabled venue, still pays the wins and rollbacks of bets placed before, and takes bets again once enabled', async () => {
    const secret = 'disabled-venue-secret';
    await t.database.db.insert(venues).values({
      code: 'SLD',
      name: '停用场馆',
      platname: 'SLD',
      categoryId: 'realbet',
      walletMode: 'seamless',
      apiSecret: secret,
    });
    const at = { venue: 'SLD', secret };
    const m = await member('50.00');
    expect(
      await callback('bet', { player: m.name, transaction_id: 'sld-bet1', round_id: 'r-sld1', amount: '10.00' }, at),
    ).toMatchObject({ status: 'OK', balance: '40.00' });
    expect(
      await callback('bet', { player: m.name, transaction_id: 'sld-bet2', round_id: 'r-sld2', amount: '5.00' }, at),
    ).toMatchObject({ status: 'OK', balance: '35.00' });
    await t.database.db.update(venues).set({ enabled: 0 }).where(eq(venues.code, 'SLD'));

    expect(
      await callback('bet', { player: m.name, transaction_id: 'sld-bet3', round_id: 'r-sld3', amount: '1.00' }, at),
    ).toEqual({
      http: 403,
      status: 'PLAYER_DISABLED',
      balance: '35.00',
      message: '该场馆暂未开放',
    });
    expect(
      await t.database.db
        .select()
        .from(venueWalletTransactions)
        .where(eq(venueWalletTransactions.transactionId, 'sld-bet3')),
    ).toEqual([]);
    expect(await betRecord('SLD', 'sld-bet3')).toBeUndefined();
    // A bet processed before answers as it did; what the venue owes on it is paid.
    expect(
      await callback('bet', { player: m.name, transaction_id: 'sld-bet1', round_id: 'r-sld1', amount: '10.00' }, at),
    ).toEqual({ http: 200, status: 'DUPLICATE', balance: '40.00' });
    expect(
      await callback(
        'win',
        {
          player: m.name,
          transaction_id: 'sld-win1',
          round_id: 'r-sld1',
          amount: '18.00',
          reference_transaction_id: 'sld-bet1',
        },
        at,
      ),
    ).toEqual({
      http: 200,
      status: 'OK',
      balance: '53.00',
    });
    expect(
      await callback(
        'rollback',
        { player: m.name, transaction_id: 'sld-rb2', reference_transaction_id: 'sld-bet2' },
        at,
      ),
    ).toEqual({ http: 200, status: 'OK', balance: '58.00' });
    expect(await balanceOf(m.token)).toBe('58.00');

    await t.database.db.update(venues).set({ enabled: 1 }).where(eq(venues.code, 'SLD'));
    expect(
      await callback('bet', { player: m.name, transaction_id: 'sld-bet3', round_id: 'r-sld3', amount: '1.00' }, at),
    ).toMatchObject({ http: 200, status: 'OK', balance: '57.00' });
    await ledgerBalanced();
  });

  it('refuses every bet after a self-exclusion, keeps the balance, still pays a win, and ends the old launch token', async () => {
    const m = await member('100.00');
    const { token } = await launchToken(m.id, VENUE, 'realbet');
    await callback('bet', { player: m.name, transaction_id: 'ex-bet', round_id: 'r-ex', amount: '10.00' });
    expect((await call(t.app, '/api/responsible/break', { period: 'exclude_forever' }, { token: m.token })).code).toBe(
      200,
    );
    expect(
      await callback('bet', { player: m.name, transaction_id: 'ex-bet2', round_id: 'r-ex2', amount: '60.00' }),
    ).toEqual({
      http: 403,
      status: 'PLAYER_DISABLED',
      balance: '90.00',
      message: '会员已申请自我排除，不能下注',
    });
    expect(await balanceOf(m.token)).toBe('90.00');
    expect(
      await t.database.db
        .select()
        .from(venueWalletTransactions)
        .where(eq(venueWalletTransactions.transactionId, 'ex-bet2')),
    ).toEqual([]);
    // The bet placed before the exclusion is still paid.
    expect(
      await callback('win', {
        player: m.name,
        transaction_id: 'ex-win',
        round_id: 'r-ex',
        amount: '15.00',
        reference_transaction_id: 'ex-bet',
      }),
    ).toEqual({
      http: 200,
      status: 'OK',
      balance: '105.00',
    });
    expect(await callback('authenticate', { token })).toMatchObject({ http: 401, status: 'INVALID_TOKEN' });
    await ledgerBalanced();
  });

  it('refuses bets during a cool-off an operator started, and the old launch token no longer authenticates', async () => {
    const m = await member('100.00');
    const { token } = await launchToken(m.id, VENUE, 'realbet');
    const admin = await operatorToken(t, 'admin');
    const started = await adminCall(t, admin, 'POST', `/admin/api/members/${m.id}/responsible/break`, {
      period: 'cooloff_1d',
    });
    expect(started.code).toBe(200);
    expect(await callback('authenticate', { token })).toMatchObject({ http: 401, status: 'INVALID_TOKEN' });
    expect(
      await callback('bet', { player: m.name, transaction_id: 'co-bet', round_id: 'r-co', amount: '60.00' }),
    ).toEqual({
      http: 403,
      status: 'PLAYER_DISABLED',
      balance: '100.00',
      message: '会员正处于冷静期，不能下注',
    });
    expect(await balanceOf(m.token)).toBe('100.00');
  });

  it('takes bets up to the daily loss limit, open stakes counted, and refuses the one crossing it', async () => {
    const m = await member('100.00');
    expect(
      (await call(t.app, '/api/responsible/set', { kind: 'loss_day', value: '50.00' }, { token: m.token })).code,
    ).toBe(200);
    const bet = (id: string, amount: string) =>
      callback('bet', { player: m.name, transaction_id: id, round_id: `r-${id}`, amount });
    expect(await bet('ll-1', '30.00')).toMatchObject({ status: 'OK', balance: '70.00' });
    expect(
      await callback('win', { player: m.name, transaction_id: 'll-1w', round_id: 'r-ll-1', amount: '0' }),
    ).toMatchObject({ status: 'OK', balance: '70.00' });
    expect(await bet('ll-2', '15.00')).toMatchObject({ status: 'OK', balance: '55.00' });
    expect(await bet('ll-3', '5.01')).toEqual({
      http: 403,
      status: 'PLAYER_DISABLED',
      balance: '55.00',
      message: '本注将超过会员设置的每日亏损限额，不能下注',
    });
    expect(await bet('ll-4', '5.00')).toMatchObject({ status: 'OK', balance: '50.00' });
    expect(await bet('ll-5', '0.01')).toMatchObject({ status: 'PLAYER_DISABLED', balance: '50.00' });
    expect(await balanceOf(m.token)).toBe('50.00');
    // A win brings today's loss back under the limit, and play may go on by as much.
    expect(
      await callback('win', { player: m.name, transaction_id: 'll-2w', round_id: 'r-ll-2', amount: '20.00' }),
    ).toMatchObject({ status: 'OK', balance: '70.00' });
    expect(await bet('ll-6', '20.01')).toMatchObject({ status: 'PLAYER_DISABLED', balance: '70.00' });
    expect(await bet('ll-7', '20.00')).toMatchObject({ status: 'OK', balance: '50.00' });
    await ledgerBalanced();
  });

  it('answers INVALID_REQUEST to a signed body that is not JSON or lacks a field, and to an unknown venue', async () => {
    expect(await callback('bet', {}, { raw: '{not json' })).toMatchObject({ http: 400, status: 'INVALID_REQUEST' });
    expect(await callback('bet', { player: 'x' })).toMatchObject({ http: 400, status: 'INVALID_REQUEST' });
    expect(await callback('bet', { player: 'x', transaction_id: 'a', round_id: 'b', amount: '-1.00' })).toMatchObject({
      http: 400,
      status: 'INVALID_REQUEST',
    });
    expect(await callback('balance', { player: 'x' }, { venue: 'NOPE' })).toMatchObject({
      http: 400,
      status: 'INVALID_REQUEST',
    });
    expect(await callback('dance', { player: 'x' })).toMatchObject({ http: 400, status: 'INVALID_REQUEST' });
  });
});
