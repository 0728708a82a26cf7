import { type AdminDataOf, type adminEndpoints, BizCode, INTEGRATION_CHANGE_STATES as STATE, MSG } from '@h5/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { DbOrTx, Tx } from '../../db/client';
import { queryPage } from '../../db/query-page';
import type { AuthedOperator } from '../../http/admin-route';
import { AppError, badInput } from '../../http/errors';
import type { PageWindow } from '../../lib/paging';
import { formatBeijing } from '../../lib/time';
import { type Applied, type ChangeAction, type ChangeKind, integrationChanges } from '../../db/tables/backoffice';
import { audit } from './audit';

/**
 * The pending-change queue's record (docs/operators.md "Two admins for integrations"): one admin proposes, another approves in
 * 待审批变更 (modules/integrations applies it). Kept on this floor so every area whose settings wait there (VIP
 * levels, red packets, commission plans, pay ways, the deposit bonus) can propose without reaching above itself.
 */

export type IntegrationChangeView = AdminDataOf<typeof adminEndpoints.integrationChangeApprove>;
export type ChangeRow = typeof integrationChanges.$inferSelect;
export type { Applied };
/** A change's fields as the queue shows them, field by field: every value a string. */
export type Fields = Record<string, string>;

/** A secret as every answer and audit row shows it: the queue keeps the secret only to apply it. */
export const MASKED = '********';
export const maskSecret = (secret: string) => (secret ? MASKED : '');

/** A changed address never keeps the old secret: whoever controls the new host must not be handed it. */
export function requireSecretForNewAddress(addressChanged: boolean, secret: string) {
  if (addressChanged && !secret) throw badInput(MSG.integrationSecretForNewAddress);
}

/** A digest of what a change is made over: an approval applies only over what the maker saw. */
export const fingerprint = (parts: unknown) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

export function changeView(row: ChangeRow): IntegrationChangeView {
  return {
    id: row.id,
    target_kind: row.targetKind,
    target: row.target,
    action: row.action,
    before: JSON.parse(row.before) as Fields | null,
    after: JSON.parse(row.after) as Fields,
    state: row.state,
    maker_id: row.makerId,
    made_by: row.madeBy,
    checked_by: row.checkedBy,
    note: row.note,
    decided_at: row.decidedAt ? formatBeijing(row.decidedAt) : null,
    created_at: formatBeijing(row.createdAt),
  };
}

/** Who proposes: the operator's id and name are recorded as the maker. */
export type Proposer = Pick<AuthedOperator, 'id' | 'username'>;

export interface Proposal {
  kind: ChangeKind;
  target: string;
  action: ChangeAction;
  before: Fields | null;
  after: Fields;
  secret: string;
  print: string;
}

/**
 * Records a pending change for another admin, audited. One waits per target at a time: another answers 409 with
 * `exists` (the integrations' wording unless the caller's kind has its own).
 */
export async function propose(
  tx: Tx,
  operator: Proposer,
  p: Proposal,
  requestId: string,
  exists: string = MSG.integrationChangeExists,
): Promise<IntegrationChangeView> {
  // The partial unique index keeps one pending change per target, also against a concurrent proposal.
  const [row] = await tx
    .insert(integrationChanges)
    .values({
      targetKind: p.kind,
      target: p.target,
      action: p.action,
      before: JSON.stringify(p.before),
      after: JSON.stringify(p.after),
      secret: p.secret,
      fingerprint: p.print,
      makerId: operator.id,
      madeBy: operator.username,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(BizCode.CONFLICT, exists);
  await audit(tx, {
    operatorId: operator.id,
    action: 'integration.propose',
    target: `${p.kind}:${p.target}`,
    before: p.before,
    after: { change: row.id, ...p.after },
    requestId,
  });
  return changeView(row);
}

/** The targets of this kind, among these, that have a change waiting. */
export async function pendingTargets(db: DbOrTx, kind: ChangeKind, targets: readonly string[]): Promise<Set<string>> {
  if (targets.length === 0) return new Set();
  const rows = await db
    .select({ target: integrationChanges.target })
    .from(integrationChanges)
    .where(
      and(
        eq(integrationChanges.targetKind, kind),
        eq(integrationChanges.state, STATE.pending),
        inArray(integrationChanges.target, [...targets]),
      ),
    );
  return new Set(rows.map((r) => r.target));
}

/** Items of a list (venues, gateways), each with whether a change of its code waits. */
export async function withPending<T extends { code: string }>(
  db: DbOrTx,
  kind: 'venue' | 'gateway',
  items: T[],
): Promise<Array<T & { pending_change: boolean }>> {
  const pending = await pendingTargets(
    db,
    kind,
    items.map((i) => i.code),
  );
  return items.map((i) => ({ ...i, pending_change: pending.has(i.code) }));
}

/** The change of this id, or undefined when there is none. */
export async function changeById(db: DbOrTx, id: number): Promise<ChangeRow | undefined> {
  const [row] = await db.select().from(integrationChanges).where(eq(integrationChanges.id, id));
  return row;
}

/** The change of this id locked in the caller's transaction, or undefined when there is none. */
export async function lockChangeById(tx: Tx, id: number): Promise<ChangeRow | undefined> {
  const [row] = await tx.select().from(integrationChanges).where(eq(integrationChanges.id, id)).for('update');
  return row;
}

/** Records a change's decision (applied, rejected, withdrawn or stale) by this operator, with the note. */
export async function settleChange(
  tx: Tx,
  id: number,
  state: number,
  checker: Proposer,
  note: string,
): Promise<ChangeRow | undefined> {
  const [decided] = await tx
    .update(integrationChanges)
    // The secret is not kept once the change is decided: only an applied target holds it.
    .set({ state, checkerId: checker.id, checkedBy: checker.username, note, decidedAt: new Date(), secret: '' })
    .where(eq(integrationChanges.id, id))
    .returning();
  return decided;
}

/** A page of the queue in one state or all: pending changes first, then the decided ones, newest first in each. */
export async function changesPage(db: DbOrTx, state: number | undefined, window: PageWindow) {
  const where = state === undefined ? undefined : eq(integrationChanges.state, state);
  const rows = db
    .select()
    .from(integrationChanges)
    .orderBy(sql`(${integrationChanges.state} = ${STATE.pending}) desc`, desc(integrationChanges.id))
    .$dynamic();
  return queryPage(db, integrationChanges, where, window, rows, changeView);
}
