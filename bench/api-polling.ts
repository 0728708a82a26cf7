// API under polling load, on PostgreSQL: /api/balance (every member online polls it every 4.3 s) against a bare
// Fastify route on the same machine. Budget: balance at least half the bare route's req/s, and p99 under 50 ms.
// Transfers are bench/transfers.ts's, which counts the ones that completed rather than HTTP answers.
import {
  exitIfOverBudget,
  fmt,
  freshDatabase,
  load,
  registerMembers,
  serverEnvOn,
  startProcess,
  startServer,
  stopProcess,
  waitForHttp,
} from './support';

const BUDGET_RATIO = 0.5;
const BUDGET_P99_MS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50);

const database = await freshDatabase();
const serverPort = 18_900;
const barePort = 18_901;
const serverEnv = serverEnvOn(database.url, serverPort, { REGISTER_LIMIT: String(MEMBERS * 2) });
let failed = false;
const { server, base } = startServer(serverEnv);
const bare = startProcess(['bench/bare-server.ts'], { PORT: String(barePort) });
try {
  await waitForHttp(`${base}/api/app`, server);
  await waitForHttp(`http://127.0.0.1:${barePort}/api/balance`, bare);

  const tokens = await registerMembers(base, MEMBERS, 'bench');
  let next = 0;
  const asMember = () => ({ authorization: `Bearer ${tokens[next++ % tokens.length]}` });

  const bareFigures = await load(`http://127.0.0.1:${barePort}`, SECONDS, {
    method: 'POST',
    path: '/api/balance',
    body: '{}',
  });
  const balanceFigures = await load(base, SECONDS, {
    method: 'POST',
    path: '/api/balance',
    body: '{}',
    headers: asMember,
  });
  const ratio = balanceFigures.requestsPerSecond / bareFigures.requestsPerSecond;
  console.log(`bare Fastify route      : ${fmt(bareFigures)}`);
  console.log(`/api/balance (${MEMBERS} members): ${fmt(balanceFigures)}`);
  console.log(
    `ratio ${ratio.toFixed(2)} (budget >= ${BUDGET_RATIO}), p99 ${balanceFigures.p99} ms (budget < ${BUDGET_P99_MS} ms)`,
  );
  if (ratio < BUDGET_RATIO || balanceFigures.p99 >= BUDGET_P99_MS || balanceFigures.errors > 0) failed = true;
} finally {
  await stopProcess(server);
  await stopProcess(bare);
  await database.drop();
}
exitIfOverBudget(failed);
