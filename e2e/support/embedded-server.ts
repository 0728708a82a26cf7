// The server on a fresh embedded database (PGlite), as `npm start` runs it, for the journeys and the screenshots:
// its environment and the wait for it to answer.
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * The server's environment on the embedded database in `dataDir` (its database and its uploads), on loopback at
 * `port`, with `extra` on top.
 */
export const embeddedServerEnv = (dataDir: string, port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: path.join(dataDir, 'db'),
  UPLOAD_DIR: path.join(dataDir, 'uploads'),
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  ...extra,
});

/** Waits until the server at `url` answers /api/app, for `timeoutMs` at most; throws if `child` exits first. */
export async function waitForServer(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const up = await fetch(`${url}/api/app`, { method: 'POST' }).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not start within ${timeoutMs / 1000} s`);
}
