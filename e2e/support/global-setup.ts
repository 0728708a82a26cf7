import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { embeddedServerEnv, waitForServer } from './embedded-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts the real server, compiled, on a fresh PGlite directory with the demo content (as `npm start` does), for the journeys. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'h5-e2e-'));
  // The server serves a copy of the member app's and the console's builds, taken now: the console's files are routed
  // by the names they have at start-up, so a rebuild during the run (npm run build in the same checkout) would
  // otherwise leave the journeys a page whose scripts are gone.
  const builds: Record<string, string> = {};
  for (const [name, app] of [
    ['WEB_DIST', 'web'],
    ['ADMIN_DIST', 'admin'],
  ] as const) {
    const built = path.join(root, 'apps', app, 'dist');
    if (!existsSync(built)) continue;
    builds[name] = path.join(dataDir, `${app}-dist`);
    cpSync(built, builds[name], { recursive: true });
  }
  const port = 18_000 + Math.floor(Math.random() * 1000);
  // The journeys tell the sandbox aggregator what to do wrong, with its control token.
  const sandboxControlToken = randomBytes(24).toString('base64url');
  const env = embeddedServerEnv(dataDir, port, {
    // A venue call in doubt after 3 s (8 s by default), so that the journeys of a late venue stay short.
    VENUE_TIMEOUT_MS: '3000',
    // Every journey registers its members from this one address: more than the 20 an hour a real address is allowed
    // (the limit itself is tested in the server suite).
    REGISTER_LIMIT: '500',
    // Password hashes at scrypt's lowest work factor, as in the server suite (docs/testing.md "Cheap password hashes").
    NODE_ENV: 'test',
    PASSWORD_HASH_COST: '10',
    ...builds,
    // The demo venues' settled bets arrive by the bet pull: every 2 seconds here rather than every minute.
    BET_PULL_INTERVAL_SECONDS: '2',
    SANDBOX_CONTROL_TOKEN: sandboxControlToken,
    // Every journey's operator signs in from this machine: the address is no evidence of one person here (docs/operators.md "Two
    // people, judged by person"); each browser's console device id still is.
    OPERATOR_SHARED_ADDRESSES: '127.0.0.1,::1',
  });
  // The journeys run the compiled server, built here from the sources as the production build is (docs/operations.md "Operating
  // the site"): the build that ships is the build under test, never a stale one. npm test's journeys stage has just
  // built it, beside the front ends (JOURNEY_SERVER_BUILT=1); any other run builds it here.
  if (process.env.JOURNEY_SERVER_BUILT !== '1') {
    execFileSync('npm', ['run', 'build:prod', '-w', 'apps/server'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const compiled = ['--import', './apps/server/scripts/compiled.mjs'];
  // The first operators are created the way the README says, with the operator CLI, before the server opens the
  // (single-process) PGlite directory: the admin, a second admin who approves the first one's pending changes, and a
  // second finance operator for the items above a two-person line. Neither vouched for the other's account.
  const cliOperator = (username: string, role: 'admin' | 'finance') => {
    const created = execFileSync(
      process.execPath,
      [...compiled, 'apps/server/dist/cli/operator.js', 'create', username, '--role', role],
      {
        cwd: root,
        env,
        encoding: 'utf8',
      },
    );
    const password = /^password: (\S+)$/m.exec(created)?.[1];
    if (!password) throw new Error(`operator CLI printed no password:\n${created}`);
    return { username, password };
  };
  project.provide('operator', cliOperator('e2eboss', 'admin'));
  project.provide('second', cliOperator('e2esecond', 'admin'));
  project.provide('checker', cliOperator('e2echecker', 'finance'));
  // node itself (not npm), so that SIGTERM reaches the server and not only a wrapper.
  const child = spawn(process.execPath, [...compiled, 'apps/server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForServer(baseURL, child, 60_000);
  project.provide('baseURL', baseURL);
  project.provide('sandboxControlToken', sandboxControlToken);
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
    second: { username: string; password: string };
    checker: { username: string; password: string };
    sandboxControlToken: string;
  }
}
