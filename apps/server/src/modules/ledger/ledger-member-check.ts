import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { centsToNumeric, numericToCents } from '../../lib/money';
import {
  chainHash,
  keyById,
  keyStanding,
  PROBLEM_ORDER,
  type SealKeys,
  sealMac,
  sealState,
  UNCHAINED_GRACE_SECONDS,
} from './ledger-seal';
import { rowsOf } from '../../db/rows';

/**
 * 核对单个会员 (docs/money.md "Sealed ledger", "Verifying one member"): one member's history verified alone, for a dispute.
 * Every movement with a leg on one of the member's accounts, or posted for the member, is read through the indexes
 * by account (ledger_entries_account_idx) and by member (ledger_transactions_member_idx), never by walking the whole
 * ledger: its seal verifies with the configured key of the id it names (ledger_seal_keys makes no movement verified
 * or skipped), the chaining job did not refuse it, it is chained once a minute has passed since it was written, its
 * chain link (the HMAC with its key of the chained movement before it, found by chain number, a unique index, and
 * its MAC) follows, and its legs sum to zero. Each of the member's accounts must hold the sum of its entries.
 * Read-only: it chains nothing, the job does that every few seconds.
 */

/** Why a movement of the member fails: the whole check's seal problems, and legs that no longer sum to zero. */
export type MemberMovementProblem =
  'mac' | 'unsealed' | 'unknown-key' | 'unbalanced' | 'refused' | 'unchained' | 'chain' | 'missing';

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
const same = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/** Movements read per statement: a member with a long history is read in slices, not held at once. */
const SLICE = 2000;

interface MovementRow {
  id: number;
  reference: string;
  created_at: string | Date;
  seal_key: string | null;
  seal_mac: Buffer | Uint8Array | null;
  content: Buffer | Uint8Array | null;
  chain_seq: string | null;
  chain_hash: Buffer | Uint8Array | null;
  /** The stored hash of the chained movement before it; null when there is none (or this one is not chained). */
  prev_hash: Buffer | Uint8Array | null;
  prev_found: boolean;
  refused: boolean;
  /** Sealed, not chained, and written before the grace or carrying a chain hash without a number. */
  left_out: boolean;
  legs: string;
}

export async function checkMemberLedger(db: DbOrTx, keys: SealKeys, memberId: number): Promise<MemberLedgerCheck> {
  const byId = keyById(keys);
  const periods = rowsOf<{ key_id: string }>(
    await db.execute(sql`SELECT key_id FROM ledger_seal_keys ORDER BY started_at DESC, first_movement_id DESC`),
  ).map((p) => p.key_id);
  const [epoch] = rowsOf<{ through: number }>(
    await db.execute(sql`SELECT unsealed_through AS through FROM ledger_seal_epoch`),
  );
  const through = Number(epoch?.through ?? 0);

  // Each balance and the sum of its entries in one statement, so a movement committing meanwhile is on both or neither.
  const accountRows = rowsOf<{
    id: number;
    code: string;
    kind: string;
    venue_code: string;
    balance: string;
    entries: string;
  }>(
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
  // The seal's findings apart from the legs': a server that cannot verify anything here blames no seal (sealState).
  const findings: { row: MovementRow; problem: MemberMovementProblem }[] = [];
  const found = (row: MovementRow, problem: MemberMovementProblem) => findings.push({ row, problem });

  for (let i = 0; i < ids.length; i += SLICE) {
    const rows = rowsOf<MovementRow>(
      await db.execute(sql`
        SELECT t.id, t.reference, t.created_at, t.seal_key, t.seal_mac,
               CASE WHEN t.seal_mac IS NOT NULL
                    THEN ledger_seal_content(t.reference, t.kind, t.member_id, t.memo, t.created_at, ledger_seal_legs(t.id)) END AS content,
               t.chain_seq, t.chain_hash, p.chain_hash AS prev_hash, p.id IS NOT NULL AS prev_found,
               t.seal_refused_at IS NOT NULL AS refused,
               t.chain_seq IS NULL AND t.seal_mac IS NOT NULL
                 AND (t.chain_hash IS NOT NULL OR t.created_at < now() - make_interval(secs => ${UNCHAINED_GRACE_SECONDS})) AS left_out,
               coalesce((SELECT sum(e.amount) FROM ledger_entries e WHERE e.transaction_id = t.id), 0) AS legs
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
        // From before sealing: never sealed, and never in the chain.
        if (row.chain_seq !== null) found(row, 'chain');
        else legacy += 1;
        continue;
      }
      if (!row.seal_mac || !row.seal_key || !row.content) {
        found(row, 'unsealed');
        continue;
      }
      const key = byId.get(row.seal_key);
      if (!key) {
        found(row, 'unknown-key');
        continue;
      }
      const mac = buf(row.seal_mac);
      if (!same(mac, sealMac(key, buf(row.content)))) {
        found(row, 'mac');
        continue;
      }
      verified += 1;
      if (row.refused) found(row, 'refused');
      else if (row.chain_seq === null) {
        if (row.left_out) found(row, 'unchained');
        else unchained += 1;
      } else {
        const seq = Number(row.chain_seq);
        if (seq > 1 && !row.prev_found) found(row, 'missing');
        else {
          const previous = seq === 1 ? null : row.prev_hash ? buf(row.prev_hash) : Buffer.alloc(0);
          const stored = row.chain_hash ? buf(row.chain_hash) : Buffer.alloc(0);
          if (seq < 1 || !same(stored, chainHash(key, previous, mac))) found(row, 'chain');
        }
      }
    }
  }

  const current = keys.current;
  const state = current
    ? sealState(keyStanding(periods, current), verified, findings.filter((f) => f.problem !== 'unbalanced').length)
    : 'off';
  // With sealing off or a wrong key nothing is verified, so no seal is blamed; legs and balances still are.
  const blamed =
    state === 'off' || state === 'wrong-key' ? findings.filter((f) => f.problem === 'unbalanced') : findings;
  let first: MemberLedgerCheck['first'] = null;
  for (const { row, problem } of blamed) {
    if (
      !first ||
      row.id < first.movementId ||
      (row.id === first.movementId && PROBLEM_ORDER.indexOf(problem) < PROBLEM_ORDER.indexOf(first.problem))
    ) {
      first = { movementId: row.id, reference: row.reference, problem, at: new Date(row.created_at) };
    }
  }
  const mismatched = accounts.filter((a) => a.balance !== a.entries || (a.kind !== 'house' && a.balance < 0)).length;
  const problems = blamed.length + mismatched;
  return {
    state: state === 'sealed' && problems ? 'broken' : state,
    movements: ids.length,
    verified,
    legacy,
    unchained,
    problems,
    first,
    accounts,
  };
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
