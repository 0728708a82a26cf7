/**
 * Counts attempts per key in fixed windows. An attempt is counted before it is judged (increment, then compare),
 * so a burst of parallel requests cannot all slip past a check made before any of them counted. This in-process
 * counter suits one server process; several processes behind a load balancer share counters through Redis
 * (REDIS_URL) with the same interface.
 */
export interface AttemptLimiter {
  /** Counts one attempt of the key; true when the key is now over its limit (this attempt included). */
  hit(key: string): Promise<boolean>;
  /** Takes back one counted attempt that turned out well (a correct password), so only failures stay counted. */
  forgive(key: string): Promise<void>;
}

interface Window {
  startedAt: number;
  count: number;
}

/** Distinct keys kept in memory at most; beyond it the oldest windows go first. */
const MAX_KEYS = 100_000;

export function memoryLimiter(options: {
  max: number;
  windowMs: number;
  now?: () => number;
  maxKeys?: number;
}): AttemptLimiter {
  // A Map iterates in insertion order and a window is (re)inserted when it starts, so the first entries are
  // always the oldest windows: expired ones form a prefix.
  const windows = new Map<string, Window>();
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? MAX_KEYS;
  const expired = (w: Window) => now() - w.startedAt >= options.windowMs;

  // Never a wholesale clear: flooding distinct keys must not reset the counter of the key under attack.
  const prune = () => {
    for (const [key, w] of windows) {
      if (!expired(w)) break;
      windows.delete(key);
    }
    for (const key of windows.keys()) {
      if (windows.size <= maxKeys) break;
      windows.delete(key);
    }
  };

  return {
    async hit(key) {
      let w = windows.get(key);
      if (w && expired(w)) {
        windows.delete(key);
        w = undefined;
      }
      if (w) w.count += 1;
      else {
        w = { startedAt: now(), count: 1 };
        windows.set(key, w);
        if (windows.size > maxKeys) prune();
      }
      return w.count > options.max;
    },
    async forgive(key) {
      const w = windows.get(key);
      if (w && !expired(w) && w.count > 0) w.count -= 1;
    },
  };
}

/** The subset of a Redis client the limiter needs (ioredis satisfies it). */
export interface RedisLike {
  eval(script: string, numKeys: number, ...args: Array<string | number>): Promise<unknown>;
}

// One atomic step: count, and start the window's expiry with its first hit (or if a key somehow has none).
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

// Only a live window is decremented: a DECR on a missing key would create one that never expires.
const FORGIVE_SCRIPT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Fixed-window counters in Redis, shared by every server process behind a load balancer (REDIS_URL). A window
 * starts with the first hit and its key expires with it.
 */
export function redisLimiter(
  redis: RedisLike,
  options: { name: string; max: number; windowMs: number },
): AttemptLimiter {
  const keyOf = (key: string) => `h5:limit:${options.name}:${key}`;
  return {
    async hit(key) {
      const count = Number(await redis.eval(HIT_SCRIPT, 1, keyOf(key), options.windowMs));
      return count > options.max;
    },
    async forgive(key) {
      await redis.eval(FORGIVE_SCRIPT, 1, keyOf(key));
    },
  };
}
