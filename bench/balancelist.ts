// Venue balance polling, on PostgreSQL: every member watches /transfer, which polls /api/balancelist every 1.5 s,
// against a transfer-wallet venue of this benchmark's own that takes 100 ms to answer each balance ask. Prints the
// venue calls per member-minute the aggregator receives and the list's p99.
// Budget: at most 6 venue calls per member-minute, p99 under 150 ms.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';
import {
  createOperator,
  exitIfOverBudget,
  freshDatabase,
  fundMembers,
  post,
  registerMembers,
  startServer,
  stopProcess,
  waitForHttp,
} from './support';

const BUDGET_CALLS_PER_MEMBER_MINUTE = 6;
const BUDGET_P99_MS = 150;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
// fundMembers credits the first page of 50 members.
const MEMBERS = Math.min(50, Number(process.env.BENCH_MEMBERS ?? 50));
const POLL_MS = 1500;
const VENUE_MS = 100;

const serverPort = 18_920;
const venuePort = 18_921;
const VENUE = 'BENCHV';

/** A transfer-wallet venue speaking the signed venue protocol: balances in memory, each balance ask answered late. */
function startVenue(secret: string) {
  const balances = new Map<string, number>();
  const counts = { balance: 0 };
  const sign = (text: string) => createHmac('sha256', secret).update(text).digest('hex');
  const reply = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'x-signature': sign(text) }).end(text);
  };
  const money = (cents: number) => (cents / 100).toFixed(2);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (req.headers['x-signature'] !== sign(raw)) return reply(res, 401, { status: 'INVALID_SIGNATURE' });
      const body = JSON.parse(raw) as { player: string; transfer_id: string; direction: 'in' | 'out'; amount: string };
      if (req.url === '/balance') {
        counts.balance += 1;
        setTimeout(() => reply(res, 200, { status: 'OK', balance: money(balances.get(body.player) ?? 0) }), VENUE_MS);
        return;
      }
      if (req.url === '/transfers') {
        const cents = Math.round(Number(body.amount) * 100);
        const held = balances.get(body.player) ?? 0;
        balances.set(body.player, body.direction === 'in' ? held + cents : held - cents);
        const bound = { transfer_id: body.transfer_id, amount: body.amount, timestamp: Math.floor(Date.now() / 1000) };
        return reply(res, 200, { status: 'OK', ...bound, balance: money(balances.get(body.player) ?? 0) });
      }
      return reply(res, 404, { status: 'INVALID_REQUEST' });
    });
  });
  server.listen(venuePort, '127.0.0.1');
  return { counts, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const database = await freshDatabase();
const secret = randomBytes(24).toString('base64url');
const venue = startVenue(secret);
const serverEnv = {
  DATABASE_URL: database.url,
  SANDBOX: '1',
  PORT: String(serverPort),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  REGISTER_LIMIT: String(MEMBERS * 2),
  OUTBOUND_ALLOW: `127.0.0.1:${venuePort}`,
  // The two operators that credit the members sign in from this machine, as the benchmark's client: the address is
  // no evidence of one person here (docs/operators.md "Two people, judged by person").
  OPERATOR_SHARED_ADDRESSES: '127.0.0.1,::1',
};
let failed = false;
const operator = createOperator(serverEnv);
const checker = createOperator(serverEnv);
const { server, base } = startServer(serverEnv);
try {
  await waitForHttp(`${base}/api/app`, server);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  await db.query(
    `INSERT INTO venues (code, name, platname, category_id, sort, enabled, wallet_mode, api_base_url, api_secret)
     VALUES ($1, '压测场馆', $1, 'realbet', 0, 1, 'transfer', $2, $3)`,
    [VENUE, `http://127.0.0.1:${venuePort}`, secret],
  );
  await db.end();

  const tokens = await registerMembers(base, MEMBERS, 'vbal');
  const login = await post<{ token: string }>(base, '/admin/api/login', operator);
  const checkerLogin = await post<{ token: string }>(base, '/admin/api/login', checker);
  await fundMembers(base, login.data.token, '100', checkerLogin.data.token);
  for (const token of tokens) {
    const moved = await post(
      base,
      '/api/transfer',
      { amount: '10.00', sourcetype: 'userbalance', targettype: VENUE },
      token,
    );
    if (moved.code !== 200) throw new Error(`transfer: ${moved.message}`);
  }

  const latencies: number[] = [];
  let errors = 0;
  const list = async (token: string) => {
    const started = performance.now();
    const answer = await post<{ platname: string; balance: string }[]>(base, '/api/balancelist', {}, token);
    latencies.push(performance.now() - started);
    if (answer.code !== 200 || answer.data.find((v) => v.platname === VENUE)?.balance !== '10.00') errors += 1;
  };
  // Every member opens the screen (its first list asks the venue), then polls it; only the steady state is counted.
  await Promise.all(tokens.map(list));
  latencies.length = 0;
  const callsBefore = venue.counts.balance;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    tokens.map(async (token, i) => {
      // Spread over the interval, as members open the screen at different moments.
      await new Promise((r) => setTimeout(r, (i * POLL_MS) / tokens.length));
      while (Date.now() < until) {
        const next = Date.now() + POLL_MS;
        await list(token);
        await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
      }
    }),
  );
  const calls = venue.counts.balance - callsBefore;
  const perMemberMinute = calls / MEMBERS / (SECONDS / 60);
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = Math.round(percentile(sorted, 50));
  const p99 = Math.round(percentile(sorted, 99));
  console.log(
    `/api/balancelist polled every ${POLL_MS} ms by ${MEMBERS} members for ${SECONDS} s, venue answering in ${VENUE_MS} ms`,
  );
  console.log(
    `${latencies.length} lists, p50 ${p50} ms, p99 ${p99} ms (budget < ${BUDGET_P99_MS} ms)${errors ? `, ${errors} wrong or failed` : ''}`,
  );
  console.log(
    `venue balance calls: ${calls}, ${perMemberMinute.toFixed(2)} per member-minute (budget <= ${BUDGET_CALLS_PER_MEMBER_MINUTE}; ${(60_000 / POLL_MS).toFixed(0)} without keeping)`,
  );
  if (perMemberMinute > BUDGET_CALLS_PER_MEMBER_MINUTE || p99 >= BUDGET_P99_MS || errors > 0) failed = true;
} finally {
  await stopProcess(server);
  await venue.close();
  await database.drop();
}
exitIfOverBudget(failed);
