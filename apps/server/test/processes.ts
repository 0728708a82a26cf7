import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type AddressInfo, connect, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { testDatabaseUrl, testRedisUrl } from '../src/config';
import { CHEAP_HASHES, freshPostgres, pgliteSnapshot } from './helper';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A port nothing listens on now: the system picks it, so test files running side by side never share one. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Kills a cluster's primary and its workers at once, as a machine losing power would. */
export function killAll(pid: number) {
  try {
    execFileSync('pkill', ['-KILL', '-P', String(pid)]);
  } catch {
    // no worker left
  }
  process.kill(pid, 'SIGKILL');
}

/** Whether a server process's port refuses a new connection now: it has stopped listening. */
export function refusesConnections(base: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * How many transactions of the database wait for the locks a session (`holderPid`) holds: directly, or queued behind
 * one that waits (PostgreSQL lets the second waiter of a row wait for the first).
 */
export async function waitingBehind(db: pg.Client, holderPid: number): Promise<number> {
  const rows = (
    await db.query<{ pid: number; by: number[] }>(
      `SELECT pid, pg_blocking_pids(pid) AS by FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    )
  ).rows;
  const behind = new Set([holderPid]);
  for (let grew = true; grew;) {
    const queued = rows.filter((r) => !behind.has(r.pid) && r.by.some((pid) => behind.has(pid)));
    for (const r of queued) behind.add(r.pid);
    grew = queued.length > 0;
  }
  return behind.size - 1;
}

/**
 * Real server processes for a test file (`src/main.ts` under node), each on its own port, and what they need: a
 * fresh PostgreSQL database, an operator made with the CLI, a funded member. `cleanup` (for afterAll) kills what
 * is still running and drops the databases.
 */
export function serverProcesses() {
  const cleanups: Array<() => Promise<void> | void> = [];
  /** Starts `src/main.ts`; with `stderr: 'pipe'` what it writes there is kept for `stderr()`. */
  async function start(env: Record<string, string>, options: { stdout?: 'pipe'; stderr?: 'pipe' } = {}) {
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        ...CHEAP_HASHES,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        REGISTER_LIMIT: '100',
      },
      stdio: ['ignore', options.stdout ?? 'ignore', options.stderr ?? 'inherit'],
    });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    cleanups.push(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    return { child, base: `http://127.0.0.1:${port}`, exited, stderr: () => errors };
  }

  async function ready(base: string, child: ChildProcess) {
    // Up to a minute: starting means compiling the TypeScript sources, slow on a busy machine.
    for (let i = 0; i < 600; i += 1) {
      if (child.exitCode !== null) throw new Error('server exited');
      try {
        if ((await fetch(`${base}/api/app`, { method: 'POST' })).ok) return;
      } catch {
        // not yet listening
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start');
  }

  async function post<T>(base: string, url: string, body: unknown, token?: string) {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; message: string; data: T };
  }

  function createOperator(env: Record<string, string>) {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/operator.ts', 'create', 'shutdown_op', '--role', 'admin'],
      {
        cwd: serverRoot,
        env: { ...process.env, ...env },
        encoding: 'utf8',
      },
    );
    return { username: 'shutdown_op', password: /^password: (\S+)$/m.exec(out)![1]! };
  }

  /** Registers a member of that name at a server process, the way the app does (password secret123). */
  function register(base: string, name: string) {
    return post<{ api_token: string }>(base, '/api/register', {
      name,
      password: 'secret123',
      confirmPass: 'secret123',
      realname: '测试',
      paypassword: 'pay123456',
      code: 'X',
    });
  }

  async function fundedMember(base: string, operator: { username: string; password: string }) {
    const name = `kill${randomBytes(3).toString('hex')}`;
    const reg = await register(base, name);
    const login = await post<{ token: string }>(base, '/admin/api/login', operator);
    const list = await fetch(`${base}/admin/api/members?username=${name}`, {
      headers: { authorization: `Bearer ${login.data.token}` },
    });
    const id = ((await list.json()) as { data: { data: { id: number }[] } }).data.data[0]!.id;
    await fetch(`${base}/admin/api/members/${id}/adjust`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.token}` },
      body: JSON.stringify({ amount: '1000', note: 'shutdown test' }),
    });
    return { token: reg.data.api_token, opToken: login.data.token };
  }

  /** What the back office's ledger check (GET /admin/api/ledger/check) answers at a server process. */
  async function ledgerCheck(base: string, operator: { username: string; password: string }) {
    const login = await post<{ token: string }>(base, '/admin/api/login', operator);
    const check = await fetch(`${base}/admin/api/ledger/check`, {
      headers: { authorization: `Bearer ${login.data.token}` },
    });
    return (
      (await check.json()) as {
        data: { balanced: boolean; total: string; mismatched: unknown[]; seal: { state: string; problems: number } };
      }
    ).data;
  }

  /**
   * An embedded database folder (DATA_DIR) already migrated: the run's migrated dump unpacked into it, as a fresh
   * start would leave it after creating and migrating the database (most of an embedded start's time). The server
   * still applies its migrations at start, a no-op here.
   */
  async function migratedDataDir(dir: string): Promise<string> {
    const db = new PGlite(dir, { loadDataDir: await pgliteSnapshot() });
    await db.waitReady;
    await db.close();
    return dir;
  }

  /** A fresh PostgreSQL database of TEST_DATABASE_URL's server, dropped after the file. */
  async function freshDatabase(): Promise<URL> {
    const db = await freshPostgres(testDatabaseUrl()!);
    cleanups.push(db.drop);
    return new URL(db.url);
  }

  /**
   * A Redis database of TEST_REDIS_URL's server for this file alone (0-15, one per file), emptied now and after the
   * file. The limits are counted there by address and member id, which every fresh database numbers alike: in a shared
   * database, an earlier run's counts within the hour would refuse this one's sign-ups and money calls.
   */
  async function redisDatabase(index: number): Promise<string> {
    const url = new URL(testRedisUrl()!);
    url.pathname = `/${index}`;
    const redis = new Redis(url.toString());
    await redis.flushdb();
    cleanups.push(async () => {
      await redis.flushdb();
      await redis.quit();
    });
    return url.toString();
  }

  async function cleanup() {
    for (const c of cleanups.reverse()) await c();
  }
  const onCleanup = (c: () => Promise<void> | void) => void cleanups.push(c);
  return {
    start,
    ready,
    post,
    register,
    createOperator,
    fundedMember,
    ledgerCheck,
    migratedDataDir,
    freshDatabase,
    redisDatabase,
    cleanup,
    onCleanup,
  };
}
