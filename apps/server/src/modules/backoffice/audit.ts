import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/tables/backoffice';

export interface AuditEntry {
  /** Null for a failed sign-in under a name no operator has. */
  operatorId: number | null;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  requestId: string;
}

/** Writes the audit row inside the action's own transaction, so an action and its record stand or fall together. */
export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    operatorId: entry.operatorId,
    action: entry.action,
    target: entry.target,
    before: JSON.stringify(entry.before ?? null),
    after: JSON.stringify(entry.after ?? null),
    requestId: entry.requestId,
  });
}
