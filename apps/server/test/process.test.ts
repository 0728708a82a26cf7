import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../src/config';
import { serverProcesses } from './processes';

// The real server process: graceful shutdown on SIGTERM, and a kill -9 in the middle of a burst of transfers on
// PostgreSQL leaves the ledger balanced after a restart.
const {
  start,
  ready,
  post,
  register,
  createOperator,
  fundedMember,
  migratedDataDir,
  freshDatabase,
  cleanup,
  onCleanup,
} = serverProcesses();
afterAll(cleanup);

// Each test starts real server processes (tsx compiling the server at start); with both cores busy that alone can
// take longer than the suite's usual 30 s, so these tests get two minutes. Their waits are for a condition.
const PROCESS_TIMEOUT = { timeout: 120_000 };

// The embedded database's shutdown (and a start that refuses) does not depend on TEST_DATABASE_URL: those tests run
// once, in the PGlite run of the suite, not again in the PostgreSQL run.
const embeddedOnly = Boolean(testDatabaseUrl());

describe('the server process', PROCESS_TIMEOUT, () => {
  it.skipIf(embeddedOnly)(
    'finishes requests in flight on SIGTERM, exits 0 and closes the database cleanly',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'h5-sigterm-'));
      onCleanup(() => rmSync(dir, { recursive: true, force: true }));
      // No demo content: seeding it is most of an embedded start, and shutting down does not depend on it.
      const env = {
        DATA_DIR: await migratedDataDir(path.join(dir, 'db')),
        DATABASE_URL: '',
        UPLOAD_DIR: path.join(dir, 'up'),
        SEED_DEMO: '0',
      };
      const first = await start(env);
      await ready(first.base, first.child);
      const inFlight = Array.from({ length: 100 }, () =>
        fetch(`${first.base}/api/app`, { method: 'POST' }).then(async (res) => ({
          status: res.status,
          body: await res.text(),
        })),
      );
      // Signal once the server is answering, with most of the burst still on its way or in progress.
      await Promise.race(inFlight);
      first.child.kill('SIGTERM');
      const answers = (await Promise.allSettled(inFlight)).flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
      // Requests already accepted are answered in full; ones arriving after the signal are turned away with 503 and
      // the envelope's Chinese message.
      const completed = answers.filter((a) => a.status === 200);
      expect(completed.length).toBeGreaterThan(0);
      for (const a of completed)
        expect(JSON.parse(a.body)).toMatchObject({ code: 200, data: { title: expect.any(String) } });
      for (const a of answers) expect([200, 503]).toContain(a.status);
      for (const a of answers.filter((a) => a.status === 503))
        expect(JSON.parse(a.body)).toEqual({ code: 503, message: '服务正在重启，请稍后再试', data: null });
      expect(await first.exited).toBe(0);

      // PGlite allows one process per directory: a clean restart proves the first one closed it.
      const second = await start(env);
      await ready(second.base, second.child);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    },
  );

  it.skipIf(embeddedOnly)(
    'exits 1 with a log line when shutting down takes longer than SHUTDOWN_TIMEOUT_SECONDS',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'h5-deadline-'));
      onCleanup(() => rmSync(dir, { recursive: true, force: true }));
      const server = await start(
        {
          DATA_DIR: await migratedDataDir(path.join(dir, 'db')),
          DATABASE_URL: '',
          UPLOAD_DIR: path.join(dir, 'up'),
          SEED_DEMO: '0',
          SHUTDOWN_TIMEOUT_SECONDS: '1',
        },
        { stdout: 'pipe' },
      );
      let output = '';
      server.child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await ready(server.base, server.child);
      // A request whose body never arrives in full keeps close() waiting for it.
      const stuck = connect(Number(new URL(server.base).port), '127.0.0.1');
      onCleanup(() => void stuck.destroy());
      await new Promise((resolve) => stuck.once('connect', resolve));
      stuck.write(
        'POST /api/app HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      );
      await new Promise((r) => setTimeout(r, 200));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(1);
      const waited = Date.now() - signalled;
      expect(waited).toBeGreaterThanOrEqual(900);
      expect(waited).toBeLessThan(5000);
      expect(output).toContain('shutdown did not finish in time, exiting');
    },
  );

  it.skipIf(!testDatabaseUrl())(
    'keeps the ledger balanced when killed with SIGKILL during a burst of transfers',
    async () => {
      const url = await freshDatabase();
      // The transfers need venues: the demo venues at the sandbox aggregator, asked for explicitly on PostgreSQL.
      const env = { DATABASE_URL: url.toString(), SANDBOX: '1' };
      const operator = createOperator(env);

      const first = await start(env);
      await ready(first.base, first.child);
      const { token } = await fundedMember(first.base, operator);
      const venues = await post<{ platname: string }[]>(first.base, '/api/balancelist', {}, token);
      const venue = venues.data[0]!.platname;
      const burst = Array.from({ length: 200 }, (_, i) =>
        post(
          first.base,
          '/api/transfer',
          i % 2
            ? { amount: '1.00', sourcetype: venue, targettype: 'userbalance' }
            : { amount: '3.00', sourcetype: 'userbalance', targettype: venue },
          token,
        ),
      );
      await new Promise((r) => setTimeout(r, 150));
      first.child.kill('SIGKILL');
      await Promise.allSettled(burst);
      await first.exited;

      const second = await start(env);
      await ready(second.base, second.child);
      const login = await post<{ token: string }>(second.base, '/admin/api/login', operator);
      const check = await fetch(`${second.base}/admin/api/ledger/check`, {
        headers: { authorization: `Bearer ${login.data.token}` },
      });
      const ledger = (
        (await check.json()) as {
          data: { balanced: boolean; total: string; mismatched: unknown[]; seal: { state: string } };
        }
      ).data;
      expect(ledger).toMatchObject({ balanced: true, total: '0.00', mismatched: [] });
      // Every movement the killed server committed carries a seal that verifies (its sessions got the key at connect).
      expect(ledger.seal).toMatchObject({ state: 'sealed', problems: 0 });
      // The member's money is all there: central wallet plus venue wallet, plus what transfers the kill left in doubt
      // still hold on their way in, is what was credited. Finance asks the venue about each of those first: a transfer
      // the venue took is finished; one it never saw keeps its money held until it can no longer arrive.
      const admin = { authorization: `Bearer ${login.data.token}` };
      const queue = async () =>
        (
          (await (
            await fetch(`${second.base}/admin/api/venue-transfers?state=2&pagesize=50`, { headers: admin })
          ).json()) as {
            data: { data: { transfer_no: string; direction: string; amount: string }[] };
          }
        ).data.data;
      for (const pending of await queue()) {
        await fetch(`${second.base}/admin/api/venue-transfers/${pending.transfer_no}/reconcile`, {
          method: 'POST',
          headers: { ...admin, 'content-type': 'application/json' },
          body: '{}',
        });
      }
      const held = (await queue()).filter((x) => x.direction === 'in').reduce((sum, x) => sum + Number(x.amount), 0);
      const user = await post<{ balance: string; gameblance: string }>(second.base, '/api/user', {}, token);
      expect(Number(user.data.balance) + Number(user.data.gameblance) + held).toBeCloseTo(1000, 2);
      second.child.kill('SIGTERM');
      await second.exited;
    },
  );

  it.skipIf(!testDatabaseUrl())(
    'as a production install (DATABASE_URL, no SANDBOX) serves nothing under /sandbox/',
    async () => {
      const url = await freshDatabase();
      const server = await start({ DATABASE_URL: url.toString(), SANDBOX: '', PUBLIC_URL: 'https://m.example.test' });
      await ready(server.base, server.child);
      for (const path of [
        '/sandbox/epay/submit.php',
        '/sandbox/epay/api.php?act=order',
        '/sandbox/aggregator/play?ticket=x',
        '/sandbox/hub88/game?session=x',
        '/sandbox/hub88/thumbs/sbx_rocket.svg',
      ]) {
        expect((await fetch(`${server.base}${path}`)).status, path).toBe(404);
      }
      expect((await fetch(`${server.base}/sandbox/epay/pay`, { method: 'POST' })).status).toBe(404);
      expect(
        (await fetch(`${server.base}/sandbox/hub88/operator/generic/v2/game/list`, { method: 'POST' })).status,
      ).toBe(404);
      const reg = await register(server.base, `prod${randomBytes(3).toString('hex')}`);
      const token = reg.data.api_token;
      expect((await post<unknown[]>(server.base, '/api/balancelist', {}, token)).data).toEqual([]);
      const made = await post<{ deposit_no: string }>(
        server.base,
        '/api/recharge',
        { paytype: 'wxpay', amount: '100' },
        token,
      );
      const info = await post<{ info: { pay_url?: string } }>(
        server.base,
        '/api/payinfo',
        { deposit_no: made.data.deposit_no },
        token,
      );
      expect(info.code).toBe(200);
      expect(info.data.info.pay_url).toBeUndefined();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
  );
});

describe.skipIf(embeddedOnly)('a production start without PUBLIC_URL', PROCESS_TIMEOUT, () => {
  it('refuses to start, naming PUBLIC_URL', async () => {
    const server = await start(
      { DATABASE_URL: '', DATA_DIR: 'memory', SANDBOX: '0', PUBLIC_URL: '' },
      { stderr: 'pipe' },
    );
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('PUBLIC_URL is required when SANDBOX=0');
  });
});
