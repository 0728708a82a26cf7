import type { Tx } from '../../db/client';
import type { Applied, integrationChanges } from './integration-tables';

/**
 * Settings that move money (README "Two people, judged by person"): rebate and VIP rates, deposit bonuses, red-packet
 * bands, commission plans and pay-way ranges change as pending changes a second admin approves; applied here.
 */
export async function applySettingChange(tx: Tx, row: typeof integrationChanges.$inferSelect): Promise<Applied> {
  void tx;
  void row;
  throw new Error('setting changes are not applied yet');
}
