import { sql } from 'drizzle-orm';
import { committedMigrationCount, type Db } from '../../db/client';

/** A readiness check answers within this, or counts as unreachable: a load balancer must not wait on it. */
const CHECK_TIMEOUT_MS = 2000;

export interface ReadinessDeps {
  db: Db;
  /** Present when the server is configured with Redis (REDIS_URL). */
  redis?: { ping(): Promise<unknown> };
}

export interface Readiness {
  ready: boolean;
  /** What is missing, in words an operator can act on: "database unreachable", "database not migrated (21 of 23)". */
  missing: string[];
}

function within<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const expected = committedMigrationCount();

async function databaseProblem(db: Db): Promise<string | null> {
  let applied: number;
  try {
    const result = await within(db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`));
    applied = Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  } catch {
    return 'database unreachable';
  }
  // A database ahead of this build (a newer version rolled back) still serves it; one behind does not.
  return applied < expected ? `database not migrated (${applied} of ${expected})` : null;
}

async function redisProblem(redis: ReadinessDeps['redis']): Promise<string | null> {
  if (!redis) return null;
  try {
    await within(redis.ping());
    return null;
  } catch {
    return 'redis unreachable';
  }
}

/** Whether this process can serve requests: the database reachable and migrated, Redis reachable when configured. */
export async function readiness(deps: ReadinessDeps): Promise<Readiness> {
  const missing = (await Promise.all([databaseProblem(deps.db), redisProblem(deps.redis)])).filter(
    (p): p is string => p !== null,
  );
  return { ready: missing.length === 0, missing };
}
