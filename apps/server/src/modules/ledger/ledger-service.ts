import { BizCode, MSG } from '@h5/contract';
import { and, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isRetryableConflict } from '../../db/conflicts';
import { AppError } from '../../http/errors';
import { centsToNumeric, numericToCents } from '../../lib/money';
import { ledgerAccounts } from '../../db/tables/ledger';
import { rowsOf } from '../../db/rows';

/**
 * House accounts are split into this many shards, chosen by member id: a movement of one member touches only its
 * shard, so members' movements do not queue behind one hot row. A house figure is the sum of its shards.
 */
export const HOUSE_SHARDS = 16;
const shard = (memberId: number) => `s${String(memberId % HOUSE_SHARDS).padStart(2, '0')}`;

/** Account names. House accounts may go negative (money that came from or went to the outside world). */
export const accountCode = {
  wallet: (memberId: number) => `member:${memberId}:wallet`,
  venue: (memberId: number, venue: string) => `member:${memberId}:venue:${venue}`,
  /** The shard of a house account that a member's movement uses, e.g. house:deposits:s07. */
  house: (name: HouseAccount, memberId: number) => `house:${name}:${shard(memberId)}`,
  venueFloat: (venue: string, memberId: number) => `house:venue:${venue}:${shard(memberId)}`,
};

export type HouseAccount =
  | 'deposits'
  | 'withdrawals_in_flight'
  | 'withdrawals_paid'
  | 'adjustments'
  | 'promotions'
  | 'rebates'
  | 'redpackets'
  /** Partner commissions paid (the partner programme's monthly statements). */
  | 'commissions'
  /** Money on its way into a remote venue, until the venue confirms or the transfer is refunded. */
  | 'transfers_pending';

export interface Leg {
  account: string;
  /** Signed integer cents: positive credits, negative debits. */
  cents: number;
}

export interface Movement {
  /** Unique per movement: the same reference posted twice moves money once. */
  reference: string;
  kind: string;
  memberId?: number | null;
  memo?: string;
  legs: Leg[];
}

export interface PostResult {
  transactionId: number;
  /** True when the reference had been posted before and nothing moved this time. */
  replayed: boolean;
  /** Each account's balance in cents right after this movement (empty when replayed). */
  balances: Map<string, number>;
}

/** Thrown when a leg would take a member account below zero; the whole movement is rolled back. */
export class InsufficientFunds extends AppError {
  constructor(readonly account: string) {
    super(BizCode.INSUFFICIENT_BALANCE, MSG.insufficientBalance);
  }
}

/** The SQLSTATE ledger_post raises when a member account would go below zero (migration 0013). */
const INSUFFICIENT_FUNDS_STATE = 'LD001';

/** Makes sure an account exists (a member's venue wallet is created on first use). */
export async function ensureAccount(
  db: DbOrTx,
  code: string,
  kind: 'wallet' | 'venue' | 'house',
  memberId: number | null = null,
  venueCode = '',
): Promise<void> {
  await db.insert(ledgerAccounts).values({ code, kind, memberId, venueCode }).onConflictDoNothing();
}

function kindOf(code: string): 'wallet' | 'venue' | 'house' {
  if (code.startsWith('house:')) return 'house';
  return code.includes(':venue:') ? 'venue' : 'wallet';
}

function parseMemberAccount(code: string): { memberId: number | null; venue: string } {
  const m = /^member:(\d+):(?:wallet|venue:(.+))$/.exec(code);
  if (m) return { memberId: Number(m[1]), venue: m[2] ?? '' };
  // house:venue:AG:s03 (a shard) or house:venue:AG (before house accounts had shards).
  return { memberId: null, venue: code.startsWith('house:venue:') ? code.slice(12).replace(/:s\d+$/, '') : '' };
}

/** A PostgreSQL array literal of these values (each quoted, NULL for null). */
export const pgArray = (values: readonly (string | number | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/(["\\])/g, '\\$1')}"`)).join(',')}}`;

type PostRow = {
  out_id: number;
  out_replayed: boolean;
  out_code: string | null;
  out_balance: string | null;
};

/** Whether an error is ledger_post's below-zero refusal (raised inside a database function). */
export function asInsufficientFunds(e: unknown): boolean {
  return insufficientAccount(e) !== null;
}

function insufficientAccount(e: unknown): string | null {
  for (
    let err = e as { code?: string; detail?: string; cause?: unknown } | undefined;
    err;
    err = err.cause as typeof err
  ) {
    if (err.code === INSUFFICIENT_FUNDS_STATE) return err.detail ?? '';
  }
  return null;
}

/**
 * The one lock order of every money movement, so concurrent movements wait for each other instead of deadlocking:
 *   1. the member's central wallet row (`lockWallet`), taken first by every path that moves a member's money;
 *   2. the movement's member accounts, by member id (then code);
 *   3. its house accounts (shards), by code.
 * ledger_post locks each account as it posts its leg, in the order the legs come, and refuses legs in any other order
 * (migration 0028); accounts of one group compare by code point, as PostgreSQL's "C" collation does.
 */
function lockOrder(a: Leg, b: Leg): number {
  const oa = parseMemberAccount(a.account);
  const ob = parseMemberAccount(b.account);
  const rank = (o: { memberId: number | null }) => (o.memberId === null ? 1 : 0);
  if (rank(oa) !== rank(ob)) return rank(oa) - rank(ob);
  if (oa.memberId !== null && ob.memberId !== null && oa.memberId !== ob.memberId) return oa.memberId - ob.memberId;
  return a.account < b.account ? -1 : a.account > b.account ? 1 : 0;
}

/**
 * A movement's legs as ledger_post's five array arguments (codes, amounts, kinds, owners, venues), checked (integer
 * cents summing to zero) and sorted in the one lock order above: for ledger_post and the functions that call it.
 */
export function movementArrays(movement: Pick<Movement, 'reference' | 'legs'>): SQL {
  const c = movementColumns(movement);
  return sql`${pgArray(c.codes)}::varchar[],
        ${pgArray(c.amounts)}::numeric[],
        ${pgArray(c.kinds)}::varchar[],
        ${pgArray(c.memberIds)}::integer[],
        ${pgArray(c.venues)}::varchar[]`;
}

/** ledger_post's five array arguments as plain values, checked and in the lock order (see movementArrays). */
export function movementColumns(movement: Pick<Movement, 'reference' | 'legs'>) {
  const legs = movement.legs.filter((l) => l.cents !== 0);
  if (legs.some((l) => !Number.isSafeInteger(l.cents))) throw new Error('ledger legs must be integer cents');
  if (legs.reduce((sum, l) => sum + l.cents, 0) !== 0) throw new Error(`unbalanced movement ${movement.reference}`);
  const ordered = [...legs].sort(lockOrder);
  const owners = ordered.map((l) => parseMemberAccount(l.account));
  return {
    codes: ordered.map((l) => l.account),
    amounts: ordered.map((l) => centsToNumeric(l.cents)),
    kinds: ordered.map((l) => kindOf(l.account)),
    memberIds: owners.map((o) => o.memberId),
    venues: owners.map((o) => o.venue),
  };
}

/** Runs a statement that may call ledger_post, turning its below-zero refusal into InsufficientFunds. */
export async function withFundsCheck<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const account = insufficientAccount(e);
    if (account !== null) throw new InsufficientFunds(account);
    throw e;
  }
}

/**
 * Posts one movement inside the caller's transaction: entries summing to zero, balances changed by guarded updates
 * (a member account never goes below zero), all or nothing. The database function ledger_post does the work in one
 * round trip, locking the accounts in the one lock order above (the caller holds the member's wallet lock first).
 */
export async function post(tx: Tx, movement: Movement): Promise<PostResult> {
  const arrays = movementArrays(movement);
  const result = await withFundsCheck(() =>
    tx.execute<PostRow>(sql`
      SELECT * FROM ledger_post(
        ${movement.reference}, ${movement.kind}, ${movement.memberId ?? null}::integer, ${movement.memo ?? ''},
        ${arrays})`),
  );
  const rows = (result as unknown as { rows: PostRow[] }).rows;
  const first = rows[0];
  if (!first) throw new Error(`ledger_post answered nothing for ${movement.reference}`);
  const balances = new Map<string, number>();
  for (const row of rows) if (row.out_code !== null) balances.set(row.out_code, numericToCents(row.out_balance ?? '0'));
  return { transactionId: Number(first.out_id ?? 0), replayed: first.out_replayed, balances };
}

/**
 * Runs a money transaction, once more when the database rolled it back for a deadlock or a serialization failure
 * (the lock order below makes these rare, not impossible: a row lock taken by a trigger or an index page split).
 */
export async function moneyTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (e) {
    if (!isRetryableConflict(e)) throw e;
    return db.transaction(work);
  }
}

/**
 * Runs one money statement (a database function that is its own transaction), once more after a deadlock or a
 * serialization failure, as moneyTransaction does for a transaction.
 */
export async function moneyStatement<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!isRetryableConflict(e)) throw e;
    return run();
  }
}

/** A movement that happened at a given time (the demo's history): written and sealed with that time. */
export interface DatedMovement extends Movement {
  at: Date;
}

/**
 * Posts many dated movements inside the caller's transaction, in the given order, each through ledger_post with its
 * own time (migration 0026) and sealed as any movement is: a few statements instead of one round trip per movement.
 * A movement that would take a member account below zero refuses the whole batch (InsufficientFunds). For a writer
 * that holds the database alone (the demo history seed, before the server serves); answers how many were posted.
 */
export async function postDated(tx: Tx, movements: readonly DatedMovement[], batch = 2000): Promise<number> {
  let posted = 0;
  for (let i = 0; i < movements.length; i += batch) {
    const rows = movements.slice(i, i + batch).map((m, n) => {
      const c = movementColumns(m);
      return {
        n,
        ref: m.reference,
        kind: m.kind,
        member: m.memberId ?? null,
        memo: m.memo ?? '',
        at: m.at.toISOString(),
        ...c,
      };
    });
    // One call per row, in the rows' order (the ordered subquery drives the nested loop), so a movement sees the
    // balances the ones before it left.
    const result = await withFundsCheck(() =>
      tx.execute<{ n: number }>(sql`
        SELECT count(DISTINCT p.out_id)::int AS n
          FROM (SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
                  AS r(n int, ref varchar, kind varchar, member int, memo text, at timestamptz, codes varchar[],
                       amounts numeric[], kinds varchar[], "memberIds" integer[], venues varchar[])
                 ORDER BY n OFFSET 0) m
          CROSS JOIN LATERAL ledger_post(m.ref, m.kind, m.member, m.memo, m.codes, m.amounts, m.kinds, m."memberIds", m.venues, m.at) p`),
    );
    posted += Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  }
  return posted;
}

/** Posts a movement in its own database transaction. */
export function postNow(db: Db, movement: Movement): Promise<PostResult> {
  return db.transaction((tx) => post(tx, movement));
}

/** Balances of several accounts in cents (missing accounts read as 0). */
export async function balancesOf(db: DbOrTx, codes: string[]): Promise<Map<string, number>> {
  const result = new Map(codes.map((c) => [c, 0]));
  if (!codes.length) return result;
  const rows = await db
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, codes));
  for (const row of rows) result.set(row.code, numericToCents(row.balance));
  return result;
}

export async function balanceOf(db: DbOrTx, code: string): Promise<number> {
  return (await balancesOf(db, [code])).get(code) ?? 0;
}

/** Opens a new member's central wallet, in the transaction that creates the member. */
export async function openWallet(tx: DbOrTx, memberId: number): Promise<void> {
  await tx.insert(ledgerAccounts).values({ code: accountCode.wallet(memberId), kind: 'wallet', memberId });
}

/** A member's central wallet balance as stored (numeric text), or undefined before the wallet exists. */
export async function walletBalanceNumeric(db: DbOrTx, memberId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, accountCode.wallet(memberId)))
    .limit(1);
  return row?.balance;
}

/**
 * The join to members' central wallet rows, for a read that shows members with their balance in one statement:
 * `.innerJoin(wallet.table, wallet.on)` with `wallet.balance` among the columns.
 */
export const walletJoin = (memberId: AnyPgColumn) => ({
  table: ledgerAccounts,
  on: and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.kind, 'wallet')),
  balance: ledgerAccounts.balance,
});

/** Whether money sits on a venue's accounts (its code in any case): a member's venue wallet or the venue's float. */
export async function venueAccountsHoldMoney(tx: DbOrTx, code: string): Promise<boolean> {
  const [floats] = await tx
    .select({ n: count() })
    .from(ledgerAccounts)
    .where(
      and(
        sql`lower(${ledgerAccounts.venueCode}) = lower(${code})`,
        ne(ledgerAccounts.balance, '0'),
        sql`${ledgerAccounts.kind} in ('venue', 'house')`,
      ),
    );
  return (floats?.n ?? 0) > 0;
}

/** Locks a member's central wallet row for the rest of the transaction: one money operation per member at a time. */
export async function lockWallet(tx: Tx, memberId: number): Promise<number> {
  const rows = await tx.execute<{ balance: string }>(
    sql`SELECT balance FROM ledger_accounts WHERE code = ${accountCode.wallet(memberId)} FOR UPDATE`,
  );
  const row = (rows as unknown as { rows: { balance: string }[] }).rows[0];
  return numericToCents(row?.balance ?? '0');
}

export interface LedgerCheck {
  balanced: boolean;
  total: string;
  accounts: number;
  mismatched: { code: string; balance: string; entries: string }[];
}

/**
 * Verifies the ledger invariants (docs/architecture.md "Money"): the sum over all accounts is zero, each account's balance equals
 * the sum of its entries, and no member account is below zero. Read-only.
 */
export async function checkLedger(db: Db): Promise<LedgerCheck> {
  return db.transaction(async (tx) => {
    // Every entry summed in one pass grouped by account (a scan of the table), not a lookup of each account's
    // entries through the index: the house shards hold most of the entries, and the lookups would visit them at random.
    const rows = rowsOf<{ code: string; kind: string; balance: string; entries: string }>(
      await tx.execute(sql`
      SELECT a.code, a.kind, a.balance, coalesce(s.entries, 0) AS entries
        FROM ledger_accounts a
        LEFT JOIN (SELECT e.account_id, sum(e.amount) AS entries FROM ledger_entries e GROUP BY e.account_id) s
          ON s.account_id = a.id`),
    );
    return ledgerCheckOf(rows);
  });
}

/**
 * The ledger invariants over every account's balance and the sum of its entries (numeric text): the balances sum to
 * zero, each equals its entries, no member account is below zero. Shared by the whole check and the scheduled one.
 */
export function ledgerCheckOf(rows: { code: string; kind: string; balance: string; entries: string }[]): LedgerCheck {
  let total = 0;
  const mismatched: LedgerCheck['mismatched'] = [];
  for (const row of rows) {
    const balance = numericToCents(row.balance);
    const entries = numericToCents(row.entries);
    total += balance;
    if (balance !== entries || (row.kind !== 'house' && balance < 0)) {
      mismatched.push({ code: row.code, balance: centsToNumeric(balance), entries: centsToNumeric(entries) });
    }
  }
  return {
    balanced: total === 0 && mismatched.length === 0,
    total: centsToNumeric(total),
    accounts: rows.length,
    mismatched,
  };
}
