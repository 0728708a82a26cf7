import type { Tx } from '../../db/client';
import { applyRowChange, targetOf } from '../backoffice/money-settings';
import { planRows } from '../partners/commission-plans';
import { applyPayRanges, PAY_WAY_PREFIX } from '../payments/pay-range-changes';
import { redpacketRuleRows } from '../redpackets/redpacket-rules';
import { applyDepositBonus, DEPOSIT_BONUS_TARGET } from '../site/deposit-bonus';
import { vipLevelRows } from '../vip/vip-levels';
import type { Applied, ChangeRow } from '../backoffice/pending-changes';

/**
 * Settings that move money (docs/operators.md "Who may move money"): rebate and VIP rates, deposit bonuses, red-packet rules,
 * commission plans and pay-way ranges change as pending changes a second admin approves; applied here, by the
 * target's prefix, each by the area that owns it (backoffice/money-settings.ts says how).
 */

/** Each kind by its target's prefix; each answers false when its target moved since the proposal (stale). */
const APPLIERS: ReadonlyArray<readonly [string, (tx: Tx, row: ChangeRow) => Promise<boolean>]> = [
  [PAY_WAY_PREFIX, applyPayRanges],
  [DEPOSIT_BONUS_TARGET, applyDepositBonus],
  [vipLevelRows.prefix, (tx, row) => applyRowChange(tx, vipLevelRows, row)],
  [redpacketRuleRows.prefix, (tx, row) => applyRowChange(tx, redpacketRuleRows, row)],
  [planRows.prefix, (tx, row) => applyRowChange(tx, planRows, row)],
];

export async function applySettingChange(tx: Tx, row: ChangeRow): Promise<Applied> {
  const applier = APPLIERS.find(([prefix]) => targetOf(row.target, prefix) !== null);
  if (!applier) throw new Error(`setting change of an unknown target: ${row.target}`);
  return (await applier[1](tx, row)) && {};
}
