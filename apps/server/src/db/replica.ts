import { drizzle } from 'drizzle-orm/node-postgres';
import { type Db, type PoolTimeouts, survivingPool } from './client';
import * as schema from './schema';

/**
 * How far behind the primary a replica may be and still answer (DATABASE_REPLICA_MAX_LAG_SECONDS). Ten seconds: the
 * reads sent there are reports and the dashboard, which operators read at the scale of minutes and which already
 * leave out the last moments of a day still open; a figure ten seconds old is one a refresh would have shown anyway.
 * A replica further behind is not catching up with the primary's writes (a long replay conflict, a broken link), and
 * its answers would visibly disagree with the screens that read the primary: the primary answers until it is back.
 */
export const DEFAULT_REPLICA_MAX_LAG_SECONDS = 10;

/** How often the replica's lag is looked at, at most: one small query a second, whatever the traffic. */
const CHECK_EVERY_MS = 1000;

/**
 * Where read-only work goes: reports, dashboard figures and long back-office lists. Money paths and anything that
 * reads in order to write use the primary (`db`) directly, never this.
 */
export interface ReadDb {
  /** Runs `run` on the replica when it is up and close enough behind, otherwise (or when it fails there) on the primary. */
  read<T>(run: (db: Db) => Promise<T>): Promise<T>;
  /** The database a read goes to now: for a download that streams rows as it reads them (not retried). */
  pick(): Promise<Db>;
  /** The replica's lag in seconds when last looked at, null when unreachable or not streaming; undefined without a replica. */
  lag(): Promise<number | null | undefined>;
  /** Whether reads go to the replica now (false without one). */
  usingReplica(): Promise<boolean>;
  close(): Promise<void>;
}

/** No replica: every read on the primary. */
export function primaryReads(primary: Db): ReadDb {
  return {
    read: (run) => run(primary),
    pick: async () => primary,
    lag: async () => undefined,
    usingReplica: async () => false,
    close: async () => {},
  };
}

export interface ReplicaOptions {
  /** The replica's connection string (DATABASE_REPLICA_URL). */
  url: string;
  maxLagSeconds?: number;
  poolSize?: number;
  timeouts?: PoolTimeouts;
  /** Tests look at every read; a server at most once a second. */
  checkEveryMs?: number;
  /** Told when the replica is left for the primary or taken back (logged by the server). */
  onChange?: (usingReplica: boolean, reason: string) => void;
}

/**
 * The replica's lag: zero when it has replayed all it received (an idle primary sends nothing new), otherwise the age
 * of the last transaction it replayed. Only a standby whose WAL receiver is streaming counts: one cut off from the
 * primary has replayed all it received and would claim no lag while falling behind.
 */
const LAG_SQL = `SELECT pg_is_in_recovery() AS standby,
  EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE status = 'streaming') AS streaming,
  CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
       ELSE coalesce(extract(epoch FROM now() - pg_last_xact_replay_timestamp()), 0) END::float8 AS lag`;

/** Errors after which a read is not tried again on the primary: the read itself is at fault, not the replica. */
const READ_FAULTS = new Set(['57014' /* statement timeout: the primary would take as long */]);
const isReadFault = (e: unknown) =>
  typeof (e as { statusCode?: unknown }).statusCode === 'number' ||
  READ_FAULTS.has(String((e as { code?: unknown }).code));

/**
 * Reads on a PostgreSQL streaming replica, falling back to the primary while the replica lags more than the bound,
 * is down, or is not a streaming standby. The replica's state is looked at on demand, at most every `checkEveryMs`.
 */
export function replicaReads(primary: Db, options: ReplicaOptions): ReadDb {
  const maxLag = options.maxLagSeconds ?? DEFAULT_REPLICA_MAX_LAG_SECONDS;
  const checkEveryMs = options.checkEveryMs ?? CHECK_EVERY_MS;
  const { pool, close } = survivingPool('replica', {
    connectionString: options.url,
    max: options.poolSize ?? 5,
    // A replica that does not answer at once is treated as down: the primary is there.
    connectionTimeoutMillis: Math.min(options.timeouts?.connectTimeoutMs ?? 2000, 2000),
    statement_timeout: options.timeouts?.statementTimeoutMs,
    idle_in_transaction_session_timeout: options.timeouts?.idleInTransactionTimeoutMs,
  });
  const replica = drizzle(pool, { schema }) as unknown as Db;

  let state: { at: number; lag: number | null; usable: boolean } = { at: -Infinity, lag: null, usable: false };
  let checking: Promise<void> | undefined;
  let reported: boolean | undefined;
  const setState = (lag: number | null, usable: boolean, reason: string) => {
    state = { at: Date.now(), lag, usable };
    if (reported !== usable) {
      reported = usable;
      options.onChange?.(usable, reason);
    }
  };

  async function check(): Promise<void> {
    try {
      const { rows } = await pool.query<{ standby: boolean; streaming: boolean; lag: number }>(LAG_SQL);
      const row = rows[0];
      if (!row?.standby) return setState(null, false, 'not a standby (promoted, or not a replica)');
      if (!row.streaming) return setState(null, false, 'not streaming from the primary');
      const lag = Number(row.lag);
      setState(lag, lag <= maxLag, lag <= maxLag ? 'streaming' : `${lag.toFixed(1)} s behind (bound ${maxLag} s)`);
    } catch (e) {
      setState(null, false, `unreachable: ${(e as Error).message}`);
    }
  }

  async function current() {
    if (Date.now() - state.at >= checkEveryMs) {
      checking ??= check().finally(() => {
        checking = undefined;
      });
      await checking;
    }
    return state;
  }

  return {
    async read(run) {
      if (!(await current()).usable) return run(primary);
      try {
        return await run(replica);
      } catch (e) {
        if (isReadFault(e)) throw e;
        // Down since it was looked at, or a read cancelled by a replay conflict: the primary answers, and the
        // replica is looked at again before the next read.
        state = { ...state, at: -Infinity };
        return run(primary);
      }
    },
    async pick() {
      return (await current()).usable ? replica : primary;
    },
    async lag() {
      return (await current()).lag;
    },
    async usingReplica() {
      return (await current()).usable;
    },
    close,
  };
}
