import { MSG, parseMoneyToCents } from '@h5/contract';
import { lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { crudRoutes } from '../../http/admin-crud';
import { memberRowsPage } from '../../http/member-rows-page';
import { adminRoute, type AuthenticateOperator } from '../../http/admin-route';
import { centsToNumeric, numericToMoney } from '../../lib/money';
import { pageWindow } from '../../lib/paging';
import { formatBeijing, type Clock } from '../../lib/time';
import { audit } from '../admin/admin-service';
import { vipLevels } from '../content/content-tables';
import { reviewRetention } from './vip-retention';
import { vipReviews } from './vip-tables';

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
  /** Turnover needed within 90 days to keep the level (0 = none). Left out: a new level has none, an edit keeps it. */
  retention: amount.optional(),
  realperson: percent,
  sport: percent,
  e_sport: percent,
  joker: percent,
  electron: percent,
  lottery: percent,
  enabled: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])).default(1),
});

const ReviewsInput = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pagesize: z.coerce.number().int().min(1).max(50).optional(),
  /** 1: only the reviews that dropped a level. */
  dropped: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])).default(0),
});

/**
 * Back office: VIP levels (finance: thresholds and rebate rates move money; the level number is unique, 409) and the
 * quarterly retention review (run on demand, list of reviews).
 */
export function vipAdminRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }, authenticate: AuthenticateOperator) {
  const { db, clock } = deps;
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
      ...(i.retention === undefined ? {} : { retention: centsToNumeric(i.retention) }),
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
      retention: numericToMoney(r.retention),
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

  // SPEC 9 retention: the same review the quarterly timer runs (app.ts); members already reviewed this quarter are
  // left alone, so running it again in the same quarter changes nothing for them.
  adminRoute(app, authenticate, { method: 'POST', url: '/admin/api/vip/retention-review', roles: ['finance'] }, async ({ operator, req }) => {
    const result = await reviewRetention(db, clock);
    await audit(db, { operatorId: operator.id, action: 'vip.retention-review', target: `vip-review:${result.quarter}`, after: result, requestId: req.id });
    return { data: result, message: MSG.ok };
  });

  adminRoute(app, authenticate, { method: 'GET', url: '/admin/api/vip/retention-reviews', roles: ['finance'], input: ReviewsInput }, async ({ input }) => {
    const window = pageWindow(input);
    const where: SQL | undefined = input.dropped ? lt(vipReviews.toLevel, vipReviews.fromLevel) : undefined;
    const reviewView = (r: typeof vipReviews.$inferSelect, username: string) => ({
      id: r.id,
      member_id: r.memberId,
      username,
      quarter: r.quarter,
      from_level: r.fromLevel,
      to_level: r.toLevel,
      retention: numericToMoney(r.retention),
      turnover: numericToMoney(r.turnover),
      reviewed_at: formatBeijing(r.reviewedAt),
    });
    return { data: await memberRowsPage(db, vipReviews, where, window, reviewView) };
  });
}
