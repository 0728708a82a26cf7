import { MSG, parseMoneyToCents } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { crudRoutes } from '../../http/admin-crud';
import type { AuthenticateOperator } from '../../http/admin-route';
import { centsToNumeric, numericToMoney } from '../../lib/money';
import { vipLevels } from '../content/content-tables';

const amount = z.union([z.string().max(32), z.number()]).transform((v, ctx) => {
  const cents = parseMoneyToCents(v);
  if (cents === null || cents < 0) {
    ctx.addIssue({ code: 'custom', message: MSG.amountInvalid });
    return z.NEVER;
  }
  return cents;
});
/** A rebate percentage, 0 to 100. */
const percent = amount.refine((cents) => cents <= 100_00, { message: MSG.amountInvalid });

const LevelInput = z.object({
  level: z.coerce.number().int().min(1).max(99),
  name: z.string().trim().max(16).default(''),
  recharge: amount,
  flow: amount,
  realperson: percent,
  sport: percent,
  e_sport: percent,
  joker: percent,
  electron: percent,
  lottery: percent,
  enabled: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])).default(1),
});

/** Back office: VIP levels (finance: thresholds and rebate rates move money). The level number is unique (409). */
export function vipAdminRoutes(app: FastifyInstance, db: Db, authenticate: AuthenticateOperator) {
  crudRoutes(app, authenticate, db, {
    path: '/admin/api/vip-levels',
    action: 'vip-level',
    roles: ['finance'],
    table: vipLevels,
    input: LevelInput,
    columns: (i) => ({
      level: i.level,
      name: i.name || `VIP${i.level}`,
      recharge: centsToNumeric(i.recharge),
      flow: centsToNumeric(i.flow),
      realperson: centsToNumeric(i.realperson),
      sport: centsToNumeric(i.sport),
      eSport: centsToNumeric(i.e_sport),
      joker: centsToNumeric(i.joker),
      electron: centsToNumeric(i.electron),
      lottery: centsToNumeric(i.lottery),
      enabled: i.enabled,
    }),
    view: (r: typeof vipLevels.$inferSelect) => ({
      id: r.id,
      level: r.level,
      name: r.name,
      recharge: numericToMoney(r.recharge),
      flow: numericToMoney(r.flow),
      realperson: numericToMoney(r.realperson),
      sport: numericToMoney(r.sport),
      e_sport: numericToMoney(r.eSport),
      joker: numericToMoney(r.joker),
      electron: numericToMoney(r.electron),
      lottery: numericToMoney(r.lottery),
      enabled: r.enabled,
    }),
    orderBy: [vipLevels.level],
  });
}
