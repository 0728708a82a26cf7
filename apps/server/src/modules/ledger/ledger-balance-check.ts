import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type LedgerCheck, ledgerCheckOf } from './ledger-service';

/**
 * The scheduled check's balances a run at a time (docs/money.md "The scheduled check", migration 0046): each
 * account's balance against its kept sum of entries (`ledger_check_balances`, entries with an id up to the watermark
 * in `ledger_check_watermark`) plus its entries above the watermark, then the kept sums moved on to a new watermark.
 * A run reads the entries written since the last run, not history; the first run (no watermark yet) sums every entry
 * once, as the whole check (`checkLedger`) does, and keeps the sums. The whole check stays on demand and unchanged.
 */

/** How long a run waits to take a watermark before it checks against the last one and moves nothing on. */
export const WATERMARK_LOCK_TIMEOUT_MS = 1000;

/**
 * Entry ids a statement adds to the kept sums at the most. A first run on a site with history (or a run after a long
 * pause) moves the sums on a chunk at a time, each in a transaction of its own, before its checking statement: a
 * year of a busy site's ledger (20,000,000 entries) summed in one statement outlasted the statement timeout (30 s)
 * under load, so the run failed and began again every time, and the check never ran.
 */
export const CATCH_UP_CHUNK_ENTRIES = 2_000_000;

export interface BalanceRun {
  /** 'full': no watermark yet, every entry summed; 'kept': the kept sums plus the entries since. */
  from: 'full' | 'kept';
  /** The watermark the run checked from (null on a full run) and the one kept after it (null when none is). */
  since: number | null;
  through: number | null;
  /** Entries the run summed. */
  entriesRead: number;
}

export type IncrementalLedgerCheck = LedgerCheck & { balances: BalanceRun };

/**
 * The largest entry id with no entry at or below it still uncommitted: read under a SHARE lock on ledger_entries,
 * which waits for every transaction writing entries to end and holds new ones back for the one index read. Entry ids
 * come from a sequence taken inside a transaction that holds ROW EXCLUSIVE on the table, so a movement committed late
 * with an older id would otherwise fall below a watermark read by max(id) alone and never be summed. Null when the
 * lock is not had within WATERMARK_LOCK_TIMEOUT_MS (a long money transaction): the run then moves nothing on.
 */
export async function takeWatermark(db: Db): Promise<number | null> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${WATERMARK_LOCK_TIMEOUT_MS}ms'`));
      await tx.execute(sql`LOCK TABLE ledger_entries IN SHARE MODE`);
      const [row] = rowsOf<{ through: string | null }>(
        await tx.execute(sql`SELECT max(id)::text AS through FROM ledger_entries`),
      );
      return Number(row?.through ?? 0);
    });
  } catch (e) {
    // 55P03 lock_not_available: the lock timed out.
    for (let err = e as { code?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err)
      if (err.code === '55P03') return null;
    throw e;
  }
}

type Row = { code: string; kind: string; balance: string; entries: string; n: string };

/**
 * Checks every account's balance: against all its entries on the first run, against its kept sum plus the entries
 * above the watermark afterwards, in one statement (one snapshot) that also moves the kept sums on to a newly taken
 * watermark. Its statement reads the kept sums before its own update (a statement sees the snapshot it began with).
 */
export async function checkLedgerSince(db: Db, chunkEntries = CATCH_UP_CHUNK_ENTRIES): Promise<IncrementalLedgerCheck> {
  const next = await takeWatermark(db);
  const caughtUp =
    next === null ? { read: 0, began: false, since: null } : await catchUpKeptSums(db, next, chunkEntries);
  const check = await db.transaction(async (tx): Promise<IncrementalLedgerCheck> => {
    // One run moves the sums on at a time: a second waits here and reads the watermark the first kept.
    const [kept] = rowsOf<{ through: string }>(
      await tx.execute(sql`SELECT entries_through::text AS through FROM ledger_check_watermark FOR UPDATE`),
    );
    const since = kept ? Number(kept.through) : null;
    // The new watermark is never below the kept one (ids only grow); a run that took none keeps the old one.
    const through = next !== null && (since === null || next > since) ? next : null;
    let rows: Row[];
    if (since === null) {
      await tx.execute(sql`DELETE FROM ledger_check_balances`);
      rows = rowsOf<Row>(
        await tx.execute(sql`
          WITH s AS MATERIALIZED (
            SELECT e.account_id, sum(e.amount) AS entries, count(*) AS n,
                   sum(e.amount) FILTER (WHERE e.id <= ${through}::bigint) AS kept
              FROM ledger_entries e GROUP BY e.account_id
          ), keep AS (
            INSERT INTO ledger_check_balances (account_id, entries)
            SELECT account_id, kept FROM s WHERE kept IS NOT NULL
          )
          SELECT a.code, a.kind, a.balance, coalesce(s.entries, 0) AS entries, coalesce(s.n, 0) AS n
            FROM ledger_accounts a LEFT JOIN s ON s.account_id = a.id`),
      );
    } else {
      // The entries above the watermark through the primary key: what was written since the last run.
      rows = rowsOf<Row>(
        await tx.execute(sql`
          WITH s AS MATERIALIZED (
            SELECT e.account_id, sum(e.amount) AS entries, count(*) AS n,
                   sum(e.amount) FILTER (WHERE e.id <= ${through}::bigint) AS kept
              FROM ledger_entries e WHERE e.id > ${since}::bigint GROUP BY e.account_id
          ), keep AS (
            INSERT INTO ledger_check_balances (account_id, entries)
            SELECT account_id, kept FROM s WHERE kept IS NOT NULL
            ON CONFLICT (account_id) DO UPDATE SET entries = ledger_check_balances.entries + excluded.entries
          )
          SELECT a.code, a.kind, a.balance, coalesce(c.entries, 0) + coalesce(s.entries, 0) AS entries,
                 coalesce(s.n, 0) AS n
            FROM ledger_accounts a
            LEFT JOIN ledger_check_balances c ON c.account_id = a.id
            LEFT JOIN s ON s.account_id = a.id`),
      );
    }
    if (through !== null)
      await tx.execute(sql`
        INSERT INTO ledger_check_watermark (one, entries_through) VALUES (true, ${through}::bigint)
        ON CONFLICT (one) DO UPDATE SET entries_through = excluded.entries_through, taken_at = now()`);
    return {
      ...ledgerCheckOf(rows),
      balances: {
        from: since === null ? 'full' : 'kept',
        since,
        through: through ?? since,
        entriesRead: rows.reduce((n, r) => n + Number(r.n), 0),
      },
    };
  });
  if (!caughtUp.began && caughtUp.read === 0) return check;
  // Sums begun by this run's catch-up make it a first run all the same (every entry read once); otherwise the run
  // began at the watermark its catch-up found.
  const balances: BalanceRun = caughtUp.began
    ? { ...check.balances, from: 'full' as const, since: null }
    : { ...check.balances, since: caughtUp.since };
  return { ...check, balances: { ...balances, entriesRead: balances.entriesRead + caughtUp.read } };
}

/**
 * Moves the kept sums on towards `through` (a watermark just taken) `chunk` entry ids at a time, each step in a
 * transaction of its own under the watermark row's lock, until at most a chunk is left for the run's own statement;
 * with no watermark yet and more than a chunk of entries, begins the sums at zero first. Each step keeps the rule the
 * watermark stands for: every entry up to it summed once, none above it. Answers the entries summed, whether the
 * sums were begun here, and the watermark found before the first step.
 */
async function catchUpKeptSums(db: Db, through: number, chunk: number) {
  let read = 0;
  let began = false;
  let first: number | null | undefined;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const [kept] = rowsOf<{ through: string }>(
        await tx.execute(sql`SELECT entries_through::text AS through FROM ledger_check_watermark FOR UPDATE`),
      );
      let since = kept ? Number(kept.through) : null;
      if (first === undefined) first = since;
      if (since === null) {
        // A ledger of less than a chunk is summed whole by the run's statement, as it always was.
        if (through <= chunk) return null;
        await tx.execute(sql`DELETE FROM ledger_check_balances`);
        await tx.execute(sql`INSERT INTO ledger_check_watermark (one, entries_through) VALUES (true, 0)`);
        began = true;
        since = 0;
      }
      if (through - since <= chunk) return null;
      const to = since + chunk;
      const [summed] = rowsOf<{ n: string }>(
        await tx.execute(sql`
          WITH s AS MATERIALIZED (
            SELECT e.account_id, sum(e.amount) AS entries, count(*) AS n
              FROM ledger_entries e WHERE e.id > ${since}::bigint AND e.id <= ${to}::bigint GROUP BY e.account_id
          ), keep AS (
            INSERT INTO ledger_check_balances (account_id, entries)
            SELECT account_id, entries FROM s
            ON CONFLICT (account_id) DO UPDATE SET entries = ledger_check_balances.entries + excluded.entries
          )
          SELECT coalesce(sum(n), 0)::text AS n FROM s`),
      );
      await tx.execute(sql`UPDATE ledger_check_watermark SET entries_through = ${to}::bigint, taken_at = now()`);
      return Number(summed?.n ?? 0);
    });
    if (step === null) return { read, began, since: first ?? null };
    read += step;
  }
}
