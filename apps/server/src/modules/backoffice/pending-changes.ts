import { type AdminDataOf, type adminEndpoints, BizCode, INTEGRATION_CHANGE_STATES as STATE, MSG } from '@h5/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { DbOrTx, Tx } from '../../db/client';
import type { AuthedOperator } from '../../http/admin-route';
import { AppError } from '../../http/errors';
import { formatBeijing } from '../../lib/time';
import { type ChangeAction, type ChangeKind, integrationChanges } from '../../db/tables/integrations';
import { audit } from './audit';

/**
 * The pending-change queue's record (docs/operators.md "Two admins for integrations"): one admin proposes, another approves in
 * 待审批变更 (modules/integrations applies it). Kept on this floor so every area whose settings wait there (VIP
 * levels, red packets, commission plans, pay ways, the deposit bonus) can propose without reaching above itself.
 */

export type IntegrationChangeView = AdminDataOf<typeof adminEndpoints.integrationChangeApprove>;
type ChangeRow = typeof integrationChanges.$inferSelect;
/** A change's fields as the queue shows them, field by field: every value a string. */
export type Fields = Record<string, string>;

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
