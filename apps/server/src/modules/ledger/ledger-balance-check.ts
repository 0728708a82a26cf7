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
export async function checkLedgerSince(db: Db): Promise<IncrementalLedgerCheck> {
  const next = await takeWatermark(db);
  return db.transaction(async (tx) => {
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
}
