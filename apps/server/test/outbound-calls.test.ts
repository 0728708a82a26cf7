import { BizCode, MSG } from '@h5/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOutboundAllow } from '../src/lib/outbound';
import { venueBetCursors } from '../src/db/tables/wallet';
import { pullVenueBets } from '../src/modules/wallet/venue-bets';
import { epayGateway } from '../src/providers/epay';
import { callVenue } from '../src/providers/remote-venue-client';
import { addVenue, call, registerMember, useTestApp } from './helper';
import { listen, type Listener } from './listeners';

/**
 * A venue's or a gateway's address set to something inside the network: the server sends it nothing, neither the
 * minute's bet pull nor a launch with its member launch token nor a gateway order query with the merchant key.
 */
let inside: Listener;
const logged: string[] = [];

// Production rules (https, nothing private); the sandbox of this test app still reaches itself on its own port.
const t = useTestApp({
  config: { outbound: { allow: [], requireHttps: true }, logLevel: 'warn' },
  logStream: { write: (line: string) => logged.push(line) },
});

beforeAll(async () => {
  inside = await listen('127.0.0.1');
  await addVenue(t, 'INSIDE', 'realbet', 1, { apiBaseUrl: `${inside.origin}/api`, name: '内网场馆' });
});
afterAll(async () => {
  await inside?.close();
});

const production = (allow = '') => ({ allow: parseOutboundAllow(allow), requireHttps: true });

describe('outbound calls to addresses inside the network', () => {
  it('a launch sends no launch token to a venue on loopback: the member is told the venue cannot be entered', async () => {
    const member = await registerMember(t.app);
    const answer = await call(
      t.app,
      '/api/getGameUrl',
      { plat_name: 'INSIDE', game_code: 'demo' },
      { token: member.token },
    );
    expect(answer).toEqual({ code: BizCode.TRANSFER_REFUSED, message: MSG.venueNotAnswering, data: null });
    expect(inside.received).toEqual([]);
    expect(logged.some((line) => line.includes('outbound call refused') && line.includes(inside.origin))).toBe(true);
  });

  it('the bet pull asks nothing of it and keeps its cursor', async () => {
    await pullVenueBets(
      { db: t.database.db, clock: t.clock, venueTimeoutMs: 2000, outbound: t.config.outbound },
      'INSIDE',
    );
    expect(inside.received).toEqual([]);
    expect(await t.database.db.select().from(venueBetCursors).where(eq(venueBetCursors.venueCode, 'INSIDE'))).toEqual(
      [],
    );
  });

  it.each([
    ['127.0.0.1', () => `${inside.origin}/api`],
    ['[::1]', () => `http://[::1]:${inside.port}/api`],
    ['localhost', () => `http://localhost:${inside.port}/api`],
    ['10.x', () => 'http://10.255.255.1/api'],
    ['169.254.169.254', () => 'http://169.254.169.254/latest'],
  ])('a venue call to %s ends as no answer, at once', async (_name, url) => {
    const started = Date.now();
    const result = await callVenue(
      { code: 'INSIDE', apiBaseUrl: url(), apiSecret: 'x'.repeat(24), currency: 'CNY' },
      'balance',
      { player: 'someone' },
      { clock: t.clock, timeoutMs: 5000, outbound: production() },
    );
    expect(result).toEqual({ kind: 'in-doubt', reason: 'no answer' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(inside.received).toEqual([]);
  });

  it('a venue OUTBOUND_ALLOW lists is called over plain http', async () => {
    const listed = await listen('127.0.0.2', (_req, res) => res.end('{}'));
    try {
      const result = await callVenue(
        { code: 'LISTED', apiBaseUrl: `${listed.origin}/api`, apiSecret: 'x'.repeat(24), currency: 'CNY' },
        'balance',
        { player: 'someone' },
        { clock: t.clock, timeoutMs: 5000, outbound: production('127.0.0.2') },
      );
      // The stand-in does not sign its answer: what matters is that the call went out.
      expect(result).toEqual({ kind: 'in-doubt', reason: 'unsigned answer' });
      expect(listed.received.map((r) => [r.method, r.url])).toEqual([['POST', '/api/balance']]);
    } finally {
      await listed.close();
    }
  });

  it('the sandbox gateway sends its notify nowhere a forged Host header points inside the network', async () => {
    const member = await registerMember(t.app);
    const host = `127.0.0.1:${inside.port}`;
    const ask = (url: string, payload: object) =>
      t.app
        .inject({
          method: 'POST',
          url,
          payload,
          headers: { authorization: `Bearer ${member.token}`, host },
          remoteAddress: '127.0.0.1',
        })
        .then((r) => r.json() as { code: number; data: { deposit_no: string; info: { pay_url: string } } });
    const made = await ask('/api/recharge', { paytype: 'alipay', amount: '100' });
    const info = await ask('/api/payinfo', { deposit_no: made.data.deposit_no });
    const payUrl = new URL(info.data.info.pay_url);
    expect(payUrl.searchParams.get('notify_url')).toBe(`http://${host}/api/pay/notify/sandbox`);
    const cashier = await fetch(`${t.origin}${payUrl.pathname}${payUrl.search}`).then((r) => r.text());
    const tradeNo = /name="trade_no" value="(\d+)"/.exec(cashier)?.[1] ?? '';
    expect(tradeNo).not.toBe('');
    const paid = await fetch(`${t.origin}/sandbox/epay/pay`, {
      method: 'POST',
      body: new URLSearchParams({ trade_no: tradeNo, result: 'paid' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(inside.received).toEqual([]);
  });

  it('a gateway order query to a refused address sends nothing (the merchant key stays here)', async () => {
    const account = {
      code: 'inside',
      merchantId: '1001',
      secret: 'merchant-key-123',
      submitUrl: `${inside.origin}/submit.php`,
    };
    const error = await epayGateway
      .queryOrder(account, 'D20260601000001', t.origin, production())
      .catch((e: Error) => e);
    expect(error).toMatchObject({ name: 'OutboundRefusedError', message: MSG.outboundPrivateAddress });
    expect(inside.received).toEqual([]);
  });
});
