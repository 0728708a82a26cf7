// Transfers per second on PostgreSQL with 1 and with 2 server processes (WORKERS), 50 members, each request moving
// 1.00 between a member's central wallet and a venue; the ledger must be exactly balanced afterwards. The balance
// read of the same run is printed beside it, as the ratio to compare across machines.
// Budget: 1,000 transfers a second with 2 workers. Needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) and
// Redis (BENCH_REDIS_URL or TEST_REDIS_URL, default local): several processes share their limits there.
import { createOperator, fmt, freshDatabase, fundMembers, load, post, registerMembers, startProcess, stopProcess, waitForHttp } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MEMBERS = 50;
const BUDGET_TWO_WORKERS = 1000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Run {
  workers: number;
  transfersPerSecond: number;
  balancePerSecond: number;
  balanced: boolean;
}

async function run(workers: number, port: number): Promise<Run> {
  const database = await freshDatabase(adminUrl);
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    SANDBOX: '1',
    WORKERS: String(workers),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Counters live in Redis and outlast one run: allow every run's registrations from this one address.
    REGISTER_LIMIT: '100000',
  };
  const operator = createOperator(env);
  const checker = createOperator(env);
  const server = startProcess(['apps/server/src/main.ts'], env);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/api/app`, server);
    const login = await post<{ token: string }>(base, '/admin/api/login', operator);
    const tokens = await registerMembers(base, MEMBERS, `xfer${workers}`);
    const checkerLogin = await post<{ token: string }>(base, '/admin/api/login', checker);
    await fundMembers(base, login.data.token, '100000', checkerLogin.data.token);
    const venue = (await post<{ platname: string }[]>(base, '/api/balancelist', {}, tokens[0])).data[0]?.platname;
    if (!venue) throw new Error('no venue');
    let next = 0;
    const asMember = () => ({ authorization: `Bearer ${tokens[next++ % tokens.length]}` });

    const balance = await load(base, SECONDS, { method: 'POST', path: '/api/balance', body: '{}', headers: asMember });
    const transfers = await load(base, SECONDS, {
      method: 'POST',
      path: '/api/transfer',
      body: JSON.stringify({ amount: '1.00', sourcetype: 'userbalance', targettype: venue }),
      headers: asMember,
    });
    const check = await fetch(`${base}/admin/api/ledger/check`, { headers: { authorization: `Bearer ${login.data.token}` } });
    const ledger = ((await check.json()) as { data: { balanced: boolean; total: string; mismatched: unknown[] } }).data;
    console.log(`WORKERS=${workers} /api/balance : ${fmt(balance)}`);
    console.log(`WORKERS=${workers} /api/transfer: ${fmt(transfers)}; ratio to the balance read ${(transfers.requestsPerSecond / balance.requestsPerSecond).toFixed(3)}`);
    console.log(`WORKERS=${workers} ledger afterwards: balanced ${ledger.balanced}, drift ${ledger.total}, ${ledger.mismatched.length} mismatched`);
    const clean = ledger.balanced && ledger.total === '0.00' && transfers.errors === 0 && transfers.non2xx === 0;
    return { workers, transfersPerSecond: transfers.requestsPerSecond, balancePerSecond: balance.requestsPerSecond, balanced: clean };
  } finally {
    await stopProcess(server);
    await database.drop();
  }
}

const one = await run(1, 18_910);
const two = await run(2, 18_911);
console.log(
  `transfers: ${Math.round(one.transfersPerSecond)}/s with 1 worker, ${Math.round(two.transfersPerSecond)}/s with 2 ` +
    `(budget >= ${BUDGET_TWO_WORKERS}/s with 2 workers, ledger exact)`,
);
if (!one.balanced || !two.balanced || two.transfersPerSecond < BUDGET_TWO_WORKERS) {
  console.error('over budget');
  process.exit(1);
}
