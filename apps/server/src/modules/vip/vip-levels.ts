import { adminResources, centsToMoney } from '@h5/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { centsToNumeric, numericToMoney } from '../../lib/money';
import type { MoneyRows } from '../backoffice/money-settings';
import { vipLevels } from '../../db/tables/vip';

/**
 * VIP levels in the back office (docs/operators.md "Who may move money"): the level number, the thresholds and the rebate rates
 * move money, so a new level or a change of them waits for a second admin; the name and the switch change at once.
 */

type VipLevelRow = typeof vipLevels.$inferSelect;
type Schema = typeof adminResources.vipLevels.create.input;
type VipLevelInput = z.output<Schema>;

const RATES = ['realperson', 'sport', 'e_sport', 'joker', 'electron', 'lottery'] as const;

export const vipLevelColumns = (i: VipLevelInput) => ({
  level: i.level,
  name: i.name || `VIP${i.level}`,
  recharge: centsToNumeric(i.recharge),
  flow: centsToNumeric(i.flow),
  ...(i.retention === undefined ? {} : { retention: centsToNumeric(i.retention) }),
  realperson: centsToNumeric(i.realperson),
  sport: centsToNumeric(i.sport),
  eSport: centsToNumeric(i.e_sport),
  joker: centsToNumeric(i.joker),
  electron: centsToNumeric(i.electron),
  lottery: centsToNumeric(i.lottery),
  enabled: i.enabled,
});

export const vipLevelView = (r: VipLevelRow) => ({
  id: r.id,
  level: r.level,
  name: r.name,
  recharge: numericToMoney(r.recharge),
  flow: numericToMoney(r.flow),
  retention: numericToMoney(r.retention),
  realperson: numericToMoney(r.realperson),
  sport: numericToMoney(r.sport),
  e_sport: numericToMoney(r.eSport),
  joker: numericToMoney(r.joker),
  electron: numericToMoney(r.electron),
  lottery: numericToMoney(r.lottery),
  enabled: r.enabled,
  pending_change: false,
});

export const vipLevelRows: MoneyRows<Schema, VipLevelRow> = {
  prefix: 'vip-level',
  table: vipLevels,
  schema: adminResources.vipLevels.create.input,
  fields: (i) => ({
    level: String(i.level),
    name: i.name,
    recharge: centsToMoney(i.recharge),
    flow: centsToMoney(i.flow),
    ...(i.retention === undefined ? {} : { retention: centsToMoney(i.retention) }),
    ...Object.fromEntries(RATES.map((rate) => [rate, centsToMoney(i[rate])])),
    enabled: String(i.enabled),
  }),
  rowFields: (r) => {
    const { id: _id, pending_change: _pending, ...view } = vipLevelView(r);
    return { ...view, level: String(view.level), enabled: String(view.enabled) };
  },
  money: ['level', 'recharge', 'flow', 'retention', ...RATES],
  columns: vipLevelColumns,
  immediate: ['name', 'enabled'],
  unique: { column: vipLevels.level, of: (i) => i.level },
};

/** The enabled VIP levels in order, as members are shown them. */
export const enabledVipLevels = (db: DbOrTx) =>
  db.select().from(vipLevels).where(eq(vipLevels.enabled, 1)).orderBy(asc(vipLevels.level));

/** Game category (the venue's category_id) to the VIP level's rebate column (docs/member-app.md "Entities and fields", VIP level entry). */
const RATE_COLUMN = {
  realbet: vipLevels.realperson,
  sport: vipLevels.sport,
  gaming: vipLevels.eSport,
  joker: vipLevels.joker,
  concise: vipLevels.electron,
  lottery: vipLevels.lottery,
} as const;

/** Whether VIP levels carry a rebate rate for this game category. */
export const hasRebateRate = (category: string): boolean => Object.hasOwn(RATE_COLUMN, category);

/** The rebate rate (percent, numeric text) of a VIP level for a game category, or undefined when the level is unknown. */
export async function levelRebateRate(tx: DbOrTx, level: number, category: string): Promise<string | undefined> {
  if (!hasRebateRate(category)) return undefined;
  const [row] = await tx
    .select({ rate: RATE_COLUMN[category as keyof typeof RATE_COLUMN] })
    .from(vipLevels)
    .where(eq(vipLevels.level, level));
  return row?.rate;
}
