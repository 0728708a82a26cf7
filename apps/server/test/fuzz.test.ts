import { endpointList } from '@h5/contract';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { addVenue, adminCall, call, credit, registerMember, useOperators, useTestApp } from './helper';

// Every endpoint of the registry, as a visitor and as a member, fed malformed and hostile bodies: the answer is
// always the envelope, never a 500, a refusal always carries a Chinese message, and no money moves.
let member: { name: string; token: string };

const HOSTILE: unknown[] = [
  null,
  [],
  'just a string',
  42,
  { amount: -100, page: -1, id: -1, type: 'x' },
  { amount: 1e308, page: 1e20, id: 1e20 },
  { amount: '0.001', sourcetype: 'userbalance', targettype: 'userbalance' },
  { amount: 'NaN', bank: 'abc', password: { $ne: '' } },
  { name: "admin' OR '1'='1", password: "' OR 1=1 --", id: '1; DROP TABLE members' },
  { title: '<script>alert(1)</script>', content: '<img src=x onerror=alert(1)>', mobile: '<b>' },
  { name: 'x'.repeat(5000), apply_info: 'y'.repeat(20_000), bank_no: 'z'.repeat(1000) },
  { name: '𝓾𝓷𝓲𝓬𝓸𝓭𝓮🎰', realname: '\u0000\u200b', email: '\ud800' },
  { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } },
  { page: '2abc', date: '9', api_type: ['a'], deposit_no: { a: 1 }, activityid: true },
];

const isChinese = (s: string) => /[\u3400-\u9fff]/.test(s);
/** Endpoints whose purpose is to change the caller's own session; fuzzing them would only log the member out. */
const SESSION_ENDING = new Set(['/api/logoff']);

const t = useTestApp();
const ops = useOperators(t, ['finance']);

beforeAll(async () => {
  await addVenue(t, 'FZV', 'realbet');
  member = await registerMember(t.app);
  await credit(t, ops.finance, member.name, '100');
});

/** The registry endpoints this server serves (a capability still being built is not fuzzed until it exists). */
const implemented = () => endpointList().filter((ep) => t.app.hasRoute({ method: ep.method, url: ep.path }));

async function send(method: 'GET' | 'POST', path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (method === 'GET') {
    const query = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return t.app.inject({ method, url: `${path}?${qs}`, headers });
  }
  return t.app.inject({
    method,
    url: path,
    payload: JSON.stringify(body),
    headers: { ...headers, 'content-type': 'application/json' },
  });
}

function expectEnvelope(res: { statusCode: number; body: string }, label: string) {
  expect(res.statusCode, label).toBe(200);
  const answer = JSON.parse(res.body) as { code: unknown; message: unknown };
  expect(typeof answer.code, label).toBe('number');
  expect(answer.code, `${label}: ${res.body.slice(0, 200)}`).not.toBe(500);
  if (answer.code !== 200) expect(isChinese(String(answer.message)), `${label}: ${answer.message}`).toBe(true);
  return answer.code as number;
}

describe('hostile input over the whole endpoint registry', () => {
  it('covers most of the registry', () => {
    expect(implemented().length).toBeGreaterThan(endpointList().length / 2);
  });

  it('answers every endpoint with the envelope and never a 500, as a visitor and as a member', async () => {
    for (const ep of implemented()) {
      if (SESSION_ENDING.has(ep.path)) continue;
      for (const body of HOSTILE) {
        const visitor = expectEnvelope(
          await send(ep.method, ep.path, body),
          `visitor ${ep.path} ${JSON.stringify(body)?.slice(0, 60)}`,
        );
        if (ep.auth === 'member') expect(visitor, `visitor ${ep.path}`).toBe(401);
        expectEnvelope(
          await send(ep.method, ep.path, body, member.token),
          `member ${ep.path} ${JSON.stringify(body)?.slice(0, 60)}`,
        );
      }
    }
  });

  it('survives random JSON values on every POST endpoint', async () => {
    const posts = implemented().filter((ep) => ep.method === 'POST' && !SESSION_ENDING.has(ep.path));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...posts), fc.jsonValue({ maxDepth: 3 }), async (ep, body) => {
        expectEnvelope(
          await send('POST', ep.path, body, member.token),
          `${ep.path} ${JSON.stringify(body).slice(0, 80)}`,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('moved no money and left the ledger balanced', async () => {
    expect((await call<{ balance: string }>(t.app, '/api/balance', {}, { token: member.token })).data.balance).toBe(
      '100.00',
    );
    const check = await adminCall<{ balanced: boolean }>(t, ops.finance, 'GET', '/admin/api/ledger/check');
    expect(check.data.balanced).toBe(true);
  });

  it('refuses malformed JSON and wrong content types with the envelope', async () => {
    for (const [payload, type] of [
      ['{"name":', 'application/json'],
      ['name=a&password=b', 'text/plain'],
      ['\u0000\u0001', 'application/octet-stream'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login_pc',
        payload,
        headers: { 'content-type': type },
      });
      expect(res.statusCode).toBe(200);
      const answer = res.json() as { code: number; message: string };
      expect(answer.code).toBe(400);
      expect(['请求参数格式不正确', '请输入您的账号和密码！']).toContain(answer.message);
    }
  });
});
