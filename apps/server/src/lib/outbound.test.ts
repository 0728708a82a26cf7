import { MSG } from '@h5/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type Listener } from '../../test/listeners';
import { loadConfig } from '../config';
import {
  checkOutboundUrl,
  type OutboundPolicy,
  outboundFetch,
  OutboundRefusedError,
  parseOutboundAllow,
} from './outbound';

/** A production policy (https only, nothing private) with these OUTBOUND_ALLOW entries. */
const production = (allow = ''): OutboundPolicy => ({ allow: parseOutboundAllow(allow), requireHttps: true });

const open: Listener[] = [];
async function listener(host = '127.0.0.1', answer?: Parameters<typeof listen>[1]) {
  const l = await listen(host, answer);
  open.push(l);
  return l;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((l) => l.close()));
});

/** A call as a venue call makes it; answers how it ended. */
async function post(url: string, policy: OutboundPolicy): Promise<string> {
  try {
    const res = await outboundFetch(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"token":"launch-secret"}',
        signal: AbortSignal.timeout(3000),
      },
      policy,
    );
    return `HTTP ${res.status} ${await res.text()}`;
  } catch (e) {
    return e instanceof OutboundRefusedError ? `refused: ${e.message}` : `failed: ${(e as Error).message}`;
  }
}

describe('OUTBOUND_ALLOW', () => {
  it('reads hosts, host:port, addresses, [IPv6]:port and CIDRs', () => {
    const entries = parseOutboundAllow(
      ' agg.internal, agg.internal:8443,10.1.2.3 ,10.1.2.3:8080,[fd00::1]:9000,fd00::2,10.0.0.0/8,fd00::/8',
    );
    expect(entries.map((e) => [e.host, e.range?.bits ?? null, e.port])).toEqual([
      ['agg.internal', null, null],
      ['agg.internal', null, 8443],
      [null, 32, null],
      [null, 32, 8080],
      [null, 128, 9000],
      [null, 128, null],
      [null, 8, null],
      [null, 8, null],
    ]);
    expect(parseOutboundAllow('')).toEqual([]);
  });

  it.each([
    'http://agg.internal',
    '10.0.0.0/0',
    '::/0',
    '10.0.0.0/33',
    '10.0.0.1:0',
    '10.0.0.1:70000',
    'agg internal',
    '[10.0.0.1]:80',
    '10.0.0.0/8:80',
    '300.1.1.1',
  ])('refuses the entry %s at start, naming it', (entry) => {
    expect(() => parseOutboundAllow(`ok.example.com,${entry}`)).toThrow(
      `Invalid configuration: OUTBOUND_ALLOW entry "${entry}"`,
    );
    expect(() => loadConfig({ OUTBOUND_ALLOW: entry })).toThrow(`OUTBOUND_ALLOW entry "${entry}"`);
  });

  it('production requires https and allows nothing private; the sandbox allows plain http', () => {
    expect(loadConfig({ SANDBOX: '0', PUBLIC_URL: 'https://m.example.com' }).outbound).toMatchObject({
      allow: [],
      requireHttps: true,
    });
    expect(loadConfig({ SANDBOX: '1' }).outbound).toMatchObject({ allow: [], requireHttps: false });
  });
});

describe('checkOutboundUrl', () => {
  it.each([
    ['http://127.0.0.1:8080/api', MSG.outboundPrivateAddress],
    ['https://10.20.30.40/api', MSG.outboundPrivateAddress],
    ['https://172.16.0.1/', MSG.outboundPrivateAddress],
    ['https://192.168.1.1/', MSG.outboundPrivateAddress],
    ['https://100.64.0.1/', MSG.outboundPrivateAddress],
    ['http://169.254.169.254/latest/meta-data/', MSG.outboundPrivateAddress],
    ['https://0.0.0.0/', MSG.outboundPrivateAddress],
    ['https://224.0.0.1/', MSG.outboundPrivateAddress],
    ['https://[::1]/', MSG.outboundPrivateAddress],
    ['https://[::]/', MSG.outboundPrivateAddress],
    ['https://[fd00:ec2::254]/', MSG.outboundPrivateAddress],
    ['https://[fe80::1]/', MSG.outboundPrivateAddress],
    ['https://[ff02::1]/', MSG.outboundPrivateAddress],
    ['https://[::ffff:127.0.0.1]/', MSG.outboundPrivateAddress],
    ['https://[::ffff:a9fe:a9fe]/', MSG.outboundPrivateAddress],
    ['https://[64:ff9b::10.0.0.1]/', MSG.outboundPrivateAddress],
    // IPv6 that carries an inside IPv4 address is judged by it: 6to4, NAT64 (local use too), Teredo, IPv4-compatible.
    ['https://[2002:7f00:1::]/', MSG.outboundPrivateAddress],
    ['https://[2002:a9fe:a9fe::1]/', MSG.outboundPrivateAddress],
    ['https://[2002:c0a8:101:5::9]/', MSG.outboundPrivateAddress],
    ['https://[64:ff9b::7f00:1]/', MSG.outboundPrivateAddress],
    ['https://[64:ff9b:1::a9fe:a9fe]/', MSG.outboundPrivateAddress],
    ['https://[64:ff9b:1:a00:0:100::]/', MSG.outboundPrivateAddress],
    ['https://[64:ff9b:1:0:7f:0:100:0]/', MSG.outboundPrivateAddress],
    ['https://[2001:0:5db8:d70e::80ff:fffe]/', MSG.outboundPrivateAddress],
    ['https://[2001:0:a00:1::5db8:d70e]/', MSG.outboundPrivateAddress],
    ['https://[::7f00:1]/', MSG.outboundPrivateAddress],
    ['https://[::10.0.0.1]/', MSG.outboundPrivateAddress],
    ['https://[::ffff:10.1.2.3]/', MSG.outboundPrivateAddress],
    ['http://metadata.google.internal/computeMetadata/v1/', MSG.outboundPrivateAddress],
    ['https://localhost/', MSG.outboundPrivateAddress],
    ['https://0x7f000001/', MSG.outboundPrivateAddress],
    ['https://2130706433/', MSG.outboundPrivateAddress],
    ['http://93.184.215.14/api', MSG.outboundHttpsRequired],
    ['ftp://93.184.215.14/', MSG.outboundUrlInvalid],
    ['https://user:pw@93.184.215.14/', MSG.outboundUrlInvalid],
    ['not a url', MSG.outboundUrlInvalid],
    ['https://no-such-host.invalid/', MSG.outboundUnresolved],
  ])('refuses %s in production', async (url, message) => {
    expect(await checkOutboundUrl(url, production())).toBe(message);
  });

  it('allows a public https address, and a listed one over plain http', async () => {
    expect(await checkOutboundUrl('https://93.184.215.14/api', production())).toBeNull();
    // IPv6 carrying a public IPv4 address (6to4, NAT64, Teredo with public ends) is as public as it.
    for (const carrier of ['2002:5db8:d70e::1', '64:ff9b::5db8:d70e', '2001:0:5db8:d70e::a247:28f1']) {
      expect(await checkOutboundUrl(`https://[${carrier}]/api`, production()), carrier).toBeNull();
    }
    expect(await checkOutboundUrl('http://93.184.215.14/api', production('93.184.215.14'))).toBeNull();
    expect(await checkOutboundUrl('http://10.1.2.3:8080/api', production('10.1.2.3:8080'))).toBeNull();
    expect(await checkOutboundUrl('http://10.1.2.3:8081/api', production('10.1.2.3:8080'))).toBe(
      MSG.outboundPrivateAddress,
    );
    expect(await checkOutboundUrl('http://10.200.0.9/api', production('10.0.0.0/8'))).toBeNull();
    expect(await checkOutboundUrl('http://11.0.0.9/api', production('10.0.0.0/8'))).toBe(MSG.outboundHttpsRequired);
    expect(await checkOutboundUrl('http://[fd00::2]:9000/', production('[fd00::2]:9000'))).toBeNull();
    expect(
      await checkOutboundUrl('http://metadata.google.internal/', production('metadata.google.internal')),
    ).toBeNull();
  });

  it('allowing 127.0.0.2 allows neither 127.0.0.1 nor the name localhost', async () => {
    const policy = production('127.0.0.2');
    expect(await checkOutboundUrl('http://127.0.0.2:9/', policy)).toBeNull();
    expect(await checkOutboundUrl('http://[::ffff:127.0.0.2]:9/', policy)).toBeNull();
    expect(await checkOutboundUrl('http://127.0.0.1:9/', policy)).toBe(MSG.outboundPrivateAddress);
    expect(await checkOutboundUrl('http://localhost:9/', policy)).toBe(MSG.outboundPrivateAddress);
  });
});

describe('outboundFetch', () => {
  it('sends nothing to loopback, [::1] or localhost in production, and reports each refusal', async () => {
    const v4 = await listener('127.0.0.1');
    const v6 = await listener('::1');
    const refusals: string[] = [];
    const policy = {
      ...production(),
      report: ({ url, reason }: { url: string; reason: string }) => refusals.push(`${url} ${reason}`),
    };
    expect(await post(`${v4.origin}/api/launch?x=1`, policy)).toBe(`refused: ${MSG.outboundPrivateAddress}`);
    expect(await post(`${v6.origin}/api/launch`, policy)).toBe(`refused: ${MSG.outboundPrivateAddress}`);
    expect(await post(`http://localhost:${v4.port}/api/launch`, policy)).toBe(`refused: ${MSG.outboundPrivateAddress}`);
    expect(v4.received).toEqual([]);
    expect(v6.received).toEqual([]);
    // The query is left out of the log: an epay order query carries the merchant key there.
    expect(refusals).toEqual([
      `${v4.origin}/api/launch ${MSG.outboundPrivateAddress}`,
      `${v6.origin}/api/launch ${MSG.outboundPrivateAddress}`,
      `http://localhost:${v4.port}/api/launch ${MSG.outboundPrivateAddress}`,
    ]);
  });

  it('never connects to 10.x or the metadata address (refused at once, not a timeout)', async () => {
    const started = Date.now();
    expect(await post('http://10.255.255.1/api/bets', production())).toBe(`refused: ${MSG.outboundPrivateAddress}`);
    expect(await post('http://169.254.169.254/latest/meta-data/', production())).toBe(
      `refused: ${MSG.outboundPrivateAddress}`,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('OUTBOUND_ALLOW=127.0.0.2 lets 127.0.0.2 through over http, and not 127.0.0.1', async () => {
    const allowed = await listener('127.0.0.2', (_req, res) => res.end('{"ok":1}'));
    const other = await listener('127.0.0.1');
    const policy = production('127.0.0.2');
    expect(await post(`${allowed.origin}/api/launch`, policy)).toBe('HTTP 200 {"ok":1}');
    expect(allowed.received).toEqual([
      expect.objectContaining({ method: 'POST', url: '/api/launch', body: '{"token":"launch-secret"}' }),
    ]);
    expect(await post(`${other.origin}/api/launch`, policy)).toBe(`refused: ${MSG.outboundPrivateAddress}`);
    expect(other.received).toEqual([]);
  });

  it('a host:port entry allows that port only; a CIDR entry the addresses it covers', async () => {
    const a = await listener('127.0.0.2');
    const b = await listener('127.0.0.2');
    expect(await post(`${a.origin}/x`, production(`127.0.0.2:${a.port}`))).toBe('HTTP 200 {}');
    expect(await post(`${b.origin}/x`, production(`127.0.0.2:${a.port}`))).toBe(
      `refused: ${MSG.outboundPrivateAddress}`,
    );
    const one = await listener('127.0.0.1');
    expect(await post(`${one.origin}/x`, production('127.0.0.0/31'))).toBe('HTTP 200 {}');
    expect(await post(`${b.origin}/x`, production('127.0.0.0/31'))).toBe(`refused: ${MSG.outboundPrivateAddress}`);
    expect([a.received.length, b.received.length, one.received.length]).toEqual([1, 0, 1]);
  });

  it('does not follow a redirect, even to an allowed address', async () => {
    const target = await listener('127.0.0.2');
    const redirecting = await listener('127.0.0.2', (_req, res) =>
      res.writeHead(302, { location: `${target.origin}/steal` }).end(),
    );
    expect(await post(`${redirecting.origin}/api/bets`, production('127.0.0.2'))).toBe(
      'failed: redirect answered (HTTP 302), not followed',
    );
    expect(redirecting.received).toHaveLength(1);
    expect(target.received).toEqual([]);
  });

  it('ends a call that takes too long with the TimeoutError a venue call treats as in doubt', async () => {
    const slow = await listener('127.0.0.2', (_req, res) => setTimeout(() => res.end('{}'), 2000));
    const error = await outboundFetch(
      `${slow.origin}/x`,
      { signal: AbortSignal.timeout(100) },
      production('127.0.0.2'),
    ).catch((e: Error) => e);
    expect((error as Error).name).toBe('TimeoutError');
  });

  it('keeps the connection to a venue open between calls, one pool per policy', async () => {
    const venue = await listener('127.0.0.2');
    const connections: string[] = [];
    const policy = production('127.0.0.2');
    for (let i = 0; i < 3; i += 1) {
      const res = await outboundFetch(`${venue.origin}/x`, { method: 'POST', body: '{}' }, policy);
      await res.text();
    }
    const other = production('127.0.0.2');
    await (await outboundFetch(`${venue.origin}/x`, { method: 'POST', body: '{}' }, other)).text();
    for (const r of venue.received) connections.push(String(r.remotePort));
    expect(venue.received).toHaveLength(4);
    // Three calls on one connection; the other policy opened its own.
    expect(new Set(connections.slice(0, 3)).size).toBe(1);
    expect(connections[3]).not.toBe(connections[0]);
  });
});
