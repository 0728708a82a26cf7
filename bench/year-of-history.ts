// A year of a busy site, measured, on PostgreSQL: 200,000 members, 20,000,000 settled bets and 10,000,000 sealed and
// chained ledger movements over 365 days, of which the last ended Beijing day holds 100,000 (BENCH_YEAR_SCALE scales
// everything but that day: 0.01 for a quick run). Seeded in set-based SQL before the server starts, each movement
// sealed and chained in its insert (bench/sealed-ledger.ts), the tables' indexes built once the rows are in; bets and
// the other movements' kinds as bench/reports.ts seeds them; members in threes share a sign-in address (linked
// accounts).
// Then a production server (SANDBOX=0, LEDGER_SEAL_KEY) on it, and, each against its budget:
//   - the scheduled ledger check (docs/money.md "The scheduled check"): its first run catches up on the whole year and
//     checkpoints every ended day and the balances' sums; the last day's checkpoint is then removed and the kept sums
//     taken back to the day's start, so the next run does a day's work (the balances against their kept sums and the
//     day's and today's entries, the new day of 100,000 movements, today, the sampled days). A run is timed from its
//     start (the job records it in scheduled_runs) to its record; counted: the day checkpointed again with its
//     100,000, the entries since read, the ledger balanced. < 5 s;
//   - the console reports (31-day daily, venues, members' first page, dashboard figures) once the server's job kept
//     the closed days, and 关联账户: each answer < 1 s;
//   - a sample of members' records (/api/betrecord, /api/gettransrecord, 30 days) and the console's member page
//     (the member, its first tab 账变记录, its 理性娱乐 card): p99 < 50 ms, each answer code 200 with what was seeded;
//   - the database's size, and the ledger tables', per million movements (printed, no budget).
// BENCH_KEEP_DATABASE=1 keeps the database afterwards (its address and seal key printed), to EXPLAIN what was slow;
// BENCH_YEAR_DATABASE and BENCH_YEAR_SEAL_KEY (with the same BENCH_YEAR_SCALE) measure such a database again, brought
// to the current migrations, without seeding it (the full-size seed takes about 25 minutes here), and keep it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { hashToken } from '../apps/server/src/lib/tokens';
import {
  exitIfOverBudget,
  operatorHeaders,
  post,
  serverOnFreshDatabase,
  serverOnKeptDatabase,
  stopProcess,
  waitForHttp,
  withIndexesBuiltAfter,
} from './support';
import { insertSealedMovements, newSealKey, sealKeyOf } from './sealed-ledger';

const SCALE = Number(process.env.BENCH_YEAR_SCALE ?? 1);
const MEMBERS = Math.round(200_000 * SCALE);
const BETS = Math.round(20_000_000 * SCALE);
const MOVEMENTS = Math.round(10_000_000 * SCALE);
/** The last ended day's movements, at every scale: what the nightly check reads. */
const DAY_MOVEMENTS = 100_000;
/** Today's movements so far. */
const TODAY_MOVEMENTS = Math.round(10_000 * SCALE);
const HISTORY_MOVEMENTS = Math.max(0, MOVEMENTS - DAY_MOVEMENTS - TODAY_MOVEMENTS);
const SAMPLE_MEMBERS = 200;
const CHECK_BUDGET_MS = 5000;
const REPORT_BUDGET_MS = 1000;
const RECORD_P99_BUDGET_MS = 50;
const CHECK_EVERY_S = 20;

const DAY_MS = 86_400_000;
const BEIJING_MS = 8 * 3_600_000;
const beijingDay = (at: Date) => new Date(at.getTime() + BEIJING_MS).toISOString().slice(0, 10);
const now = new Date();
const todayStart = new Date(Math.floor((now.getTime() + BEIJING_MS) / DAY_MS) * DAY_MS - BEIJING_MS);
const yesterdayStart = new Date(todayStart.getTime() - DAY_MS);
const yearStart = new Date(todayStart.getTime() - 365 * DAY_MS);
const yesterday = beijingDay(yesterdayStart);

/** A database seeded and kept by an earlier run, measured again. */
const KEPT_DATABASE = process.env.BENCH_YEAR_DATABASE;
// The seal key and the session setting the server derives from it (bench/sealed-ledger.ts).
const { key, keyId, setting } = KEPT_DATABASE ? sealKeyOf(process.env.BENCH_YEAR_SEAL_KEY ?? '') : newSealKey();

/** Kinds of the movements, each crediting the wallet from a house account (what the reports read by kind). */
const KINDS = [
  ['deposit', 'deposits'],
  ['deposit', 'deposits'],
  ['deposit', 'deposits'],
  ['rebate', 'rebates'],
  ['rebate', 'rebates'],
  ['redpacket', 'redpackets'],
  ['deposit_bonus', 'promotions'],
  ['adjustment', 'adjustments'],
] as const;

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);

/**
 * Sealed and chained movements numbered from..to (in time order, so ids follow time), movement g at `at` (SQL of g),
 * each sealed and chained in its insert as ledger_post seals and the chaining job chains (bench/ledger-check.ts), g
 * its number in the chain.
 */
async function sealedMovements(db: pg.Client, from: number, to: number, at: string) {
  const kinds = `(ARRAY[${KINDS.map(([k]) => `'${k}'`).join(', ')}])[1 + g % ${KINDS.length}]`;
  const houses = `(ARRAY[${KINDS.map(([, h]) => `'${h}'`).join(', ')}])[1 + g % ${KINDS.length}]`;
  await insertSealedMovements(
    db,
    { keyId, setting },
    `SELECT g AS seq, 'y:' || g AS reference, ${kinds} AS kind, m.id AS member_id, ${at} AS at,
       ARRAY['member:' || m.id || ':wallet', 'house:' || ${houses} || ':s' || lpad((m.id % 16)::text, 2, '0')]::varchar[] AS codes,
       ARRAY[x.amount, -x.amount] AS amounts
     FROM generate_series($1::bigint, $2::bigint) g
     JOIN members m ON m.id = (SELECT min(id) FROM members) + (g * 7919) % $3
     CROSS JOIN LATERAL (SELECT round((1 + random() * 500 + g * 0)::numeric, 2) AS amount) x`,
    [from, to, MEMBERS],
    { chained: true },
  );
}

async function seed(db: pg.Client) {
  let started = performance.now();
  await db.query(
    `INSERT INTO members (username, password_hash, realname, register_ip, created_at)
     SELECT 'yh' || lpad(g::text, 7, '0'), 'x', '测试', '100.' || (64 + g / 65536) || '.' || (g / 256 % 256) || '.' || (g % 256),
       $2::timestamptz + (g::float / $1) * interval '300 days'
     FROM generate_series(1, $1) g`,
    [MEMBERS, yearStart.toISOString()],
  );
  // Members in threes sign in from one address of their own (关联账户 lists the other two), once a month or so.
  await db.query(
    `INSERT INTO member_logins (member_id, ip, device, created_at)
     SELECT m.id, '10.' || (n / 3 / 65536) || '.' || (n / 3 / 256 % 256) || '.' || (n / 3 % 256),
       'Mozilla/5.0 (Linux; Android 13; V' || n || ') AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Mobile Safari/537.36',
       now() - i * interval '30 days' - random() * interval '1 day'
     FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM members) m CROSS JOIN generate_series(0, 11) i`,
  );
  await db.query(
    `INSERT INTO ledger_accounts (code, kind, member_id) SELECT 'member:' || id || ':wallet', 'wallet', id FROM members`,
  );
  await db.query(
    `INSERT INTO ledger_accounts (code, kind)
     SELECT 'house:' || h || ':s' || lpad(s::text, 2, '0'), 'house'
     FROM unnest($1::text[]) h, generate_series(0, 15) s
     ON CONFLICT (code) DO NOTHING`,
    [[...new Set(KINDS.map(([, h]) => h))]],
  );
  console.log(`seeded ${MEMBERS} members and their sign-ins in ${seconds(started)} s`);
  started = performance.now();
  // Settled bets over the year (48% won), a few minutes each, in batches of two million; the bets' indexes built
  // once they are all in.
  await withIndexesBuiltAfter(db, ['bets'], async () => {
    for (let from = 1; from <= BETS; from += 2_000_000) {
      await db.query(
        `INSERT INTO bets (bet_id, member_id, venue_code, category, game_code, bet_amount, valid_amount, win_loss, status, created_at, settled_at)
       SELECT 'YB' || g, m.id, (ARRAY['XHZR', 'XHDZ', 'XHTY'])[1 + g % 3], 'realbet', 'demo', b.stake, b.stake,
         CASE WHEN b.won THEN b.stake ELSE -b.stake END, 1, b.at, b.at + interval '3 minutes'
       FROM generate_series($1::bigint, $2::bigint) g
       JOIN members m ON m.id = (SELECT min(id) FROM members) + (g * 104729) % $3
       CROSS JOIN LATERAL (SELECT round((1 + random() * 999 + g * 0)::numeric, 2) AS stake, random() < 0.48 AS won,
         $4::timestamptz - random() * interval '365 days' - interval '5 minutes' + g * interval '0' AS at) b`,
        [from, Math.min(BETS, from + 1_999_999), MEMBERS, now.toISOString()],
      );
    }
  });
  console.log(`seeded ${BETS} settled bets and built their indexes in ${seconds(started)} s`);
  started = performance.now();
  // Movements in time order (ids follow time): the year before yesterday evenly, yesterday's 100,000, then today's;
  // their indexes built once they are all in.
  await withIndexesBuiltAfter(db, ['ledger_transactions', 'ledger_entries'], async () => {
    await db.query('BEGIN');
    const span = (yesterdayStart.getTime() - yearStart.getTime()) / 1000;
    for (let from = 1; from <= HISTORY_MOVEMENTS; from += 1_000_000) {
      await sealedMovements(
        db,
        from,
        Math.min(HISTORY_MOVEMENTS, from + 999_999),
        `'${yearStart.toISOString()}'::timestamptz + g * interval '${span / (HISTORY_MOVEMENTS + 1)} seconds'`,
      );
    }
    await sealedMovements(
      db,
      HISTORY_MOVEMENTS + 1,
      HISTORY_MOVEMENTS + DAY_MOVEMENTS,
      `'${yesterdayStart.toISOString()}'::timestamptz + (g - ${HISTORY_MOVEMENTS}) * interval '${86_399 / DAY_MOVEMENTS} seconds'`,
    );
    const sinceMidnight = Math.max(60, (now.getTime() - todayStart.getTime()) / 1000 - 120);
    await sealedMovements(
      db,
      HISTORY_MOVEMENTS + DAY_MOVEMENTS + 1,
      HISTORY_MOVEMENTS + DAY_MOVEMENTS + TODAY_MOVEMENTS,
      `'${todayStart.toISOString()}'::timestamptz + (g - ${HISTORY_MOVEMENTS + DAY_MOVEMENTS}) * interval '${sinceMidnight / (TODAY_MOVEMENTS + 1)} seconds'`,
    );
    await db.query(
      `UPDATE ledger_accounts a SET balance = s.amount FROM (SELECT account_id, sum(amount) AS amount FROM ledger_entries GROUP BY account_id) s
      WHERE a.id = s.account_id`,
    );
    await db.query(
      `INSERT INTO ledger_seal_keys (key_id, started_at, first_movement_id) SELECT $1, $2::timestamptz - interval '1 day', min(id) FROM ledger_transactions`,
      [keyId, yearStart.toISOString()],
    );
    await db.query('COMMIT');
  });
  console.log(`seeded, sealed and chained ${MOVEMENTS} movements and built their indexes in ${seconds(started)} s`);
  started = performance.now();
  await db.query('VACUUM ANALYZE');
  console.log(`vacuumed and analyzed in ${seconds(started)} s`);
}

/** Polls the job's record until it shows a run completed after `after`: answers its start and its end. */
async function nextRun(db: pg.Client, job: string, after: Date, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ at: Date }>('SELECT completed_at AS at FROM scheduled_runs WHERE job = $1', [
      job,
    ]);
    const at = rows[0]?.at;
    if (at && at > after) return { started: at, ended: new Date() };
    if (Date.now() > deadline) throw new Error(`${job}: no run within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const quantile = (times: number[], q: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

const serverSettings = { SANDBOX: '0', LEDGER_SEAL_KEY: key, LEDGER_CHECK_INTERVAL_SECONDS: String(CHECK_EVERY_S) };
const { database, operator, start } = KEPT_DATABASE
  ? serverOnKeptDatabase(KEPT_DATABASE, 18_918, serverSettings)
  : await serverOnFreshDatabase(18_918, serverSettings);
let failed = false;
const verdict = (met: boolean) => {
  if (!met) failed = true;
  return met ? 'met' : 'NOT MET';
};
const db = new pg.Client({ connectionString: database.url });
await db.connect();
console.log(
  `scale ${SCALE}: ${MEMBERS} members, ${BETS} bets, ${MOVEMENTS} movements (${DAY_MOVEMENTS} on ${yesterday}, ${TODAY_MOVEMENTS} today)`,
);
if (KEPT_DATABASE) {
  // Measured again: the check due at once, as on the seeded database's first start.
  await db.query(`UPDATE scheduled_runs SET completed_at = now() - interval '1 day' WHERE job = 'ledger-check'`);
  console.log(`measuring the kept database ${KEPT_DATABASE} again, not seeded`);
} else {
  const seedStarted = performance.now();
  await seed(db);
  console.log(`seed took ${seconds(seedStarted)} s`);
}

// The database's size per million movements, before the server adds its own rows.
const sizes = await db.query<Record<string, string>>(
  `SELECT pg_database_size(current_database()) AS database,
     pg_total_relation_size('ledger_transactions') AS transactions, pg_total_relation_size('ledger_entries') AS entries,
     pg_total_relation_size('bets') AS bets, (SELECT count(*) FROM ledger_transactions) AS movements`,
);
const size = sizes.rows[0] ?? {};
const millions = Number(size.movements) / 1e6;
const mb = (v: string | undefined) => Number(v) / 1024 / 1024;
console.log(
  `database ${mb(size.database).toFixed(0)} MB: ${(mb(size.database) / millions).toFixed(0)} MB per million movements ` +
    `(ledger_transactions ${(mb(size.transactions) / millions).toFixed(0)} MB and ledger_entries ${(mb(size.entries) / millions).toFixed(0)} MB ` +
    `per million, with their indexes; bets ${mb(size.bets).toFixed(0)} MB for ${BETS})`,
);

const samples = (
  await db.query<{ id: number; token: string }>(
    `SELECT id FROM members ORDER BY (id * 2654435761::bigint) % 1000003 LIMIT ${SAMPLE_MEMBERS}`,
  )
).rows.map((r) => ({ id: r.id, token: randomBytes(24).toString('hex') }));
await db.query(
  `INSERT INTO member_sessions (token_hash, member_id, expires_at) SELECT h, id, now() + interval '1 day' FROM unnest($1::text[], $2::int[]) AS s(h, id)`,
  [samples.map((s) => hashToken(s.token)), samples.map((s) => s.id)],
);

const { server, base } = start();
const serverStarted = new Date(Date.now() - 1000);
const startedAt = performance.now();
try {
  await waitForHttp(`${base}/api/app`, server);

  // The scheduled ledger check: the first run catches up on the year; without the last day's checkpoint the next run
  // is the nightly one.
  const catchUp = await nextRun(db, 'ledger-check', serverStarted, 3_600_000);
  const days = await db.query<{ days: string; movements: string }>(
    'SELECT count(*) AS days, sum(movements) AS movements FROM ledger_check_days',
  );
  console.log(
    `scheduled ledger check, first run (catching up on the year): ${((catchUp.ended.getTime() - catchUp.started.getTime()) / 1000).toFixed(1)} s, ` +
      `${days.rows[0]?.days} days checkpointed with ${days.rows[0]?.movements} movements`,
  );
  // The report job's first run keeps two months of days at once (a new site's, or one after a migration marked its
  // days stale); after midnight it keeps the one day just ended. The nightly check is measured after that first run,
  // not beside it, as the reports below are.
  // A run of this server's (on a kept database an earlier server's run is recorded, and a migration since may have
  // marked its days stale).
  await nextRun(db, 'report-days', serverStarted, 3_600_000);
  console.log(`closed days kept by the server's job ${seconds(startedAt)} s after the server started`);
  // A check run that ends from now on, so that the day taken back below is read by the run measured and not by one
  // already under way.
  const { rows: lastRun } = await db.query<{ at: Date }>(
    "SELECT completed_at AS at FROM scheduled_runs WHERE job = 'ledger-check'",
  );
  const settled = await nextRun(db, 'ledger-check', lastRun[0]?.at ?? catchUp.started, 600_000);
  await db.query('DELETE FROM ledger_check_days WHERE day = $1', [yesterday]);
  // The balances' kept sums go back to the day's start too (the entries since taken off them; ids follow time in
  // the seed), so the next run reads the day's entries and today's, as a run a day after the last would.
  const { rows: back } = await db.query<{ through: string }>(
    `WITH w AS (
       SELECT min(e.id) - 1 AS through FROM ledger_entries e
        WHERE e.transaction_id IN (SELECT id FROM ledger_transactions WHERE created_at >= $1)
     ), s AS (
       SELECT e.account_id, sum(e.amount) AS amount FROM ledger_entries e
        WHERE e.id > (SELECT through FROM w) AND e.id <= (SELECT entries_through FROM ledger_check_watermark)
        GROUP BY e.account_id
     ), taken AS (
       UPDATE ledger_check_balances c SET entries = c.entries - s.amount FROM s WHERE c.account_id = s.account_id
     )
     UPDATE ledger_check_watermark SET entries_through = (SELECT through FROM w) RETURNING entries_through::text AS through`,
    [yesterdayStart],
  );
  const nightly = await nextRun(db, 'ledger-check', settled.started, 600_000);
  const checkMs = nightly.ended.getTime() - nightly.started.getTime();
  const { rows: kept } = await db.query<{ movements: number; sampled: string; entries: string; audit: string }>(
    `SELECT movements, (SELECT count(*) FROM ledger_check_days WHERE sampled_at >= $2 AND day <> $1) AS sampled,
            (SELECT count(*) FROM ledger_entries WHERE id > $3 AND id <= (SELECT entries_through FROM ledger_check_watermark)) AS entries,
            (SELECT count(*) FROM audit_log WHERE action = 'ledger.check') AS audit
       FROM ledger_check_days WHERE day = $1`,
    [yesterday, nightly.started, back[0]?.through ?? 0],
  );
  // Balanced: no result recorded (only a change from balanced is).
  const dayKept = kept[0]?.movements === DAY_MOVEMENTS && Number(kept[0]?.entries) >= 2 * DAY_MOVEMENTS;
  const balanced = kept[0]?.audit === '0';
  console.log(
    `scheduled ledger check, a day of ${DAY_MOVEMENTS} movements (the balances against their sums kept at the day's ` +
      `start and ${kept[0]?.entries ?? 0} entries since, today's ${TODAY_MOVEMENTS} and ` +
      `${kept[0]?.sampled ?? 0} sampled days): ${(checkMs / 1000).toFixed(2)} s (budget < ${CHECK_BUDGET_MS / 1000} s): ` +
      `${verdict(checkMs < CHECK_BUDGET_MS && dayKept && balanced)}; ${yesterday} checkpointed with ${kept[0]?.movements ?? 'no'} movements, ` +
      `${balanced ? 'balanced' : 'NOT balanced'}`,
  );
  // No further scheduled checks while the rest is measured.
  await db.query(`UPDATE scheduled_runs SET completed_at = now() + interval '1 day' WHERE job = 'ledger-check'`);

  // The console reports, the server's job having kept the closed days (above).
  const headers = await operatorHeaders(base, operator);
  const query = new URLSearchParams({
    from: beijingDay(new Date(now.getTime() - 30 * DAY_MS)),
    to: beijingDay(now),
  });
  const timedGet = async <T>(path: string) => {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    const body = (await res.json()) as { code: number; message: string; data: T };
    return { ms: performance.now() - started, body };
  };
  const reports: [string, string, (data: never) => boolean][] = [
    ['31-day daily report', `/admin/api/reports/daily?${query}`, (d: { rows: unknown[] }) => d.rows.length === 31],
    ['venue report', `/admin/api/reports/venues?${query}`, (d: { rows: unknown[] }) => d.rows.length > 0],
    ['member report, first page', `/admin/api/reports/members?${query}`, (d: { data: unknown[] }) => d.data.length > 0],
    ['dashboard figures', '/admin/api/dashboard/figures', (d: unknown) => d !== null],
  ];
  for (const [name, path, expected] of reports) {
    const times: number[] = [];
    let right = 0;
    for (let i = 0; i < 3; i += 1) {
      const { ms, body } = await timedGet<never>(path);
      times.push(ms);
      if (body.code === 200 && expected(body.data)) right += 1;
      else console.error(`${name}: ${body.code} ${body.message}`);
    }
    const worst = Math.max(...times);
    console.log(
      `${name}: first ${times[0]?.toFixed(0)} ms, worst ${worst.toFixed(0)} ms of 3 (budget < ${REPORT_BUDGET_MS} ms): ` +
        `${verdict(worst < REPORT_BUDGET_MS && right === 3)}; ${right} of 3 answers code 200 as expected`,
    );
  }
  {
    const times: number[] = [];
    let right = 0;
    for (const s of samples.slice(0, 50)) {
      const { ms, body } = await timedGet<{ linked: { id: number }[] }>(`/admin/api/members/${s.id}/links`);
      times.push(ms);
      if (body.code === 200 && body.data.linked.length === 2) right += 1;
    }
    const worst = Math.max(...times);
    console.log(
      `关联账户 of 50 members: median ${quantile(times, 0.5).toFixed(0)} ms, worst ${worst.toFixed(0)} ms (budget < ${REPORT_BUDGET_MS} ms): ` +
        `${verdict(worst < REPORT_BUDGET_MS && right === 50)}; ${right} of 50 list exactly the two who share their address`,
    );
  }

  // A member's records and the console's member page, for the sample, one after the other.
  const records: [string, (s: { id: number; token: string }) => Promise<{ ms: number; ok: boolean }>][] = [
    [
      '/api/betrecord (30 days)',
      async (s) => {
        const started = performance.now();
        const body = await post<{ data: unknown[] }>(
          base,
          '/api/betrecord',
          { date: 4, page: 1, api_type: '' },
          s.token,
        );
        return { ms: performance.now() - started, ok: body.code === 200 && Array.isArray(body.data.data) };
      },
    ],
    [
      '/api/gettransrecord (30 days)',
      async (s) => {
        const started = performance.now();
        const body = await post<{ data: unknown[] }>(
          base,
          '/api/gettransrecord',
          { date: 4, page: 1, api_type: '' },
          s.token,
        );
        return { ms: performance.now() - started, ok: body.code === 200 && Array.isArray(body.data.data) };
      },
    ],
    [
      'console member page: /admin/api/members/{id}',
      async (s) => {
        const { ms, body } = await timedGet<{ id: number }>(`/admin/api/members/${s.id}`);
        return { ms, ok: body.code === 200 && body.data.id === s.id };
      },
    ],
    [
      'its 账变记录 tab: /admin/api/members/{id}/ledger',
      async (s) => {
        const { ms, body } = await timedGet<{ data: unknown[]; total: number }>(
          `/admin/api/members/${s.id}/ledger?page=1`,
        );
        return { ms, ok: body.code === 200 && body.data.data.length > 0 };
      },
    ],
    [
      'its 投注记录 tab: /admin/api/members/{id}/bets',
      async (s) => {
        const { ms, body } = await timedGet<{ data: unknown[] }>(`/admin/api/members/${s.id}/bets?page=1`);
        return { ms, ok: body.code === 200 && body.data.data.length > 0 };
      },
    ],
    [
      'its 理性娱乐 card: /admin/api/members/{id}/responsible',
      async (s) => {
        const { ms, body } = await timedGet<unknown>(`/admin/api/members/${s.id}/responsible`);
        return { ms, ok: body.code === 200 };
      },
    ],
  ];
  for (const [name, call] of records) {
    const times: number[] = [];
    let right = 0;
    for (const s of samples) {
      const { ms, ok } = await call(s);
      times.push(ms);
      if (ok) right += 1;
    }
    const p99 = quantile(times, 0.99);
    console.log(
      `${name}, ${samples.length} members: p50 ${quantile(times, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...times).toFixed(0)} ms ` +
        `(budget p99 < ${RECORD_P99_BUDGET_MS} ms): ${verdict(p99 < RECORD_P99_BUDGET_MS && right === samples.length)}; ` +
        `${right} of ${samples.length} answers code 200 as expected`,
    );
  }
} finally {
  await db.end().catch(() => undefined);
  await stopProcess(server);
  if (!process.env.BENCH_KEEP_DATABASE && !KEPT_DATABASE) await database.drop();
  else console.log(`database kept: BENCH_YEAR_DATABASE=${database.url} BENCH_YEAR_SEAL_KEY=${key}`);
}
exitIfOverBudget(failed);
