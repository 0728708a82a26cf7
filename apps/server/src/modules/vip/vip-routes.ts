import { adminEndpoints, adminResources, MSG } from '@h5/contract';
import { lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { crudRoutes } from '../backoffice/admin-crud';
import { memberRowsPage } from '../accounts/member-rows-page';
import { adminRoute, type AuthenticateOperator } from '../../http/admin-route';
import { numericToMoney } from '../../lib/money';
import { pageWindow } from '../../lib/paging';
import { formatBeijing, type Clock } from '../../lib/time';
import { audit } from '../backoffice/audit';
import { withPendingSettings } from '../backoffice/money-settings';
import { vipLevels } from '../../db/tables/vip';
import { vipLevelColumns, vipLevelRows, vipLevelView } from './vip-levels';
import { reviewRetention } from './vip-retention';
import { vipReviews } from '../../db/tables/vip';

/**
 * Back office: VIP levels (finance: the level number, thresholds and rebate rates move money and wait for a second
 * admin, vip-levels.ts; the level number is unique, 409) and the quarterly retention review (run on demand, list of
 * reviews).
 */
export function vipAdminRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock },
  authenticate: AuthenticateOperator,
) {
  const { db, clock } = deps;
  crudRoutes(app, authenticate, db, {
    calls: adminResources.vipLevels,
    action: 'vip-level',
    table: vipLevels,
    columns: vipLevelColumns,
    view: vipLevelView,
    annotate: (db, items) => withPendingSettings(db, vipLevelRows.prefix, items, (l) => l.id),
    money: vipLevelRows,
    orderBy: [vipLevels.level],
  });

  // docs/member-app.md "Constants and limits" retention: the same review the quarterly timer runs (app.ts); members already reviewed this quarter are
  // left alone, so running it again in the same quarter changes nothing for them.
  adminRoute(app, authenticate, adminEndpoints.vipRetentionReview, async ({ operator, req }) => {
    const result = await reviewRetention(db, clock);
    await audit(db, {
      operatorId: operator.id,
      action: 'vip.retention-review',
      target: `vip-review:${result.quarter}`,
      after: result,
      requestId: req.id,
    });
    return { data: result, message: MSG.ok };
  });

  adminRoute(app, authenticate, adminEndpoints.vipRetentionReviews, async ({ input }) => {
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
