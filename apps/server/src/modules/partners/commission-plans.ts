import { adminEndpoints, centsToMoney } from '@h5/contract';
import type { z } from 'zod';
import type { Fields, MoneyRows } from '../backoffice/money-settings';
import { commissionPlans, type StoredTier } from '../../db/tables/partners';

/**
 * Commission plans in the back office (docs/operators.md "Who may move money"): a plan's fee share and tiers decide what is paid
 * to partners, so a new plan or a change of them waits for a second admin; its name changes at once.
 */

type PlanRow = typeof commissionPlans.$inferSelect;
type Schema = typeof adminEndpoints.commissionPlanCreate.input;
export type PlanInput = z.output<Schema>;

/** Hundredths of a percent as the wire's two-decimal percent. */
export const ratePercent = (bp: number) => (bp / 100).toFixed(2);

export const storedTiers = (input: PlanInput): StoredTier[] =>
  input.tiers.map((t) => ({ minNetCents: t.min_net_revenue, minActive: t.min_active, rateBp: t.rate }));

/** The tiers on one line, as the queue shows them: 净盈利门槛/最低活跃/比例 of each tier, separated by '; '. */
const tiersLine = (tiers: StoredTier[]) =>
  tiers.map((t) => `${centsToMoney(t.minNetCents)}/${t.minActive}/${ratePercent(t.rateBp)}`).join('; ');
const tiersOfLine = (line: string) =>
  line.split(';').map((tier) => {
    const [min_net_revenue, min_active, rate] = tier.trim().split('/');
    return { min_net_revenue, min_active, rate };
  });

export const planRows: MoneyRows<Schema, PlanRow> = {
  prefix: 'commission-plan',
  table: commissionPlans,
  schema: adminEndpoints.commissionPlanCreate.input,
  fields: (i) => ({ name: i.name, fee_share: ratePercent(i.fee_share), tiers: tiersLine(storedTiers(i)) }),
  rowFields: (r) => ({ name: r.name, fee_share: ratePercent(r.feeShareBp), tiers: tiersLine(r.tiers) }),
  read: (fields: Fields) => ({ ...fields, tiers: tiersOfLine(fields.tiers ?? '') }),
  money: ['fee_share', 'tiers'],
  columns: (i) => ({ name: i.name, feeShareBp: i.fee_share, tiers: storedTiers(i) }),
  immediate: ['name'],
};
