import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig, testDatabaseUrl } from '../../config';
import { committedMigrationCount, openDatabase } from '../../db/client';
import { freshPostgres, useTestApp } from '../../../test/helper';

// /healthz and /readyz as a load balancer calls them: plain JSON with a real HTTP status, outside the envelope.
const t = useTestApp();

const get = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

describe('GET /healthz and /readyz', () => {
  it('answer 200 while the process, the database and its migrations are there', async () => {
    expect(await get(t.app, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get(t.app, '/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('answers 503 naming the database when it lacks a migration of this build, and 200 once it has it again', async () => {
    const all = committedMigrationCount();
    const result = await t.database.db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations) RETURNING hash, created_at`,
    );
    const removed = (result as unknown as { rows: Array<{ hash: string; created_at: string }> }).rows[0]!;
    expect(await get(t.app, '/readyz')).toEqual({
      status: 503,
      body: { status: 'not ready', missing: [`database not migrated (${all - 1} of ${all})`] },
    });
    // The process itself still answers: a restart would not help, the migration would.
    expect((await get(t.app, '/healthz')).status).toBe(200);
    await t.database.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${removed.hash}, ${removed.created_at})`,
    );
    expect((await get(t.app, '/readyz')).status).toBe(200);
  });

  it('answers 503 naming Redis when the configured Redis does not answer', async () => {
    let redisUp = true;
    const redis = {
      eval: async () => 1,
      ping: async () => (redisUp ? 'PONG' : Promise.reject(new Error('connection refused'))),
    };
    const app = await buildApp({
      db: t.database.db,
      config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
      redis,
    });
    try {
      expect((await get(app, '/readyz')).status).toBe(200);
      redisUp = false;
      expect(await get(app, '/readyz')).toEqual({
        status: 503,
        body: { status: 'not ready', missing: ['redis unreachable'] },
      });
    } finally {
      await app.close();
    }
  });
});

/** A TCP proxy to PostgreSQL that a test stops and starts again on the same port: a database that goes away. */
async function databaseProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      const s = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server = s;
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as AddressInfo).port;
        resolve();
      });
    });
  /** Refuses new connections and cuts the open ones, as a database host that went down. */
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server?.close(() => resolve());
    });
  await start();
  return { port: () => port, start, stop };
}

describe.skipIf(!testDatabaseUrl())('GET /readyz on PostgreSQL', () => {
  it('answers 503 while the database is unreachable and 200 when it is back', async () => {
    const pgDb = await freshPostgres(testDatabaseUrl()!, inject('postgresTemplate'));
    const real = new URL(pgDb.url);
    const proxy = await databaseProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(pgDb.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port());
    const database = await openDatabase({
      databaseUrl: viaProxy.toString(),
      timeouts: { connectTimeoutMs: 1000, statementTimeoutMs: 5000, idleInTransactionTimeoutMs: 5000 },
    });
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: viaProxy.toString(),
      PUBLIC_URL: 'https://m.example.test',
    });
    const app = await buildApp({ db: database.db, config, pool: database.pool, locks: database.locks });
    try {
      expect(await get(app, '/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
      await proxy.stop();
      expect(await get(app, '/readyz')).toEqual({
        status: 503,
        body: { status: 'not ready', missing: ['database unreachable'] },
      });
      expect((await get(app, '/healthz')).status).toBe(200);
      await proxy.start();
      expect(await get(app, '/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
    } finally {
      await app.close();
      await database.close();
      await proxy.stop();
      await pgDb.drop();
    }
  });
});
