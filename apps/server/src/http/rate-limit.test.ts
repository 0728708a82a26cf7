import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../config';
import { memoryLimiter, redisLimiter } from './rate-limit';

describe('memoryLimiter', () => {
  it('blocks a key after max hits until its window has passed, leaving other keys alone', async () => {
    let now = 0;
    const limiter = memoryLimiter({ max: 2, windowMs: 1000, now: () => now });
    await limiter.hit('a');
    expect(await limiter.isBlocked('a')).toBe(false);
    await limiter.hit('a');
    expect(await limiter.isBlocked('a')).toBe(true);
    expect(await limiter.isBlocked('b')).toBe(false);
    now = 1000;
    expect(await limiter.isBlocked('a')).toBe(false);
  });
});

const redisUrl = testRedisUrl();
describe.skipIf(!redisUrl)('redisLimiter (TEST_REDIS_URL)', () => {
  const redis = redisUrl ? new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 }) : null;
  afterAll(() => redis?.quit());

  it('shares one counter between two limiters, as two server processes would, and expires it with the window', async () => {
    const name = `test-${randomBytes(4).toString('hex')}`;
    const a = redisLimiter(redis!, { name, max: 3, windowMs: 300 });
    const b = redisLimiter(redis!, { name, max: 3, windowMs: 300 });
    await a.hit('10.0.0.1');
    await b.hit('10.0.0.1');
    expect(await a.isBlocked('10.0.0.1')).toBe(false);
    await a.hit('10.0.0.1');
    expect(await b.isBlocked('10.0.0.1')).toBe(true);
    expect(await b.isBlocked('10.0.0.2')).toBe(false);
    await new Promise((r) => setTimeout(r, 400));
    expect(await a.isBlocked('10.0.0.1')).toBe(false);
  });
});
