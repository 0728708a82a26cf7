import type * as Dns from 'node:dns';
import { MSG } from '@h5/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, type Listener } from '../../test/listeners';
import { checkOutboundUrl, outboundFetch } from './outbound';

/**
 * What rebind.test (and carrier.test) resolve to, answer by answer: for rebind.test a public address for the check,
 * then loopback for the connection.
 */
const answers: string[][] = [];
vi.mock('node:dns', async (importOriginal) => {
  const real = await importOriginal<typeof Dns>();
  const lookup = (
    host: string,
    options: object,
    callback: (e: Error | null, a: { address: string; family: number }[]) => void,
  ) => {
    if (host !== 'rebind.test' && host !== 'carrier.test')
      return real.lookup(host, options as never, callback as never);
    const next = answers.shift() ?? ['127.0.0.1'];
    callback(
      null,
      next.map((address) => ({ address, family: 4 })),
    );
  };
  return { ...real, default: { ...real, lookup }, lookup };
});

let inside: Listener;
beforeAll(async () => {
  inside = await listen('127.0.0.1');
});
afterAll(() => inside?.close());

describe('a DNS answer that changes between the check and the connection', () => {
  it('is judged again as the call connects: nothing reaches the loopback address it turned into', async () => {
    answers.push(['93.184.215.14'], ['127.0.0.1']);
    const refusals: string[] = [];
    const policy = {
      allow: [],
      requireHttps: false,
      report: ({ reason }: { reason: string }) => refusals.push(reason),
    };
    const error = await outboundFetch(
      `http://rebind.test:${inside.port}/api/launch`,
      { method: 'POST', body: '{"token":"x"}' },
      policy,
    ).catch((e: Error) => e);
    expect(error).toMatchObject({ name: 'OutboundRefusedError', message: MSG.outboundPrivateAddress });
    expect(inside.received).toEqual([]);
    expect(refusals).toEqual([MSG.outboundPrivateAddress]);
  });
});

describe('a name that resolves to IPv6 carrying an inside IPv4 address', () => {
  it.each(['2002:7f00:1::', '2001:0:5db8:d70e::80ff:fffe', '64:ff9b::a9fe:a9fe', '::ffff:10.0.0.1'])(
    'is refused when it resolves to %s',
    async (address) => {
      answers.push(['93.184.215.14', address]);
      expect(await checkOutboundUrl('https://carrier.test/api', { allow: [], requireHttps: true })).toBe(
        MSG.outboundPrivateAddress,
      );
    },
  );
});
