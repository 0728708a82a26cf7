import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { dataOf, requestJson } from './api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function waitForServer(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/app`, { method: 'POST' });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start in time');
}

async function createOperatorThroughApi(
  baseURL: string,
  admin: { username: string; password: string },
  username: string,
  role: 'admin' | 'finance' | 'content',
): Promise<{ username: string; password: string }> {
  const login = '/admin/api/login';
  const { token } = dataOf(await requestJson<{ token: string }>(`${baseURL}${login}`, { body: admin }), login);
  const operators = '/admin/api/operators';
  const created = dataOf(
    await requestJson<{ password: string }>(`${baseURL}${operators}`, { body: { username, role }, token }),
    operators,
  );
  return { username, password: created.password };
}

/** Starts the real server, compiled, on a fresh PGlite directory with the demo content (as `npm start` does), for the journeys. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'h5-e2e-'));
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, 'db'),
    UPLOAD_DIR: path.join(dataDir, 'uploads'),
    LOG_LEVEL: 'warn',
    // A venue call in doubt after 3 s (8 s by default), so that the journeys of a late venue stay short.
    VENUE_TIMEOUT_MS: '3000',
    // Every journey registers its members from this one address: more than the 20 an hour a real address is allowed
    // (the limit itself is tested in the server suite).
    REGISTER_LIMIT: '500',
    DATABASE_URL: '',
    // The demo venues' settled bets arrive by the bet pull: every 2 seconds here rather than every minute.
    BET_PULL_INTERVAL_SECONDS: '2',
    // The journeys tell the sandbox aggregator what to do wrong, with its control token.
    SANDBOX_CONTROL_TOKEN: randomBytes(24).toString('base64url'),
  };
  // The journeys run the compiled server, built here from the sources as the production build is (README "Operating
  // the site"): the build that ships is the build under test, never a stale one.
  execFileSync('npm', ['run', 'build:prod', '-w', 'apps/server'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const compiled = ['--import', './apps/server/scripts/compiled.mjs'];
  // The operator is created the way the README says, before the server opens the (single-process) PGlite directory.
  const created = execFileSync(
    process.execPath,
    [...compiled, 'apps/server/dist/cli/operator.js', 'create', 'e2eboss', '--role', 'admin'],
    {
      cwd: root,
      env,
      encoding: 'utf8',
    },
  );
  const password = /^password: (\S+)$/m.exec(created)?.[1];
  if (!password) throw new Error(`operator CLI printed no password:\n${created}`);
  project.provide('operator', { username: 'e2eboss', password });
  // node itself (not npm), so that SIGTERM reaches the server and not only a wrapper.
  const child = spawn(process.execPath, [...compiled, 'apps/server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForServer(baseURL, child);
  project.provide('baseURL', baseURL);
  // A second operator, made by the first on 管理员's API (as a site's admin would): a credit above the adjustment line
  // waits for someone other than the one who made it.
  project.provide(
    'checker',
    await createOperatorThroughApi(baseURL, { username: 'e2eboss', password }, 'e2echecker', 'finance'),
  );
  project.provide('sandboxControlToken', env.SANDBOX_CONTROL_TOKEN);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    operator: { username: string; password: string };
    checker: { username: string; password: string };
    sandboxControlToken: string;
  }
}
