import type { SupportPush } from '@h5/contract';

/**
 * Live delivery of the support desk (docs/operators.md "The support desk"): the rows are written first, then each
 * new message or change is published here, and every process hands it to the sockets it holds that may see it (the
 * member of the conversation, and the desk). With Redis (REDIS_URL) every process hears every other; without it
 * only its own. A push that is lost costs nothing: clients read the rows after their last id.
 */
export interface SupportEvent {
  /** The member of the conversation (null for a visitor's). */
  memberId: number | null;
  /** The visitor's key (the hash of their device id) for a visitor's conversation. */
  visitorId?: string | null;
  push: SupportPush;
}

export interface SupportBus {
  publish(event: SupportEvent): Promise<void>;
  /** Hears every event of every process; answers the function that stops listening. */
  listen(listener: (event: SupportEvent) => void): () => void;
  close(): Promise<void>;
}

function listeners() {
  const set = new Set<(event: SupportEvent) => void>();
  return {
    add(listener: (event: SupportEvent) => void) {
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit(event: SupportEvent) {
      for (const listener of set) listener(event);
    },
  };
}

/** One process: events go straight to this process's sockets. */
export function memorySupportBus(): SupportBus {
  const own = listeners();
  return {
    async publish(event) {
      own.emit(event);
    },
    listen: own.add,
    async close() {},
  };
}

/** The subset of an ioredis client the bus needs: a publisher, and a second connection to subscribe with. */
export interface PubSubRedis {
  publish(channel: string, message: string): Promise<unknown>;
  duplicate(): SubscriberRedis;
  /** The client's Redis database (ioredis keeps it here). */
  options?: { db?: number };
}

export interface SubscriberRedis {
  subscribe(channel: string): Promise<unknown>;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  quit(): Promise<unknown>;
}

export const SUPPORT_CHANNEL = 'h5:support';

/**
 * The channel of a Redis database: its keys are the database's own, but a channel is heard on every database of the
 * server, so a site on database 1 of another site's Redis would push that site's lines to its own members.
 */
export function supportChannel(db = 0): string {
  return db ? `${SUPPORT_CHANNEL}:${db}` : SUPPORT_CHANNEL;
}

/** Every process: events travel through one Redis channel, and each process hears its own as well. */
export function redisSupportBus(redis: PubSubRedis, channel = supportChannel(redis.options?.db)): SupportBus {
  const own = listeners();
  const subscriber = redis.duplicate();
  subscriber.on('message', (from, message) => {
    if (from !== channel) return;
    try {
      own.emit(JSON.parse(message) as SupportEvent);
    } catch {
      // A message that is not ours: nothing to deliver.
    }
  });
  const ready = subscriber.subscribe(channel);
  return {
    async publish(event) {
      await ready;
      await redis.publish(channel, JSON.stringify(event));
    },
    listen: own.add,
    async close() {
      await ready.catch(() => undefined);
      await subscriber.quit();
    },
  };
}

/** Whether a Redis client handed to the app can publish and subscribe (an ioredis client can). */
export function canPubSub(redis: unknown): redis is PubSubRedis {
  const r = redis as Partial<PubSubRedis> | undefined;
  return typeof r?.publish === 'function' && typeof r.duplicate === 'function';
}
