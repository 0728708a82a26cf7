import { createServer, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, testDatabaseUrl } from '../config';
import { freshPostgres } from '../../test/helper';
import { openDatabase } from './client';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A fresh database on TEST_DATABASE_URL's server, dropped after the file. */
async function freshDatabase(): Promise<string> {
  const db = await freshPostgres(testDatabaseUrl()!);
  cleanups.push(db.drop);
  return db.url;
}

describe('PostgreSQL pool settings', () => {
  it('reads the timeouts from the environment, with defaults', () => {
    expect(loadConfig({}).db).toEqual({
      connectTimeoutMs: 5_000,
      statementTimeoutMs: 30_000,
      idleInTransactionTimeoutMs: 10_000,
      poolSize: 10,
    });
    expect(loadConfig({}).shutdownTimeoutMs).toBe(20_000);
    const set = loadConfig({
      DB_CONNECT_TIMEOUT_MS: '800',
      DB_STATEMENT_TIMEOUT_MS: '1500',
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '2500',
      SHUTDOWN_TIMEOUT_SECONDS: '3',
      DB_POOL_SIZE: '25',
    });
    expect(set.db).toEqual({
      connectTimeoutMs: 800,
      statementTimeoutMs: 1500,
      idleInTransactionTimeoutMs: 2500,
      poolSize: 25,
    });
    expect(set.shutdownTimeoutMs).toBe(3000);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });

  it('gives up connecting after the connect timeout instead of waiting for ever', async () => {
    // A server that accepts the TCP connection and never answers the PostgreSQL handshake.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    cleanups.push(async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const started = Date.now();
    await expect(
      openDatabase({
        databaseUrl: `postgres://nobody@127.0.0.1:${port}/nothing`,
        timeouts: { connectTimeoutMs: 300, statementTimeoutMs: 1000, idleInTransactionTimeoutMs: 1000 },
      }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/connection timeout/) } });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it.skipIf(!testDatabaseUrl())(
    'sets statement_timeout and idle_in_transaction_session_timeout on every pooled connection',
    async () => {
      const database = await openDatabase({
        databaseUrl: await freshDatabase(),
        poolSize: 3,
        timeouts: { connectTimeoutMs: 2000, statementTimeoutMs: 1234, idleInTransactionTimeoutMs: 700 },
      });
      cleanups.push(() => database.close());
      const show = async (setting: string) => {
        const result = (await database.db.execute(sql.raw(`SHOW ${setting}`))) as unknown as {
          rows: Record<string, string>[];
        };
        return result.rows[0]?.[setting];
      };
      // Several at once, so more than one connection of the pool answers.
      const answers = await Promise.all(Array.from({ length: 3 }, () => show('statement_timeout')));
      expect(answers).toEqual(['1234ms', '1234ms', '1234ms']);
      expect(await show('idle_in_transaction_session_timeout')).toBe('700ms');
      // The migrations ran (their connection has no statement limit), and a statement past the limit is cancelled.
      expect(
        (
          (await database.db.execute(sql`SELECT count(*)::int AS n FROM members`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n,
      ).toBe(0);
      await expect(database.db.execute(sql`SELECT pg_sleep(2)`)).rejects.toMatchObject({
        cause: { message: 'canceling statement due to statement timeout' },
      });
      // A transaction left idle past its limit is ended by the server, releasing what it locked.
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          await new Promise((resolve) => setTimeout(resolve, 1200));
          await tx.execute(sql`SELECT 1`);
        }),
      ).rejects.toMatchObject({ cause: { message: 'Client has encountered a connection error and is not queryable' } });
      // The process did not stop on that connection's error (vitest fails the file on an unhandled one), and the pool
      // has replaced it.
      expect(await show('statement_timeout')).toBe('1234ms');
    },
  );
});
