import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addVenue,
  call,
  credit,
  expectLedgerBalanced,
  play,
  registerMember,
  useOperators,
  useTestApp,
} from '../../../test/helper';

// Random interleavings of concurrent money movements for several members must keep the ledger's invariants
// (docs/architecture.md "Money"). On PostgreSQL the requests of one batch really run at the same time on separate connections.
const players: { name: string; token: string }[] = [];
const VENUES = ['PCAS', 'PSPT'];

const t = useTestApp();
const ops = useOperators(t, ['finance']);

beforeAll(async () => {
  await addVenue(t, 'PCAS', 'realbet');
  await addVenue(t, 'PSPT', 'sport');
  for (let i = 0; i < 3; i += 1) {
    const m = await registerMember(t.app);
    await credit(t, ops.finance, m.name, '1000');
    players.push(m);
  }
});

const who = fc.integer({ min: 0, max: 2 });
const venue = fc.constantFrom(...VENUES);
const amount = fc.integer({ min: 1, max: 60_000 }).map((cents) => (cents / 100).toFixed(2));

type Command =
  | { op: 'in' | 'out'; who: number; venue: string; amount: string; key: string }
  | { op: 'transall'; who: number }
  | { op: 'auto'; who: number; on: 0 | 1 }
  | { op: 'launch'; who: number; venue: string }
  | { op: 'round'; who: number; venue: string; amount: string };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constantFrom('in' as const, 'out' as const),
    who,
    venue,
    amount,
    key: fc.constantFrom('k-aaaaaaaa', 'k-bbbbbbbb', 'k-cccccccc', ''),
  }),
  fc.record({ op: fc.constant('transall' as const), who }),
  fc.record({ op: fc.constant('auto' as const), who, on: fc.constantFrom(0 as const, 1 as const) }),
  fc.record({ op: fc.constant('launch' as const), who, venue }),
  fc.record({ op: fc.constant('round' as const), who, venue, amount: fc.integer({ min: 1, max: 50 }).map(String) }),
);

let batch = 0;
async function run(c: Command) {
  const p = players[c.who]!;
  switch (c.op) {
    case 'in':
    case 'out': {
      const body =
        c.op === 'in'
          ? { amount: c.amount, sourcetype: 'userbalance', targettype: c.venue }
          : { amount: c.amount, sourcetype: c.venue, targettype: 'userbalance' };
      const headers: Record<string, string> = { authorization: `Bearer ${p.token}` };
      // Keys repeat within a batch on purpose: a repeated key must move money once.
      if (c.key) headers['idempotency-key'] = `${c.key}-${batch}`;
      return t.app.inject({ method: 'POST', url: '/api/transfer', payload: body, headers });
    }
    case 'transall':
      return call(t.app, '/api/transall', {}, { token: p.token });
    case 'auto':
      return call(t.app, '/api/uptransferstatus', { transferstatus: c.on }, { token: p.token });
    case 'launch':
      return call(t.app, '/api/getGameUrl', { plat_name: c.venue, game_code: 'demo' }, { token: p.token });
    case 'round': {
      const launch = await call<{ url: string }>(t.app, '/api/getGameUrl', { plat_name: c.venue }, { token: p.token });
      const ticket = new URL(launch.data.url).searchParams.get('ticket');
      const pick = c.venue === 'PSPT' ? 'home' : 'big';
      // The venue's demo game at the sandbox aggregator, over HTTP; its settled bets are pulled at once.
      await play(t, 'round', { ticket, stake: c.amount, pick });
      if (c.venue === 'PSPT') await play(t, 'settle', { ticket });
      return;
    }
  }
}

describe('ledger invariants under concurrent movements', () => {
  it('keeps the sum at zero, each account equal to its entries, and no member below zero', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(command, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
        async (batches) => {
          for (const cmds of batches) {
            batch += 1;
            const answers = await Promise.all(cmds.map(run));
            for (const a of answers) {
              const status = a && 'statusCode' in a ? a.statusCode : 200;
              expect(status).toBe(200);
              const code =
                a && 'json' in a ? (a.json() as { code: number }).code : (a as { code?: number } | undefined)?.code;
              expect(code === undefined || code !== 500).toBe(true);
            }
          }
          // The books balance to 0.00 with no account off its entries.
          await expectLedgerBalanced(t, ops.finance);
        },
      ),
      { numRuns: 12 },
    );
    // Every transfer, launch and round is a call to the venue over HTTP: the runs take longer than a test's default.
  }, 180_000);

  it('moves a transfer repeated with the same key at most once, even in parallel', async () => {
    const p = players[0]!;
    await call(t.app, '/api/transall', {}, { token: p.token });
    const before = (await call<{ balance: string }>(t.app, '/api/balance', {}, { token: p.token })).data.balance;
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/transfer',
        payload: { amount: '7.77', sourcetype: 'userbalance', targettype: 'PCAS' },
        headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': 'same-key-777' },
      });
    await Promise.all(Array.from({ length: 8 }, send));
    const after = (await call<{ balance: string }>(t.app, '/api/balance', {}, { token: p.token })).data.balance;
    expect(Math.round((Number(before) - Number(after)) * 100)).toBe(777);
  });
});
