import { BizCode, MSG } from '@h5/contract';
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/errors';
import { audit } from './audit';

/** A table of rows an operator reviews once (agent and promotion applications): see reviewColumns. */
type ReviewedTable = PgTable & {
  id: AnyPgColumn;
  state: AnyPgColumn;
  note: AnyPgColumn;
  reviewedBy: AnyPgColumn;
  reviewedAt: AnyPgColumn;
};

/** A review as decidePending records it: who (for the row and the audit entry), why, when, and the audit's name. */
export interface PendingReview {
  reviewer: { operatorId: number; name: string; requestId: string };
  note: string;
  at: Date;
  /** The audit action's prefix and target kind, e.g. 'agent-application' (agent-application.approve). */
  action: string;
  /** What the audit entry's after holds besides the new state and note. */
  after?: Record<string, unknown>;
}

/**
 * Decides a pending row once: approve sets state 2, reject 3, with the note and the reviewer's name, audited in the
 * same transaction. The guarded UPDATE ... WHERE state = 1 lets only one of two racing reviews through: 404 when
 * there is no such row, 409 for a row decided already. Answers the row as it was and as it is now.
 */
export async function decidePending<T extends ReviewedTable>(
  tx: Tx,
  table: T,
  id: number,
  decision: 'approve' | 'reject',
  review: PendingReview,
): Promise<{ found: T['$inferSelect']; updated: T['$inferSelect'] }> {
  // Drizzle's generic table types do not carry through a type parameter; the rows are typed by the casts below.
  const source = table as PgTable & ReviewedTable;
  const [found] = (await tx.select().from(source).where(eq(table.id, id))) as Array<T['$inferSelect']>;
  if (!found) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
  const [updated] = (await tx
    .update(source)
    .set({
      state: decision === 'approve' ? 2 : 3,
      note: review.note.slice(0, 200),
      reviewedBy: review.reviewer.name.slice(0, 32),
      reviewedAt: review.at,
    } as never)
    .where(and(eq(table.id, id), eq(table.state, 1)))
    .returning()) as Array<T['$inferSelect']>;
  if (!updated) throw new AppError(BizCode.CONFLICT, MSG.alreadyProcessed);
  await audit(tx, {
    operatorId: review.reviewer.operatorId,
    action: `${review.action}.${decision}`,
    target: `${review.action}:${id}`,
    before: { state: found.state },
    after: { state: updated.state, note: updated.note, ...review.after },
    requestId: review.reviewer.requestId,
  });
  return { found, updated };
}
