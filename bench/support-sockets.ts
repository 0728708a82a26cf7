// The live chat's sockets (docs/operators.md "The support desk", "Live delivery"), on PostgreSQL and Redis with two
// server processes: 2,000 members each hold a chat socket open on process A, and each then sends a line through
// process B's API. Prints process A's memory before and after the sockets opened (and per socket), and how long each
// line took from the send on B to its arrival on the member's socket on A, through Redis.
// Budget: all 2,000 sockets open and every line delivered, p99 of that delivery under 100 ms.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import WebSocket from 'ws';
import { hashToken } from '../apps/server/src/lib/tokens';
import {
  exitIfOverBudget,
  post,
  serverEnvOn,
  serverOnFreshDatabase,
  startServer,
  stopProcess,
  waitForHttp,
} from './support';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const BUDGET_P99_MS = 100;
/** Lines a second across the site while timed: a busy desk's hour is far fewer; this is a burst of them. */
const LINES_PER_SECOND = 50;
const portA = 18_930;
const portB = 18_931;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A process's resident memory in MB, as the system counts it. */
function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

/** Members and their signed-in sessions made in bulk SQL (registering 2,000 through the API would hash 2,000 passwords). */
async function seedMembers(databaseUrl: string, count: number): Promise<{ username: string; token: string }[]> {
  const stamp = randomBytes(2).toString('hex');
  const seeded = Array.from({ length: count }, (_, i) => ({
    username: `ws${stamp}${String(i).padStart(5, '0')}`,
    token: randomBytes(32).toString('base64url'),
  }));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `WITH made AS (
         INSERT INTO members (username, password_hash, realname)
         SELECT u, 'not-a-password', '测试' FROM unnest($1::text[]) AS u
         RETURNING id, username)
       INSERT INTO member_sessions (token_hash, member_id, expires_at)
       SELECT s.h, made.id, now() + interval '1 day'
       FROM unnest($1::text[], $2::text[]) AS s(u, h) JOIN made ON made.username = s.u`,
      [seeded.map((m) => m.username), seeded.map((m) => hashToken(m.token))],
    );
  } finally {
    await db.end();
  }
  return seeded;
}

/** A member's chat socket, open once the server said ready; `next(text)` resolves when that line arrives on it. */
function openMemberSocket(base: string, token: string) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/support/socket?token=${encodeURIComponent(token)}`);
  const waiting = new Map<string, (at: number) => void>();
  socket.on('message', (data) => {
    const event = JSON.parse(String(data)) as { type: string; message?: { text: string } };
    if (event.type === 'message' && event.message) waiting.get(event.message.text)?.(performance.now());
  });
  const ready = new Promise<void>((resolve, reject) => {
    socket.once('message', () => resolve());
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`socket closed ${code}`)));
  });
  return {
    ready,
    next: (text: string) => new Promise<number>((resolve) => waiting.set(text, resolve)),
    close: () => socket.terminate(),
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const setup = await serverOnFreshDatabase(portA, { REDIS_URL: redisUrl });
const a = setup.start();
const b = startServer(serverEnvOn(setup.database.url, portB, { REDIS_URL: redisUrl }));
let over = true;
try {
  await waitForHttp(`${a.base}/api/app`, a.server);
  await waitForHttp(`${b.base}/api/app`, b.server);
  const members = await seedMembers(setup.database.url, SOCKETS);
  const before = residentMb(a.server.pid!);

  const sockets = members.map((m) => openMemberSocket(a.base, m.token));
  const opened = await Promise.allSettled(sockets.map((s) => s.ready));
  const open = opened.filter((o) => o.status === 'fulfilled').length;
  await new Promise((r) => setTimeout(r, 2000));
  const after = residentMb(a.server.pid!);
  console.log(
    `${open} of ${SOCKETS} sockets open on one process: resident memory ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after (${(((after - before) * 1024) / Math.max(open, 1)).toFixed(1)} KB a socket)`,
  );

  // Each member opens the chat through process B (not timed), then writes one line there, LINES_PER_SECOND lines a
  // second across members; each line is timed from its send on B to its arrival on its member's socket on A.
  let refused = 0;
  let nextMember = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (nextMember < members.length) {
        const opening = await post(b.base, '/api/support/open', {}, members[nextMember++]!.token);
        if (opening.code !== 200) refused += 1;
      }
    }),
  );
  const delays: number[] = [];
  let lost = 0;
  await Promise.all(
    members.map(async (member, i) => {
      await new Promise((r) => setTimeout(r, (i * 1000) / LINES_PER_SECOND));
      const text = `第${i}条：存款没到账`;
      const arrived = sockets[i]!.next(text);
      const sent = performance.now();
      const answer = await post(b.base, '/api/support/send', { text }, member.token);
      if (answer.code !== 200) {
        refused += 1;
        return;
      }
      const at = await Promise.race([arrived, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
      if (at === null) lost += 1;
      else delays.push(at - sent);
    }),
  );
  delays.sort((x, y) => x - y);
  const p50 = percentile(delays, 0.5);
  const p99 = percentile(delays, 0.99);
  console.log(
    `${delays.length} lines sent on B and delivered on A, ${LINES_PER_SECOND} a second (${refused} refused, ${lost} not delivered in 5 s): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (send answered, pushed through Redis, read on the socket)`,
  );
  over = open < SOCKETS || lost > 0 || refused > 0 || p99 >= BUDGET_P99_MS;
  console.log(
    `budget: all ${SOCKETS} sockets open, every line delivered, p99 < ${BUDGET_P99_MS} ms: ${over ? 'not met' : 'met'}`,
  );
  for (const s of sockets) s.close();
} finally {
  await stopProcess(b.server);
  await stopProcess(a.server);
  await setup.database.drop();
}
exitIfOverBudget(over);
