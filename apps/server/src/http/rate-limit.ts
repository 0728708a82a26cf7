/**
 * Counts attempts per key in fixed windows. This in-process counter suits one server process; several processes
 * behind a load balancer share counters through Redis (REDIS_URL) with the same interface.
 */
export interface AttemptLimiter {
  /** True when the key has used up its attempts in the current window. */
  isBlocked(key: string): Promise<boolean>;
  hit(key: string): Promise<void>;
}

interface Window {
  startedAt: number;
  count: number;
}

export function memoryLimiter(options: { max: number; windowMs: number; now?: () => number }): AttemptLimiter {
  const windows = new Map<string, Window>();
  const now = options.now ?? Date.now;
  const current = (key: string): Window | undefined => {
    const w = windows.get(key);
    if (w && now() - w.startedAt >= options.windowMs) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async isBlocked(key) {
      return (current(key)?.count ?? 0) >= options.max;
    },
    async hit(key) {
      const w = current(key);
      if (w) w.count += 1;
      else windows.set(key, { startedAt: now(), count: 1 });
      // Keep the map from growing without bound under a flood of distinct addresses.
      if (windows.size > 100_000) windows.clear();
    },
  };
}

/** The subset of a Redis client the limiter needs (ioredis satisfies it). */
export interface RedisLike {
  get(key: string): Promise<string | null>;
  incr(key: string): Promise<number>;
  pexpire(key: string, ms: number): Promise<number>;
}

/**
 * Fixed-window counters in Redis, shared by every server process behind a load balancer (REDIS_URL). A window
 * starts with the first hit and its key expires with it.
 */
export function redisLimiter(redis: RedisLike, options: { name: string; max: number; windowMs: number }): AttemptLimiter {
  const keyOf = (key: string) => `h5:limit:${options.name}:${key}`;
  return {
    async isBlocked(key) {
      return Number((await redis.get(keyOf(key))) ?? 0) >= options.max;
    },
    async hit(key) {
      // The first hit of a window sets its expiry; later hits only count.
      if ((await redis.incr(keyOf(key))) === 1) await redis.pexpire(keyOf(key), options.windowMs);
    },
  };
}
