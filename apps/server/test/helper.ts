import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { IntegrationChange } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import { buildApp } from '../src/app';
import { hmacHex } from '../src/lib/hmac';
import { type AppConfig, loadConfig, testDatabaseUrl } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { seedIfEmpty } from '../src/sandbox/demo/seed';
import { sealKey, sealSetting } from '../src/modules/ledger/ledger-seal';
import { type Clock, systemClock } from '../src/lib/time';
import { connectSandboxAggregator } from '../src/sandbox/aggregator/sandbox-aggregator-venues';

/**
 * Password hashes at scrypt's lowest work factor: the suite registers thousands of members, and at the production
 * factor hashing was a third of the server suite's CPU (docs/testing.md "Cheap password hashes").
 */
export const CHEAP_HASHES = { NODE_ENV: 'test', PASSWORD_HASH_COST: '10' } as const;

let snapshot: Promise<Blob> | undefined;
/** The migrated PGlite database of the run (test/global-setup.ts), read once per test file. */
export function pgliteSnapshot(): Promise<Blob> {
  snapshot ??= readFile(inject('pgliteSnapshot')).then((bytes) => new Blob([bytes]));
  return snapshot;
}

/** A clock the test moves by hand (expiry, windows). */
export function manualClock(start = new Date('2026-06-01T04:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}

/**
 * A fresh PostgreSQL database on adminUrl's server (TEST_DATABASE_URL), for one test file; drop() removes it. With
 * `template`, a copy of that (migrated) database instead of an empty one.
 */
export async function freshPostgres(adminUrl: string, template = ''): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
        break;
      } catch (e) {
        // 55006: the template still has a session (one that was just closed may take a moment to leave).
        if ((e as { code?: string }).code !== '55006' || attempt === 20) throw e;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** Where the app listens on loopback (http://127.0.0.1:PORT): venues are reached over real HTTP. */
  origin: string;
  /** The app's clock (a test's manual one, or the system's). */
  clock: Clock;
  close(): Promise<void>;
}

/**
 * A migrated, seeded app on in-memory PGlite, or on a fresh PostgreSQL database when TEST_DATABASE_URL is set:
 * the same suite runs on both. It listens on loopback, as a server does, and with the sandbox its demo venues are
 * connected to the sandbox aggregator there, reached over real HTTP like any venue.
 */
export async function buildTestApp(
  options: { clock?: Clock; config?: Partial<AppConfig>; logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const adminUrl = testDatabaseUrl();
  const pgDb = adminUrl ? await freshPostgres(adminUrl, inject('postgresTemplate')) : undefined;
  // Suites move a manual clock by hours between back-office calls: operator sessions idle out only where a test
  // asks for it (config.operatorIdleMs); the 12-hour limit still holds.
  const config: AppConfig = {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      OPERATOR_IDLE_MINUTES: String(12 * 60),
      ...CHEAP_HASHES,
    }),
    ...options.config,
  };
  // Movements are sealed with the configured key, as the server's sessions seal them (server-process.ts).
  const ledgerSeal = config.ledgerSeal.key ? sealSetting(sealKey(config.ledgerSeal.key)) : undefined;
  const database = await openDatabase({
    databaseUrl: pgDb?.url,
    dataDir: 'memory',
    poolSize: 20,
    snapshot: pgDb ? undefined : await pgliteSnapshot(),
    ledgerSeal,
  });
  // A production app (sandbox off) starts only with PUBLIC_URL, as a production server does.
  if (!config.sandbox && !config.publicUrl) config.publicUrl = 'https://m.example.test';
  await seedIfEmpty(database.db, { sandbox: config.sandbox });
  const app = await buildApp({
    db: database.db,
    config,
    locks: database.locks,
    clock: options.clock,
    logStream: options.logStream,
  });
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  if (config.sandbox) await connectSandboxAggregator(database.db, origin, { create: false });
  return {
    app,
    database,
    config,
    origin,
    clock: options.clock ?? systemClock,
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
    },
  };
}

/**
 * The app of a test file: built before its tests (beforeAll) and closed after them. The answer stands for the built
 * app, so a file's module-level helpers can hold it; its fields are read from hooks and tests, once it is built. A
 * file's own beforeAll hooks, registered after this call, run after the app is built.
 */
export function useTestApp(options: Parameters<typeof buildTestApp>[0] = {}): TestApp {
  let built: TestApp | undefined;
  const current = () => {
    if (!built) throw new Error('the test app is built in beforeAll: read it from a hook or a test');
    return built;
  };
  beforeAll(async () => {
    built = await buildTestApp(options);
  });
  afterAll(() => built?.close());
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    get origin() {
      return current().origin;
    },
    get clock() {
      return current().clock;
    },
    close: () => current().close(),
  };
}

export type OperatorRole = 'admin' | 'finance' | 'content' | 'support';

/**
 * Back-office tokens of a test file, logged in before its tests (after useTestApp's build): by role
 * (`useOperators(t, ['admin', 'finance'])` answers `.admin` and `.finance`), or by name where a file needs two of one
 * role (`useOperators(t, { maker: 'finance', checker: 'finance' })`). With `each`, they log in afresh before each
 * test instead, for files whose manual clock moves past a session's 12 hours.
 */
export function useOperators<const R extends OperatorRole>(
  t: TestApp,
  roles: readonly R[],
  options?: { each?: boolean },
): Record<R, string>;
export function useOperators<const N extends string>(
  t: TestApp,
  roles: Record<N, OperatorRole>,
  options?: { each?: boolean },
): Record<N, string>;
export function useOperators(
  t: TestApp,
  roles: readonly OperatorRole[] | Record<string, OperatorRole>,
  options: { each?: boolean } = {},
) {
  const named: Array<[string, OperatorRole]> = Array.isArray(roles)
    ? roles.map((role) => [role, role])
    : Object.entries(roles);
  const tokens: Record<string, string> = {};
  const logIn = async () => {
    for (const [name, role] of named) tokens[name] = await operatorToken(t, role);
  };
  if (options.each) beforeEach(logIn);
  else beforeAll(logIn);
  return tokens;
}

export interface Answer<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** POSTs JSON to the app the way the mobile client does and returns the envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  path: string,
  body: unknown = {},
  options: { token?: string; method?: 'GET' | 'POST'; ip?: string } = {},
): Promise<Answer<T>> {
  const method = options.method ?? 'POST';
  const res = await app.inject({
    method,
    url:
      method === 'GET' && body && typeof body === 'object'
        ? `${path}?${new URLSearchParams(body as Record<string, string>)}`
        : path,
    payload: method === 'POST' ? (body as object) : undefined,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode} for ${path}: ${res.body}`);
  return res.json() as Answer<T>;
}

let counter = 0;
/** A valid, unique registration body. */
export function newMember(overrides: Record<string, string> = {}) {
  counter += 1;
  const name = `m${Date.now().toString(36).slice(-6)}${counter}`.slice(0, 16);
  return {
    name,
    password: 'secret123',
    confirmPass: 'secret123',
    realname: '张三',
    paypassword: 'pay123456',
    code: 'AB12',
    ...overrides,
  };
}

export async function registerMember(app: FastifyInstance, overrides: Record<string, string> = {}) {
  const body = newMember(overrides);
  const answer = await call<{ api_token: string }>(app, '/api/register', body, {
    ip: `10.9.${counter % 250}.${(counter * 7) % 250}`,
  });
  if (answer.code !== 200) throw new Error(`register failed: ${answer.message}`);
  return { ...body, token: answer.data.api_token };
}

/** Registers the way a browser does: from the address `ip`, with the User-Agent `ua`. */
export async function registerFrom(app: FastifyInstance, ip: string, ua: string) {
  const body = newMember();
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: body,
    remoteAddress: ip,
    headers: { 'user-agent': ua },
  });
  const answer = res.json() as Answer<{ api_token: string }>;
  expect(answer.code).toBe(200);
  return { ...body, token: answer.data.api_token };
}

/** The member's central wallet balance, as /api/balance answers it. */
export const memberBalance = async (t: TestApp, token: string) =>
  (await call<{ balance: string }>(t.app, '/api/balance', {}, { token })).data.balance;

/** An operator of the given role, logged in: answers its back-office token. */
export async function operatorToken(t: TestApp, role: OperatorRole = 'admin'): Promise<string> {
  const { createOperator } = await import('../src/modules/admin/admin-service');
  counter += 1;
  const username = `op_${role}_${counter}_${Date.now().toString(36)}`.slice(0, 32);
  const password = await createOperator(t.database.db, username, role);
  // Each operator signs in from an address of its own: operators sharing one would be one person to the two-person
  // rule (docs/operators.md "Two people, judged by person").
  const answer = await call<{ token: string }>(
    t.app,
    '/admin/api/login',
    { username, password },
    { ip: `10.77.${(counter >> 8) & 255}.${counter & 255}` },
  );
  if (answer.code !== 200) throw new Error(`operator login failed: ${answer.message}`);
  return answer.data.token;
}

/** Sends a back-office request with an operator token. */
export async function adminCall<T = unknown>(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method,
    url,
    payload: method === 'GET' || method === 'DELETE' ? undefined : ((body ?? {}) as object),
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode} for ${url}: ${res.body}`);
  return res.json() as Answer<T>;
}

/**
 * A seamless-wallet callback from a venue (POST /api/venues/{venue}/wallet/{action}) stamped with the app's clock and
 * signed with `secret`: the HTTP status and the answer's status.
 */
export async function walletCallback(
  t: TestApp,
  venue: string,
  action: 'bet' | 'win',
  body: Record<string, unknown>,
  secret: string,
) {
  const payload = JSON.stringify({ timestamp: Math.floor(t.clock.now().getTime() / 1000), ...body });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/venues/${venue}/wallet/${action}`,
    payload,
    headers: { 'content-type': 'application/json', 'x-signature': hmacHex(secret, payload) },
  });
  return { http: res.statusCode, status: (res.json() as { status: string }).status };
}

/** The member id behind a registered name. */
export async function memberId(t: TestApp, username: string): Promise<number> {
  const { members } = await import('../src/db/schema');
  const { eq } = await import('drizzle-orm');
  const [row] = await t.database.db.select({ id: members.id }).from(members).where(eq(members.username, username));
  if (!row) throw new Error(`no member ${username}`);
  return row.id;
}

/** A new member with its member id, which back-office paths and table rows name it by. */
export async function registeredMember(t: TestApp) {
  const m = await registerMember(t.app);
  return { ...m, id: await memberId(t, m.name) };
}

/** A new member, with its member id, that an operator (finance or admin) credited with `amount`. */
export async function creditedMember(t: TestApp, opToken: string, amount: string) {
  const m = await registeredMember(t);
  await credit(t, opToken, m.name, amount);
  return m;
}

const reviewers = new WeakMap<TestApp, Promise<string>>();
/** A second finance operator of the app, for the adjustments above the line that one operator cannot apply alone. */
export function secondFinance(t: TestApp): Promise<string> {
  let token = reviewers.get(t);
  if (!token) {
    token = operatorToken(t, 'finance');
    reviewers.set(t, token);
  }
  return token;
}

/** The changes of a setting that moves money still waiting for a second admin, as stored. */
export async function pendingSettingChanges(t: TestApp, target: string) {
  const { integrationChanges } = await import('../src/db/schema');
  const { and, eq } = await import('drizzle-orm');
  return t.database.db
    .select()
    .from(integrationChanges)
    .where(
      and(
        eq(integrationChanges.targetKind, 'setting'),
        eq(integrationChanges.target, target),
        eq(integrationChanges.state, 1),
      ),
    );
}

/**
 * Approves, as `checker` (a second admin), the pending change of a setting that moves money (docs/operators.md "Who may move
 * money"): `target` is the change's target ('vip-level:3', 'vip-level:new', 'pay-way:usdt', 'deposit-bonus').
 * Answers the approval's envelope.
 */
export async function approveSetting<T = unknown>(t: TestApp, checker: string, target: string): Promise<Answer<T>> {
  const [change] = await pendingSettingChanges(t, target);
  if (!change) throw new Error(`no pending change of ${target}`);
  return approveChange<T>(t, checker, change.id);
}

/** Approves, as `checker` (a second admin), a pending integration or setting change by its id, with no note. */
export function approveChange<T = IntegrationChange>(t: TestApp, checker: string, id: number): Promise<Answer<T>> {
  return adminCall<T>(t, checker, 'POST', `/admin/api/integration-changes/${id}/approve`, { note: '' });
}

/** The back office's ledger check, asserted: it answers, no account is mismatched, and the books balance to 0.00. */
export async function expectLedgerBalanced(t: TestApp, opToken: string) {
  const check = await adminCall<{ balanced: boolean; total: string; mismatched: unknown[] }>(
    t,
    opToken,
    'GET',
    '/admin/api/ledger/check',
  );
  expect(check.code).toBe(200);
  expect(check.data.mismatched).toEqual([]);
  expect(check.data.balanced).toBe(true);
  expect(check.data.total).toBe('0.00');
}

/**
 * Credits a member through the back office, the way operators do: above the adjustment line the credit waits, and a
 * second finance operator approves it. Answers the central wallet's balance after the credit.
 */
export async function credit(t: TestApp, opToken: string, username: string, amount: string) {
  const id = await memberId(t, username);
  const answer = await adminCall<{ balance: string; pending: { id: number } | null }>(
    t,
    opToken,
    'POST',
    `/admin/api/members/${id}/adjust`,
    {
      amount,
      note: 'test credit',
    },
  );
  if (answer.code !== 200) throw new Error(`credit failed: ${answer.message}`);
  if (!answer.data.pending) return answer.data.balance;
  const approved = await adminCall(
    t,
    await secondFinance(t),
    'POST',
    `/admin/api/adjustments/${answer.data.pending.id}/approve`,
    {},
  );
  if (approved.code !== 200) throw new Error(`credit approval failed: ${approved.message}`);
  const { accountCode, balanceOf } = await import('../src/modules/ledger/ledger-service');
  const { centsToMoney } = await import('@h5/contract');
  return centsToMoney(await balanceOf(t.database.db, accountCode.wallet(id)));
}

/**
 * Adds a venue of our own for a test (codes unique per test file): a transfer-wallet venue at the sandbox
 * aggregator of this app, with a secret of its own. `at` gives it another address (a listener of the test) or a name
 * of its own.
 */
export async function addVenue(
  t: TestApp,
  code: string,
  categoryId: string,
  enabled = 1,
  at: { apiBaseUrl?: string; name?: string } = {},
) {
  const { venues } = await import('../src/db/schema');
  await t.database.db.insert(venues).values({
    code,
    name: at.name ?? `${code}场馆`,
    platname: code,
    categoryId,
    sort: 900,
    enabled,
    walletMode: 'transfer',
    apiBaseUrl: at.apiBaseUrl ?? `${t.origin}/sandbox/aggregator/api/${code}`,
    apiSecret: randomBytes(24).toString('base64url'),
  });
}

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** The headers of a call to the sandbox aggregator's test controls (outcomes, faults): its control token. */
export const controlHeaders = (t: TestApp) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${t.config.sandboxControlToken}`,
});

/** A call of the sandbox aggregator's demo game page (state, round, settle) or of its controls (outcomes), over HTTP. */
export async function aggregator<T = unknown>(t: TestApp, path: string, body: unknown): Promise<Envelope<T>> {
  const res = await fetch(`${t.origin}/sandbox/aggregator/${path.replace(/^\//, '')}`, {
    method: 'POST',
    headers: controlHeaders(t),
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** Tells the sandbox aggregator to misbehave on a venue's next calls (fail, time out, answer late...): asserted taken. */
export async function injectFault(t: TestApp, fault: Record<string, unknown>) {
  const res = await fetch(`${t.origin}/sandbox/aggregator/faults`, {
    method: 'POST',
    headers: controlHeaders(t),
    body: JSON.stringify(fault),
  });
  expect(res.status).toBe(200);
}

/** Tells the sandbox aggregator the outcomes of the next rounds or settlements at a venue (big, small, triple, home, draw, away). */
export async function planOutcomes(t: TestApp, venue: string, ...outcomes: string[]) {
  const answer = await aggregator(t, 'outcomes', { venue, outcomes });
  if (answer.code !== 200) throw new Error(`outcomes refused: ${answer.message}`);
}

/** The ticket of the game page a launch (/api/getGameUrl) opens. */
export async function launchTicket(t: TestApp, token: string, venue: string, gameCode = 'demo'): Promise<string> {
  const answer = await call<{ url: string }>(
    t.app,
    '/api/getGameUrl',
    { plat_name: venue, game_code: gameCode },
    { token },
  );
  if (answer.code !== 200) throw new Error(`launch failed: ${answer.message}`);
  return new URL(answer.data.url).searchParams.get('ticket') ?? '';
}

/** Moves `amount` from a member's central wallet into a venue (POST /api/transfer): answers the envelope. */
export function transferIn(t: TestApp, token: string, venue: string, amount: string) {
  return call<{ balance: string }>(
    t.app,
    '/api/transfer',
    { amount, sourcetype: 'userbalance', targettype: venue },
    { token },
  );
}

/**
 * A member a finance operator credited with `amount`, all of it moved into a venue and a game launched there: the
 * member, with the ticket of the venue's game page.
 */
export async function venuePlayer(t: TestApp, financeToken: string, venue: string, amount: string) {
  const m = await registerMember(t.app);
  await credit(t, financeToken, m.name, amount);
  await transferIn(t, m.token, venue, amount);
  return { ...m, ticket: await launchTicket(t, m.token, venue) };
}

/**
 * A settled Sic Bo round of `stake` (on big) at a sandbox venue, paid by a finance operator's credit of the stake and
 * moved in: the stake is valid turnover.
 */
export async function settledRound(
  t: TestApp,
  financeToken: string,
  member: { name: string; token: string },
  venue: string,
  stake: string,
) {
  await credit(t, financeToken, member.name, stake);
  await transferIn(t, member.token, venue, stake);
  const ticket = await launchTicket(t, member.token, venue);
  const round = await play(t, 'round', { ticket, stake, pick: 'big' });
  expect(round.code).toBe(200);
}

/** Brings the venues' settled bets in, as the minute's bet pull does (docs/venues.md "Game venues"). */
export async function pullBets(t: TestApp, ...venueCodes: string[]) {
  const { pullVenueBets } = await import('../src/modules/wallet/venue-bets');
  for (const code of venueCodes)
    await pullVenueBets(
      { db: t.database.db, clock: t.clock, venueTimeoutMs: t.config.venueTimeoutMs, outbound: t.config.outbound },
      code,
    );
}

/**
 * A call of the demo game page at the sandbox aggregator as the page makes it ('round', 'settle', 'state'); after a
 * round or a settlement the venue's settled bets are pulled at once, as the minute's pull would bring them.
 */
export async function play<T = unknown>(
  t: TestApp,
  path: 'round' | 'settle' | 'state',
  body: Record<string, unknown>,
): Promise<Envelope<T>> {
  const answer = await aggregator<T>(t, path, body);
  if (path !== 'state' && answer.code === 200) {
    const state = await aggregator<{ venue: string }>(t, 'state', { ticket: body.ticket });
    if (state.code === 200) await pullBets(t, state.data.venue);
  }
  return answer;
}
