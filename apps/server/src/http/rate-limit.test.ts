import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../config';
import { type AttemptLimiter, memoryLimiter, redisLimiter } from './rate-limit';

/** Fires `n` hits of one key at once and answers how many of them were let through. */
async function admittedOf(limiter: AttemptLimiter, key: string, n: number): Promise<number> {
  const over = await Promise.all(Array.from({ length: n }, () => limiter.hit(key)));
  return over.filter((blocked) => !blocked).length;
}

describe('memoryLimiter', () => {
  it('lets max hits of a key through, refuses the next until its window has passed, leaving other keys alone', async () => {
    let now = 0;
    const limiter = memoryLimiter({ max: 2, windowMs: 1000, now: () => now });
    expect(await limiter.hit('a')).toBe(false);
    expect(await limiter.hit('a')).toBe(false);
    expect(await limiter.hit('a')).toBe(true);
    expect(await limiter.hit('b')).toBe(false);
    now = 1000;
    expect(await limiter.hit('a')).toBe(false);
  });

  it('lets exactly max of a burst of parallel hits through', async () => {
    const limiter = memoryLimiter({ max: 5, windowMs: 60_000 });
    expect(await admittedOf(limiter, 'k', 50)).toBe(5);
  });

  it('takes back a forgiven hit, only within a live window', async () => {
    let now = 0;
    const limiter = memoryLimiter({ max: 1, windowMs: 1000, now: () => now });
    expect(await limiter.hit('a')).toBe(false);
    await limiter.forgive('a');
    expect(await limiter.hit('a')).toBe(false);
    expect(await limiter.hit('a')).toBe(true);
    now = 1000;
    await limiter.forgive('a');
    expect(await limiter.hit('a')).toBe(false);
    expect(await limiter.hit('a')).toBe(true);
  });

  it('keeps the count of a key under attack when flooded with other keys, dropping expired windows first', async () => {
    let now = 0;
    const limiter = memoryLimiter({ max: 2, windowMs: 1000, now: () => now, maxKeys: 100 });
    for (let i = 0; i < 50; i += 1) await limiter.hit(`old-${i}`);
    now = 1000;
    await limiter.hit('victim');
    await limiter.hit('victim');
    // The 50 expired windows make room for the flood; the victim's live window is not touched.
    for (let i = 0; i < 99; i += 1) await limiter.hit(`flood-${i}`);
    expect(await limiter.hit('victim')).toBe(true);
  });

  it('evicts only the oldest live windows when the flood alone passes the cap', async () => {
    const limiter = memoryLimiter({ max: 1, windowMs: 60_000, maxKeys: 10 });
    await limiter.hit('oldest');
    for (let i = 0; i < 5; i += 1) await limiter.hit(`k-${i}`);
    await limiter.hit('recent');
    for (let i = 5; i < 8; i += 1) await limiter.hit(`k-${i}`);
    // 10 keys now: one more pushes out 'oldest' alone.
    await limiter.hit('k-8');
    expect(await limiter.hit('recent')).toBe(true);
    expect(await limiter.hit('oldest')).toBe(false);
  });
});

const redisUrl = testRedisUrl();
describe.skipIf(!redisUrl)('redisLimiter (TEST_REDIS_URL)', () => {
  const redis = redisUrl ? new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 }) : null;
  afterAll(() => redis?.quit());
  const name = () => `test-${randomBytes(4).toString('hex')}`;

  it('shares one counter between two limiters, as two server processes would, and expires it with the window', async () => {
    const shared = name();
    const a = redisLimiter(redis!, { name: shared, max: 3, windowMs: 300 });
    const b = redisLimiter(redis!, { name: shared, max: 3, windowMs: 300 });
    expect(await a.hit('10.0.0.1')).toBe(false);
    expect(await b.hit('10.0.0.1')).toBe(false);
    expect(await a.hit('10.0.0.1')).toBe(false);
    expect(await b.hit('10.0.0.1')).toBe(true);
    expect(await b.hit('10.0.0.2')).toBe(false);
    await new Promise((r) => setTimeout(r, 400));
    expect(await a.hit('10.0.0.1')).toBe(false);
  });

  it('counts and sets the expiry in one step: a burst lets exactly max through and the key always expires', async () => {
    const limiterName = name();
    const limiter = redisLimiter(redis!, { name: limiterName, max: 5, windowMs: 60_000 });
    expect(await admittedOf(limiter, 'burst', 50)).toBe(5);
    const ttl = await redis!.pttl(`h5:limit:${limiterName}:burst`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('forgives a hit of a live window and never creates a key that would not expire', async () => {
    const limiterName = name();
    const limiter = redisLimiter(redis!, { name: limiterName, max: 1, windowMs: 60_000 });
    expect(await limiter.hit('a')).toBe(false);
    await limiter.forgive('a');
    expect(await limiter.hit('a')).toBe(false);
    expect(await limiter.hit('a')).toBe(true);
    await limiter.forgive('missing');
    expect(await redis!.exists(`h5:limit:${limiterName}:missing`)).toBe(0);
  });
});
