import { request } from 'node:http';
import { BizCode, MSG, parseMoneyToCents } from '@h5/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl, testRedisUrl } from '../src/config';
import { epaySign } from '../src/providers/epay';
import { killAll, refusesConnections, serverProcesses, waitingBehind } from './processes';

// Money on more paths while the server dies or stops (docs/operations.md "Crashes lose nothing"), on one server of
// two workers on PostgreSQL and Redis, as a production install runs. First it is killed (primary and workers at once)
// while a gateway's paid notifies arrive, finance approves withdrawals, bank deposits and late payments (money a
// gateway reported paid after its deposit closed), and a page of a transfer-wallet venue's settled bets is being
// stored. Then the restarted server is stopped gracefully (SIGTERM) in the middle of the same kinds of calls, with
// finance's approvals of late payments waiting inside it for the member's wallet: each call in flight is finished
// with its answer (those approvals too, once the wallet is free) or refused without being applied (a 503, a closed
// port, a connection reset unread), and the server exits 0 within 10 s. Each time every caller does what a real one
// does: the gateway sends its notify again until it is answered, finance approves again, the pull goes on from its
// cursor. Every payment counts once, every bet is stored once, and the money comes out exact to the cent.

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
  onCleanup,
} = serverProcesses();
afterAll(cleanup);

const FUNDED_CENTS = 100_000;
/** Two pages of the pull (500 bets each): the kill lands while the second is being stored. */
const ROUNDS = 1000;
/** How long a graceful stop may take (docs/testing.md: the image stops on SIGTERM within 10 s). */
const STOP_WITHIN_MS = 10_000;

const money = (cents: number) => (cents / 100).toFixed(2);
/** `n` amounts in cents from `from` by `step` (a member's gateway deposits differ: the same amount reopens an order). */
const series = (n: number, from: number, step: number) => Array.from({ length: n }, (_, i) => from + i * step);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What came back for a call: the server's answer, 'refused' when the port was closed (nothing was sent), or null
 * when the call was sent and no answer came back.
 */
type Reply = { http: number; text: string } | 'refused' | null;
type Answer = Exclude<Reply, 'refused' | null>;

/**
 * One call on a connection of its own: a kept-alive connection the server closes as idle while the next call is on
 * its way would lose that call before the server read it, which says nothing of the server.
 */
function sendOnce(base: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<Reply> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve) => {
    const req = request(
      `${base}${path}`,
      {
        method: body === undefined ? 'GET' : 'POST',
        agent: false,
        timeout: 15_000,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ http: res.statusCode ?? 0, text }));
        res.on('error', () => resolve(null));
        res.on('close', () => resolve(null));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? 'refused' : null));
    req.end(body);
  });
}

/** An answer of the server: not a refused or lost call, nor the 503 of a process that is starting or stopping. */
const answered = (reply: Reply): reply is Answer => reply !== null && reply !== 'refused' && reply.http !== 503;
const envelope = (answer: Answer) => JSON.parse(answer.text) as { code: number; message: string };
const decided = { code: BizCode.CONFLICT, message: MSG.alreadyProcessed };

/** Sends until an answer comes back, as a caller that had none does. */
async function untilAnswered(send: () => Promise<Reply>): Promise<Answer> {
  for (let i = 0; i < 100; i += 1) {
    const reply = await send();
    if (answered(reply)) return reply;
    await pause(100);
  }
  throw new Error('no answer');
}

interface Member {
  token: string;
  /** The balance before the calls of this file, in cents. */
  fromCents: number;
}
/**
 * A call a real caller sends until it has its final answer, and the money it moves once: the gateway's paid notify of
 * a deposit (`notify`), finance's approval of a withdrawal, of a bank deposit (`deposit`) or of a late payment.
 */
interface Call {
  kind: 'notify' | 'withdrawal' | 'deposit' | 'late';
  /** The deposit or withdrawal it moves. */
  orderNo: string;
  cents: number;
  owner: Member;
  send: (base: string) => Promise<Reply>;
}

/** The caller's final answer: the gateway reads `success`; finance reads the decision, taken now or taken before. */
function settled(call: Call, reply: Reply): boolean {
  if (!answered(reply) || reply.http !== 200) return false;
  if (call.kind === 'notify') return reply.text === 'success';
  const { code, message } = envelope(reply);
  return code === 200 || (code === decided.code && message === decided.message);
}

/**
 * After a restart each caller sends again what it had no final answer for: the gateway each notify until it reads
 * `success`, and once more; finance each approval (money moved now, or decided before), and once more, decided.
 */
async function sendAgain(base: string, calls: Call[]) {
  for (const call of calls) {
    const again = await untilAnswered(() => call.send(base));
    if (call.kind === 'notify') {
      expect(again.text).toBe('success');
      expect(await call.send(base)).toEqual({ http: 200, text: 'success' });
      continue;
    }
    if (envelope(again).code !== 200) expect(envelope(again), call.orderNo).toMatchObject(decided);
    const third = await call.send(base);
    expect(answered(third) && envelope(third), call.orderNo).toMatchObject(decided);
  }
}

/** A round's stake and payout at the venue, in cents: a stake of a few yuan, every third round won at twice it. */
const stakeOf = (i: number) => 100 + (i % 7) * 25;
const payoutOf = (i: number) => (i % 3 === 0 ? stakeOf(i) * 2 : 0);

describe.skipIf(!testDatabaseUrl() || !testRedisUrl())('money paths across a crash', PROCESS_TIMEOUT, () => {
  /** What both cases share: the database, the operator, the members, and the server running now. */
  let shared: ReturnType<typeof setUp> | undefined;
  const opened = () => (shared ??= setUp());
  afterAll(async () => {
    if (shared) await (await shared).db.end();
  });

  async function setUp() {
    const url = await freshDatabase();
    // The sandbox gateway and aggregator are the counterparties; the pull runs every second.
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: await redisDatabase(9),
      WORKERS: '2',
      SANDBOX: '1',
      BET_PULL_INTERVAL_SECONDS: '1',
    };
    const db = new pg.Client({ connectionString: url.toString() });
    const operator = createOperator(env);
    const serving = await start(env);
    await ready(serving.base, serving.child);
    await db.connect();
    const base = serving.base;
    const opToken = (await post<{ token: string }>(base, '/admin/api/login', operator)).data.token;
    const gateway = (
      await db.query<{ secret: string; merchant_id: string }>(
        `SELECT secret, merchant_id FROM payment_gateways WHERE code = 'sandbox'`,
      )
    ).rows[0]!;
    const bankAccountId = (
      await db.query<{ id: number }>(`SELECT id FROM receiving_accounts WHERE channel = 'bank' ORDER BY id LIMIT 1`)
    ).rows[0]!.id;
    const member = async (): Promise<Member> => {
      const made = await register(base, `pay${Math.random().toString(36).slice(2, 10)}`);
      expect(made.code).toBe(200);
      return { token: made.data.api_token, fromCents: 0 };
    };
    // Who pays through the gateway, pays late and pays by bank transfer; who withdraws is funded per case (five
    // withdrawals a day each).
    const members = { payer: await member(), late: await member(), bank: await member() };
    return { env, db, operator, opToken, gateway, bankAccountId, members, serving, calls: [] as Call[] };
  }
  type Shared = Awaited<ReturnType<typeof setUp>>;

  /** Sends an operator's decision, as finance's console does. */
  const decide =
    (s: Shared, path: string, body: unknown = {}) =>
    (base: string) =>
      sendOnce(base, path, { body, token: s.opToken });

  /** A deposit through the sandbox gateway, waiting for its notify. */
  async function gatewayDeposit(s: Shared, owner: Member, cents: number) {
    const made = await post<{ deposit_no: string }>(
      s.serving.base,
      '/api/recharge',
      { paytype: 'alipay', amount: money(cents) },
      owner.token,
    );
    expect(made.code).toBe(200);
    const row = await s.db.query<{ amount: string; gateway_code: string }>(
      'SELECT amount, gateway_code FROM deposits WHERE deposit_no = $1',
      [made.data.deposit_no],
    );
    expect(row.rows[0]).toMatchObject({ gateway_code: 'sandbox' });
    expect(parseMoneyToCents(row.rows[0]!.amount)).toBe(cents);
    return made.data.deposit_no;
  }

  /** The gateway's signed notify of a paid deposit: `success` once it is taken. */
  function notify(s: Shared, owner: Member, depositNo: string, cents: number): Call {
    const params: Record<string, string> = {
      pid: s.gateway.merchant_id,
      trade_no: `T${depositNo.slice(1)}`,
      out_trade_no: depositNo,
      type: 'alipay',
      name: '账户充值',
      money: money(cents),
      trade_status: 'TRADE_SUCCESS',
    };
    const query = new URLSearchParams({ ...params, sign: epaySign(params, s.gateway.secret), sign_type: 'MD5' });
    return {
      kind: 'notify',
      orderNo: depositNo,
      cents,
      owner,
      send: (base) => sendOnce(base, `/api/pay/notify/sandbox?${query}`),
    };
  }

  /** Deposits of the payer through the gateway, each waiting for its notify. */
  async function paidNotifies(s: Shared, amounts: number[]) {
    const calls: Call[] = [];
    for (const cents of amounts)
      calls.push(notify(s, s.members.payer, await gatewayDeposit(s, s.members.payer, cents), cents));
    return calls;
  }

  /**
   * Late payments held for finance: gateway deposits finance rejected, which the gateway then reports paid. Each
   * waits for finance's approval, which credits it once.
   */
  async function latePayments(s: Shared, amounts: number[]) {
    const owner = s.members.late;
    const calls: Call[] = [];
    for (const cents of amounts) {
      const depositNo = await gatewayDeposit(s, owner, cents);
      const rejected = await post(
        s.serving.base,
        `/admin/api/deposits/${depositNo}/reject`,
        { note: '超时未付' },
        s.opToken,
      );
      expect(rejected.code).toBe(200);
      expect(await notify(s, owner, depositNo, cents).send(s.serving.base)).toEqual({ http: 200, text: 'success' });
      const held = await s.db.query<{ id: number; state: number; amount: string }>(
        'SELECT l.id, l.state, l.amount FROM late_payments l JOIN deposits d ON d.id = l.deposit_id WHERE d.deposit_no = $1',
        [depositNo],
      );
      expect(held.rows).toEqual([{ id: expect.any(Number), state: 1, amount: money(cents) }]);
      const approve = decide(s, `/admin/api/late-payments/${held.rows[0]!.id}/approve`);
      calls.push({ kind: 'late', orderNo: depositNo, cents, owner, send: approve });
    }
    return calls;
  }

  /** Bank transfers waiting for review, each approved with the receiving account it reached and the payer's reference. */
  async function bankDeposits(s: Shared, amounts: number[]) {
    const owner = s.members.bank;
    const calls: Call[] = [];
    for (const cents of amounts) {
      const made = await post<{ deposit_no: string }>(
        s.serving.base,
        '/api/recharge',
        {
          paytype: 'bank',
          amount: money(cents),
          bank_owner: '张三',
          bank: '招商银行',
          bank_no: '6214830000001111',
          bank_address: '上海分行',
        },
        owner.token,
      );
      expect(made.code).toBe(200);
      const depositNo = made.data.deposit_no;
      const evidence = { receiving_account_id: s.bankAccountId, payer_reference: `流水${depositNo.slice(-8)}` };
      const approve = decide(s, `/admin/api/deposits/${depositNo}/approve`, evidence);
      calls.push({ kind: 'deposit', orderNo: depositNo, cents, owner, send: approve });
    }
    return calls;
  }

  /**
   * Withdrawals of a member funded now, under the two-person line (5,000 yuan) and the daily totals: one approval
   * pays each.
   */
  async function withdrawals(s: Shared, amounts: number[]) {
    const base = s.serving.base;
    const funded = await fundedMember(base, s.operator);
    const owner = { token: funded.token, fromCents: FUNDED_CENTS };
    const card = { bank: '招商银行', bank_owner: '测试', bank_address: '上海分行', bank_no: '6222020200112233445' };
    expect((await post(base, '/api/bindcard', { ...card, pay_pass: 'pay123456' }, owner.token)).code).toBe(200);
    const cardId = (await post<{ id: number }[]>(base, '/api/getcard', { type: 1 }, owner.token)).data[0]!.id;
    const calls: Call[] = [];
    for (const cents of amounts) {
      const made = await post<{ order_no: string }>(
        base,
        '/api/withdraw',
        { amount: money(cents), bank: cardId, password: 'pay123456' },
        owner.token,
      );
      expect(made.code).toBe(200);
      const approve = decide(s, `/admin/api/withdrawals/${made.data.order_no}/approve`);
      calls.push({ kind: 'withdrawal', orderNo: made.data.order_no, cents, owner, send: approve });
    }
    return calls;
  }

  /**
   * Each call's money moved once, to the cent: each deposit approved with one movement crediting its amount (paid by
   * one credited notify, or with its evidence, or as a late payment credited), each withdrawal paid once; every
   * member's balance is what the calls moved, and the ledger balances with its seals verifying.
   */
  async function expectMovedOnce(s: Shared) {
    const byKind = (kind: Call['kind']) => s.calls.filter((c) => c.kind === kind);
    const deposits = s.calls.filter((c) => c.kind !== 'withdrawal').sort((a, b) => a.orderNo.localeCompare(b.orderNo));
    const booked = await s.db.query(
      `SELECT d.deposit_no, d.state,
              (SELECT count(*)::int FROM payment_notifies n WHERE n.deposit_no = d.deposit_no AND n.outcome = 'credited') AS credited_notifies,
              (SELECT l.state FROM late_payments l WHERE l.deposit_id = d.id) AS late,
              d.receiving_account_id, d.payer_reference,
              (SELECT string_agg(t.kind, ',' ORDER BY t.id) FROM ledger_transactions t
               WHERE t.member_id = d.member_id AND t.memo = d.deposit_no) AS kinds,
              (SELECT sum(e.amount)::text FROM ledger_transactions t
               JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
               WHERE t.member_id = d.member_id AND t.memo = d.deposit_no AND a.kind = 'wallet') AS credited
       FROM deposits d WHERE d.deposit_no = ANY($1) ORDER BY d.deposit_no`,
      [deposits.map((c) => c.orderNo)],
    );
    expect(booked.rows).toEqual(
      deposits.map((c) => ({
        deposit_no: c.orderNo,
        state: 2,
        credited_notifies: c.kind === 'notify' ? 1 : 0,
        late: c.kind === 'late' ? 2 : null,
        receiving_account_id: c.kind === 'deposit' ? s.bankAccountId : null,
        payer_reference: c.kind === 'deposit' ? `流水${c.orderNo.slice(-8)}` : '',
        kinds: 'deposit',
        credited: money(c.cents),
      })),
    );
    const orderNos = byKind('withdrawal').map((w) => w.orderNo);
    const paid = await s.db.query<{ order_no: string; state: number; kinds: string }>(
      `SELECT w.order_no, w.state,
              (SELECT string_agg(t.kind, ',' ORDER BY t.id) FROM ledger_transactions t
               WHERE t.member_id = w.member_id AND t.memo = w.order_no) AS kinds
       FROM withdrawals w WHERE w.order_no = ANY($1) ORDER BY w.order_no`,
      [orderNos],
    );
    expect(paid.rows).toEqual(
      [...orderNos].sort().map((order_no) => ({ order_no, state: 2, kinds: 'withdrawal,withdrawal_paid' })),
    );

    const owners = new Set(s.calls.map((c) => c.owner));
    for (const owner of owners) {
      const moved = s.calls
        .filter((c) => c.owner === owner)
        .reduce((sum, c) => sum + (c.kind === 'withdrawal' ? -c.cents : c.cents), 0);
      const balance = await post<{ balance: string }>(s.serving.base, '/api/balance', {}, owner.token);
      expect(balance.data.balance).toBe(money(owner.fromCents + moved));
    }
    const ledger = await ledgerCheck(s.serving.base, s.operator);
    expect(ledger).toMatchObject({ balanced: true, total: '0.00', mismatched: [] });
    expect(ledger.seal).toMatchObject({ state: 'sealed', problems: 0 });
  }

  /** The notifies from three senders, the approvals from two: a real gateway and a finance team repeat themselves. */
  const senders = (calls: Call[]) => calls.flatMap((c) => Array.from({ length: c.kind === 'notify' ? 3 : 2 }, () => c));

  it('credits each paid notify, bank deposit and late payment once, pays each withdrawal once and stores each pulled bet once across a kill', async () => {
    const s = await opened();
    const first = s.serving;
    const calls = [
      ...(await paidNotifies(s, series(5, 10_007, 1_111))),
      ...(await withdrawals(s, series(5, 10_001, 2_345))),
      ...(await bankDeposits(s, series(4, 15_009, 3_701))),
      ...(await latePayments(s, series(4, 12_003, 1_703))),
    ];
    s.calls.push(...calls);

    // A player's settled rounds at a demo transfer-wallet venue of the sandbox aggregator, waiting to be pulled.
    const playerName = `bets${Date.now().toString(36)}`;
    const player = await register(first.base, playerName);
    expect(player.code).toBe(200);
    const venue = (
      await s.db.query<{ code: string }>(
        `SELECT code FROM venues WHERE wallet_mode = 'transfer' AND api_base_url LIKE '%/sandbox/aggregator/api/%' ORDER BY id LIMIT 1`,
      )
    ).rows[0]!.code;
    await s.db.query(
      `INSERT INTO sandbox_aggregator_rounds (venue_code, round_id, player, game_code, stake, payout)
       SELECT $1, 'CR' || i, $2, 'dice:big', (100 + (i % 7) * 25) / 100.0,
              CASE WHEN i % 3 = 0 THEN (100 + (i % 7) * 25) / 50.0 ELSE 0 END
       FROM generate_series(1, $3::int) AS i`,
      [venue, playerName, ROUNDS],
    );
    const stored = async () =>
      (
        await s.db.query<{ n: number; distinct_ids: number }>(
          'SELECT count(*)::int AS n, count(DISTINCT bet_id)::int AS distinct_ids FROM bets WHERE venue_code = $1',
          [venue],
        )
      ).rows[0]!;
    // The first page is in, and the next one is being stored: its transaction has written and not committed.
    await expect.poll(async () => (await stored()).n, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
    const pageOnItsWay = async () =>
      (
        await s.db.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND backend_xid IS NOT NULL AND query ILIKE '%"bets"%'`,
        )
      ).rowCount;
    await expect.poll(pageOnItsWay, { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);

    // Each sender sends again once answered; the kill lands once a few answers came back, with the others on their way.
    let answers = 0;
    let killed = false;
    const unanswered = { notify: 0, withdrawal: 0, deposit: 0, late: 0 };
    const unsettled: Reply[] = [];
    const keepSending = async (call: Call) => {
      while (!killed) {
        const reply = await call.send(first.base);
        if (!answered(reply)) {
          unanswered[call.kind] += 1;
          return;
        }
        if (!settled(call, reply)) unsettled.push(reply);
        answers += 1;
        if (answers >= 3 && !killed) {
          killed = true;
          killAll(first.child.pid!);
        }
      }
    };
    await Promise.all(senders(calls).map(keepSending));
    await first.exited;
    expect(killed).toBe(true);
    expect(unsettled, 'answers before the kill').toEqual([]);
    for (const [kind, n] of Object.entries(unanswered))
      expect(n, `${kind} calls on their way at the kill`).toBeGreaterThan(0);
    // The page on its way when the kill landed was not stored (a page commits whole, with its cursor).
    const pulledAtKill = (await stored()).n;
    expect(pulledAtKill % 500).toBe(0);
    expect(pulledAtKill, 'the pull was interrupted').toBeLessThan(ROUNDS);

    // Back up on the same database: each caller sends again; the pull goes on from its cursor.
    const second = await start(s.env);
    await ready(second.base, second.child);
    s.serving = second;
    await sendAgain(second.base, calls);
    await expect.poll(async () => (await stored()).n, { timeout: 30_000, interval: 200 }).toBe(ROUNDS);
    await expectMovedOnce(s);

    // Each bet once, with its win or loss, and the player's turnover is the venue's stakes, counted once.
    const rounds = Array.from({ length: ROUNDS }, (_, i) => i + 1);
    expect(await stored()).toEqual({ n: ROUNDS, distinct_ids: ROUNDS });
    const totals = await s.db.query<{ win_loss: string; turnover: string }>(
      `SELECT (SELECT sum(win_loss)::text FROM bets WHERE venue_code = $1) AS win_loss,
              (SELECT turnover::text FROM members WHERE username = $2) AS turnover`,
      [venue, playerName],
    );
    expect(totals.rows[0]).toEqual({
      win_loss: money(rounds.reduce((sum, i) => sum + payoutOf(i) - stakeOf(i), 0)),
      turnover: money(rounds.reduce((sum, i) => sum + stakeOf(i), 0)),
    });
  });

  it('finishes or refuses each money call in flight at a graceful stop, and counts each once after the retries', async () => {
    // The server the first case restarted goes on serving (a server of its own when this case runs alone).
    const s = await opened();
    const serving = s.serving;
    const calls = [
      ...(await paidNotifies(s, series(4, 20_005, 1_313))),
      ...(await withdrawals(s, series(3, 11_003, 1_999))),
      ...(await bankDeposits(s, series(4, 16_001, 2_903))),
      ...(await latePayments(s, series(4, 13_007, 1_409))),
    ];
    s.calls.push(...calls);

    // The late payer's wallet is held by a long transaction of another process (this test's), so finance's approvals
    // of the late payments wait inside the server, their transactions begun: the stop must finish them.
    const late = calls.filter((c) => c.kind === 'late');
    const holder = new pg.Client({ connectionString: s.env.DATABASE_URL });
    await holder.connect();
    let released = false;
    onCleanup(async () => {
      if (!released) await holder.end();
    });
    await holder.query('BEGIN');
    await holder.query(
      `SELECT balance FROM ledger_accounts WHERE code = (
         SELECT 'member:' || member_id || ':wallet' FROM deposits WHERE deposit_no = $1) FOR UPDATE`,
      [late[0]!.orderNo],
    );
    const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    /** The server's transactions waiting for the held wallet, directly or queued behind one that waits. */
    const waiting = () => waitingBehind(s.db, holderPid);

    // Each sender sends again once it has its final answer and stops at the first other one. SIGTERM lands once a
    // few answers came back and every late approval waits: the calls the server was working on are answered in full,
    // and whatever else arrives is refused with 503, finds the port closed, or (a connection the system had queued in
    // the instant the port closed) is reset unread; the callers send those again after the restart.
    let signalled = false;
    const replies: { call: Call; sentBefore: boolean; backBefore: boolean; reply: Reply }[] = [];
    const burst = (group: Call[]) =>
      Promise.all(
        senders(group).map(async (call) => {
          for (;;) {
            const sentBefore = !signalled;
            const reply = await call.send(serving.base);
            replies.push({ call, sentBefore, backBefore: !signalled, reply });
            if (!settled(call, reply)) return;
          }
        }),
      );
    const approvingLate = burst(late);
    const others = burst(calls.filter((c) => c.kind !== 'late'));
    const stopped = serving.exited.then((code) => ({ code, at: Date.now() }));
    await expect.poll(waiting, { timeout: 30_000, interval: 20 }).toBe(senders(late).length);
    await expect.poll(() => replies.length, { timeout: 30_000, interval: 5 }).toBeGreaterThanOrEqual(30);
    signalled = true;
    const signalledAt = Date.now();
    serving.child.kill('SIGTERM');
    // Once the port refuses new connections the wallet is let go, and the waiting approvals go on.
    await expect.poll(() => refusesConnections(serving.base), { timeout: STOP_WITHIN_MS, interval: 20 }).toBe(true);
    await holder.query('COMMIT');
    await holder.end();
    released = true;
    await Promise.all([approvingLate, others]);
    const exit = await stopped;
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt, 'the stop took').toBeLessThan(STOP_WITHIN_MS);

    const before = replies.filter((r) => r.backBefore);
    expect(before.length).toBeGreaterThanOrEqual(30);
    expect(
      before.filter((r) => !settled(r.call, r.reply)),
      'answers before the signal',
    ).toEqual([]);
    // Each waiting approval was answered: one of each late payment's two credited it, the other found it decided.
    const held = replies.filter((r) => r.call.kind === 'late' && r.sentBefore);
    expect(held).toHaveLength(senders(late).length);
    for (const c of late) {
      const answers = held
        .filter((r) => r.call === c)
        .map((r) => (settled(c, r.reply) ? envelope(r.reply as Answer).code : r.reply));
      expect(answers.sort(), c.orderNo).toEqual([200, BizCode.CONFLICT]);
    }
    const credited = await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM late_payments l JOIN deposits d ON d.id = l.deposit_id
       WHERE d.deposit_no = ANY($1) AND l.state = 2 AND d.state = 2`,
      [late.map((c) => c.orderNo)],
    );
    expect(credited.rows[0]!.n, 'late payments credited before the server stopped').toBe(late.length);
    // Nothing but a final answer, a 503 with the stopping server's envelope, a closed port or a connection reset
    // unread: no 500, no other answer.
    const stopping = JSON.stringify({ code: BizCode.UNAVAILABLE, message: MSG.serverRestarting, data: null });
    const unexpected = replies.filter(
      (r) =>
        !settled(r.call, r.reply) &&
        r.reply !== null &&
        r.reply !== 'refused' &&
        !(r.reply.http === 503 && r.reply.text === stopping),
    );
    expect(unexpected.map((r) => r.reply)).toEqual([]);

    const third = await start(s.env);
    await ready(third.base, third.child);
    s.serving = third;
    await sendAgain(third.base, calls);
    await expectMovedOnce(s);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });
});
