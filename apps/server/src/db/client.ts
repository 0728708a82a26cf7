import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

/** One type for both drivers, so every query is written once (STACK "drizzle"). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Locks that hold across every process on this database, for work one process at a time must do. */
  locks: JobLocks;
  /** PostgreSQL: the pool's connections now (PGlite has no pool). */
  pool?: PoolStats;
  close(): Promise<void>;
}

/** What a connection pool holds at this moment, for the metrics. */
export interface PoolStats {
  total(): number;
  idle(): number;
  waiting(): number;
}

/** Runs a function while holding a named lock, or does not run it when another holder has the lock now. */
export interface JobLocks {
  tryRun<T>(name: string, run: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
}

/** One process's locks: PGlite is one process, and tests of one process need no more. */
export function processLocks(): JobLocks {
  const held = new Set<string>();
  return {
    async tryRun(name, run) {
      if (held.has(name)) return { ran: false };
      held.add(name);
      try {
        return { ran: true, value: await run() };
      } finally {
        held.delete(name);
      }
    },
  };
}

/**
 * PostgreSQL session advisory locks, taken on a connection of their own for the length of the work: every process
 * on the database sees them, and the server drops them if the holder dies. The work itself uses the pool, so it may
 * run many short transactions and call out over the network without holding one open.
 */
function advisoryLocks(pool: pg.Pool): JobLocks {
  return {
    async tryRun(name, run) {
      const client = await pool.connect();
      try {
        const got = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [name]);
        if (!got.rows[0]?.ok) return { ran: false };
        try {
          return { ran: true, value: await run() };
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
        }
      } finally {
        client.release();
      }
    },
  };
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How many migrations this build carries (its journal): a database that applied fewer is not ready to serve it. */
export function committedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** PostgreSQL pool limits (config.ts db); without them a connection waits and a statement runs without limit. */
export interface PoolTimeouts {
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  /** A transaction left idle is ended by the server, so its locks (a member's wallet) are not held for ever. */
  idleInTransactionTimeoutMs: number;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or "memory". */
  dataDir?: string;
  poolSize?: number;
  timeouts?: PoolTimeouts;
  /**
   * PGlite only: a dump of a migrated database (migratedPgliteSnapshot) to start from instead of creating one and
   * migrating it, which takes seconds: the test suite opens one database per file.
   */
  snapshot?: Blob;
  /**
   * The session setting ledger.seal (ledger-seal.ts `sealSetting`) that lets ledger_post seal movements: given to
   * every connection at its start (PostgreSQL startup options), so no statement carries the key. Unset: unsealed.
   */
  ledgerSeal?: string | undefined;
}

/**
 * A PostgreSQL pool that outlives connections the server ends, each logged as `name`'s, until `close` ends the pool
 * (then such endings are expected and stay quiet). An idle connection that the server drops (a restart, a terminated
 * backend) must not crash the process: the pool replaces it on the next query. The pool listens for errors only
 * while a connection is idle; one ended while checked out (idle_in_transaction_session_timeout, a restart between
 * two queries of a transaction) would otherwise raise an unhandled 'error' and stop the process: with a listener
 * it fails its own request and the pool drops it.
 */
export function survivingPool(name: string, config: pg.PoolConfig): { pool: pg.Pool; close: () => Promise<void> } {
  const pool = new pg.Pool(config);
  let closing = false;
  pool.on('error', (error) => {
    if (!closing) console.error(`idle ${name} connection failed: ${error.message}`);
  });
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!closing) console.error(`${name} connection failed: ${error.message}`);
    });
  });
  const close = async () => {
    closing = true;
    await pool.end();
  };
  return { pool, close };
}

/** Opens the database and applies the committed migrations before anything else touches it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const connectionTimeoutMillis = options.timeouts?.connectTimeoutMs;
    // Migrations get a connection of their own without the statement limits: one on a large table may rightly take
    // longer than any request should. Several processes may start at once on one database (instances of a
    // deployment): each migrates under one session lock, so the second finds the migrations applied instead of
    // applying them again beside the first.
    // The pool's one connection is never closed while idle, so it holds the lock until end().
    const migrator = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 1,
      idleTimeoutMillis: 0,
      connectionTimeoutMillis,
    });
    try {
      const migrating = drizzlePg(migrator, { schema });
      await migrating.execute(sql`SELECT pg_advisory_lock(hashtext('h5:migrations'))`);
      await migratePg(migrating, { migrationsFolder });
    } finally {
      await migrator.end();
    }
    const { pool, close } = survivingPool('database', {
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis,
      statement_timeout: options.timeouts?.statementTimeoutMs,
      idle_in_transaction_session_timeout: options.timeouts?.idleInTransactionTimeoutMs,
      ...(options.ledgerSeal ? { options: `-c ledger.seal=${options.ledgerSeal}` } : {}),
    });
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      locks: advisoryLocks(pool),
      pool: { total: () => pool.totalCount, idle: () => pool.idleCount, waiting: () => pool.waitingCount },
      close,
    };
  }
  const dataDir = options.dataDir ?? 'memory';
  const client = options.snapshot
    ? new PGlite({ loadDataDir: options.snapshot })
    : dataDir === 'memory'
      ? new PGlite()
      : new PGlite(dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  if (options.ledgerSeal) await client.query(`SELECT set_config('ledger.seal', $1, false)`, [options.ledgerSeal]);
  return { db: db as unknown as Db, kind: 'pglite', locks: processLocks(), close: () => client.close() };
}

/**
 * A dump of a freshly migrated in-memory PGlite database, for `snapshot` (the test suite migrates once, not per file).
 * PGlite works in its `postgres` database only, so the cluster's two template databases are dropped first: a third of
 * the dump's bytes, and about half the time each test file takes to load it.
 */
export async function migratedPgliteSnapshot(): Promise<Blob> {
  const client = new PGlite();
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    await client.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
    await client.exec('DROP DATABASE template0');
    await client.exec('DROP DATABASE template1');
    await client.exec('CHECKPOINT');
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
