import { request } from 'node:http';
import { BizCode, MSG } from '@h5/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl, testRedisUrl } from '../src/config';
import { hmacHex } from '../src/lib/hmac';
import { killAll, refusesConnections, serverProcesses, waitingBehind } from './processes';

// A seamless venue's calls into our wallet while the server dies (docs/operations.md "Crashes lose nothing"): two
// worker processes on PostgreSQL and Redis, as a production install runs. The venue does what a real one does when
// an answer never comes: it sends the same call again, in the round's order, until it is answered. Whatever the kill
// interrupted, every call is then answered once for good, and the money comes out exact to the cent. At the graceful
// stop a second member's bets wait inside the server for that member's wallet, held by a long transaction of this
// test: the stop must finish them.

const PROCESS_TIMEOUT = { timeout: 240_000 };
const { start, ready, post, createOperator, fundedMember, ledgerCheck, freshDatabase, redisDatabase, cleanup } =
  serverProcesses();
afterAll(cleanup);

const VENUE = 'CRS';
const SECRET = 'crash-test-seamless-secret';
const FUNDED_CENTS = 100_000;

type Call = { action: 'bet' | 'win' | 'rollback'; body: Record<string, unknown> };
/** An answer, or what stood in for one: REFUSED when the port was closed (nothing was sent), null when the call was
 * sent and no answer came back. A server that is stopping answers our envelope (code and message) instead. */
type Answer = { http: number; status?: string; balance?: string; code?: number; message?: string } | null;
const REFUSED = { http: 0, status: 'REFUSED' };
/** What a call that reaches a stopping server gets (docs/operations.md "Crashes lose nothing"). */
const STOPPING = { http: 503, code: BizCode.UNAVAILABLE, message: MSG.serverRestarting, data: null };

/**
 * The rounds the venue plays for one member: a bet of a few yuan each, then a win (every second round), a rollback of
 * the bet (every third) or nothing (the round stays open). What the member's balance must be once each call has
 * counted once follows from the calls alone.
 */
function rounds(player: string, prefix: string, count: number) {
  const plays: Call[][] = [];
  let expectedCents = FUNDED_CENTS;
  for (let i = 0; i < count; i += 1) {
    const betCents = 100 + (i % 7) * 25;
    const bet = `${prefix}-b${i}`;
    const round = `${prefix}-r${i}`;
    const calls: Call[] = [
      { action: 'bet', body: { player, transaction_id: bet, round_id: round, amount: (betCents / 100).toFixed(2) } },
    ];
    expectedCents -= betCents;
    if (i % 3 === 0) {
      calls.push({
        action: 'rollback',
        body: { player, transaction_id: `${prefix}-rb${i}`, reference_transaction_id: bet },
      });
      expectedCents += betCents;
    } else if (i % 2 === 0) {
      const winCents = betCents * 2 + 3;
      calls.push({
        action: 'win',
        body: {
          player,
          transaction_id: `${prefix}-w${i}`,
          round_id: round,
          amount: (winCents / 100).toFixed(2),
          reference_transaction_id: bet,
        },
      });
      expectedCents += winCents;
    }
    plays.push(calls);
  }
  return { plays, expectedCents, transactions: plays.flat().length };
}

/**
 * One signed call as the venue sends it (a fresh timestamp each time, as a retry is signed anew), on a connection of
 * its own: a kept-alive connection the server closes as idle while the next call is on its way would lose that call
 * before the server read it, which says nothing of the server.
 */
function send(base: string, call: Call): Promise<Answer> {
  const payload = JSON.stringify({ timestamp: Math.floor(Date.now() / 1000), ...call.body });
  return new Promise((resolve) => {
    const req = request(
      `${base}/api/venues/${VENUE}/wallet/${call.action}`,
      {
        method: 'POST',
        agent: false,
        timeout: 15_000,
        headers: { 'content-type': 'application/json', 'x-signature': hmacHex(SECRET, payload) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            resolve({ http: res.statusCode ?? 0, ...(JSON.parse(text) as Omit<NonNullable<Answer>, 'http'>) });
          } catch {
            resolve({ http: res.statusCode ?? 0, status: 'NOT_JSON' });
          }
        });
        res.on('error', () => resolve(null));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? REFUSED : null));
    req.end(payload);
  });
}

/** An answer the venue takes as final: the call counted (OK) or had counted before (DUPLICATE). */
const settled = (a: Answer) => a !== null && a.http === 200 && (a.status === 'OK' || a.status === 'DUPLICATE');

/**
 * Plays every round from where it stands (its first call not yet settled), the rounds side by side and each round's
 * calls in order: a win or rollback goes only after its bet was answered. Answers where each round stopped.
 */
async function play(base: string, plays: Call[][], done: number[], stopOnMiss: boolean, onSettled = () => {}) {
  await Promise.all(
    plays.map(async (calls, r) => {
      while (done[r]! < calls.length) {
        const answer = await send(base, calls[done[r]!]!);
        if (settled(answer)) {
          done[r] = done[r]! + 1;
          onSettled();
          continue;
        }
        if (stopOnMiss) return;
        // A refusal other than a lost answer (a 503 while a process stops) is tried again shortly.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }),
  );
}

describe.skipIf(!testDatabaseUrl() || !testRedisUrl())('seamless wallet calls across a crash', PROCESS_TIMEOUT, () => {
  it('counts every bet, win and rollback once when the server is killed, and again when it is stopped, mid-burst', async () => {
    const url = await freshDatabase();
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: await redisDatabase(6),
      WORKERS: '2',
      PUBLIC_URL: 'https://m.example.test',
      SANDBOX: '',
    };
    const venueDb = new pg.Client({ connectionString: url.toString() });
    const operator = createOperator(env);

    const first = await start(env);
    await ready(first.base, first.child);
    await venueDb.connect();
    try {
      await venueDb.query(
        `INSERT INTO venues (code, name, platname, category_id, wallet_mode, api_secret) VALUES ($1, '崩溃测试', $1, 'realbet', 'seamless', $2)`,
        [VENUE, SECRET],
      );
      const { token } = await fundedMember(first.base, operator);
      const player = (await post<{ username: string }>(first.base, '/api/user', {}, token)).data.username;
      const heldToken = (await fundedMember(first.base, operator)).token;
      const heldPlayer = (await post<{ username: string }>(first.base, '/api/user', {}, heldToken)).data.username;
      const { plays, expectedCents, transactions } = rounds(player, 'k', 80);
      const done = plays.map(() => 0);

      // The kill lands while calls are in flight: some answered, some committed with the answer lost, some never read.
      let answered = 0;
      let killed = false;
      const burst = play(first.base, plays, done, true, () => {
        answered += 1;
        if (answered === 40 && !killed) {
          killed = true;
          killAll(first.child.pid!);
        }
      });
      await burst;
      await first.exited;
      expect(killed).toBe(true);
      const interrupted = done.filter((d, r) => d < plays[r]!.length).length;
      expect(interrupted).toBeGreaterThan(0);

      // Back up: the venue resends what it had no answer for, until each is answered.
      const second = await start(env);
      await ready(second.base, second.child);
      await play(second.base, plays, done, false);

      // A graceful stop (SIGTERM) lands in the middle of a new burst: the calls the server is working on are answered
      // in full, and whatever else arrives is refused with 503, finds the port closed, or (a connection the system
      // had queued in the instant the port closed) is reset unread; the venue sends those again below. The held
      // member's wallet is locked by this test's own transaction, so that member's bets wait inside the server, their
      // transactions begun, when the signal lands; the wallet is let go once the port refuses new connections.
      const more = rounds(player, 't', 80);
      const moreDone = more.plays.map(() => 0);
      const held = rounds(heldPlayer, 'h', 3);
      const heldDone = held.plays.map(() => 0);
      const duringStop: { held: boolean; sentBefore: boolean; answer: Answer }[] = [];
      let signalled = false;
      const stopBurst = (plays: Call[][], done: number[]) =>
        Promise.all(
          plays.map(async (calls, r) => {
            while (done[r]! < calls.length) {
              const sentBefore = !signalled;
              const answer = await send(second.base, calls[done[r]!]!);
              duringStop.push({ held: plays === held.plays, sentBefore, answer });
              if (!settled(answer)) return;
              done[r] = done[r]! + 1;
            }
          }),
        );
      let answeredBefore = 0;
      const holder = new pg.Client({ connectionString: url.toString() });
      await holder.connect();
      let stopping: Promise<unknown> = Promise.resolve();
      // The wallet is let go whatever happens, so the database can be dropped after a failure.
      try {
        await holder.query('BEGIN');
        await holder.query(
          `SELECT balance FROM ledger_accounts WHERE code = (
             SELECT 'member:' || id || ':wallet' FROM members WHERE username = $1) FOR UPDATE`,
          [heldPlayer],
        );
        const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
        stopping = Promise.all([stopBurst(more.plays, moreDone), stopBurst(held.plays, heldDone)]);
        // Every held bet waits inside the server, none answered (a failure shows what came back instead).
        const heldState = async () => ({
          waiting: await waitingBehind(venueDb, holderPid),
          answered: duringStop.filter((d) => d.held).map((d) => d.answer),
        });
        await expect
          .poll(heldState, { timeout: 30_000, interval: 20 })
          .toEqual({ waiting: held.plays.length, answered: [] });
        await expect.poll(() => (answeredBefore = duringStop.length), { timeout: 30_000 }).toBeGreaterThan(20);
        signalled = true;
        second.child.kill('SIGTERM');
        await expect.poll(() => refusesConnections(second.base), { timeout: 10_000, interval: 20 }).toBe(true);
      } finally {
        await holder.query('COMMIT');
        await holder.end();
      }
      await stopping;
      expect(await second.exited).toBe(0);
      // Each held bet was sent before the signal and waited inside the server: it is answered, and it counted.
      const heldBets = duringStop.filter((d) => d.held && d.sentBefore);
      expect(
        heldBets.map((d) => d.answer),
        'bets waiting inside the server at the signal are finished',
      ).toEqual(held.plays.map(() => expect.objectContaining({ http: 200, status: 'OK' })));
      expect(duringStop.length).toBeGreaterThan(answeredBefore);
      for (const { answer } of duringStop)
        if (answer && !settled(answer)) expect(answer).toEqual(answer.http === 0 ? REFUSED : STOPPING);

      const third = await start(env);
      await ready(third.base, third.child);
      await play(third.base, more.plays, moreDone, false);
      await play(third.base, held.plays, heldDone, false);

      // Every call, sent once more, is a repeat: nothing counts twice.
      const repeats = await Promise.all(
        [...plays, ...more.plays, ...held.plays].map(async (calls) => {
          const statuses: string[] = [];
          for (const call of calls) statuses.push((await send(third.base, call))?.status ?? 'no answer');
          return statuses;
        }),
      );
      expect(new Set(repeats.flat())).toEqual(new Set(['DUPLICATE']));

      const wanted = expectedCents + (more.expectedCents - FUNDED_CENTS);
      const balance = (await post<{ balance: string }>(third.base, '/api/balance', {}, token)).data.balance;
      expect(balance).toBe((wanted / 100).toFixed(2));
      const heldBalance = (await post<{ balance: string }>(third.base, '/api/balance', {}, heldToken)).data.balance;
      expect(heldBalance).toBe((held.expectedCents / 100).toFixed(2));
      // The venue's books: each transaction once, bets closed as their rounds were.
      const books = await venueDb.query<{ action: string; state: string; n: string }>(
        `SELECT action, state, count(*)::text AS n FROM venue_wallet_transactions WHERE venue_code = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
        [VENUE],
      );
      const count = (action: string, state: string) =>
        Number(books.rows.find((r) => r.action === action && r.state === state)?.n ?? 0);
      const all = [...plays, ...more.plays, ...held.plays];
      expect(books.rows.reduce((sum, r) => sum + Number(r.n), 0)).toBe(
        transactions + more.transactions + held.transactions,
      );
      expect(count('bet', 'rolled_back')).toBe(all.filter((c) => c[1]?.action === 'rollback').length);
      expect(count('bet', 'settled')).toBe(all.filter((c) => c[1]?.action === 'win').length);
      expect(count('bet', 'open')).toBe(all.filter((c) => c.length === 1).length);

      expect(await ledgerCheck(third.base, operator)).toMatchObject({ balanced: true, total: '0.00', mismatched: [] });
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    } finally {
      await venueDb.end();
    }
  });
});
