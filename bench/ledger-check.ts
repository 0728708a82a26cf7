// The ledger check (GET /admin/api/ledger/check: balances against entries, then every movement's seal and the chain,
// docs/money.md "Sealed ledger") on PostgreSQL over 1,000,000 sealed movements (BENCH_CHECK_MOVEMENTS), deposits of 10,000
// members between their wallet and the house's deposit shards, with the balances their entries make.
// Seeded in bulk SQL before the server starts, sealed as ledger_post seals: each movement's MAC is computed by the
// same database functions over the stored movement (ledger_seal_hmac of ledger_seal_content with ledger_seal_legs,
// what the check recomputes), with the session setting the server derives from LEDGER_SEAL_KEY (its HMAC pads), and
// the key period recorded as the server records it. The chain (HMAC-SHA256 with the key of the previous hash and the
// MAC, in id order) is computed here, as the chaining job computes it, and written in batches. Then a production
// server (SANDBOX=0) with that key answers the check, twice (the first answer included). Counted: state sealed, every
// movement verified, no problem, balanced. Budget: each check under 10 s.
import pg from 'pg';
import { exitIfOverBudget, operatorHeaders, serverOnFreshDatabase, stopProcess, waitForHttp } from './support';
import { chainMovements, insertSealedMovements, newSealKey } from './sealed-ledger';

const BUDGET_MS = 10_000;
const MOVEMENTS = Number(process.env.BENCH_CHECK_MOVEMENTS ?? 1_000_000);
const MEMBERS = 10_000;
const RUNS = 2;

const { key, keyId, setting } = newSealKey();

async function seed(db: pg.Client) {
  await db.query(
    `INSERT INTO members (username, password_hash, realname, created_at)
     SELECT 'lc' || lpad(g::text, 6, '0'), 'x', '测试', now() - interval '60 days' FROM generate_series(1, $1) g`,
    [MEMBERS],
  );
  await db.query(
    `INSERT INTO ledger_accounts (code, kind, member_id) SELECT 'member:' || id || ':wallet', 'wallet', id FROM members`,
  );
  await db.query(
    `INSERT INTO ledger_accounts (code, kind) SELECT 'house:deposits:s' || lpad(s::text, 2, '0'), 'house' FROM generate_series(0, 15) s`,
  );
  let started = performance.now();
  await db.query('BEGIN');
  // Each movement sealed in its insert, as ledger_post seals it (insertSealedMovements).
  await insertSealedMovements(
    db,
    { keyId, setting },
    `SELECT 'deposit:' || g AS reference, 'deposit' AS kind, m.id AS member_id, now() - interval '40 days' + g * interval '3 seconds' AS at,
       ARRAY['member:' || m.id || ':wallet', 'house:deposits:s' || lpad((m.id % 16)::text, 2, '0')]::varchar[] AS codes,
       ARRAY[x.amount, -x.amount] AS amounts
     FROM generate_series(1, $1) g
     JOIN members m ON m.id = (SELECT min(id) FROM members) + (g::bigint * 7919) % $2
     CROSS JOIN LATERAL (SELECT round((1 + random() * 5000 + g * 0)::numeric, 2) AS amount) x`,
    [MOVEMENTS, MEMBERS],
  );
  await db.query(
    `UPDATE ledger_accounts a SET balance = s.amount FROM (SELECT account_id, sum(amount) AS amount FROM ledger_entries GROUP BY account_id) s
      WHERE a.id = s.account_id`,
  );
  // The key period, as the server records its first key: from the first movement on.
  await db.query(
    `INSERT INTO ledger_seal_keys (key_id, started_at, first_movement_id) SELECT $1, now() - interval '41 days', min(id) FROM ledger_transactions`,
    [keyId],
  );
  await db.query('COMMIT');
  console.log(`seeded and sealed ${MOVEMENTS} movements in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  started = performance.now();
  const seq = await chainMovements(db, key);
  console.log(`chained ${seq} movements in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  await db.query('VACUUM ANALYZE ledger_transactions');
  await db.query('VACUUM ANALYZE ledger_entries');
  await db.query('ANALYZE');
}

const { database, operator, start } = await serverOnFreshDatabase(18_916, { SANDBOX: '0', LEDGER_SEAL_KEY: key });
let failed = false;
// The operator CLI brings the database to the current migrations: the seed goes in before the server starts, so its
// chaining job never sees the movements unchained.
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  await seed(db);
} finally {
  await db.end();
}
const { server, base } = start();
try {
  await waitForHttp(`${base}/api/app`, server);
  const headers = await operatorHeaders(base, operator);
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    const res = await fetch(`${base}/admin/api/ledger/check`, {
      headers,
    });
    const body = (await res.json()) as {
      code: number;
      message: string;
      data: {
        balanced: boolean;
        total: string;
        accounts: number;
        seal: { state: string; verified: number; legacy: number; unchained: number; problems: number };
      };
    };
    const ms = performance.now() - started;
    if (body.code !== 200) throw new Error(`ledger check: ${body.code} ${body.message}`);
    const d = body.data;
    console.log(
      `ledger check ${i === 0 ? 'first' : 'again'}: ${(ms / 1000).toFixed(1)} s (budget < ${BUDGET_MS / 1000} s); balanced ${d.balanced}, ` +
        `drift ${d.total}, ${d.accounts} accounts; seal ${d.seal.state}, ${d.seal.verified} verified, ${d.seal.unchained} unchained, ` +
        `${d.seal.legacy} from before sealing, ${d.seal.problems} problems`,
    );
    if (!d.balanced || d.seal.state !== 'sealed' || d.seal.verified !== MOVEMENTS || d.seal.problems !== 0) {
      console.error('the check does not find the seeded ledger sealed and balanced');
      failed = true;
    }
    if (ms >= BUDGET_MS) failed = true;
  }
} finally {
  await stopProcess(server);
  await database.drop();
}
exitIfOverBudget(failed);
