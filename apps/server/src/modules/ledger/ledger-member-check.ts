import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { centsToNumeric, numericToCents } from '../../lib/money';
import { type SealKeys, sealMac } from './ledger-seal';
import { rowsOf } from '../../db/rows';

/**
 * 核对单个会员 (README "Sealed ledger", "Verifying one member"): one member's history verified alone, for a dispute.
 * Every movement with a leg on one of the member's accounts, or posted for the member, is read through the indexes
 * by account (ledger_entries_account_idx) and by member (ledger_transactions_member_idx), never by walking the whole
 * ledger: its seal verifies with its key period's key, its chain link follows from the chained movement before it
 * (found by chain number, a unique index), and its legs sum to zero. Each of the member's accounts must hold the sum
 * of its entries. Read-only.
 */

/** Why a movement of the member fails: the whole check's seal problems, and legs that no longer sum to zero. */
export type MemberMovementProblem = 'mac' | 'unsealed' | 'unknown-key' | 'unbalanced' | 'chain' | 'missing';

export interface MemberLedgerAccount {
  code: string;
  kind: string;
  venueCode: string;
  /** Cents. */
  balance: number;
  entries: number;
}

export interface MemberLedgerCheck {
  state: 'sealed' | 'broken' | 'off' | 'wrong-key';
  movements: number;
  verified: number;
  legacy: number;
  unchained: number;
  problems: number;
  first: { movementId: number; reference: string; problem: MemberMovementProblem; at: Date } | null;
  accounts: MemberLedgerAccount[];
}

const buf = (v: Buffer | Uint8Array) => (Buffer.isBuffer(v) ? v : Buffer.from(v));
const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** Movements read per statement: a member with a long history is read in slices, not held at once. */
const SLICE = 2000;
/** The chain's first movement links from 32 zero bytes (ledger-seal.ts). */
const GENESIS = sql.raw(`'\\x${'0'.repeat(64)}'::bytea`);

interface MovementRow {
  id: number;
  reference: string;
  created_at: string | Date;
  seal_key: string | null;
  seal_mac: Buffer | Uint8Array | null;
  content: Buffer | Uint8Array | null;
  chained: boolean;
  refused: boolean;
  legs: string;
  /** null: not chained; otherwise whether the link from the chained movement before it holds, or that one is gone. */
  link: 'ok' | 'chain' | 'missing' | null;
}

export async function checkMemberLedger(db: DbOrTx, keys: SealKeys, memberId: number): Promise<MemberLedgerCheck> {
  const byId = new Map([...(keys.current ? [keys.current] : []), ...keys.retired].map((k) => [k.id, k]));
  const periods = rowsOf<{ key_id: string }>(await db.execute(sql`SELECT key_id FROM ledger_seal_keys ORDER BY started_at DESC, first_movement_id DESC`));
  // As the whole check: before the first period is recorded, the server's key is the presumptive first.
  const periodIds = new Set(periods.length ? periods.map((p) => p.key_id) : keys.current ? [keys.current.id] : []);
  const periodKeyId = periods[0]?.key_id ?? null;
  const [epoch] = rowsOf<{ through: number }>(await db.execute(sql`SELECT unsealed_through AS through FROM ledger_seal_epoch`));
  const through = Number(epoch?.through ?? 0);

  // Each balance and the sum of its entries in one statement, so a movement committing meanwhile is on both or neither.
  const accountRows = rowsOf<{ id: number; code: string; kind: string; venue_code: string; balance: string; entries: string }>(
    await db.execute(sql`
      SELECT a.id, a.code, a.kind, a.venue_code, a.balance,
             coalesce((SELECT sum(e.amount) FROM ledger_entries e WHERE e.account_id = a.id), 0) AS entries
        FROM ledger_accounts a
       WHERE a.member_id = ${memberId}
       ORDER BY (a.kind <> 'wallet'), a.venue_code, a.code`),
  );
  const accounts = accountRows.map((a) => ({
    code: a.code,
    kind: a.kind,
    venueCode: a.venue_code,
    balance: numericToCents(a.balance),
    entries: numericToCents(a.entries),
  }));

  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT e.transaction_id AS id FROM ledger_entries e WHERE e.account_id = ANY (${intArray(accountRows.map((a) => a.id))}::integer[])
      UNION
      SELECT t.id FROM ledger_transactions t WHERE t.member_id = ${memberId}
      ORDER BY id`),
  ).map((r) => Number(r.id));

  let verified = 0;
  let legacy = 0;
  let unchained = 0;
  let problems = 0;
  let first: MemberLedgerCheck['first'] = null;
  const found = (row: MovementRow, problem: MemberMovementProblem) => {
    problems += 1;
    if (!first || row.id < first.movementId) first = { movementId: row.id, reference: row.reference, problem, at: new Date(row.created_at) };
  };

  for (let i = 0; i < ids.length; i += SLICE) {
    const rows = rowsOf<MovementRow>(
      await db.execute(sql`
        SELECT t.id, t.reference, t.created_at, t.seal_key, t.seal_mac,
               CASE WHEN t.seal_mac IS NOT NULL
                    THEN ledger_seal_content(t.reference, t.kind, t.member_id, t.memo, t.created_at, ledger_seal_legs(t.id)) END AS content,
               t.chain_seq IS NOT NULL AS chained,
               t.seal_refused_at IS NOT NULL AS refused,
               coalesce((SELECT sum(e.amount) FROM ledger_entries e WHERE e.transaction_id = t.id), 0) AS legs,
               CASE WHEN t.chain_seq IS NULL THEN NULL
                    WHEN t.chain_seq > 1 AND p.id IS NULL THEN 'missing'
                    WHEN t.chain_hash IS DISTINCT FROM sha256(coalesce(p.chain_hash, ${GENESIS}) || t.seal_mac) THEN 'chain'
                    ELSE 'ok' END AS link
          FROM ledger_transactions t
          LEFT JOIN ledger_transactions p ON p.chain_seq = t.chain_seq - 1
         WHERE t.id = ANY (${intArray(ids.slice(i, i + SLICE))}::integer[])
         ORDER BY t.id`),
    );
    for (const row of rows) {
      if (numericToCents(String(row.legs)) !== 0) {
        found(row, 'unbalanced');
        continue;
      }
      if (row.id <= through) {
        legacy += 1;
        continue;
      }
      if (!row.seal_mac || !row.seal_key || !row.content) {
        found(row, 'unsealed');
        continue;
      }
      const key = byId.get(row.seal_key);
      if (!periodIds.has(row.seal_key)) {
        found(row, 'unknown-key');
        continue;
      }
      if (key) {
        const stored = buf(row.seal_mac);
        const expected = sealMac(key, buf(row.content));
        if (stored.length !== expected.length || !timingSafeEqual(stored, expected)) {
          found(row, 'mac');
          continue;
        }
        verified += 1;
      }
      // else: a period whose key this server was not given (a retired key not kept): not verifiable here.
      if (row.link === 'chain' || row.link === 'missing') found(row, row.link);
      else if (!row.chained && !row.refused) unchained += 1;
    }
  }
  problems += accounts.filter((a) => a.balance !== a.entries || (a.kind !== 'house' && a.balance < 0)).length;

  const state: MemberLedgerCheck['state'] = !keys.current
    ? 'off'
    : periodKeyId !== null && periodKeyId !== keys.current.id
      ? 'wrong-key'
      : problems
        ? 'broken'
        : 'sealed';
  return { state, movements: ids.length, verified, legacy, unchained, problems, first, accounts };
}

/** An account of the check as the wire shows it. */
export const accountOnWire = (a: MemberLedgerAccount) => ({
  code: a.code,
  kind: a.kind,
  venue_code: a.venueCode,
  balance: centsToNumeric(a.balance),
  entries: centsToNumeric(a.entries),
  matches: a.balance === a.entries && a.balance >= 0,
});
