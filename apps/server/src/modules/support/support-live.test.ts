import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../config';
import { redisSupportBus, type SupportBus, type SupportEvent, supportChannel } from './support-live';

// The desk's pushes between processes (docs/operators.md "The support desk", "Live delivery") go through a Redis
// channel. A channel is heard on every database of a Redis server while keys are not: two sites on databases of one
// server (a staging site beside production) must not hear each other's chat.

const redisUrl = testRedisUrl();
const onDatabase = (db: number) => {
  const url = new URL(redisUrl!);
  url.pathname = `/${db}`;
  return new Redis(url.toString(), { maxRetriesPerRequest: 1 });
};

describe.skipIf(!redisUrl)('the support bus on Redis (TEST_REDIS_URL)', () => {
  const clients: Redis[] = [];
  const buses: SupportBus[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    for (const client of clients) await client.quit();
  });

  /** A bus on that database, and what it heard. */
  const busOn = (db: number) => {
    const client = onDatabase(db);
    clients.push(client);
    const bus = redisSupportBus(client);
    buses.push(bus);
    const heard: SupportEvent[] = [];
    bus.listen((event) => heard.push(event));
    return { bus, heard };
  };

  it('keeps to its Redis database: processes of one site hear each other, a site on another database does not', async () => {
    expect(supportChannel()).toBe('h5:support');
    expect(supportChannel(5)).toBe('h5:support:5');
    const [site, sameSite, other] = [busOn(5), busOn(5), busOn(6)];
    // Each subscriber is up once it hears its own first push.
    await Promise.all(
      [site, sameSite, other].map(async ({ bus, heard }, i) => {
        await bus.publish({ memberId: 100 + i, push: { type: 'ready' } });
        await expect.poll(() => heard.some((e) => e.memberId === 100 + i)).toBe(true);
      }),
    );
    const text = `只给本站会员#${randomBytes(3).toString('hex')}`;
    const event: SupportEvent = {
      memberId: 1,
      push: {
        type: 'message',
        message: { id: 1, conversation_id: 1, sender: 'member', text, image: '', created_at: '2026-06-10 12:00:00' },
      },
    };
    await site.bus.publish(event);
    const ours = (heard: SupportEvent[]) =>
      heard.filter((e) => e.push.type === 'message' && e.push.message.text === text);
    await expect.poll(() => ours(sameSite.heard).length).toBe(1);
    expect(ours(site.heard)).toEqual([event]);
    // A push of the other site's, sent after: its subscriber hears it, and (Redis delivering in order) would have
    // heard the first site's line before it.
    await other.bus.publish({ memberId: 2, push: { type: 'ready' } });
    await expect.poll(() => other.heard.some((e) => e.memberId === 2)).toBe(true);
    expect(ours(other.heard)).toEqual([]);
  });
});
