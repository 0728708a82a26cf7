// Linked accounts (docs/responsible-and-risk.md "Linked accounts") on PostgreSQL at size: 100,000 members, each with 1-20 sign-ins from a
// few addresses and User-Agents, a bound card each, and deposits and withdrawals in the ledger in proportion (as
// bench/reports.ts seeds them), all seeded in bulk SQL. The evidence is shaped like a real site's:
//   - groups of 2 to 5 members (42,000 members in all) share an address and a phone build, and some groups a card;
//   - one member in seven signs in now and then behind one of 4 carrier NAT addresses (about 3,000 members each);
//   - three members in ten use the same common iPhone User-Agent, four in ten one of 20 other stock browsers;
//   - the others sign in from addresses and devices of their own (no links at all).
// Then GET /admin/api/members/{id}/links for 200 members (80 of groups, 60 behind a carrier address, 60 with no
// links), one after the other through real HTTP, the first answer included. Counted: every answer's envelope code,
// the group members who list exactly their partners, the crowded values listed as common rather than as links, and
// the members with no links who list nobody. Budget: every answer under 300 ms. BENCH_LINK_MEMBERS sets another size.
import pg from 'pg';
import {
  exitIfOverBudget,
  operatorHeaders,
  seedMovements,
  serverOnFreshDatabase,
  stopProcess,
  waitForHttp,
} from './support';

const BUDGET_MS = 300;
const MEMBERS = Number(process.env.BENCH_LINK_MEMBERS ?? 100_000);
/** Members 1..GROUPED (in blocks of 14) form groups of 2, 3, 4 and 5. */
const GROUPED = Math.min(42_000, Math.floor((MEMBERS * 0.42) / 14) * 14);
const PER_10K = MEMBERS / 10_000;

/** The seeded members, by their number from 0 (lk.n counts from 1). */
const seededMembers = { count: MEMBERS, join: (memberNumber: string) => `lk m ON m.n = 1 + ${memberNumber}` };

/** A member's group (null: none): blocks of 14 members split 2 + 3 + 4 + 5. */
const groupSql = `CASE WHEN n <= ${GROUPED} THEN ((n - 1) / 14) * 4 +
  CASE WHEN (n - 1) % 14 < 2 THEN 0 WHEN (n - 1) % 14 < 5 THEN 1 WHEN (n - 1) % 14 < 9 THEN 2 ELSE 3 END END`;

async function seed(db: pg.Client) {
  await db.query(
    `INSERT INTO members (username, password_hash, realname, register_ip, created_at)
     SELECT 'lk' || lpad(g::text, 6, '0'), 'x', '测试', '100.' || (64 + g / 65536) || '.' || (g / 256 % 256) || '.' || (g % 256),
       now() - interval '40 days' - random() * interval '200 days'
     FROM generate_series(1, $1) g`,
    [MEMBERS],
  );
  // The seeded members by their number n (1..MEMBERS), their group, and how many times each signed in.
  await db.query(`CREATE TEMP TABLE lk AS
    SELECT id, n, ${groupSql} AS grp, 1 + (n * 7919) % 20 AS logins
    FROM (SELECT id, row_number() OVER (ORDER BY id)::int AS n FROM members WHERE username LIKE 'lk%') s`);
  await db.query('CREATE UNIQUE INDEX ON lk (n)');
  await db.query('ANALYZE lk');
  const commonUa = `'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'`;
  const ownUa = `CASE WHEN m.n % 10 < 3 THEN ${commonUa}
      WHEN m.n % 10 < 7 THEN 'Mozilla/5.0 (Linux; Android 1' || (m.n % 4) || '; SM-S9' || lpad((m.n % 20)::text, 2, '0') || 'B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
      ELSE 'Mozilla/5.0 (Linux; Android 13; V' || m.n || ') AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Mobile Safari/537.36' END`;
  await db.query(
    `INSERT INTO member_logins (member_id, ip, device, created_at)
     SELECT m.id,
       CASE WHEN m.grp IS NOT NULL AND i % 2 = 1 THEN '10.' || (m.grp / 65536) || '.' || (m.grp / 256 % 256) || '.' || (m.grp % 256)
            WHEN m.n % 7 = 0 AND i % 3 = 0 THEN '117.136.' || (m.n % 4) || '.1'
            ELSE '172.' || (16 + m.n / 65536) || '.' || (m.n / 256 % 256) || '.' || (m.n % 256) END,
       CASE WHEN m.grp IS NOT NULL AND i % 2 = 0
            THEN 'Mozilla/5.0 (Linux; Android 12; G' || m.grp || ' Build/SP1A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0 Mobile Safari/537.36'
            ELSE ${ownUa} END,
       now() - random() * interval '40 days'
     FROM lk m CROSS JOIN LATERAL generate_series(1, m.logins) i`,
  );
  // A card of their own each, one member in fifty a USDT address too, and the groups of 2-4 whose number is a
  // multiple of 3 one shared card.
  await db.query(
    `INSERT INTO member_cards (member_id, type, bank, bank_owner, bank_no, created_at)
     SELECT id, 1, '工商银行', '测试', '6217' || lpad(n::text, 12, '0'), now() - random() * interval '40 days' FROM lk
     UNION ALL
     SELECT id, 2, 'USDT-TRC20', '测试', 'T' || md5(n::text), now() - random() * interval '40 days' FROM lk WHERE n % 50 = 0
     UNION ALL
     SELECT id, 1, '建设银行', '测试', '6228' || lpad(grp::text, 12, '0'), now() - random() * interval '40 days' FROM lk
       WHERE grp % 3 = 0 AND grp % 4 < 3`,
  );
  await db.query(
    `INSERT INTO ledger_accounts (code, kind, member_id) SELECT 'member:' || id || ':wallet', 'wallet', id FROM lk`,
  );
  await db.query(
    `INSERT INTO ledger_accounts (code, kind)
     SELECT 'house:' || h || ':s' || lpad(s::text, 2, '0'), 'house'
     FROM unnest(ARRAY['deposits', 'withdrawals_paid']) h, generate_series(0, 15) s
     ON CONFLICT (code) DO NOTHING`,
  );
  await seedMovements(db, seededMembers, 'deposit', 'deposits', 15_000 * PER_10K, -1, 5000);
  await seedMovements(db, seededMembers, 'withdrawal_paid', 'withdrawals_paid', 5000 * PER_10K, 1, 3000);
  await db.query('ANALYZE');
  const c = (
    await db.query<{ members: string; logins: string; ips: string; devices: string; cards: string; movements: string }>(
      `SELECT (SELECT count(*) FROM members) AS members, (SELECT count(*) FROM member_logins) AS logins,
         (SELECT count(DISTINCT ip) FROM member_logins) AS ips, (SELECT count(DISTINCT device) FROM member_logins) AS devices,
         (SELECT count(*) FROM member_cards) AS cards, (SELECT count(*) FROM ledger_transactions) AS movements`,
    )
  ).rows[0];
  console.log(
    `seeded ${c?.members} members, ${c?.logins} sign-ins (${c?.ips} addresses, ${c?.devices} User-Agents), ` +
      `${c?.cards} cards and addresses, ${c?.movements} deposits and withdrawals`,
  );
}

interface Sample {
  id: number;
  kind: 'group' | 'crowded' | 'none';
  partners: number[];
}

/** 80 members of groups, 60 behind a carrier address (3 sign-ins or more, so they used it), 60 with no links. */
async function pickSamples(db: pg.Client): Promise<Sample[]> {
  const groups = await db.query<{ id: number; partners: number[] }>(
    `SELECT m.id, array(SELECT p.id FROM lk p WHERE p.grp = m.grp AND p.id <> m.id ORDER BY p.id) AS partners
     FROM lk m WHERE m.grp IS NOT NULL ORDER BY (m.n * 2654435761::bigint) % 1000003 LIMIT 80`,
  );
  const crowded = await db.query<{ id: number }>(
    `SELECT id FROM lk WHERE grp IS NULL AND n % 7 = 0 AND logins >= 3 ORDER BY (n * 2654435761::bigint) % 1000003 LIMIT 60`,
  );
  const none = await db.query<{ id: number }>(
    `SELECT id FROM lk WHERE grp IS NULL AND n % 7 <> 0 ORDER BY (n * 2654435761::bigint) % 1000003 LIMIT 60`,
  );
  const samples: Sample[] = [
    ...groups.rows.map((r) => ({ id: r.id, kind: 'group' as const, partners: r.partners })),
    ...crowded.rows.map((r) => ({ id: r.id, kind: 'crowded' as const, partners: [] })),
    ...none.rows.map((r) => ({ id: r.id, kind: 'none' as const, partners: [] })),
  ];
  // Interleaved, so that no kind of member has the cold caches to itself.
  return samples.sort((a, b) => ((a.id * 2654435761) % 1000003) - ((b.id * 2654435761) % 1000003));
}

interface Links {
  member: { id: number; deposits: string; withdrawals: string };
  linked: { id: number; links: { kind: string }[] }[];
  more: number;
  common: { kind: string; value: string }[];
  total: { members: number; deposits: string };
}

const { database, operator, start } = await serverOnFreshDatabase(18_914);
let failed = false;
const { server, base } = start();
const db = new pg.Client({ connectionString: database.url });
try {
  await waitForHttp(`${base}/api/app`, server);
  await db.connect();
  const seedStarted = performance.now();
  await seed(db);
  console.log(`seed took ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
  const samples = await pickSamples(db);
  const headers = await operatorHeaders(base, operator);

  const times: number[] = [];
  const codes = new Map<string, number>();
  const tally = {
    groupExact: 0,
    groupMissing: 0,
    groupExtra: 0,
    crowdedCommon: 0,
    crowdedLinked: 0,
    noneEmpty: 0,
    noneLinked: 0,
    withFigures: 0,
  };
  const kinds = new Map<string, number>();
  for (const sample of samples) {
    const started = performance.now();
    const res = await fetch(`${base}/admin/api/members/${sample.id}/links`, { headers });
    const body = (await res.json()) as { code: number; message: string; data: Links };
    times.push(performance.now() - started);
    const key = `HTTP ${res.status} code ${body.code}`;
    codes.set(key, (codes.get(key) ?? 0) + 1);
    if (body.code !== 200) continue;
    const listed = new Set(body.data.linked.map((l) => l.id));
    for (const l of body.data.linked) for (const k of l.links) kinds.set(k.kind, (kinds.get(k.kind) ?? 0) + 1);
    if (body.data.total.deposits !== '0.00') tally.withFigures += 1;
    if (sample.kind === 'group') {
      const missing = sample.partners.filter((p) => !listed.has(p)).length;
      const extra = listed.size - (sample.partners.length - missing);
      if (missing) tally.groupMissing += 1;
      if (extra) tally.groupExtra += 1;
      if (!missing && !extra) tally.groupExact += 1;
    } else if (sample.kind === 'crowded') {
      if (body.data.common.some((c) => c.kind === 'ip' && c.value.startsWith('117.136.'))) tally.crowdedCommon += 1;
      if (listed.size) tally.crowdedLinked += 1;
    } else if (listed.size) tally.noneLinked += 1;
    else tally.noneEmpty += 1;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const worst = sorted[sorted.length - 1] ?? 0;
  const count = (kind: Sample['kind']) => samples.filter((s) => s.kind === kind).length;
  console.log(`answers: ${[...codes].map(([k, n]) => `${k}: ${n}`).join('; ')}`);
  console.log(
    `members of groups (${count('group')}): ${tally.groupExact} list exactly their partners, ${tally.groupMissing} miss one, ${tally.groupExtra} list someone else; ` +
      `evidence listed: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`,
  );
  console.log(
    `behind a carrier address (${count('crowded')}): ${tally.crowdedCommon} list it as common, ${tally.crowdedLinked} list linked members; ` +
      `with no links (${count('none')}): ${tally.noneEmpty} list nobody, ${tally.noneLinked} list someone; ${tally.withFigures} answers with deposits summed`,
  );
  console.log(
    `GET /admin/api/members/{id}/links, ${times.length} members: first ${times[0]?.toFixed(0)} ms, median ${at(0.5).toFixed(0)} ms, ` +
      `p95 ${at(0.95).toFixed(0)} ms, max ${worst.toFixed(0)} ms (budget: every answer < ${BUDGET_MS} ms)`,
  );
  const allOk = codes.size === 1 && codes.get('HTTP 200 code 200') === samples.length;
  const right =
    tally.groupExact === count('group') &&
    tally.crowdedCommon === count('crowded') &&
    tally.crowdedLinked === 0 &&
    tally.noneEmpty === count('none');
  if (!allOk || !right) {
    console.error('answers not as seeded');
    failed = true;
  }
  if (worst >= BUDGET_MS) failed = true;
} finally {
  await db.end().catch(() => undefined);
  await stopProcess(server);
  await database.drop();
}
exitIfOverBudget(failed);
