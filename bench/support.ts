import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The PostgreSQL server the benchmarks make their databases on: BENCH_DATABASE_URL, else the test suite's. */
const benchServerUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh PostgreSQL database for one benchmark run, dropped afterwards. */
export async function freshDatabase(adminUrl = benchServerUrl) {
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
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

export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      await fetch(url, { method: 'POST' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${url} did not start`);
}

export function startProcess(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // node itself with the tsx loader (not npx), so that SIGTERM reaches the server and not only a wrapper.
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** The server's environment on a benchmark's PostgreSQL database, on loopback at `port`, with `extra` on top. */
export const serverEnvOn = (databaseUrl: string, port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  DATABASE_URL: databaseUrl,
  PUBLIC_URL: 'https://m.example.test',
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ...extra,
});

/**
 * A fresh database with the server's environment on it at `port` (`extra` on top) and an operator the operator CLI
 * made, which brings the database to the current migrations; `start` starts the server there.
 */
export async function serverOnFreshDatabase(port: number, extra: NodeJS.ProcessEnv = {}) {
  const database = await freshDatabase();
  const env = serverEnvOn(database.url, port, extra);
  const operator = createOperator(env);
  return { database, operator, start: () => startServer(env) };
}

/**
 * As serverOnFreshDatabase, on a database an earlier run kept: the operator CLI brings it to the current migrations
 * and adds an operator; the database is never dropped.
 */
export function serverOnKeptDatabase(url: string, port: number, extra: NodeJS.ProcessEnv = {}) {
  const env = serverEnvOn(url, port, extra);
  const operator = createOperator(env);
  return { database: { url, drop: async () => undefined }, operator, start: () => startServer(env) };
}

/** Starts the server from its sources with `env` (PORT on loopback); answers the process and its address. */
export function startServer(env: NodeJS.ProcessEnv) {
  const server = startProcess(['apps/server/src/main.ts'], env);
  return { server, base: `http://127.0.0.1:${env.PORT}` };
}

/**
 * The server as `npm start` runs it: the embedded PGlite in a fresh temporary folder, seeded with the demo content,
 * serving the built apps. What the page benchmarks measure; `stop` ends it and removes the folder.
 */
export function startEmbeddedServer(port: number, name: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `h5-${name}-`));
  const { server, base } = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'db'),
    UPLOAD_DIR: path.join(dir, 'uploads'),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  });
  return {
    server,
    base,
    async stop() {
      await stopProcess(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A benchmark's last word: exit code 1, saying so, when a figure missed its budget. */
export function exitIfOverBudget(over: boolean) {
  if (!over) return;
  console.error('over budget');
  process.exit(1);
}

/**
 * Runs `load` with the indexes of `tables` that no constraint stands behind dropped, then builds them again from
 * their own definitions: a bulk load pays one random insert per row into each index, where one sorted build per
 * index afterwards costs several times less. Primary keys and unique constraints stay (the load may rely on them).
 */
export async function withIndexesBuiltAfter(db: pg.Client, tables: string[], load: () => Promise<void>) {
  const { rows } = await db.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition
       FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
    [tables],
  );
  for (const { name } of rows) await db.query(`DROP INDEX ${pg.escapeIdentifier(name)}`);
  await load();
  await db.query(`SET maintenance_work_mem = '512MB'`);
  for (const { definition } of rows) await db.query(definition);
  await db.query('RESET maintenance_work_mem');
}

/**
 * Movements of a kind between members' wallets and a house account, seeded in bulk SQL (the amount in memo while
 * seeding): `count` of them over the last 40 days, up to `maxYuan` each, the house on the `houseSign` side. Movement g
 * goes to member number (g × 7919) mod `members.count`, which `members.join` turns into a join naming that member `m`.
 */
export async function seedMovements(
  db: pg.Client,
  members: { count: number; join: (memberNumber: string) => string },
  kind: string,
  house: string,
  count: number,
  houseSign: 1 | -1,
  maxYuan: number,
) {
  await db.query(
    `WITH tx AS (
       INSERT INTO ledger_transactions (reference, kind, member_id, memo, created_at)
       SELECT $1 || ':' || g, $1, m.id, round((1 + random() * $2)::numeric, 2)::text, now() - random() * interval '40 days'
       FROM generate_series(1, $3) g
       JOIN ${members.join('(g::bigint * 7919) % $4')}
       RETURNING id, member_id, memo
     )
     INSERT INTO ledger_entries (transaction_id, account_id, amount)
     SELECT tx.id, a.id, CASE WHEN a.kind = 'house' THEN $5::int ELSE -$5::int END * tx.memo::numeric
     FROM tx JOIN ledger_accounts a
       ON a.code IN ('member:' || tx.member_id || ':wallet', 'house:' || $6 || ':s' || lpad((tx.member_id % 16)::text, 2, '0'))`,
    [kind, maxYuan, count, members.count, houseSign, house],
  );
}

export function createOperator(env: NodeJS.ProcessEnv): { username: string; password: string } {
  const username = `bench${randomBytes(3).toString('hex')}`;
  const out = execFileSync('npx', ['tsx', 'apps/server/src/cli/operator.ts', 'create', username, '--role', 'admin'], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  const password = /^password: (\S+)$/m.exec(out)?.[1];
  if (!password) throw new Error('operator CLI printed no password');
  return { username, password };
}

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export async function post<T>(base: string, pathname: string, body: unknown, token?: string): Promise<Envelope<T>> {
  const res = await fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** Signs an operator in through the API: answers the authorization header of its token. */
export async function operatorHeaders(base: string, operator: { username: string; password: string }) {
  const login = await post<{ token: string }>(base, '/admin/api/login', operator);
  if (login.code !== 200) throw new Error(`operator login: ${login.code} ${login.message}`);
  return { authorization: `Bearer ${login.data.token}` };
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** autocannon with 100 connections for `seconds`, each request built by `build` (a header per request). */
export async function load(
  url: string,
  seconds: number,
  request: {
    method: 'POST' | 'GET';
    path: string;
    body?: string;
    headers?: () => Record<string, string>;
    /** Sees every answer (status and body), e.g. to count envelope codes. */
    onResponse?: (status: number, body: string) => void;
  },
): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 100),
    duration: seconds,
    requests: [
      {
        method: request.method,
        path: request.path,
        body: request.body,
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, 'content-type': 'application/json', ...(request.headers?.() ?? {}) },
        }),
        ...(request.onResponse
          ? { onResponse: (status: number, body: string) => request.onResponse?.(status, body) }
          : {}),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export const fmt = (f: LoadFigures) =>
  `${Math.round(f.requestsPerSecond)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms${f.non2xx || f.errors ? `, ${f.non2xx} non-2xx, ${f.errors} errors` : ''}`;

/** Registers `count` members through the API; answers their tokens. */
export async function registerMembers(base: string, count: number, prefix: string): Promise<string[]> {
  const tokens: string[] = [];
  const stamp = Date.now().toString(36).slice(-4);
  for (let i = 0; i < count; i += 1) {
    const answer = await post<{ api_token: string }>(base, '/api/register', {
      name: `${prefix}${String(i).padStart(3, '0')}${stamp}`.slice(0, 16),
      password: 'secret123',
      confirmPass: 'secret123',
      realname: '测试',
      paypassword: 'pay123456',
      code: 'BENCH',
    });
    if (answer.code !== 200) throw new Error(`register: ${answer.message}`);
    tokens.push(answer.data.api_token);
  }
  return tokens;
}

/**
 * Credits every member (first page of 50) with `amount` through the back office. Above the adjustment line a credit
 * waits for a second operator: `checkerToken`, another operator's, approves it.
 */
export async function fundMembers(
  base: string,
  operatorToken: string,
  amount: string,
  checkerToken?: string,
): Promise<void> {
  const headers = { authorization: `Bearer ${operatorToken}` };
  const list = await fetch(`${base}/admin/api/members?pagesize=50`, { headers });
  for (const m of ((await list.json()) as { data: { data: { id: number }[] } }).data.data) {
    const res = await fetch(`${base}/admin/api/members/${m.id}/adjust`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ amount, note: 'bench' }),
    });
    // A refused credit must stop the benchmark: members left at 0.00 would make every transfer a refusal.
    const answer = (await res.json()) as Envelope<{ pending: { id: number } | null } | null>;
    if (answer.code !== 200) throw new Error(`crediting member ${m.id} was refused: ${answer.code} ${answer.message}`);
    const pending = answer.data?.pending;
    if (!pending) continue;
    if (!checkerToken) throw new Error(`a credit of ${amount} waits for a second operator: pass one`);
    const approved = await fetch(`${base}/admin/api/adjustments/${pending.id}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${checkerToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const approval = (await approved.json()) as Envelope<unknown>;
    if (approval.code !== 200) {
      throw new Error(`approving the credit of member ${m.id} was refused: ${approval.code} ${approval.message}`);
    }
  }
}
