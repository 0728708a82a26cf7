import { MSG } from '@h5/contract';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { venues } from '../src/db/schema';
import { callVenue } from '../src/providers/remote-venue-client';
import { controlHeaders, useTestApp } from './helper';

/** The sandbox aggregator's test controls change what it answers: only the holder of its control token may use them. */
const t = useTestApp();

const control = (path: string, body: unknown, headers: Record<string, string>) =>
  fetch(`${t.origin}/sandbox/aggregator/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));

async function demoVenue() {
  const [row] = await t.database.db
    .select()
    .from(venues)
    .where(and(eq(venues.walletMode, 'transfer'), like(venues.apiBaseUrl, '%/sandbox/aggregator/api/%')))
    .limit(1);
  if (!row?.apiSecret) throw new Error('no demo transfer-wallet venue');
  return { code: row.code, apiBaseUrl: row.apiBaseUrl, apiSecret: row.apiSecret, currency: 'CNY' };
}

const balance = async () =>
  callVenue(
    await demoVenue(),
    'balance',
    { player: 'nobody1' },
    { clock: t.clock, timeoutMs: 5000, outbound: t.config.outbound },
  );

describe('the sandbox aggregator controls', () => {
  it.each([
    ['no token', {}],
    ['another token', { authorization: 'Bearer not-the-control-token' }],
    ['another scheme', { authorization: 'Basic c2FuZGJveDpzYW5kYm94' }],
  ])('answer 401 with %s, and nothing changes', async (_name, headers) => {
    const venue = await demoVenue();
    const refusal = { status: 401, body: { code: 401, message: MSG.sandboxControlUnauthorized, data: null } };
    expect(
      await control(
        'faults',
        { venue: venue.code, call: 'balance', mode: 'fail', times: 5 },
        headers as Record<string, string>,
      ),
    ).toEqual(refusal);
    expect(
      await control('outcomes', { venue: venue.code, outcomes: ['big'] }, headers as Record<string, string>),
    ).toEqual(refusal);
    // The fault was not set: the venue still answers.
    expect((await balance()).kind).toBe('answered');
  });

  it('take the control token as a bearer token', async () => {
    const venue = await demoVenue();
    expect(await control('faults', { venue: venue.code, call: 'balance', mode: 'fail' }, controlHeaders(t))).toEqual({
      status: 200,
      body: { code: 200, message: 'ok', data: null },
    });
    expect(await balance()).toEqual({ kind: 'in-doubt', reason: 'unsigned answer' });
    expect((await balance()).kind).toBe('answered');
  });

  it('use SANDBOX_CONTROL_TOKEN when set (at least 16 characters), else one made at start', () => {
    expect(loadConfig({ SANDBOX_CONTROL_TOKEN: 'a-control-token-of-mine' }).sandboxControlToken).toBe(
      'a-control-token-of-mine',
    );
    expect(() => loadConfig({ SANDBOX_CONTROL_TOKEN: 'short' })).toThrow('SANDBOX_CONTROL_TOKEN');
    expect(t.config.sandboxControlToken).toMatch(/^[\w-]{32}$/);
  });
});
