import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * The sealed ledger (README "Sealed ledger", migration 0025): ledger_post writes each movement's HMAC-SHA256 with
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

const GENESIS = Buffer.alloc(32);
const genesisSql = sql.raw(`'\\x${GENESIS.toString('hex')}'::bytea`);
/** chain hash = sha256(previous chain hash || MAC); the first movement's previous hash is 32 zero bytes. */
export const chainHash = (previous: Buffer | null, mac: Buffer) => createHash('sha256').update(Buffer.concat([previous ?? GENESIS, mac])).digest();

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
    const periods = rowsOf<{ key_id: string }>(await tx.execute(sql`SELECT key_id FROM ledger_seal_keys ORDER BY started_at DESC, first_movement_id DESC`));
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
  const [row] = rowsOf<{ seal: string | null }>(await db.execute(sql`SELECT split_part(current_setting('ledger.seal', true), ':', 1) AS seal`));
  return !!keys.current && row?.seal === keys.current.id;
}

/**
 * A batch of stored movements with the content each was sealed with, as text: ledger_seal_content's expression before
 * its convert_to (the bytes are the same UTF-8, without bytea's hex at both ends). `batch` selects the movements'
 * rows (id, reference, kind, member_id, memo, created_at, seal_key, seal_mac); their legs come from one grouped read
 * of the entries between the batch's first and last id (the expression of ledger_seal_legs, which costs an index
 * lookup and a planned SQL function per movement when called row by row). Unsealed movements answer no content.
 */
const sealedContents = (batch: SQL) => sql`
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
         END AS content
    FROM batch b LEFT JOIN legs l ON l.transaction_id = b.id ORDER BY b.id`;

interface SealedRow {
  id: number;
  reference: string;
  seal_key: string | null;
  seal_mac: Buffer | Uint8Array | null;
  /** The sealed content as text (`sealedContents`); null for an unsealed movement. */
  content: string | null;
}

const buf = (v: Buffer | Uint8Array) => (Buffer.isBuffer(v) ? v : Buffer.from(v));

function macMatches(key: SealKey, row: SealedRow): boolean {
  if (!row.seal_mac || row.content === null) return false;
  const stored = buf(row.seal_mac);
  const expected = sealMac(key, Buffer.from(row.content, 'utf8'));
  return stored.length === expected.length && timingSafeEqual(stored, expected);
}

const keyById = (keys: SealKeys) => new Map([...(keys.current ? [keys.current] : []), ...keys.retired].map((k) => [k.id, k]));

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
 * One run of the chaining job (under the jobs' lock, so one process at a time): the day's digest when a Beijing
 * midnight has passed, then the sealed movements not chained yet, in id order, in batches. A movement whose MAC does
 * not verify with its key (or whose key this server does not hold) is refused, left out of the chain and reported
 * by the check; the others get the next chain number and hash.
 */
export async function chainSealed(db: Db, keys: SealKeys, now: Date): Promise<ChainRun> {
  const byId = keyById(keys);
  const run: ChainRun = { chained: 0, refused: 0 };
  await recordDigest(db, beijingYesterday(now));
  for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
    const done = await db.transaction(async (tx) => {
      const [head] = rowsOf<{ chain_seq: string; chain_hash: Buffer | Uint8Array }>(
        await tx.execute(sql`SELECT chain_seq, chain_hash FROM ledger_transactions WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1`),
      );
      const rows = rowsOf<SealedRow>(
        await tx.execute(
          sealedContents(sql`
            SELECT t.id, t.reference, t.kind, t.member_id, t.memo, t.created_at, t.seal_key, t.seal_mac
              FROM ledger_transactions t
             WHERE t.chain_seq IS NULL AND t.seal_mac IS NOT NULL AND t.seal_refused_at IS NULL
             ORDER BY t.id
             LIMIT ${BATCH}`),
        ),
      );
      let seq = Number(head?.chain_seq ?? 0);
      let hash = head ? buf(head.chain_hash) : null;
      const ids: number[] = [];
      const seqs: number[] = [];
      const hashes: string[] = [];
      const refused: number[] = [];
      for (const row of rows) {
        const key = row.seal_key ? byId.get(row.seal_key) : undefined;
        if (!key || !macMatches(key, row)) {
          refused.push(row.id);
          continue;
        }
        hash = chainHash(hash, buf(row.seal_mac as Buffer));
        seq += 1;
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
        await tx.execute(sql`UPDATE ledger_transactions SET seal_refused_at = now() WHERE id = ANY (${`{${refused.join(',')}}`}::integer[])`);
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
  const rows = rowsOf<{ day: string | Date; chain_seq: string; hash: string; movement_id: number | null; recorded_at: string | Date }>(
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
  /** Sealed under a key that is no key period's (nor this server's): not verifiable. */
  | 'unknown-key'
  /** Its chain hash or number does not follow from the movement before it. */
  | 'chain'
  /** A chained movement before it is gone (deleted). */
  | 'missing'
  /** A daily digest no longer matches the chain. */
  | 'digest';

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

/**
 * Verifies every movement since sealing began (its MAC with its key period's key) and the chain (each link from
 * the one before, the numbers without a gap, the digests on it). A movement of a period whose key this server does
 * not hold is not verified; a server whose key is not the latest period's reports a wrong key, not tampering.
 */
export async function checkSeal(db: Db, keys: SealKeys): Promise<SealCheck> {
  const byId = keyById(keys);
  const periods = rowsOf<{ key_id: string }>(await db.execute(sql`SELECT key_id FROM ledger_seal_keys ORDER BY started_at DESC, first_movement_id DESC`));
  // Before the job has recorded the first period (a server just started), the server's key is the presumptive first.
  const periodIds = new Set(periods.length ? periods.map((p) => p.key_id) : keys.current ? [keys.current.id] : []);
  const periodKeyId = periods[0]?.key_id ?? null;
  const keyId = keys.current?.id ?? null;
  const [epoch] = rowsOf<{ through: number; legacy: string; unchained: string }>(
    await db.execute(sql`
      SELECT e.unsealed_through AS through,
             (SELECT count(*) FROM ledger_transactions WHERE id <= e.unsealed_through) AS legacy,
             (SELECT count(*) FROM ledger_transactions WHERE chain_seq IS NULL AND seal_mac IS NOT NULL AND seal_refused_at IS NULL) AS unchained
        FROM ledger_seal_epoch e`),
  );
  const through = epoch?.through ?? 0;
  let problems = 0;
  let first: SealCheck['first'] = null;
  const found = (movementId: number, reference: string | null, problem: SealProblem) => {
    problems += 1;
    if (!first || movementId < first.movementId) first = { movementId, reference, problem };
  };

  // The movements in a few id ranges at once: on PostgreSQL each range reads on a connection of its own, so the
  // database rebuilds the sealed contents on every core while the server checks the MACs of the batches that came.
  const [bounds] = rowsOf<{ last: number | null }>(await db.execute(sql`SELECT max(id) AS last FROM ledger_transactions`));
  const last = Number(bounds?.last ?? through);
  const span = Math.max(0, last - through);
  const step = Math.ceil(span / VERIFY_RANGES) || 1;
  const ranges = Array.from({ length: Math.min(VERIFY_RANGES, Math.max(1, Math.ceil(span / step))) }, (_, i) => ({
    from: through + i * step,
    to: Math.min(last, through + (i + 1) * step),
  }));
  // The chain and the day digests are the database's work alone: read beside the movements' batches.
  const chainChecked = (async () => {
    // Each link from the stored one before it: sha256 is the database's own, no key needed.
    const links = rowsOf<{ id: number; reference: string; problem: SealProblem }>(
      await db.execute(sql`
        SELECT c.id, c.reference, CASE WHEN c.chain_seq <> coalesce(c.prev_seq, 0) + 1 THEN 'missing' ELSE 'chain' END AS problem
          FROM (SELECT t.id, t.reference, t.chain_seq, t.chain_hash, t.seal_mac,
                       lag(t.chain_seq) OVER (ORDER BY t.chain_seq) AS prev_seq,
                       lag(t.chain_hash) OVER (ORDER BY t.chain_seq) AS prev_hash
                  FROM ledger_transactions t WHERE t.chain_seq IS NOT NULL) c
         WHERE c.chain_seq <> coalesce(c.prev_seq, 0) + 1
            OR c.chain_hash IS DISTINCT FROM sha256(coalesce(c.prev_hash, ${genesisSql}) || c.seal_mac)`),
    );
    for (const link of links) found(link.id, link.reference, link.problem);
    const digests = rowsOf<{ id: number | null; reference: string | null }>(
      await db.execute(sql`
        SELECT d.movement_id AS id, t.reference
          FROM ledger_seal_digests d
          LEFT JOIN ledger_transactions t ON t.chain_seq = d.chain_seq
         WHERE d.chain_seq > 0 AND (t.id IS NULL OR t.chain_hash IS DISTINCT FROM d.chain_hash)`),
    );
    for (const d of digests) found(d.id ?? 0, d.reference, 'digest');
  })();
  let verified = 0;
  const movementsChecked = Promise.all(
    ranges.map(async ({ from, to }) => {
      for (let after = from; after < to; ) {
        // Grouped legs: about three times faster over a million movements than ledger_seal_legs row by row.
        const rows = rowsOf<SealedRow>(
          await db.execute(
            sealedContents(sql`
              SELECT t.id, t.reference, t.kind, t.member_id, t.memo, t.created_at, t.seal_key, t.seal_mac
                FROM ledger_transactions t WHERE t.id > ${after} AND t.id <= ${to} ORDER BY t.id LIMIT ${VERIFY_BATCH}`),
          ),
        );
        for (const row of rows) {
          if (!row.seal_mac || !row.seal_key) found(row.id, row.reference, 'unsealed');
          else {
            const key = byId.get(row.seal_key);
            if (key && periodIds.has(row.seal_key)) {
              if (macMatches(key, row)) verified += 1;
              else found(row.id, row.reference, 'mac');
            } else if (!periodIds.has(row.seal_key)) found(row.id, row.reference, 'unknown-key');
            // else: a period whose key this server was not given (a retired key not kept): not verifiable here.
          }
        }
        if (rows.length < VERIFY_BATCH) break;
        after = rows[rows.length - 1]!.id;
      }
    }),
  );
  await Promise.all([chainChecked, movementsChecked]);

  const [head] = rowsOf<{ id: number; chain_seq: string; hash: string; created_at: string | Date }>(
    await db.execute(sql`
      SELECT id, chain_seq, encode(chain_hash, 'hex') AS hash, created_at
        FROM ledger_transactions WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1`),
  );
  const state: SealCheck['state'] = !keys.current
    ? 'off'
    : periodKeyId !== null && periodKeyId !== keyId
      ? 'wrong-key'
      : problems
        ? 'broken'
        : 'sealed';
  return {
    state,
    keyId,
    periodKeyId,
    verified,
    legacy: Number(epoch?.legacy ?? 0),
    unchained: Number(epoch?.unchained ?? 0),
    problems,
    first,
    lastSealed: head ? { movementId: head.id, chainSeq: Number(head.chain_seq), chainHash: head.hash, at: new Date(head.created_at) } : null,
  };
}
