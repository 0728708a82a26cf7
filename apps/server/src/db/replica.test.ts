import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, testDatabaseUrl } from '../config';
import { beijingDay, systemClock } from '../lib/time';
import { metricsRegistryOf } from '../modules/ops/site-metrics';
import { seedIfEmpty } from '../sandbox/demo/seed';
import { adminCall, operatorToken, registerMember, type TestApp } from '../../test/helper';
import { type Cluster, cluster, clusterDir, freePort, hasPgTools, pgTool, removeDir } from '../../test/pg-cluster';
import { type Database, type Db, openDatabase } from './client';
import { type ReadDb, replicaReads } from './replica';

/**
 * Reports on a real streaming replica. The test starts a primary and a standby of its own (initdb, pg_basebackup):
 * the shared test server allows no replication connections, and a base backup of it would copy every test database.
 */
const usable = Boolean(testDatabaseUrl()) && hasPgTools('initdb', 'pg_ctl', 'pg_basebackup');
const MAX_LAG_SECONDS = 4;

let dir = '';
let primary: Cluster;
let standby: Cluster;
let database: Database;
let readDb: ReadDb;
let t: TestApp;
let finance: string;

async function onStandby<T extends pg.QueryResultRow>(statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: standby.url('h5') });
  await client.connect();
  try {
    return (await client.query<T>(statement)).rows;
  } finally {
    await client.end();
  }
}

async function until(what: string, ok: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const today = () => beijingDay(new Date());
async function newMembersToday(): Promise<number> {
  const answer = await adminCall<{ rows: Array<{ new_members: number }> }>(
    t,
    finance,
    'GET',
    `/admin/api/reports/daily?from=${today()}&to=${today()}`,
  );
  expect(answer.code).toBe(200);
  return answer.data.rows[0]?.new_members ?? -1;
}
async function metric(name: string): Promise<number> {
  const registry = metricsRegistryOf(t.app);
  const found = (await registry?.getSingleMetric(name)?.get())?.values[0]?.value;
  return Number(found);
}
async function membersFound(username: string): Promise<number> {
  const answer = await adminCall<{ total: number }>(t, finance, 'GET', `/admin/api/members?username=${username}`);
  expect(answer.code).toBe(200);
  return answer.data.total;
}
const standbyHas = async (username: string) =>
  (await onStandby<{ n: number }>(`SELECT count(*)::int AS n FROM members WHERE username = '${username}'`))[0]?.n === 1;

describe.skipIf(!usable)('reads on a streaming replica (PostgreSQL only)', () => {
  beforeAll(async () => {
    dir = await clusterDir();
    const primaryDir = path.join(dir, 'primary');
    const standbyDir = path.join(dir, 'standby');
    primary = cluster(primaryDir, await freePort(), dir, ['-c wal_level=replica', '-c max_wal_senders=4']);
    standby = cluster(standbyDir, await freePort(), dir, ['-c hot_standby=on']);
    // initdb's pg_hba.conf allows replication connections from 127.0.0.1 with trust, as the test needs.
    await pgTool('initdb', ['-D', primaryDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
    await primary.start();
    await pgTool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      standbyDir,
      '-X',
      'stream',
      '-R',
    ]);
    await standby.start();

    const admin = new pg.Client({ connectionString: primary.url() });
    await admin.connect();
    await admin.query('CREATE DATABASE h5');
    await admin.end();
    database = await openDatabase({ databaseUrl: primary.url('h5'), poolSize: 5 });
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ADMIN_DIST: '/nonexistent' }) };
    await seedIfEmpty(database.db, { sandbox: config.sandbox });
    // Looked at on every read, so the test sees each change of the replica at once.
    readDb = replicaReads(database.db, { url: standby.url('h5'), maxLagSeconds: MAX_LAG_SECONDS, checkEveryMs: 0 });
    const app = await buildApp({ db: database.db, readDb, config, locks: database.locks });
    await app.ready();
    await app.listen({ port: 0, host: '127.0.0.1' });
    t = {
      app,
      database,
      config,
      origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      clock: systemClock,
      close: async () => {},
    };
    finance = await operatorToken(t, 'finance');
  }, 120_000);

  afterAll(async () => {
    await t?.app.close();
    await readDb?.close();
    await database?.close();
    await standby?.stop('immediate');
    await primary?.stop('immediate');
    if (dir) removeDir(dir);
  });

  it('serves a report from the replica, leaves it while it lags past the bound or is down, and shows the lag', async () => {
    await until('the replica to stream', () => readDb.usingReplica());
    const first = await registerMember(t.app);
    await until('the replica to replay the first registration', () => standbyHas(first.name));
    const before = await newMembersToday();
    expect(before).toBeGreaterThanOrEqual(1);
    expect(await metric('h5_db_replica_in_use')).toBe(1);

    // Replay stops: the replica keeps receiving the primary's writes but does not apply them.
    await onStandby('SELECT pg_wal_replay_pause()');
    const second = await registerMember(t.app);
    expect(await standbyHas(second.name)).toBe(false);
    // Within the bound, the report is the replica's: it does not count the member the primary already has; nor
    // does the member search of the back office.
    expect(await newMembersToday()).toBe(before);
    expect(await membersFound(second.name)).toBe(0);
    expect(await membersFound(first.name)).toBe(1);

    // Past the bound the primary answers, with the second member; the metric shows how far behind the replica is.
    await until('the lag to pass the bound', async () => !(await readDb.usingReplica()), (MAX_LAG_SECONDS + 10) * 1000);
    expect(await newMembersToday()).toBe(before + 1);
    expect(await membersFound(second.name)).toBe(1);
    expect(await metric('h5_db_replica_lag_seconds')).toBeGreaterThan(MAX_LAG_SECONDS);
    expect(await metric('h5_db_replica_in_use')).toBe(0);

    // Caught up again, the replica answers again, now with both.
    await onStandby('SELECT pg_wal_replay_resume()');
    await until('the replica to catch up', () => readDb.usingReplica());
    expect(await standbyHas(second.name)).toBe(true);
    expect(await newMembersToday()).toBe(before + 1);
    expect(await metric('h5_db_replica_lag_seconds')).toBeLessThanOrEqual(MAX_LAG_SECONDS);

    // Closed days are kept on the primary (keeping writes), then read from the replica like the rest.
    const yesterday = beijingDay(new Date(Date.now() - 86_400_000));
    const range = await adminCall<{ rows: Array<{ day: string; new_members: number }> }>(
      t,
      finance,
      'GET',
      `/admin/api/reports/daily?from=${yesterday}&to=${today()}`,
    );
    expect(range.code).toBe(200);
    expect(range.data.rows.map((r) => r.day)).toEqual([yesterday, today()]);
    expect(range.data.rows[1]?.new_members).toBe(before + 1);

    // A server looks at the replica once a second: one that goes down between two looks fails the read in flight,
    // which the primary then answers.
    const looksRarely = replicaReads(database.db, {
      url: standby.url('h5'),
      maxLagSeconds: MAX_LAG_SECONDS,
      checkEveryMs: 60_000,
    });
    expect(await looksRarely.usingReplica()).toBe(true);
    const countMembers = (db: Db) =>
      db
        .execute(sql`SELECT count(*)::int AS n FROM members`)
        .then((r) => (r as unknown as { rows: { n: number }[] }).rows[0]?.n);
    const onReplica = await looksRarely.read(countMembers);

    // The replica stops: every read is the primary's, the dashboard and the other reports included.
    await standby.stop('immediate');
    expect(await looksRarely.read(countMembers)).toBe(onReplica);
    expect(await looksRarely.usingReplica()).toBe(false);
    await looksRarely.close();
    expect(await readDb.usingReplica()).toBe(false);
    expect(await newMembersToday()).toBe(before + 1);
    const dashboard = await adminCall<{ today: { new_members: number } }>(
      t,
      finance,
      'GET',
      '/admin/api/dashboard/figures',
    );
    expect(dashboard.code).toBe(200);
    expect(dashboard.data.today.new_members).toBe(before + 1);
    const venues = await adminCall(t, finance, 'GET', `/admin/api/reports/venues?from=${today()}&to=${today()}`);
    expect(venues.code).toBe(200);
    expect(await metric('h5_db_replica_lag_seconds')).toBe(-1);
    expect(await metric('h5_db_replica_in_use')).toBe(0);
  }, 90_000);
});
