import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** PostgreSQL's own programs (initdb, pg_ctl, pg_basebackup, pg_dump, pg_restore): PG_BIN, or Debian's place. */
export const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const hasPgTools = (...tools: string[]) => tools.every((tool) => existsSync(path.join(pgBin, tool)));

/** PostgreSQL will not run as root: as root, its programs run as the `postgres` user. */
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs one of PostgreSQL's programs (as `postgres` when we are root); answers its output. */
export async function pgTool(tool: string, args: string[]): Promise<string> {
  const file = path.join(pgBin, tool);
  const { stdout } = asRoot
    ? await run('runuser', ['-u', 'postgres', '--', file, ...args], { timeout: 120_000 })
    : await run(file, args, { timeout: 120_000 });
  return stdout;
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A directory of the test's own that PostgreSQL's programs may write to (given to `postgres` when we are root). */
export async function clusterDir(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'h5-pg-'));
  chmodSync(dir, 0o700);
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(dir, uid, gid);
  }
  return dir;
}

/** A PostgreSQL server of a test's own: its data directory and port, stopped by stop(). */
export interface Cluster {
  dataDir: string;
  port: number;
  url(database?: string): string;
  start(): Promise<void>;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
}

export function cluster(dataDir: string, port: number, socketDir: string, settings: string[] = []): Cluster {
  const options = [
    '-c listen_addresses=127.0.0.1',
    `-c port=${port}`,
    `-c unix_socket_directories=${socketDir}`,
    '-c fsync=off',
    ...settings,
  ];
  return {
    dataDir,
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await pgTool('pg_ctl', [
        '-D',
        dataDir,
        '-o',
        options.join(' '),
        '-l',
        `${dataDir}.log`,
        '-w',
        '-t',
        '60',
        'start',
      ]);
    },
    async stop(mode = 'fast') {
      if (!existsSync(path.join(dataDir, 'postmaster.pid'))) return;
      await pgTool('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']).catch(() => undefined);
    },
  };
}

/** Removes a test's cluster directory. */
export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });
