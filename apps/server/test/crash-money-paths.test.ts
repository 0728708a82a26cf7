import { BizCode, MSG, parseMoneyToCents } from '@h5/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl, testRedisUrl } from '../src/config';
import { epaySign } from '../src/providers/epay';
import { killAll, serverProcesses } from './processes';

// Money on three more paths while the server dies (docs/operations.md "Crashes lose nothing"): a gateway's paid
// notifies, a finance operator's approvals of withdrawals, and the pull of a transfer-wallet venue's settled bets, all
// in flight when the server (primary and two workers, on PostgreSQL and Redis) is killed. Each caller then does what
// a real one does: the gateway sends its notify again until it is answered, finance approves again, the pull goes on
// from its cursor. Every payment counts once, every bet is stored once, and the money comes out exact to the cent.

const PROCESS_TIMEOUT = { timeout: 240_000 };
const {
  start,
  ready,
  post,
  register,
  createOperator,
  fundedMember,
  ledgerCheck,
  freshDatabase,
  redisDatabase,
  cleanup,
} = serverProcesses();
afterAll(cleanup);

const FUNDED_CENTS = 100_000;
const DEPOSITS = 5;
const WITHDRAWALS = 5;
/** Two pages of the pull (500 bets each): the kill lands while the second is being stored. */
const ROUNDS = 1000;

const money = (cents: number) => (cents / 100).toFixed(2);

/** A call sent once: its answer, or null when none came back (the process died with it). */
async function attempt<T>(send: () => Promise<T>): Promise<T | null> {
  try {
    return await send();
  } catch {
    return null;
  }
}

/** Sends until an answer comes back, as a caller that had none does (a 503 while a process starts counts as none). */
async function untilAnswered<T>(send: () => Promise<T | null>): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const answer = await attempt(send);
    if (answer !== null) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no answer');
}

/** A round's stake and payout at the venue, in cents: a stake of a few yuan, every third round won at twice it. */
const stakeOf = (i: number) => 100 + (i % 7) * 25;
const payoutOf = (i: number) => (i % 3 === 0 ? stakeOf(i) * 2 : 0);

describe.skipIf(!testDatabaseUrl() || !testRedisUrl())('money paths across a crash', PROCESS_TIMEOUT, () => {
  it('credits each paid notify once, pays each approved withdrawal once and stores each pulled bet once', async () => {
    const url = await freshDatabase();
    const redisUrl = await redisDatabase(9);
    // The sandbox gateway and aggregator are the counterparties; the pull runs every second.
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      WORKERS: '2',
      SANDBOX: '1',
      BET_PULL_INTERVAL_SECONDS: '1',
    };
    const db = new pg.Client({ connectionString: url.toString() });
    const operator = createOperator(env);

    const first = await start(env);
    await ready(first.base, first.child);
    await db.connect();
    try {
      const opToken = (await post<{ token: string }>(first.base, '/admin/api/login', operator)).data.token;
      const approve = (base: string, orderNo: string) =>
        fetch(`${base}/admin/api/withdrawals/${orderNo}/approve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${opToken}` },
          body: '{}',
        }).then(async (res) => (res.status === 503 ? null : ((await res.json()) as { code: number; message: string })));

      // Deposits through the sandbox gateway, waiting for its notify.
      const payer = await fundedMember(first.base, operator);
      const deposits: { depositNo: string; cents: number }[] = [];
      for (let i = 0; i < DEPOSITS; i += 1) {
        const made = await post<{ deposit_no: string }>(
          first.base,
          '/api/recharge',
          { paytype: 'alipay', amount: money(10_000 + i * 1_111 + 7) },
          payer.token,
        );
        expect(made.code).toBe(200);
        const row = await db.query<{ amount: string; gateway_code: string }>(
          'SELECT amount, gateway_code FROM deposits WHERE deposit_no = $1',
          [made.data.deposit_no],
        );
        expect(row.rows[0]?.gateway_code).toBe('sandbox');
        deposits.push({ depositNo: made.data.deposit_no, cents: parseMoneyToCents(row.rows[0]!.amount)! });
      }
      const gateway = (
        await db.query<{ secret: string; merchant_id: string }>(
          `SELECT secret, merchant_id FROM payment_gateways WHERE code = 'sandbox'`,
        )
      ).rows[0]!;
      /** The gateway's signed notify of a paid deposit: 'success' once it is taken. */
      const notify = (base: string, d: (typeof deposits)[number]) => {
        const params: Record<string, string> = {
          pid: gateway.merchant_id,
          trade_no: `T${d.depositNo.slice(1)}`,
          out_trade_no: d.depositNo,
          type: 'alipay',
          name: '账户充值',
          money: money(d.cents),
          trade_status: 'TRADE_SUCCESS',
        };
        const query = new URLSearchParams({ ...params, sign: epaySign(params, gateway.secret), sign_type: 'MD5' });
        return fetch(`${base}/api/pay/notify/sandbox?${query}`).then((res) => (res.ok ? res.text() : null));
      };

      // Withdrawals under the two-person line (5,000 yuan) and the daily totals: one approval pays each.
      const payee = await fundedMember(first.base, operator);
      const card = { bank: '招商银行', bank_owner: '测试', bank_address: '上海分行', bank_no: '6222020200112233445' };
      expect((await post(first.base, '/api/bindcard', { ...card, pay_pass: 'pay123456' }, payee.token)).code).toBe(200);
      const cardId = (await post<{ id: number }[]>(first.base, '/api/getcard', { type: 1 }, payee.token)).data[0]!.id;
      const withdrawals: { orderNo: string; cents: number }[] = [];
      for (let i = 0; i < WITHDRAWALS; i += 1) {
        const cents = 10_000 + i * 2_345 + 1;
        const made = await post<{ order_no: string }>(
          first.base,
          '/api/withdraw',
          { amount: money(cents), bank: cardId, password: 'pay123456' },
          payee.token,
        );
        expect(made.code).toBe(200);
        withdrawals.push({ orderNo: made.data.order_no, cents });
      }

      // A player's settled rounds at a demo transfer-wallet venue of the sandbox aggregator, waiting to be pulled.
      const playerName = `bets${Date.now().toString(36)}`;
      const player = await register(first.base, playerName);
      expect(player.code).toBe(200);
      const venue = (
        await db.query<{ code: string }>(
          `SELECT code FROM venues WHERE wallet_mode = 'transfer' AND api_base_url LIKE '%/sandbox/aggregator/api/%' ORDER BY id LIMIT 1`,
        )
      ).rows[0]!.code;
      await db.query(
        `INSERT INTO sandbox_aggregator_rounds (venue_code, round_id, player, game_code, stake, payout)
         SELECT $1, 'CR' || i, $2, 'dice:big', (100 + (i % 7) * 25) / 100.0,
                CASE WHEN i % 3 = 0 THEN (100 + (i % 7) * 25) / 50.0 ELSE 0 END
         FROM generate_series(1, $3::int) AS i`,
        [venue, playerName, ROUNDS],
      );
      const stored = async () =>
        (
          await db.query<{ n: number; distinct_ids: number }>(
            'SELECT count(*)::int AS n, count(DISTINCT bet_id)::int AS distinct_ids FROM bets WHERE venue_code = $1',
            [venue],
          )
        ).rows[0]!;
      // The first page is in, and the next one is being stored: its transaction has written and not committed.
      await expect.poll(async () => (await stored()).n, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
      const pageOnItsWay = async () =>
        (
          await db.query(
            `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND backend_xid IS NOT NULL AND query ILIKE '%"bets"%'`,
          )
        ).rowCount;
      await expect.poll(pageOnItsWay, { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);

      // The gateway sends each notify from three senders and finance approves each withdrawal from two, each sending
      // again once answered; the kill lands once a few answers came back, with the others on their way.
      let answers = 0;
      let killed = false;
      const answered = () => {
        answers += 1;
        if (answers >= 3 && !killed) {
          killed = true;
          killAll(first.child.pid!);
        }
      };
      const unanswered = { notifies: 0, approvals: 0 };
      const keepSending = async (send: () => Promise<unknown>, kind: keyof typeof unanswered) => {
        while (!killed) {
          if ((await attempt(send)) === null) {
            unanswered[kind] += 1;
            return;
          }
          answered();
        }
      };
      await Promise.all([
        ...deposits.flatMap((d) => [1, 2, 3].map(() => keepSending(() => notify(first.base, d), 'notifies'))),
        ...withdrawals.flatMap((w) => [1, 2].map(() => keepSending(() => approve(first.base, w.orderNo), 'approvals'))),
      ]);
      await first.exited;
      expect(killed).toBe(true);
      expect(unanswered.notifies, 'notifies on their way at the kill').toBeGreaterThan(0);
      expect(unanswered.approvals, 'approvals on their way at the kill').toBeGreaterThan(0);
      // The page on its way when the kill landed was not stored (a page commits whole, with its cursor).
      const pulledAtKill = (await stored()).n;
      expect(pulledAtKill % 500).toBe(0);
      expect(pulledAtKill, 'the pull was interrupted').toBeLessThan(ROUNDS);

      // Back up on the same database: the gateway sends each notify until it is answered, and again.
      const second = await start(env);
      await ready(second.base, second.child);
      for (const d of deposits) {
        expect(await untilAnswered(() => notify(second.base, d))).toBe('success');
        expect(await notify(second.base, d)).toBe('success');
      }
      // Finance approves each withdrawal again: paid now, or already decided before the kill; a third time, decided.
      for (const w of withdrawals) {
        const again = await untilAnswered(() => approve(second.base, w.orderNo));
        if (again.code !== 200) expect(again).toMatchObject({ code: BizCode.CONFLICT, message: MSG.alreadyProcessed });
        expect(await approve(second.base, w.orderNo)).toMatchObject({
          code: BizCode.CONFLICT,
          message: MSG.alreadyProcessed,
        });
      }
      // The pull goes on from its cursor until the venue's last bet is in.
      await expect.poll(async () => (await stored()).n, { timeout: 30_000, interval: 200 }).toBe(ROUNDS);

      // Each deposit paid once, each withdrawal paid once: in the orders, the gateway's record and the ledger.
      const depositNos = deposits.map((d) => d.depositNo);
      const paidDeposits = await db.query<{ deposit_no: string; state: number; credited: number; postings: number }>(
        `SELECT d.deposit_no, d.state,
                (SELECT count(*)::int FROM payment_notifies n WHERE n.deposit_no = d.deposit_no AND n.outcome = 'credited') AS credited,
                (SELECT count(*)::int FROM ledger_transactions t WHERE t.member_id = d.member_id AND t.memo = d.deposit_no) AS postings
         FROM deposits d WHERE d.deposit_no = ANY($1) ORDER BY d.deposit_no`,
        [depositNos],
      );
      expect(paidDeposits.rows).toEqual(
        [...depositNos].sort().map((deposit_no) => ({ deposit_no, state: 2, credited: 1, postings: 1 })),
      );
      const orderNos = withdrawals.map((w) => w.orderNo);
      const paidWithdrawals = await db.query<{ order_no: string; state: number; kinds: string }>(
        `SELECT w.order_no, w.state,
                (SELECT string_agg(t.kind, ',' ORDER BY t.id) FROM ledger_transactions t
                 WHERE t.member_id = w.member_id AND t.memo = w.order_no) AS kinds
         FROM withdrawals w WHERE w.order_no = ANY($1) ORDER BY w.order_no`,
        [orderNos],
      );
      expect(paidWithdrawals.rows).toEqual(
        [...orderNos].sort().map((order_no) => ({ order_no, state: 2, kinds: 'withdrawal,withdrawal_paid' })),
      );
      const balance = async (token: string) =>
        (await post<{ balance: string }>(second.base, '/api/balance', {}, token)).data.balance;
      expect(await balance(payer.token)).toBe(money(FUNDED_CENTS + deposits.reduce((sum, d) => sum + d.cents, 0)));
      expect(await balance(payee.token)).toBe(money(FUNDED_CENTS - withdrawals.reduce((sum, w) => sum + w.cents, 0)));

      // Each bet once, with its win or loss, and the player's turnover is the venue's stakes, counted once.
      const rounds = Array.from({ length: ROUNDS }, (_, i) => i + 1);
      expect(await stored()).toEqual({ n: ROUNDS, distinct_ids: ROUNDS });
      const totals = await db.query<{ win_loss: string; turnover: string }>(
        `SELECT (SELECT sum(win_loss)::text FROM bets WHERE venue_code = $1) AS win_loss,
                (SELECT turnover::text FROM members WHERE username = $2) AS turnover`,
        [venue, playerName],
      );
      expect(totals.rows[0]).toEqual({
        win_loss: money(rounds.reduce((sum, i) => sum + payoutOf(i) - stakeOf(i), 0)),
        turnover: money(rounds.reduce((sum, i) => sum + stakeOf(i), 0)),
      });

      const ledger = await ledgerCheck(second.base, operator);
      expect(ledger).toMatchObject({ balanced: true, total: '0.00', mismatched: [] });
      expect(ledger.seal).toMatchObject({ state: 'sealed', problems: 0 });
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      await db.end();
    }
  });
});
