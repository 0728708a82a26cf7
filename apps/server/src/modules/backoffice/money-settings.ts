import { BizCode, firstIssueMessage, MSG } from '@h5/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, badInput } from '../../http/errors';
import {
  type ChangeRow,
  type Fields,
  fingerprint,
  type IntegrationChangeView,
  pendingTargets,
  propose,
  type Proposer,
} from './pending-changes';

export type { Fields };

/**
 * Settings that move money (docs/operators.md "Who may move money"): rebate and VIP rates, the deposit bonus, red-packet rules,
 * commission plans and pay-way ranges are proposed by one operator and applied when a second admin approves them in
 * 待审批变更. A change is a row of the pending-change queue of kind 'setting', action 'set', its target
 * '<what>:<which>' (e.g. 'vip-level:3', 'vip-level:new', 'pay-way:usdt', 'deposit-bonus'), its fields as the
 * contract's input writes them. The proposed values are parsed with the contract's schema when proposed and again
 * when applied, so the caps (docs/operators.md "Caps on money settings") hold on both sides of the approval.
 */

/** The target a creation of `prefix` waits under: one new item of a kind at a time. */
export const NEW = 'new';

/** Records a setting change for a second admin (one waits per target: 409 otherwise). */
export function proposeSetting(
  tx: Tx,
  operator: Proposer,
  p: { target: string; before: Fields | null; after: Fields; print: string },
  requestId: string,
): Promise<IntegrationChangeView> {
  return propose(
    tx,
    operator,
    { kind: 'setting', action: 'set', secret: '', ...p },
    requestId,
    MSG.settingChangeExists,
  );
}

/** The part of a target after its prefix ('vip-level:3' -> '3'), or null when the target is of another kind. */
export function targetOf(target: string, prefix: string): string | null {
  return target.startsWith(`${prefix}:`) ? target.slice(prefix.length + 1) : target === prefix ? '' : null;
}

/** Parses proposed values with the contract's schema: its first Chinese message is the 400's. */
export function parseCapped<S extends z.ZodType>(schema: S, values: unknown): z.output<S> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw badInput(firstIssueMessage(parsed.error));
  return parsed.data;
}

/** Items of a list, each with whether a change of it waits (target '<prefix>:<key>'). */
export async function withPendingSettings<T>(
  db: DbOrTx,
  prefix: string,
  items: T[],
  key: (item: T) => string | number,
): Promise<Array<T & { pending_change: boolean }>> {
  const pending = await pendingTargets(
    db,
    'setting',
    items.map((i) => `${prefix}:${key(i)}`),
  );
  return items.map((i) => ({ ...i, pending_change: pending.has(`${prefix}:${key(i)}`) }));
}

const pick = (fields: Fields, names: readonly string[]): Fields =>
  Object.fromEntries(names.filter((n) => fields[n] !== undefined).map((n) => [n, fields[n]!]));
const same = (a: Fields, b: Fields) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * A table of items whose money fields wait for a second admin (VIP levels, red-packet rules, commission plans): a
 * creation is proposed whole; an update writes the `immediate` columns (names, switches) at once and proposes the
 * money fields when they change.
 */
export interface MoneyRows<S extends z.ZodType, R extends { id: number }> {
  /** The targets' prefix: 'vip-level' ('vip-level:<id>', a creation 'vip-level:new'). */
  prefix: string;
  table: PgTable & { id: PgColumn };
  /** The contract's input, caps included. */
  schema: S;
  /** A Chinese message when the input is consistent field by field but not as a whole. */
  check?: (input: z.output<S>) => string | null;
  /** An input as the queue shows it and the schema reads it back (fields left out of the input left out). */
  fields: (input: z.output<S>) => Fields;
  /** A stored row the same way. */
  rowFields: (row: R) => Fields;
  /** What `fields` wrote, as the schema reads it (a list written on one line read back as a list). */
  read?: (fields: Fields) => Record<string, unknown>;
  /** The fields that move money: an update proposes them; the others it writes at once. */
  money: readonly string[];
  columns: (input: z.output<S>) => Record<string, unknown>;
  /** The columns an update writes at once. */
  immediate: readonly string[];
  /** A unique column an item must not share with another (a VIP level's number), and its value of an input. */
  unique?: { column: PgColumn; of: (input: z.output<S>) => unknown };
}

/** Whether another row holds the input's value of the kind's unique column. */
async function clashes<S extends z.ZodType, R extends { id: number }>(
  tx: Tx,
  kind: MoneyRows<S, R>,
  input: z.output<S>,
  id: number | null,
) {
  if (!kind.unique) return false;
  const taken = eq(kind.unique.column, kind.unique.of(input));
  const rows = await tx
    .select({ id: kind.table.id })
    .from(kind.table as PgTable)
    .where(id === null ? taken : and(taken, ne(kind.table.id, id)))
    .limit(1);
  return rows.length > 0;
}

function checked<S extends z.ZodType, R extends { id: number }>(kind: MoneyRows<S, R>, values: unknown): z.output<S> {
  const input = parseCapped(kind.schema, values);
  const message = kind.check?.(input);
  if (message) throw badInput(message);
  return input;
}

/** A new item: nothing is written; the whole item waits for a second admin (a clash of its unique value: 409). */
export async function proposeRowCreation<S extends z.ZodType, R extends { id: number }>(
  tx: Tx,
  operator: Proposer,
  kind: MoneyRows<S, R>,
  input: z.output<S>,
  requestId: string,
): Promise<IntegrationChangeView> {
  const after = kind.fields(input);
  checked(kind, kind.read ? kind.read(after) : after);
  if (await clashes(tx, kind, input, null)) throw new AppError(BizCode.CONFLICT, MSG.duplicateRecord);
  return proposeSetting(
    tx,
    operator,
    { target: `${kind.prefix}:${NEW}`, before: null, after, print: fingerprint(null) },
    requestId,
  );
}

/**
 * An update of the locked row `before`: answers the columns to write at once, and the pending change of its money
 * fields when they differ from the row's (null when they do not).
 */
export async function proposeRowUpdate<S extends z.ZodType, R extends { id: number }>(
  tx: Tx,
  operator: Proposer,
  kind: MoneyRows<S, R>,
  before: R,
  input: z.output<S>,
  requestId: string,
): Promise<{ immediate: Record<string, unknown>; change: IntegrationChangeView | null }> {
  const columns = kind.columns(input);
  const immediate = Object.fromEntries(
    kind.immediate.filter((c) => columns[c] !== undefined).map((c) => [c, columns[c]]),
  );
  const current = pick(kind.rowFields(before), kind.money);
  const next = { ...current, ...pick(kind.fields(input), kind.money) };
  if (same(current, next)) return { immediate, change: null };
  const whole = { ...kind.rowFields(before), ...next };
  checked(kind, kind.read ? kind.read(whole) : whole);
  if (await clashes(tx, kind, input, before.id)) throw new AppError(BizCode.CONFLICT, MSG.duplicateRecord);
  const change = await proposeSetting(
    tx,
    operator,
    { target: `${kind.prefix}:${before.id}`, before: current, after: next, print: fingerprint(current) },
    requestId,
  );
  return { immediate, change };
}

/**
 * Applies an approved change of a row kind: false (stale) when the row is gone, its money fields moved since the
 * proposal, or its unique value is taken; the values are parsed with the contract's schema again (a value above a cap:
 * 400, and the change stays pending).
 */
export async function applyRowChange<S extends z.ZodType, R extends { id: number }>(
  tx: Tx,
  kind: MoneyRows<S, R>,
  row: ChangeRow,
): Promise<boolean> {
  const which = targetOf(row.target, kind.prefix);
  const after = JSON.parse(row.after) as Fields;
  if (which === NEW) {
    const input = checked(kind, kind.read ? kind.read(after) : after);
    if (await clashes(tx, kind, input, null)) return false;
    await tx.insert(kind.table).values(kind.columns(input) as never);
    return true;
  }
  const id = Number(which);
  const [found] = (await tx
    .select()
    .from(kind.table as PgTable)
    .where(eq(kind.table.id, id))
    .for('update')) as unknown as R[];
  if (!found) return false;
  const current = pick(kind.rowFields(found), kind.money);
  if (fingerprint(current) !== row.fingerprint) return false;
  const whole = { ...kind.rowFields(found), ...pick(after, kind.money) };
  const input = checked(kind, kind.read ? kind.read(whole) : whole);
  if (await clashes(tx, kind, input, id)) return false;
  const columns = kind.columns(input);
  const money = Object.fromEntries(Object.entries(columns).filter(([c]) => !kind.immediate.includes(c)));
  await tx
    .update(kind.table)
    .set(money as never)
    .where(eq(kind.table.id, id));
  return true;
}
