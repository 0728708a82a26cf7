import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { beijingDay } from '../../lib/time';
import {
  chainHash,
  chainPending,
  GENESIS,
  keyById,
  keyStanding,
  PROBLEM_ORDER,
  sealMac,
  type SealKey,
  type SealKeys,
  type SealProblem,
  UNCHAINED_GRACE_SECONDS,
} from './ledger-seal';

/**
 * The scheduled check of the sealed ledger, a day at a time (docs/money.md "The scheduled check", migration 0040):
 * each Beijing day that has ended is verified once and kept as a checkpoint (`ledger_check_days`: a digest of the
 * day's movements and seals in chain order, chained to the previous day's), the day in progress is verified on each
 * run, and a few checkpointed days are re-read in turn. A run reads the new day and the sampled days, never the whole
 * ledger; the whole check (`checkSeal`) stays on demand.
 */

/** Checkpointed days re-read on each run, the least recently read first. */
export const SAMPLE_DAYS = 3;

/** Why the day check stopped trusting a movement or a day. */
export type DayProblem =
  | SealProblem
  /** A checkpointed day's movements no longer make the digest kept for it (a movement added, removed or changed). */
  | 'day'
  /** A checkpoint row does not follow from the one before it, or a day is missing between them. */
  | 'checkpoint';

export interface DayCheck {
  state: 'sealed' | 'broken' | 'off' | 'wrong-key';
  /** Days checkpointed by this run, days re-read from the checkpoints, and the day in progress (YYYY-MM-DD). */
  checkpointed: string[];
  sampled: string[];
  today: string;
  /** Movements read by this run (the new days, today and the sampled days). */
  movementsRead: number;
  verified: number;
  problems: number;
  first: { movementId: number; day: string; problem: DayProblem } | null;
}

const DAY_MS = 86_400_000;
const BEIJING_MS = 8 * 3_600_000;
/** When a Beijing day starts, as an instant. */
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - BEIJING_MS);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

const buf = (v: Buffer | Uint8Array) => (Buffer.isBuffer(v) ? v : Buffer.from(v));
const same = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/** A checkpoint's link: HMAC-SHA256(key, previous day's digest || day || day_hash). */
export const dayDigest = (key: SealKey, previous: Buffer | null, day: string, dayHash: Buffer) =>
  createHmac('sha256', key.secret)
    .update(previous ?? GENESIS)
    .update(day)
    .update(dayHash)
    .digest();

/**
 * One Beijing day's movements since sealing began, found by time through `ledger_transactions_created_idx` (the day
 * is [midnight, next midnight), so a movement at midnight belongs to the day it opens), in the order the chain
 * defines (unchained last, by id), each with its sealed content, its chain link and the stored hash of the link
 * before it (looked up by chain number - 1 in the unique chain number index, a movement at a time, never a join
 * over the whole table: docs/money.md "The scheduled check"). Legs through the entries' index by movement, a
 * movement at a time too.
 */
export const dayMovements = (start: Date, end: Date, through: number) => sql`
  SELECT d.id, d.seal_key, d.seal_mac, d.chain_seq::text AS chain_seq, d.chain_hash, d.seal_refused_at IS NOT NULL AS refused,
         d.created_at < now() - make_interval(secs => ${UNCHAINED_GRACE_SECONDS}) AS past_grace,
         p.id AS prev_id, p.chain_hash AS prev_hash,
         CASE WHEN d.seal_mac IS NOT NULL
           THEN json_build_array(d.reference, d.kind, d.member_id, d.memo,
                  to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), coalesce(l.legs, '[]'::json))::text
         END AS content
    FROM ledger_transactions d
    -- Each movement's legs, and the link before it, looked up a movement at a time (an aggregate and a LIMIT keep
    -- the planner from turning either into a join over every entry or every movement of history).
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_array(a.code, e.amount) ORDER BY a.code, e.amount) AS legs
        FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       WHERE e.transaction_id = d.id
    ) l ON true
    LEFT JOIN LATERAL (
      SELECT p.id, p.chain_hash FROM ledger_transactions p WHERE p.chain_seq = d.chain_seq - 1 LIMIT 1
    ) p ON true
   WHERE d.created_at >= ${start.toISOString()}::timestamptz AND d.created_at < ${end.toISOString()}::timestamptz
     AND d.id > ${through}
   ORDER BY d.chain_seq NULLS LAST, d.id`;

interface DayRow {
  id: number;
  seal_key: string | null;
  seal_mac: Buffer | Uint8Array | null;
  chain_seq: string | null;
  chain_hash: Buffer | Uint8Array | null;
  refused: boolean;
  past_grace: boolean;
  prev_id: number | null;
  prev_hash: Buffer | Uint8Array | null;
  content: string | null;
}

/**
 * Verifies the scheduled way (module comment): chains what is waiting, walks the checkpoint rows (one short row a
 * day), verifies and checkpoints each ended day not checkpointed yet, verifies today so far, and re-reads
 * `SAMPLE_DAYS` checkpointed days against their digests, the least recently read first.
 */
export async function checkSealDays(db: Db, keys: SealKeys, now: Date, sampleDays = SAMPLE_DAYS): Promise<DayCheck> {
  const today = beijingDay(now);
  const result: DayCheck = {
    state: 'off',
    checkpointed: [],
    sampled: [],
    today,
    movementsRead: 0,
    verified: 0,
    problems: 0,
    first: null,
  };
  const current = keys.current;
  if (!current) return result;
  const periods = rowsOf<{ key_id: string }>(
    await db.execute(sql`SELECT key_id FROM ledger_seal_keys ORDER BY started_at DESC, first_movement_id DESC`),
  ).map((p) => p.key_id);
  // A server whose key is not the latest period's neither chains nor writes checkpoints; the whole check says more.
  if (!keyStanding(periods, current).chains) return { ...result, state: 'wrong-key' };
  await chainPending(db, keys, Number.POSITIVE_INFINITY).catch(() => null);
  const byId = keyById(keys);

  // A problem of a whole day (movement 0) comes after the day's movements: the movement says more.
  const rank = (movementId: number) => movementId || Number.POSITIVE_INFINITY;
  const found = (movementId: number, day: string, problem: DayProblem) => {
    result.problems += 1;
    const f = result.first;
    if (
      !f ||
      day < f.day ||
      (day === f.day && rank(movementId) < rank(f.movementId)) ||
      (day === f.day &&
        movementId === f.movementId &&
        PROBLEM_ORDER.indexOf(problem) < PROBLEM_ORDER.indexOf(f.problem))
    )
      result.first = { movementId, day, problem };
  };

  const [epoch] = rowsOf<{ through: number }>(
    await db.execute(sql`SELECT unsealed_through AS through FROM ledger_seal_epoch`),
  );
  const through = Number(epoch?.through ?? 0);

  /** Reads one day, names what does not verify, and answers the day's hash over what it read. */
  const readDay = async (day: string): Promise<{ hash: Buffer; movements: number }> => {
    // Without JIT: a day's lookups are many cheap ones, and their summed cost made the planner compile the query
    // each run (docs/money.md "The scheduled check").
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL jit = off`);
      return rowsOf<DayRow>(await tx.execute(dayMovements(dayStart(day), dayStart(nextDay(day)), through)));
    });
    result.movementsRead += rows.length;
    const hash = createHash('sha256');
    for (const row of rows) {
      const mac = row.seal_mac ? buf(row.seal_mac) : null;
      const key = row.seal_key ? byId.get(row.seal_key) : undefined;
      let problem: DayProblem | null = null;
      if (!mac || row.content === null) problem = 'unsealed';
      else if (!key) problem = 'unknown-key';
      else if (!same(mac, sealMac(key, Buffer.from(row.content, 'utf8')))) problem = 'mac';
      else if (row.refused) problem = 'refused';
      else if (row.chain_seq === null) {
        // Committed in the last minute: chained by the next run (only today can hold one).
        if (row.past_grace || row.chain_hash) problem = 'unchained';
      } else if (row.chain_seq !== '1' && row.prev_id === null) problem = 'missing';
      else {
        const prev = row.chain_seq === '1' ? GENESIS : row.prev_hash ? buf(row.prev_hash) : Buffer.alloc(0);
        if (!row.chain_hash || !same(buf(row.chain_hash), chainHash(key, prev, mac))) problem = 'chain';
      }
      if (problem) found(row.id, day, problem);
      else result.verified += 1;
      hash.update(
        `${row.id}|${row.chain_seq ?? ''}|${mac?.toString('hex') ?? ''}|${row.chain_hash ? buf(row.chain_hash).toString('hex') : ''}|${row.content ?? ''}\n`,
      );
    }
    return { hash: hash.digest(), movements: rows.length };
  };

  // The checkpoint chain: consecutive days, each digest from the previous one with the key it names.
  const checkpoints = rowsOf<{
    day: string | Date;
    day_hash: Buffer | Uint8Array;
    key_id: string;
    digest: Buffer | Uint8Array;
  }>(await db.execute(sql`SELECT day::text AS day, day_hash, key_id, digest FROM ledger_check_days ORDER BY day`)).map(
    (c) => ({ day: String(c.day), dayHash: buf(c.day_hash), keyId: c.key_id, digest: buf(c.digest) }),
  );
  let previous: Buffer | null = null;
  let expected: string | null = null;
  for (const c of checkpoints) {
    const key = byId.get(c.keyId);
    if (
      (expected !== null && c.day !== expected) ||
      !key ||
      !same(c.digest, dayDigest(key, previous, c.day, c.dayHash))
    )
      found(0, c.day, 'checkpoint');
    previous = c.digest;
    expected = nextDay(c.day);
  }

  // New days: from the day after the last checkpoint (or the first sealed movement's day) to yesterday; a day is
  // closed once its last minute of grace has passed, so a movement committed just before midnight is chained first.
  let day = expected;
  if (day === null) {
    const [firstRow] = rowsOf<{ at: string | Date | null }>(
      await db.execute(sql`SELECT min(created_at) AS at FROM ledger_transactions WHERE id > ${through}`),
    );
    day = firstRow?.at ? beijingDay(new Date(firstRow.at)) : today;
  }
  const closedBefore = beijingDay(new Date(now.getTime() - UNCHAINED_GRACE_SECONDS * 1000));
  for (; day < closedBefore && day < today; day = nextDay(day)) {
    const before = result.problems;
    const read = await readDay(day);
    // A day with a problem is not kept: the next run reads it again (and names it again) until it is put right.
    if (result.problems > before) break;
    const digest = dayDigest(current, previous, day, read.hash);
    await db.execute(sql`
      INSERT INTO ledger_check_days (day, movements, day_hash, key_id, digest)
      VALUES (${day}::date, ${read.movements}, decode(${read.hash.toString('hex')}, 'hex'), ${current.id},
              decode(${digest.toString('hex')}, 'hex'))
      ON CONFLICT (day) DO NOTHING`);
    result.checkpointed.push(day);
    previous = digest;
  }

  // Today so far, verified but not kept: it is still being written.
  if (!result.checkpointed.includes(today) && day >= today) await readDay(today);

  // A few kept days re-read in turn: each day is read again within (kept days / SAMPLE_DAYS) runs.
  const sample = rowsOf<{ day: string | Date; day_hash: Buffer | Uint8Array }>(
    await db.execute(sql`
      SELECT day::text AS day, day_hash FROM ledger_check_days
       WHERE NOT (day = ANY (${`{${result.checkpointed.join(',')}}`}::date[]))
       ORDER BY sampled_at, day LIMIT ${sampleDays}`),
  );
  for (const s of sample) {
    const sampledDay = String(s.day);
    const read = await readDay(sampledDay);
    if (!same(read.hash, buf(s.day_hash))) found(0, sampledDay, 'day');
    result.sampled.push(sampledDay);
  }
  if (result.sampled.length)
    await db.execute(
      sql`UPDATE ledger_check_days SET sampled_at = now() WHERE day = ANY (${`{${result.sampled.join(',')}}`}::date[])`,
    );
  result.state = result.problems ? 'broken' : 'sealed';
  return result;
}
