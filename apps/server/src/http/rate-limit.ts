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
