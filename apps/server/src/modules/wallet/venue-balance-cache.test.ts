import { randomBytes } from 'node:crypto';
import { MSG } from '@h5/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, call, creditedMember, manualClock, useOperators, useTestApp } from '../../../test/helper';
import { type CountingVenue, startCountingVenue } from '../../../test/counting-venue';
import { buildApp } from '../../app';
import { testRedisUrl } from '../../config';
import { parseOutboundAllow } from '../../lib/outbound';
import { venues } from '../../db/tables/venues';
import { venueTransfers } from '../../db/tables/wallet';

// Venue balances are kept ten seconds per member and venue (docs/venues.md "Game venues"): two venues of our own on
// loopback count every balance ask they receive, and can hold their answers.
const clock = manualClock();
const suffix = randomBytes(3).toString('hex').toUpperCase();
const FAST = `VBF${suffix}`;
const SLOW = `VBS${suffix}`;
let fast: CountingVenue;
let slow: CountingVenue;

const venueRow = (code: string, venue: CountingVenue, sort: number) => ({
  code,
  name: `${code}场馆`,
  platname: code,
  categoryId: 'realbet',
  sort,
  walletMode: 'transfer' as const,
  apiBaseUrl: venue.origin,
  apiSecret: venue.secret,
});

// Venue calls give up after 3 s, well after the list's 1 s deadline for one venue.
const t = useTestApp({
  clock,
  config: { venueTimeoutMs: 3000, outbound: { allow: parseOutboundAllow('127.0.0.1'), requireHttps: false } },
});
const ops = useOperators(t, ['finance']);

beforeAll(async () => {
  fast = await startCountingVenue(clock);
  slow = await startCountingVenue(clock);
  await t.database.db.insert(venues).values([venueRow(FAST, fast, 0), venueRow(SLOW, slow, 1)]);
});
afterAll(async () => {
  await fast?.close();
  await slow?.close();
});

interface Item {
  name: string;
  platname: string;
  balance: string;
  stale?: 1;
}

const member = (amount: string) => creditedMember(t, ops.finance, amount);

/** The member's entry of a venue in /api/balancelist (of `app`, this file's app unless told). */
async function entry(token: string, code: string, app: FastifyInstance = t.app): Promise<Item | undefined> {
  const answer = await call<Item[]>(app, '/api/balancelist', {}, { token });
  expect(answer.code).toBe(200);
  return answer.data.find((v) => v.platname === code);
}
const live = (code: string, balance: string): Item => ({ name: `${code}场馆`, platname: code, balance });

const transfer = (token: string, amount: string, from: string, to: string) =>
  call<{ balance: string } | null>(t.app, '/api/transfer', { amount, sourcetype: from, targettype: to }, { token });

/**
 * The next list shows `balance` as the venue answers it now (one ask), and the two lists after it ask nothing: a
 * movement dropped the kept balance, and the new one is kept again.
 */
async function showsAtOnceThenKept(token: string, balance: string) {
  const before = fast.balanceCalls;
  expect(await entry(token, FAST)).toEqual(live(FAST, balance));
  expect(fast.balanceCalls).toBe(before + 1);
  clock.advance(1500);
  expect(await entry(token, FAST)).toEqual(live(FAST, balance));
  clock.advance(1500);
  expect(await entry(token, FAST)).toEqual(live(FAST, balance));
  expect(fast.balanceCalls).toBe(before + 1);
}

describe('venue balances kept per member and venue', () => {
  it('polled every 1.5 s, asks the venue once per 10 s; a change at the venue (a win) shows when that has passed', async () => {
    const m = await member('100.00');
    expect(await transfer(m.token, '40.00', 'userbalance', FAST)).toMatchObject({
      code: 200,
      data: { balance: '60.00' },
    });
    const before = fast.balanceCalls;
    for (let i = 0; i < 6; i += 1) {
      expect(await entry(m.token, FAST)).toEqual(live(FAST, '40.00'));
      clock.advance(1500);
    }
    expect(fast.balanceCalls).toBe(before + 1);
    // The member wins 15.00 at the venue: no movement of ours tells us, the lifetime does.
    fast.balances.set(m.name, 5500);
    expect(await entry(m.token, FAST)).toEqual(live(FAST, '40.00'));
    clock.advance(1000);
    expect(await entry(m.token, FAST)).toEqual(live(FAST, '55.00'));
    expect(fast.balanceCalls).toBe(before + 2);
    // /api/user's gameblance reads the same kept balance.
    expect((await call<{ gameblance: string }>(t.app, '/api/user', {}, { token: m.token })).data.gameblance).toBe(
      '55.00',
    );
    expect(fast.balanceCalls).toBe(before + 2);
  });

  it('shows every money movement at the venue in the very next list: transfers, launch with auto-transfer, recycles, reconciliation', async () => {
    const m = await member('200.00');
    expect((await transfer(m.token, '30.00', 'userbalance', FAST)).code).toBe(200);
    await showsAtOnceThenKept(m.token, '30.00');

    expect((await transfer(m.token, '10.00', FAST, 'userbalance')).code).toBe(200);
    await showsAtOnceThenKept(m.token, '20.00');

    // A launch with auto-transfer on moves the whole central balance (180.00) into the venue.
    expect((await call(t.app, '/api/uptransferstatus', { transferstatus: 1 }, { token: m.token })).code).toBe(200);
    expect(
      (await call(t.app, '/api/getGameUrl', { plat_name: FAST, game_code: 'demo' }, { token: m.token })).code,
    ).toBe(200);
    await showsAtOnceThenKept(m.token, '200.00');
    await call(t.app, '/api/uptransferstatus', { transferstatus: 0 }, { token: m.token });

    expect(await call(t.app, '/api/transall', {}, { token: m.token })).toEqual({
      code: 200,
      message: MSG.recycleOk,
      data: { balance: '200.00' },
    });
    await showsAtOnceThenKept(m.token, '0.00');

    expect((await transfer(m.token, '50.00', 'userbalance', FAST)).code).toBe(200);
    await showsAtOnceThenKept(m.token, '50.00');
    expect(await adminCall(t, ops.finance, 'POST', `/admin/api/members/${m.id}/recycle`, {})).toMatchObject({
      code: 200,
      data: { recycled: '50.00', balance: '200.00' },
    });
    await showsAtOnceThenKept(m.token, '0.00');

    // A transfer in whose answer never comes stays pending; the venue applies it late; finance's reconcile finishes it.
    fast.holdTransfers();
    expect(await transfer(m.token, '25.00', 'userbalance', FAST)).toEqual({
      code: 200,
      message: MSG.transferPending,
      data: { balance: '175.00' },
    });
    await showsAtOnceThenKept(m.token, '0.00');
    fast.releaseTransfers();
    expect(await entry(m.token, FAST)).toEqual(live(FAST, '0.00'));
    const pending = await t.database.db
      .select()
      .from(venueTransfers)
      .where(and(eq(venueTransfers.memberId, m.id), eq(venueTransfers.state, 2)));
    expect(pending).toMatchObject([{ amount: '25.00', venueCode: FAST, direction: 'in' }]);
    expect(
      await adminCall(t, ops.finance, 'POST', `/admin/api/venue-transfers/${pending[0]?.transferNo}/reconcile`, {}),
    ).toMatchObject({
      code: 200,
      message: MSG.venueTransferReconciled,
      data: { state: 1 },
    });
    await showsAtOnceThenKept(m.token, '25.00');
  });

  it('makes one venue call for ten concurrent lists of a member', async () => {
    const m = await member('80.00');
    await transfer(m.token, '12.00', 'userbalance', FAST);
    expect(await entry(m.token, FAST)).toEqual(live(FAST, '12.00'));
    clock.advance(10_000);
    const before = fast.balanceCalls;
    // Held until every list has answered: each list either joined one ask or made its own, and the venue counts them.
    fast.holdBalances();
    const lists = await Promise.all(Array.from({ length: 10 }, () => entry(m.token, FAST)));
    expect(lists).toEqual(Array.from({ length: 10 }, () => ({ ...live(FAST, '12.00'), stale: 1 })));
    expect(fast.balanceCalls).toBe(before + 1);
    fast.releaseBalances();
    // The ask that went on after the lists answered stored the venue's answer: live again, with no other call.
    await expect.poll(async () => entry(m.token, FAST)).toEqual(live(FAST, '12.00'));
    expect(fast.balanceCalls).toBe(before + 1);
  });
});

describe('a venue slow or down', () => {
  it('does not hold the list: the others answer live, it shows its last balance marked stale', async () => {
    const m = await member('100.00');
    await transfer(m.token, '30.00', 'userbalance', FAST);
    await transfer(m.token, '12.00', 'userbalance', SLOW);
    expect(await entry(m.token, SLOW)).toEqual(live(SLOW, '12.00'));
    clock.advance(10_000);
    fast.balances.set(m.name, 3550);
    slow.holdBalances();
    const answer = await call<Item[]>(t.app, '/api/balancelist', {}, { token: m.token });
    // The list answered while the slow venue still held its answer (it holds it until the test lets it go).
    expect(slow.heldBalances()).toBe(1);
    expect(answer.data.filter((v) => v.platname === FAST || v.platname === SLOW)).toEqual([
      live(FAST, '35.50'),
      { ...live(SLOW, '12.00'), stale: 1 },
    ]);
    // /api/user counts the last balance too.
    expect((await call<{ gameblance: string }>(t.app, '/api/user', {}, { token: m.token })).data.gameblance).toBe(
      '47.50',
    );
    slow.releaseBalances();
  });

  it('a venue that does not answer is asked again only after the lifetime, its last balance shown meanwhile', async () => {
    const m = await member('100.00');
    await transfer(m.token, '8.00', 'userbalance', SLOW);
    expect(await entry(m.token, SLOW)).toEqual(live(SLOW, '8.00'));
    clock.advance(10_000);
    const before = slow.balanceCalls;
    slow.holdBalances();
    expect(await entry(m.token, SLOW)).toEqual({ ...live(SLOW, '8.00'), stale: 1 });
    // Our call gives up at its 3 s timeout: the venue did not answer, which is kept like an answer.
    await expect.poll(() => slow.heldBalances(), { timeout: 10_000 }).toBe(0);
    for (let i = 0; i < 3; i += 1) {
      clock.advance(3000);
      expect(await entry(m.token, SLOW)).toEqual({ ...live(SLOW, '8.00'), stale: 1 });
    }
    expect(slow.balanceCalls).toBe(before + 1);
    slow.releaseBalances();
    clock.advance(1000);
    expect(await entry(m.token, SLOW)).toEqual(live(SLOW, '8.00'));
    expect(slow.balanceCalls).toBe(before + 2);
  });

  it('with no balance known and no answer, shows 0.00 as before, unmarked', async () => {
    const m = await member('100.00');
    await transfer(m.token, '9.00', 'userbalance', SLOW);
    slow.holdBalances();
    expect(await entry(m.token, SLOW)).toEqual(live(SLOW, '0.00'));
    expect(slow.heldBalances()).toBe(1);
    slow.releaseBalances();
  });
});

const redisUrl = testRedisUrl();
describe.skipIf(!redisUrl)('several server processes on one Redis (TEST_REDIS_URL)', () => {
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : null;
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    const keys = (await redis?.keys(`h5:venue-balance:*:VB?${suffix}`)) ?? [];
    if (keys.length) await redis?.del(...keys);
    await redis?.quit();
  });

  it('the second answers from the balance the first asked, without a venue call; a movement through either drops it for both', async () => {
    if (!redis) return;
    for (let i = 0; i < 2; i += 1) {
      const app = await buildApp({ db: t.database.db, config: { ...t.config }, redis, clock, locks: t.database.locks });
      await app.ready();
      apps.push(app);
    }
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const m = await member('100.00');
    await transfer(m.token, '40.00', 'userbalance', FAST);
    const before = fast.balanceCalls;
    expect(await entry(m.token, FAST, first)).toEqual(live(FAST, '40.00'));
    expect(await entry(m.token, FAST, second)).toEqual(live(FAST, '40.00'));
    expect(fast.balanceCalls).toBe(before + 1);

    const out = await call(
      second,
      '/api/transfer',
      { amount: '15.00', sourcetype: FAST, targettype: 'userbalance' },
      { token: m.token },
    );
    expect(out).toMatchObject({ code: 200, data: { balance: '75.00' } });
    const afterMove = fast.balanceCalls;
    expect(await entry(m.token, FAST, first)).toEqual(live(FAST, '25.00'));
    expect(await entry(m.token, FAST, second)).toEqual(live(FAST, '25.00'));
    expect(fast.balanceCalls).toBe(afterMove + 1);
  });
});
