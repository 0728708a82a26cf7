import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl, testRedisUrl } from '../src/config';
import { solidPng } from './images';
import { serverProcesses } from './processes';

// Each test starts real server processes (tsx compiling the server at start); with both cores busy that alone can
// take longer than the suite's usual 30 s, so these tests get two minutes. Their waits are for a condition.
const PROCESS_TIMEOUT = { timeout: 120_000 };

// Several server processes on one PostgreSQL and one Redis, as a production install with WORKERS or a load
// balancer runs them: nothing a request needs may live in one process only.
const { start, ready, post, register, createOperator, freshDatabase, redisDatabase, cleanup } = serverProcesses();
afterAll(cleanup);

const needs = !testDatabaseUrl() || !testRedisUrl();

async function adminApi<T>(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { code: number; message: string; data: T };
}

describe.skipIf(needs)('two server processes on one PostgreSQL and Redis', PROCESS_TIMEOUT, () => {
  it('share sessions, files, sign-in limits and the ledger', async () => {
    const url = await freshDatabase();
    const redisUrl = await redisDatabase(7);
    // Each sandbox process serves the aggregator at its own port, and the venues point at the last one started: the
    // other process reaches it over loopback only because the configuration allows it, as an operator would.
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      SANDBOX: '1',
      LOGIN_FAIL_LIMIT: '4',
      OUTBOUND_ALLOW: '127.0.0.1',
    };
    const operator = createOperator(env);
    const a = await start(env);
    await ready(a.base, a.child);
    const b = await start(env);
    await ready(b.base, b.child);

    // A session opened on one process works on the other.
    const name = `multi${randomBytes(3).toString('hex')}`;
    const reg = await register(a.base, name);
    expect(reg.code).toBe(200);
    const token = reg.data.api_token;
    expect((await post<{ username: string }>(b.base, '/api/user', {}, token)).data.username).toBe(name);

    // An avatar uploaded through one is served by the other.
    const png = solidPng(); // a real PNG, so the upload is an image by its content
    const boundary = '----multi';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await fetch(`${a.base}/api/uploadimg`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    }).then((r) => r.json() as Promise<{ code: number; data: { avatar: string } }>);
    expect(uploaded.code).toBe(200);
    const served = await fetch(`${b.base}${new URL(uploaded.data.avatar).pathname}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    // Failed logins through both count against one limit (4 per address): the fifth is refused wherever it lands.
    const wrong = { name, password: 'wrong-password' };
    const fails = [];
    for (const base of [a.base, b.base, a.base, b.base]) fails.push((await post(base, '/api/login', wrong)).code);
    expect(fails).toEqual([203, 203, 203, 203]);
    expect((await post(a.base, '/api/login', wrong)).code).toBe(429);
    expect((await post(b.base, '/api/login', { name, password: 'secret123' })).code).toBe(429);

    // Concurrent transfers and withdrawals of one member through both keep the ledger balanced, never below zero.
    const login = await post<{ token: string }>(a.base, '/admin/api/login', operator);
    const op = login.data.token;
    const members = await adminApi<{ data: Array<{ id: number }> }>(
      b.base,
      op,
      'GET',
      `/admin/api/members?username=${name}`,
    );
    const id = members.data.data[0]!.id;
    expect(
      (await adminApi(a.base, op, 'POST', `/admin/api/members/${id}/adjust`, { amount: '1000', note: '多进程测试' }))
        .code,
    ).toBe(200);
    const venue = (await post<Array<{ platname: string }>>(a.base, '/api/balancelist', {}, token)).data[0]!.platname;
    expect(
      (
        await post(
          b.base,
          '/api/bindcard',
          {
            bank: '招商银行',
            bank_owner: '测试',
            bank_address: '上海分行',
            bank_no: '6222020200112233445',
            pay_pass: 'pay123456',
          },
          token,
        )
      ).code,
    ).toBe(200);
    const card = (await post<Array<{ id: number }>>(a.base, '/api/getcard', { type: 1 }, token)).data[0]!.id;
    const burst = Array.from({ length: 40 }, (_, i) => {
      const base = i % 2 ? a.base : b.base;
      if (i % 5 === 0) return post(base, '/api/withdraw', { amount: '150', bank: card, password: 'pay123456' }, token);
      return post(
        base,
        '/api/transfer',
        i % 3
          ? { amount: '90.00', sourcetype: 'userbalance', targettype: venue }
          : { amount: '40.00', sourcetype: venue, targettype: 'userbalance' },
        token,
      );
    });
    const answers = await Promise.all(burst);
    expect(answers.every((r) => r.code !== 500)).toBe(true);
    expect(answers.some((r) => r.code === 200)).toBe(true);

    const check = await adminApi<{ balanced: boolean; total: string; mismatched: unknown[] }>(
      b.base,
      op,
      'GET',
      '/admin/api/ledger/check',
    );
    expect(check.data).toMatchObject({ balanced: true, total: '0.00', mismatched: [] });
    const user = await post<{ balance: string; gameblance: string }>(a.base, '/api/user', {}, token);
    const withdrawn = answers.filter((r, i) => i % 5 === 0 && r.code === 200).length * 150;
    expect(Number(user.data.balance)).toBeGreaterThanOrEqual(0);
    expect(Number(user.data.gameblance)).toBeGreaterThanOrEqual(0);
    // What the member holds plus what waits to be paid out is what was credited.
    expect(Number(user.data.balance) + Number(user.data.gameblance) + withdrawn).toBeCloseTo(1000, 2);

    for (const server of [a, b]) server.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
  });

  it('runs WORKERS processes sharing one port, and stops them all on SIGTERM', async () => {
    const url = await freshDatabase();
    const server = await start(
      { DATABASE_URL: url.toString(), REDIS_URL: testRedisUrl()!, WORKERS: '2', PUBLIC_URL: 'https://m.example.test' },
      { stdout: 'pipe' },
    );
    await ready(server.base, server.child);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post<{ title: string }>(server.base, '/api/app', {})),
    );
    expect(answers.every((r) => r.code === 200)).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});

describe('WORKERS without what several processes need', PROCESS_TIMEOUT, () => {
  it('refuses to start on the embedded database, and without Redis, saying why', async () => {
    const pglite = await start({ DATABASE_URL: '', DATA_DIR: 'memory', WORKERS: '2' }, { stderr: 'pipe' });
    expect(await pglite.exited).toBe(1);
    expect(pglite.stderr()).toContain('WORKERS=2 needs DATABASE_URL');
    const noRedis = await start(
      { DATABASE_URL: 'postgres://127.0.0.1:1/none', REDIS_URL: '', WORKERS: '2' },
      { stderr: 'pipe' },
    );
    expect(await noRedis.exited).toBe(1);
    expect(noRedis.stderr()).toContain('WORKERS=2 needs REDIS_URL');
  });
});
