import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, loadConfig, parseTrustProxy, SANDBOX_LEDGER_SEAL_KEY } from './config';

/** The client address Fastify sees for a request from `peer` carrying X-Forwarded-For `forwarded`. */
async function clientIp(trustProxy: string, peer: string, forwarded: string): Promise<string> {
  const app = Fastify({ trustProxy: fastifyTrustProxy(parseTrustProxy(trustProxy)) });
  app.get('/ip', async (req) => req.ip);
  const res = await app.inject({ url: '/ip', remoteAddress: peer, headers: { 'x-forwarded-for': forwarded } });
  await app.close();
  return res.body;
}

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', async () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(await clientIp('0', '10.0.0.5', '198.51.100.1')).toBe('10.0.0.5');
  });

  it('takes a hop count: that many proxies in front of the server, never more', async () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(await clientIp('1', '10.0.0.5', '6.6.6.6, 198.51.100.1')).toBe('198.51.100.1');
    expect(await clientIp('2', '10.0.0.5', '6.6.6.6, 198.51.100.1, 10.0.0.4')).toBe('198.51.100.1');
  });

  it('takes proxy addresses and CIDRs: a peer not listed is the client, whatever it forwards', async () => {
    expect(parseTrustProxy('10.0.0.0/8, 2001:db8::1')).toEqual(['10.0.0.0/8', '2001:db8::1']);
    expect(await clientIp('10.0.0.0/8', '10.0.0.5', '198.51.100.1')).toBe('198.51.100.1');
    expect(await clientIp('10.0.0.0/8', '192.0.2.9', '198.51.100.1')).toBe('192.0.2.9');
  });

  it('refuses anything that would trust every address, or is not an address', () => {
    for (const value of ['true', '*', '0.0.0.0/0', '::/0', '10.0.0.0/33', 'proxy.example.com', '10', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('LEDGER_SEAL_KEY', () => {
  it('seals the sandbox with the public demo key and leaves production unsealed until a key is set', () => {
    expect(loadConfig({}).ledgerSeal).toEqual({ key: SANDBOX_LEDGER_SEAL_KEY, retiredKeys: [] });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/site' }).ledgerSeal).toEqual({ key: undefined, retiredKeys: [] });
    const key = 'k'.repeat(32);
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://db/site',
        LEDGER_SEAL_KEY: key,
        LEDGER_SEAL_RETIRED_KEYS: ` ${'a'.repeat(40)} ,${'b'.repeat(40)}`,
      }).ledgerSeal,
    ).toEqual({
      key,
      retiredKeys: ['a'.repeat(40), 'b'.repeat(40)],
    });
  });

  it('refuses a key shorter than 32 characters', () => {
    expect(() => loadConfig({ LEDGER_SEAL_KEY: 'short-key' })).toThrow(/LEDGER_SEAL_KEY/);
  });
});

describe('PASSWORD_HASH_COST', () => {
  it('is 14 unless set, and lower only in a test run', () => {
    expect(loadConfig({}).passwordHashCost).toBe(14);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '10' })).toThrow(
      'Invalid configuration: PASSWORD_HASH_COST below 14 is for test suites only (NODE_ENV=test)',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '12' })).toThrow(/below 14/);
    expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '9' })).toThrow(/PASSWORD_HASH_COST/);
  });
});
