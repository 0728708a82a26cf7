import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testDatabaseUrl } from '../config';
import { paymentsKit } from '../modules/payments/payments-test-kit';
import {
  buildTestApp,
  call,
  freshPostgres,
  memberId,
  operatorToken,
  pullBets,
  registerMember,
  type TestApp,
} from '../../test/helper';
import { clusterDir, hasPgTools, pgTool, removeDir } from '../../test/pg-cluster';
import { type Database, openDatabase } from './client';

/**
 * docs/operations.md "Backups": a database dumped with pg_dump -Fc and restored with pg_restore into an empty one serves as
 * before: its ledger balances to the cent and its members sign in.
 */
const adminUrl = testDatabaseUrl();
const usable = Boolean(adminUrl) && hasPgTools('pg_dump', 'pg_restore');

let t: TestApp;
let finance: string;
let dir = '';
let restoredDb: { url: string; drop(): Promise<void> } | undefined;
let restored: Database | undefined;
let restoredApp: TestApp | undefined;

const rowsOf = <R>(r: unknown) => (r as { rows: R[] }).rows;
async function counts(database: Database) {
  const [row] = rowsOf<Record<string, number>>(
    await database.db.execute(sql`SELECT
      (SELECT count(*)::int FROM members) AS members,
      (SELECT count(*)::int FROM ledger_transactions) AS movements,
      (SELECT count(*)::int FROM ledger_transactions WHERE kind = 'deposit') AS deposits,
      (SELECT count(*)::int FROM venue_transfers) AS transfers,
      (SELECT count(*)::int FROM bets) AS bets,
      (SELECT coalesce(sum(balance), 0)::text FROM ledger_accounts) AS balance_sum`),
  );
  return row;
}

describe.skipIf(!usable)('backup and restore with pg_dump and pg_restore (PostgreSQL only)', () => {
  beforeAll(async () => {
    t = await buildTestApp();
    finance = await operatorToken(t, 'finance');
    dir = await clusterDir();
  });
  afterAll(async () => {
    await restoredApp?.app.close();
    await restored?.close();
    await restoredDb?.drop();
    await t?.close();
    if (dir) removeDir(dir);
  });

  it('restores members, deposits, transfers and bets into a fresh database that balances and lets members sign in', async () => {
    const kit = paymentsKit(t, () => finance);
    const members = [];
    for (let i = 0; i < 3; i += 1) {
      const m = await registerMember(t.app);
      await kit.deposit(m.token, `${100 + i * 50}.00`);
      await kit.settleBet(m.token, await memberId(t, m.name), '20.00');
      members.push(m);
    }
    await pullBets(t, 'XHZR');
    await kit.ledgerBalanced();
    const before = await counts(t.database);
    expect(before).toMatchObject({ deposits: 3 });
    expect(before?.transfers).toBeGreaterThanOrEqual(3);
    expect(before?.bets).toBeGreaterThanOrEqual(3);
    const balanceBefore = await kit.balance(members[0]!.token);

    // The backup: PostgreSQL's custom format (compressed, restorable table by table), taken while the app runs.
    const file = path.join(dir, 'site.dump');
    await pgTool('pg_dump', ['-Fc', '--no-owner', '-f', file, '-d', await currentUrl(t.database)]);

    // The restore: into an empty database, as on a new server, then the app started on it.
    restoredDb = await freshPostgres(adminUrl!);
    await pgTool('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', '-d', restoredDb.url, file]);
    restored = await openDatabase({ databaseUrl: restoredDb.url, poolSize: 5 });
    expect(await counts(restored)).toEqual(before);
    const app = await buildApp({ db: restored.db, config: t.config, locks: restored.locks });
    await app.ready();
    await app.listen({ port: 0, host: '127.0.0.1' });
    restoredApp = {
      app,
      database: restored,
      config: t.config,
      origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      clock: t.clock,
      close: async () => {},
    };

    // Operators and members carried over: a finance operator checks the ledger, a member signs in to the same money.
    const restoredFinance = await operatorToken(restoredApp, 'finance');
    const restoredKit = paymentsKit(restoredApp, () => restoredFinance);
    await restoredKit.ledgerBalanced();
    const signedIn = await call<{ api_token: string }>(app, '/api/login', {
      name: members[0]!.name,
      password: 'secret123',
    });
    expect(signedIn.code).toBe(200);
    expect(await restoredKit.balance(signedIn.data.api_token)).toBe(balanceBefore);
    // The restored site takes new money as before.
    await restoredKit.deposit(signedIn.data.api_token, '100.00');
    await restoredKit.ledgerBalanced();
  }, 120_000);
});

/** The connection string of a test database (buildTestApp made it from TEST_DATABASE_URL). */
async function currentUrl(database: Database): Promise<string> {
  const [row] = rowsOf<{ name: string }>(await database.db.execute(sql`SELECT current_database() AS name`));
  const url = new URL(adminUrl!);
  url.pathname = `/${row?.name ?? ''}`;
  return url.toString();
}
