import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, publicUrlProblem } from '../src/config';
import { parseOutboundAllow } from '../src/lib/outbound';
import { addVenue, registerMember, useTestApp } from './helper';
import { listen, type Listener } from './listeners';

/**
 * With PUBLIC_URL every address the server hands out is built from it, whatever Host header a request carries: a
 * forged Host must not turn a gateway's notify, a venue's return or a member's referral link to another site.
 */
const PUBLIC = 'https://m.example.test';
let venue: Listener;

const t = useTestApp({ config: { publicUrl: PUBLIC } });

beforeAll(async () => {
  venue = await listen('127.0.0.2');
  t.config.outbound.allow.push(...parseOutboundAllow(`127.0.0.2:${venue.port}`));
  await addVenue(t, 'PUBV', 'realbet', 1, { apiBaseUrl: `${venue.origin}/api`, name: '公网场馆' });
});
afterAll(async () => {
  await venue?.close();
});

/** A member call with a forged Host header. */
async function forged<T>(
  method: 'GET' | 'POST',
  url: string,
  token: string,
  payload: object = {},
): Promise<{ code: number; data: T }> {
  const res = await t.app.inject({
    method,
    url,
    payload: method === 'POST' ? payload : undefined,
    headers: { authorization: `Bearer ${token}`, host: 'evil.example' },
    remoteAddress: '127.0.0.1',
  });
  return res.json() as { code: number; data: T };
}

describe('PUBLIC_URL', () => {
  it('builds the gateway pay request (notify_url, return_url) from PUBLIC_URL whatever the Host header says', async () => {
    const m = await registerMember(t.app);
    const made = await forged<{ deposit_no: string }>('POST', '/api/recharge', m.token, {
      paytype: 'alipay',
      amount: '200',
    });
    expect(made.code).toBe(200);
    const info = await forged<{ info: { pay_url?: string } }>('POST', '/api/payinfo', m.token, {
      deposit_no: made.data.deposit_no,
    });
    const pay = new URL(info.data.info.pay_url ?? '');
    expect(pay.origin).toBe(PUBLIC);
    expect(pay.searchParams.get('notify_url')).toBe(`${PUBLIC}/api/pay/notify/sandbox`);
    expect(pay.searchParams.get('return_url')).toBe(`${PUBLIC}/api/pay/return`);
  });

  it('sends a venue launch the return address of PUBLIC_URL', async () => {
    const m = await registerMember(t.app);
    await forged('POST', '/api/getGameUrl', m.token, { plat_name: 'PUBV', game_code: 'demo' });
    const launch = venue.received.find((r) => r.url === '/api/launch');
    expect(JSON.parse(launch?.body ?? '{}')).toMatchObject({ player: m.name, return_url: `${PUBLIC}/` });
  });

  it('gives referral and agent links on PUBLIC_URL', async () => {
    const m = await registerMember(t.app);
    const referral = await forged<{ pid: number; link: string }>('POST', '/api/referralinfo', m.token);
    expect(referral.data.link).toBe(`${PUBLIC}/#/login?type=1&pid=${referral.data.pid}`);
    const agent = await forged<{ url: string }>('GET', '/api/getAgentLoginUrl', m.token);
    expect(agent.data.url.startsWith(`${PUBLIC}/`)).toBe(true);
  });

  it('is required to start with SANDBOX=0, and the error names it', async () => {
    const production = loadConfig({ SANDBOX: '0', LOG_LEVEL: 'silent' });
    expect(publicUrlProblem(production)).toMatch(/^PUBLIC_URL is required when SANDBOX=0/);
    await expect(buildApp({ db: t.database.db, config: production })).rejects.toThrow(
      'PUBLIC_URL is required when SANDBOX=0',
    );
    expect(publicUrlProblem(loadConfig({ SANDBOX: '0', PUBLIC_URL: 'https://m.example.com/' }))).toBeNull();
    expect(loadConfig({ SANDBOX: '0', PUBLIC_URL: 'https://m.example.com/' }).publicUrl).toBe('https://m.example.com');
    // The demo on localhost may still use the request's origin.
    expect(publicUrlProblem(loadConfig({ SANDBOX: '1' }))).toBeNull();
  });
});
