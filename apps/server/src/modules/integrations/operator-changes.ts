import type { Tx } from '../../db/client';
import type { AuthedOperator } from '../../http/admin-route';
import type { Applied, integrationChanges } from './integration-tables';

/**
 * Operator changes (README "Two people, judged by person"): an operator's creation, a new role, enabling again and a
 * two-factor reset are pending changes a second admin approves; applied here.
 */
export async function applyOperatorChange(tx: Tx, row: typeof integrationChanges.$inferSelect, approver: AuthedOperator): Promise<Applied> {
  void tx;
  void row;
  void approver;
  throw new Error('operator changes are not applied yet');
}
