import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * The sealed ledger (docs/money.md "Sealed ledger", migration 0025): ledger_post writes each movement's HMAC-SHA256 with
 * the key the server gave its database sessions (`sealSetting`), a job chains the sealed movements in the
 * background, and `checkSeal` verifies both, naming the first movement whose seal does not match.
 */

/** A seal key as the server holds it: its id (a fingerprint, safe to store and show) and the key itself. */
export interface SealKey {
  id: string;
  secret: Buffer;
}

/** The keys of a server: the current one (undefined: sealing is off) and retired ones, kept to verify their periods. */
export interface SealKeys {
  current: SealKey | undefined;
  retired: SealKey[];
}

/** The key's id: a fingerprint of the key (an HMAC of a fixed text with it), never the key. */
export function sealKey(secret: string): SealKey {
  const bytes = Buffer.from(secret, 'utf8');
  return { id: createHmac('sha256', bytes).update('ledger-seal-key-id').digest('hex').slice(0, 16), secret: bytes };
}

export function sealKeys(config: { key: string | undefined; retiredKeys: string[] }): SealKeys {
  return { current: config.key ? sealKey(config.key) : undefined, retired: config.retiredKeys.map(sealKey) };
}

/**
 * The database session setting ledger.seal that lets ledger_post seal: '<key id>:<inner pad>:<outer pad>', the
 * HMAC key XOR-ed with 0x36 and 0x5c (RFC 2104), so the database computes HMAC-SHA256 with its built-in sha256.
 */
export function sealSetting(key: SealKey): string {
  const block = Buffer.alloc(64);
  (key.secret.length > 64 ? createHash('sha256').update(key.secret).digest() : key.secret).copy(block);
  const pad = (byte: number) => Buffer.from(block.map((b) => b ^ byte)).toString('hex');
  return `${key.id}:${pad(0x36)}:${pad(0x5c)}`;
}

export function sealMac(key: SealKey, content: Buffer): Buffer {
  return createHmac('sha256', key.secret).update(content).digest();
}

export const GENESIS = Buffer.alloc(32);
const genesisSql = sql.raw(`'\\x${GENESIS.toString('hex')}'::bytea`);
/**
 * chain hash = HMAC-SHA256(key, previous chain hash || MAC), keyed with the key of the movement's own seal (so a
 * rotation goes on chaining), migration 0031: nobody without the key can rebuild the chain around a deleted or
 * changed movement. The first movement's previous hash is 32 zero bytes.
 */
export const chainHash = (key: SealKey, previous: Buffer | null, mac: Buffer) =>
  createHmac('sha256', key.secret)
    .update(previous ?? GENESIS)
    .update(mac)
    .digest();

/** What a server's key is to the key periods: the current period's, sealing off (no key), or a wrong key. */
export type KeyState = 'current' | 'off' | 'wrong-key';

/**
 * At start: the server's key against the key periods. The first key starts the first period; a key whose
 * predecessor (the latest period's key) is among the retired keys starts a new period (a rotation); any other key
 * that is not the latest period's is a wrong key, reported as such, and this server does not chain.
 */
export async function registerSealKey(db: Db, keys: SealKeys): Promise<KeyState> {
  const current = keys.current;
  if (!current) return 'off';
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE ledger_seal_keys IN EXCLUSIVE MODE`);
    const periods = rowsOf<{ key_id: string }>(
      await tx.execute(sql`SELECT key_id FROM ledger_seal_keys ORDER BY started_at DESC, first_movement_id DESC`),
    );
    const latest = periods[0]?.key_id;
    if (latest === current.id) return 'current';
    const rotation = latest === undefined || keys.retired.some((k) => k.id === latest);
    if (!rotation || periods.some((p) => p.key_id === current.id)) return 'wrong-key';
    await tx.execute(sql`
      INSERT INTO ledger_seal_keys (key_id, started_at, first_movement_id)
      SELECT ${current.id}, now(), coalesce(max(id), 0) + 1 FROM ledger_transactions`);
    return 'current';
  });
}

/** Whether a database session of this server seals with its key (the session setting ledger_post reads). */
export async function sessionSeals(db: Db, keys: SealKeys): Promise<boolean> {
  const [row] = rowsOf<{ seal: string | null }>(
    await db.execute(sql`SELECT split_part(current_setting('ledger.seal', true), ':', 1) AS seal`),
  );
  return !!keys.current && row?.seal === keys.current.id;
}

/**
 * A batch of stored movements with the content each was sealed with, as text: ledger_seal_content's expression before
 * its convert_to (the bytes are the same UTF-8, without bytea's hex at both ends). `batch` selects the movements'
 * rows (id, reference, kind, member_id, memo, created_at, seal_key, seal_mac, chain_seq, chain_hash,
 * seal_refused_at); their legs come from one grouped read of the entries between the batch's first and last id (the
 * expression of ledger_seal_legs, which costs an index lookup and a planned SQL function per movement when called row
 * by row). Unsealed movements answer no content. `standing` names a movement refused by the chaining job, or one
 * left out of the chain: sealed, not chained and either written before `cutoff` or carrying a chain hash without a
 * number (taken out of the chain).
 */
const sealedContents = (batch: SQL, cutoff = '-infinity') => sql`
  WITH batch AS (${batch}),
  legs AS (
    SELECT e.transaction_id, json_agg(json_build_array(a.code, e.amount) ORDER BY a.code, e.amount) AS legs
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     WHERE e.transaction_id >= (SELECT min(id) FROM batch) AND e.transaction_id <= (SELECT max(id) FROM batch)
     GROUP BY e.transaction_id
  )
  SELECT b.id, b.reference, b.seal_key, b.seal_mac,
         CASE WHEN b.seal_mac IS NOT NULL
           THEN json_build_array(b.reference, b.kind, b.member_id, b.memo,
                  to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), coalesce(l.legs, '[]'::json))::text
         END AS content,
         CASE WHEN b.seal_refused_at IS NOT NULL THEN 'refused'
              WHEN b.chain_seq IS NULL AND b.seal_mac IS NOT NULL
                   AND (b.chain_hash IS NOT NULL OR b.created_at < ${cutoff}::timestamptz) THEN 'unchained'
         END AS standing
    FROM batch b LEFT JOIN legs l ON l.transaction_id = b.id ORDER BY b.id`;

const batchColumns = sql.raw(
  't.id, t.reference, t.kind, t.member_id, t.memo, t.created_at, t.seal_key, t.seal_mac, t.chain_seq, t.chain_hash, t.seal_refused_at',
);

interface SealedRow {
  id: number;
  reference: string;
  seal_key: string | null;
  seal_mac: Buffer | Uint8Array | null;
  /** The sealed content as text (`sealedContents`); null for an unsealed movement. */
  content: string | null;
  standing: 'refused' | 'unchained' | null;
}

const buf = (v: Buffer | Uint8Array) => (Buffer.isBuffer(v) ? v : Buffer.from(v));
const same = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

function macMatches(key: SealKey, row: SealedRow): boolean {
  if (!row.seal_mac || row.content === null) return false;
  return same(buf(row.seal_mac), sealMac(key, Buffer.from(row.content, 'utf8')));
}

/** The keys this server was configured with, by id: the only keys a movement's seal or chain link verifies with. */
export const keyById = (keys: SealKeys) =>
  new Map([...(keys.current ? [keys.current] : []), ...keys.retired].map((k) => [k.id, k]));

/** Movements the chaining job takes per batch, and batches per run. */
const BATCH = 500;
const BATCHES_PER_RUN = 20;

export interface ChainRun {
  chained: number;
  refused: number;
}

/** The Beijing day before `now`'s (Beijing keeps no daylight saving), as YYYY-MM-DD. */
function beijingYesterday(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
}

/**
 * One run of the chaining job: the day's digest when a Beijing midnight has passed, then the sealed movements not
 * chained yet, in id order, in batches (`chainPending`).
 */
export async function chainSealed(db: Db, keys: SealKeys, now: Date): Promise<ChainRun> {
  await recordDigest(db, beijingYesterday(now));
  return chainPending(db, keys, BATCHES_PER_RUN);
}

/**
 * Chains the sealed movements not chained yet, in id order, up to `batches` batches. Each batch is one transaction
 * that first takes a transaction-level advisory lock, so the job (in any process) and a check's own pass never
 * hand out the same chain number: the second waits, then reads the head the first committed. A movement whose MAC
 * does not verify with a configured key of the id it names is refused (seal_refused_at), left out of the chain and
 * reported by the check; so is never re-chained a movement that carries a chain hash without a number (taken out of
 * the chain). The others get the next chain number and the keyed chain hash (`chainHash`).
 */
export async function chainPending(db: Db, keys: SealKeys, batches: number): Promise<ChainRun> {
  const byId = keyById(keys);
  const run: ChainRun = { chained: 0, refused: 0 };
  for (let batch = 0; batch < batches; batch++) {
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ledger-seal:chain'))`);
      const [head] = rowsOf<{ chain_seq: string; chain_hash: Buffer | Uint8Array | null }>(
        await tx.execute(
          sql`SELECT chain_seq, chain_hash FROM ledger_transactions WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1`,
        ),
      );
      const rows = rowsOf<SealedRow>(
        await tx.execute(
          sealedContents(sql`
            SELECT ${batchColumns}
              FROM ledger_transactions t
             WHERE t.chain_seq IS NULL AND t.seal_mac IS NOT NULL AND t.seal_refused_at IS NULL AND t.chain_hash IS NULL
             ORDER BY t.id
             LIMIT ${BATCH}`),
        ),
      );
      // As bigint: a chain number written in SQL may lie beyond what a JavaScript number holds exactly.
      let seq = BigInt(head?.chain_seq ?? 0);
      let hash = head?.chain_hash ? buf(head.chain_hash) : null;
      const ids: number[] = [];
      const seqs: bigint[] = [];
      const hashes: string[] = [];
      const refused: number[] = [];
      for (const row of rows) {
        const key = row.seal_key ? byId.get(row.seal_key) : undefined;
        if (!key || !macMatches(key, row)) {
          refused.push(row.id);
          continue;
        }
        hash = chainHash(key, hash, buf(row.seal_mac as Buffer));
        seq += 1n;
        ids.push(row.id);
        seqs.push(seq);
        hashes.push(hash.toString('hex'));
      }
      if (ids.length) {
        await tx.execute(sql`
          UPDATE ledger_transactions t SET chain_seq = c.seq, chain_hash = decode(c.hash, 'hex')
            FROM unnest(${`{${ids.join(',')}}`}::integer[], ${`{${seqs.join(',')}}`}::bigint[], ${`{${hashes.join(',')}}`}::text[]) AS c(id, seq, hash)
           WHERE t.id = c.id`);
      }
      if (refused.length) {
        await tx.execute(
          sql`UPDATE ledger_transactions SET seal_refused_at = now() WHERE id = ANY (${`{${refused.join(',')}}`}::integer[])`,
        );
      }
      run.chained += ids.length;
      run.refused += refused.length;
      return rows.length < BATCH;
    });
    if (done) break;
  }
  return run;
}

/** Keeps the chain head as the digest of a Beijing day that has ended, once (the first run after its midnight). */
async function recordDigest(db: DbOrTx, day: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO ledger_seal_digests (day, chain_seq, chain_hash, movement_id)
    SELECT ${day}::date, coalesce(h.chain_seq, 0), coalesce(h.chain_hash, ${genesisSql}), h.id
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (SELECT chain_seq, chain_hash, id FROM ledger_transactions WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1) h ON true
    ON CONFLICT (day) DO NOTHING`);
}

export interface SealDigest {
  day: string;
  chainSeq: number;
  chainHash: string;
  movementId: number | null;
  recordedAt: Date;
}

/** The daily digests, newest first. */
export async function sealDigests(db: Db, limit = 60): Promise<SealDigest[]> {
  const rows = rowsOf<{
    day: string | Date;
    chain_seq: string;
    hash: string;
    movement_id: number | null;
    recorded_at: string | Date;
  }>(
    await db.execute(sql`
      SELECT day::text AS day, chain_seq, encode(chain_hash, 'hex') AS hash, movement_id, recorded_at
        FROM ledger_seal_digests ORDER BY day DESC LIMIT ${limit}`),
  );
  return rows.map((r) => ({
    day: String(r.day),
    chainSeq: Number(r.chain_seq),
    chainHash: r.hash,
    movementId: r.movement_id,
    recordedAt: new Date(r.recorded_at),
  }));
}

/** Why the check stopped trusting a movement. */
export type SealProblem =
  /** Its MAC does not match its content: an entry, amount, account, reference or time was changed. */
  | 'mac'
  /** Written after sealing began without a seal: inserted in SQL, or by a server with sealing off. */
  | 'unsealed'
  /** Sealed under a key id that no key configured on this server has: not verifiable, whatever ledger_seal_keys says. */
  | 'unknown-key'
  /** Refused by the chaining job (its seal did not verify when it was chained) and so left out of the chain. */
  | 'refused'
  /** Sealed but still not chained a minute after it was written, or taken out of the chain. */
  | 'unchained'
  /** Its chain hash or number does not follow from the movement before it. */
  | 'chain'
  /** A chained movement before it is gone (deleted). */
  | 'missing'
  /** A daily digest no longer matches the chain. */
  | 'digest';

/** Which problem names a movement that has several: its content's first, then its place in the chain. */
export const PROBLEM_ORDER: readonly string[] = [
  'unbalanced',
  'unsealed',
  'unknown-key',
  'mac',
  'refused',
  'unchained',
  'missing',
  'chain',
  'digest',
];

export interface SealCheck {
  /** sealed: every movement since sealing began verifies; broken: one does not; off: no key; wrong-key: see keyId. */
  state: 'sealed' | 'broken' | 'off' | 'wrong-key';
  /** This server's key id, and the id of the latest key period (they differ: a wrong key). */
  keyId: string | null;
  periodKeyId: string | null;
  verified: number;
  /** Movements from before sealing began (never sealed), and sealed movements the job has not chained yet. */
  legacy: number;
  unchained: number;
  problems: number;
  first: { movementId: number; reference: string | null; problem: SealProblem } | null;
  lastSealed: { movementId: number; chainSeq: number; chainHash: string; at: Date } | null;
}

const VERIFY_BATCH = 2000;
/** How many id ranges of movements are verified at once (connections of the pool, on PostgreSQL). */
const VERIFY_RANGES = 4;
/** Chain links read per statement, and chain number ranges walked at once. */
const CHAIN_BATCH = 5000;
const CHAIN_RANGES = 2;
/**
 * A sealed movement not chained yet is a problem once it was written this long before the check began: the check
 * chains what is waiting first, so only movements committed while it runs are still unchained, and they get this.
 */
export const UNCHAINED_GRACE_SECONDS = 60;

/** What the key periods say of this server's key, beside what the movements show (docs/money.md "Sealed ledger"). */
export interface KeyStanding {
  /** The latest key period's key is this server's (or none is recorded yet): this server chains. */
  chains: boolean;
  /** This server's key was never recorded as a period's. */
  unrecorded: boolean;
}

export function keyStanding(periods: readonly string[], current: SealKey): KeyStanding {
  return {
    chains: periods.length === 0 || periods[0] === current.id,
    unrecorded: periods.length > 0 && !periods.includes(current.id),
  };
}

/**
 * The seal's state from what was found. Only configured keys verify (ledger_seal_keys makes no movement verified or
 * skipped), so a server given a wrong key would find every movement of another key's: when its key was never recorded
 * as a period's and verifies nothing here, that is a wrong key, not tampering, and nothing is blamed. Otherwise any
 * problem is `broken`, whatever the periods say; with none, a server whose key is not the latest period's is told so.
 */
export function sealState(
  standing: KeyStanding,
  verified: number,
  problems: number,
): 'sealed' | 'broken' | 'wrong-key' {
  if (standing.unrecorded && verified === 0) return 'wrong-key';
  if (problems) return 'broken';
  return standing.chains ? 'sealed' : 'wrong-key';
}

/**
 * Verifies every movement since sealing began (its MAC with the configured key of the id it names) and the chain
 * (each link from the one before with that key, the numbers without a gap, the digests on it), after chaining what
 * is waiting. Any movement whose key id no configured key has is a problem; a server whose key is not the latest
 * period's reports a wrong key when nothing else is wrong (`sealState`).
 */
export async function checkSeal(db: Db, keys: SealKeys): Promise<SealCheck> {
  const current = keys.current;
  const byId = keyById(keys);
  const periods = rowsOf<{ key_id: string }>(
    await db.execute(sql`SELECT key_id FROM ledger_seal_keys ORDER BY started_at DESC, first_movement_id DESC`),
  ).map((p) => p.key_id);
  const periodKeyId = periods[0] ?? null;
  const keyId = current?.id ?? null;
  const [epoch] = rowsOf<{ through: number; cutoff: string }>(
    await db.execute(
      sql`SELECT e.unsealed_through AS through, (now() - make_interval(secs => ${UNCHAINED_GRACE_SECONDS}))::text AS cutoff FROM ledger_seal_epoch e`,
    ),
  );
  const through = Number(epoch?.through ?? 0);
  const cutoff = epoch?.cutoff ?? '-infinity';
  const counts = async () => {
    const [row] = rowsOf<{ legacy: string; unchained: string }>(
      await db.execute(sql`
        SELECT (SELECT count(*) FROM ledger_transactions WHERE id <= ${through}) AS legacy,
               (SELECT count(*) FROM ledger_transactions WHERE chain_seq IS NULL AND seal_mac IS NOT NULL AND seal_refused_at IS NULL) AS unchained`),
    );
    return { legacy: Number(row?.legacy ?? 0), unchained: Number(row?.unchained ?? 0) };
  };
  const chainHead = async () => {
    const [head] = rowsOf<{ id: number; chain_seq: string; hash: string | null; created_at: string | Date }>(
      await db.execute(sql`
        SELECT id, chain_seq, encode(chain_hash, 'hex') AS hash, created_at
          FROM ledger_transactions WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1`),
    );
    return head
      ? {
          movementId: head.id,
          chainSeq: Number(head.chain_seq),
          chainHash: head.hash ?? '',
          at: new Date(head.created_at),
        }
      : null;
  };
  if (!current) {
    // Sealing off: no key verifies anything.
    return {
      state: 'off',
      keyId,
      periodKeyId,
      verified: 0,
      ...(await counts()),
      problems: 0,
      first: null,
      lastSealed: await chainHead(),
    };
  }
  const standing = keyStanding(periods, current);
  // What is waiting is chained first, as the job would chain it (a server that does not chain does not here either),
  // so a movement still unchained below was written while the check ran, or was kept out of the chain.
  // A pass that fails (a chain number written in SQL at the end of bigint's range, say) does not stop the check: what
  // it left unchained is named below once past the grace.
  if (standing.chains) await chainPending(db, keys, Number.POSITIVE_INFINITY).catch(() => null);

  let problems = 0;
  // A reference undefined is looked up at the end, for the first movement only (the chain is read without them).
  type Found = { movementId: number; reference: string | null | undefined; problem: SealProblem };
  let first: Found | null = null;
  const found = (movementId: number, reference: string | null | undefined, problem: SealProblem) => {
    problems += 1;
    if (
      !first ||
      movementId < first.movementId ||
      (movementId === first.movementId && PROBLEM_ORDER.indexOf(problem) < PROBLEM_ORDER.indexOf(first.problem))
    ) {
      first = { movementId, reference, problem };
    }
  };

  // The chain's head first, then the last movement: every chained movement up to the head was committed by then, so
  // a walked link beyond the movements verified below is no movement the job chained.
  const lastSealed = await chainHead();
  // The walk stops at the largest number read exactly (no chain gets there; one beyond is named below).
  const headSeq = Math.min(lastSealed?.chainSeq ?? 0, Number.MAX_SAFE_INTEGER);
  const [bounds] = rowsOf<{ last: number | null }>(
    await db.execute(sql`SELECT max(id) AS last FROM ledger_transactions`),
  );
  const last = Number(bounds?.last ?? through);

  // The movements in a few id ranges at once: on PostgreSQL each range reads on a connection of its own, so the
  // database rebuilds the sealed contents on every core while the server checks the MACs of the batches that came.
  const span = Math.max(0, last - through);
  const step = Math.ceil(span / VERIFY_RANGES) || 1;
  const ranges = Array.from({ length: Math.min(VERIFY_RANGES, Math.max(1, Math.ceil(span / step))) }, (_, i) => ({
    from: through + i * step,
    to: Math.min(last, through + (i + 1) * step),
  }));
  // This server's keys by their place in a batch's answer (1-based; 0: a key id none of them has).
  const keyList = [...byId.values()];
  const keyIds = `{${keyList.map((k) => k.id).join(',')}}`;
  const NO_HASH = Buffer.alloc(0);
  const STANDING: (SealProblem | null)[] = [null, 'refused', 'unchained'];
  let verified = 0;
  const movementsChecked = Promise.all(
    ranges.map(async ({ from, to }) => {
      for (let after = from; after < to;) {
        // Grouped legs: about three times faster over a million movements than ledger_seal_legs row by row. A batch
        // comes as one row, so the server reads each movement in slices rather than as a row of its own: per
        // movement its id, key (-1: none), MAC (0 none, 1 of 32 bytes, 2 another length), standing and the byte
        // length of its content (-1: none), then the MACs and the contents (text, UTF-8 as sealed), each joined.
        const [batch] = rowsOf<{
          meta: string | null;
          macs: Buffer | Uint8Array | null;
          contents: string | null;
          n: string;
          last: number | null;
        }>(
          await db.execute(sql`
            SELECT string_agg(c.id || ':' || CASE WHEN c.seal_key IS NULL THEN -1 ELSE coalesce(array_position(${keyIds}::text[], c.seal_key::text), 0) END
                              || ':' || CASE WHEN c.seal_mac IS NULL THEN 0 WHEN octet_length(c.seal_mac) = 32 THEN 1 ELSE 2 END
                              || ':' || CASE c.standing WHEN 'refused' THEN 1 WHEN 'unchained' THEN 2 ELSE 0 END
                              || ':' || coalesce(octet_length(c.content), -1), ',' ORDER BY c.id) AS meta,
                   string_agg(CASE WHEN octet_length(c.seal_mac) = 32 THEN c.seal_mac ELSE ${genesisSql} END, ''::bytea ORDER BY c.id) AS macs,
                   string_agg(c.content, '' ORDER BY c.id) AS contents,
                   count(*) AS n, max(c.id) AS last
              FROM (${sealedContents(sql`SELECT ${batchColumns} FROM ledger_transactions t WHERE t.id > ${after} AND t.id <= ${to} ORDER BY t.id LIMIT ${VERIFY_BATCH}`, cutoff)}) c`),
        );
        if (!batch?.meta || !batch.macs) break;
        const macs = buf(batch.macs);
        const contents = Buffer.from(batch.contents ?? '', 'utf8');
        const meta = batch.meta.split(',');
        let offset = 0;
        for (let i = 0; i < meta.length; i++) {
          const [id = 0, k = 0, mac = 0, standing = 0, length = -1] = meta[i]!.split(':').map(Number);
          const content = length >= 0 ? contents.subarray(offset, offset + length) : null;
          offset += Math.max(0, length);
          const key = keyList[k - 1];
          let problem: SealProblem | null = null;
          if (mac === 0 || k === -1 || !content) problem = 'unsealed';
          else if (!key) problem = 'unknown-key';
          else if (mac !== 1 || !same(macs.subarray(i * 32, i * 32 + 32), sealMac(key, content))) problem = 'mac';
          else verified += 1;
          problem ??= STANDING[standing] ?? null;
          if (problem) found(id, undefined, problem);
        }
        if (Number(batch.n) < VERIFY_BATCH || batch.last === null) break;
        after = Number(batch.last);
      }
    }),
  );

  // The chain in chain number order (not id order: a movement committed late is chained after higher ids), in a
  // few ranges at once, each from the stored link just before it. Each link is the HMAC, with the key of the
  // movement's seal, of the stored hash before it and the movement's MAC, computed here: the database is not asked.
  // A batch comes as one row: each link's id, number, key (its place among this server's keys, 0: none) and which of
  // its hash and MAC are 32 bytes, and the hashes and MACs in one bytea, so the server reads a link in a slice.
  const chainStep = Math.ceil(headSeq / CHAIN_RANGES) || 1;
  const chainRanges = Array.from(
    { length: Math.min(CHAIN_RANGES, Math.max(1, Math.ceil(headSeq / chainStep))) },
    (_, i) => ({
      from: i * chainStep,
      to: Math.min(headSeq, (i + 1) * chainStep),
    }),
  );
  const chainChecked = Promise.all(
    chainRanges.map(async ({ from, to }) => {
      let prevSeq = from;
      // null: the link just before the range is gone.
      let prevHash: Buffer | null = GENESIS;
      if (from > 0) {
        const [before] = rowsOf<{ chain_hash: Buffer | Uint8Array | null }>(
          await db.execute(sql`SELECT chain_hash FROM ledger_transactions WHERE chain_seq = ${from}`),
        );
        prevHash = before ? (before.chain_hash?.length === 32 ? buf(before.chain_hash) : NO_HASH) : null;
      }
      // By the links that are there, not by numbers: a chain number set far beyond the others costs nothing.
      for (let after = from; after < to;) {
        const [batch] = rowsOf<{
          meta: string | null;
          links: Buffer | Uint8Array | null;
          n: string;
          last: string | null;
        }>(
          await db.execute(sql`
            SELECT string_agg(l.id || ':' || l.chain_seq || ':' || coalesce(array_position(${keyIds}::text[], l.seal_key::text), 0) || ':' ||
                              (CASE WHEN octet_length(l.chain_hash) = 32 THEN 2 ELSE 0 END + CASE WHEN octet_length(l.seal_mac) = 32 THEN 1 ELSE 0 END),
                              ',' ORDER BY l.chain_seq) AS meta,
                   string_agg(CASE WHEN octet_length(l.chain_hash) = 32 THEN l.chain_hash ELSE ${genesisSql} END ||
                              CASE WHEN octet_length(l.seal_mac) = 32 THEN l.seal_mac ELSE ${genesisSql} END, ''::bytea ORDER BY l.chain_seq) AS links,
                   count(*) AS n, max(l.chain_seq) AS last
              FROM (SELECT id, chain_seq, chain_hash, seal_key, seal_mac FROM ledger_transactions
                     WHERE chain_seq > ${after} AND chain_seq <= ${to} ORDER BY chain_seq LIMIT ${CHAIN_BATCH}) l`),
        );
        if (!batch?.meta || !batch.links || batch.last === null) break;
        after = Number(batch.last);
        const links = buf(batch.links);
        const meta = batch.meta.split(',');
        for (let i = 0; i < meta.length; i++) {
          const [id = 0, seq = 0, k = 0, sizes = 0] = meta[i]!.split(':').map(Number);
          const hash = sizes & 2 ? links.subarray(i * 64, i * 64 + 32) : NO_HASH;
          const key = keyList[k - 1];
          if (seq !== prevSeq + 1 || prevHash === null) found(id, undefined, 'missing');
          // A movement from before sealing, or one the movements above did not verify, has no place in the chain.
          else if (id <= through || id > last) found(id, undefined, 'chain');
          else if (key && sizes & 1) {
            if (!same(hash, chainHash(key, prevHash, links.subarray(i * 64 + 32, i * 64 + 64))))
              found(id, undefined, 'chain');
          }
          // else: unsealed or of an unknown key, named by the movements above.
          prevSeq = seq;
          prevHash = hash;
        }
        if (Number(batch.n) < CHAIN_BATCH) break;
      }
    }),
  );
  // Chain numbers below the first or beyond the walk (none is ever given), and the daily digests against the chain:
  // the link at each digest's number must be the movement and hash it kept.
  const digestsChecked = (async () => {
    const outside = rowsOf<{ id: number; reference: string }>(
      await db.execute(
        sql`SELECT id, reference FROM ledger_transactions WHERE chain_seq < 1 OR chain_seq > ${Number.MAX_SAFE_INTEGER}`,
      ),
    );
    for (const o of outside) found(o.id, o.reference, 'chain');
    const digests = rowsOf<{
      movement_id: number | null;
      kept: Buffer | Uint8Array;
      id: number | null;
      reference: string | null;
      link: Buffer | Uint8Array | null;
    }>(
      await db.execute(sql`
        SELECT d.movement_id, d.chain_hash AS kept, t.id, t.reference, t.chain_hash AS link
          FROM ledger_seal_digests d
          LEFT JOIN ledger_transactions t ON t.chain_seq = d.chain_seq
         WHERE d.chain_seq <> 0`),
    );
    for (const d of digests) {
      if (d.id === null || d.id !== d.movement_id || !d.link || !same(buf(d.kept), buf(d.link)))
        found(d.movement_id ?? d.id ?? 0, d.reference, 'digest');
    }
  })();
  await Promise.all([chainChecked, movementsChecked, digestsChecked]);

  const state = sealState(standing, verified, problems);
  const wrongKey = state === 'wrong-key';
  // Assigned in the closures above, which the compiler does not follow.
  const named = first as Found | null;
  if (named && named.reference === undefined) {
    const [row] = rowsOf<{ reference: string }>(
      await db.execute(sql`SELECT reference FROM ledger_transactions WHERE id = ${named.movementId}`),
    );
    named.reference = row?.reference ?? null;
  }
  return {
    state,
    keyId,
    periodKeyId,
    verified,
    ...(await counts()),
    problems: wrongKey ? 0 : problems,
    first:
      wrongKey || !named
        ? null
        : { movementId: named.movementId, reference: named.reference ?? null, problem: named.problem },
    lastSealed,
  };
}
