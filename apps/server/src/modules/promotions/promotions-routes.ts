import { adminEndpoints, adminResources, endpoints, MSG } from '@h5/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudRoutes, switchedItemRoutes } from '../backoffice/admin-crud';
import { memberRowsPage } from '../accounts/member-rows-page';
import { adminRoute, type AuthenticateOperator, idParam } from '../../http/admin-route';
import { type Authenticate, memberRoute, publicRoute } from '../../http/route';
import { cleanHtml } from '../../lib/clean-html';
import { beijingDayRange } from '../../http/date-filter';
import { pageWindow } from '../../lib/paging';
import { observe, onClaim } from '../risk/risk-service';
import { openForMoney } from '../site/site-service';
import * as service from './promotions-service';
import type { PromotionsDeps } from './promotions-service';
import { promotionApplications, promotions, promotionTypes } from '../../db/tables/promotions';

/** Member and visitor endpoints of promotions (docs/member-app.md "Server calls"): types, list, detail, apply, application log. */
export function promotionsRoutes(app: FastifyInstance, deps: PromotionsDeps, authenticate: Authenticate) {
  const { db } = deps;
  publicRoute(app, endpoints.activityType, async () => ({ data: await service.listTypes(db) }));
  publicRoute(app, endpoints.activityList, async ({ body }) => ({ data: await service.listPromotions(db, body) }));
  publicRoute(app, endpoints.activityDetail, async ({ body }) => ({
    data: await service.promotionDetail(db, body.id),
  }));
  memberRoute(
    app,
    endpoints.doActivityApply,
    authenticate,
    async ({ body, member, req }) => {
      await service.apply(deps, member.id, body.activityid);
      await observe(req.log, () => onClaim(db, member.id, `申请优惠活动#${body.activityid}`, deps.clock.now()));
      return { data: null, message: MSG.applyOk };
    },
    { guard: openForMoney(db) },
  );
  memberRoute(app, endpoints.activityApplyLog, authenticate, async ({ body, member }) => ({
    data: await service.applicationLog(db, member.id, body),
  }));
}

/** Back office: promotion types and promotions (content role), application reviews (content and finance). */
export function promotionsAdminRoutes(app: FastifyInstance, deps: PromotionsDeps, authenticate: AuthenticateOperator) {
  const { db } = deps;

  switchedItemRoutes(app, authenticate, db, {
    calls: adminResources.promotionTypes,
    action: 'promotion-type',
    table: promotionTypes,
    field: 'name',
  });

  crudRoutes(app, authenticate, db, {
    calls: adminResources.promotions,
    action: 'promotion',
    table: promotions,
    // Operator HTML, cleaned before it is stored (lib/clean-html).
    prepare: (i) => ({ ...i, content: cleanHtml(i.content), memo: cleanHtml(i.memo) }),
    columns: (i) => ({
      typeId: i.type_id,
      title: i.title,
      banner: i.banner,
      content: i.content,
      memo: i.memo,
      sort: i.sort,
      enabled: i.enabled,
    }),
    view: (r: typeof promotions.$inferSelect) => ({
      id: r.id,
      type_id: r.typeId,
      title: r.title,
      banner: r.banner,
      content: r.content,
      memo: r.memo,
      sort: r.sort,
      enabled: r.enabled,
    }),
    orderBy: [promotions.sort, promotions.id],
  });

  adminRoute(app, authenticate, adminEndpoints.activityApplications, async ({ input }) => {
    const window = pageWindow(input);
    const filters: SQL[] = [...beijingDayRange(promotionApplications.createdAt, input)];
    if (input.state !== undefined) filters.push(eq(promotionApplications.state, input.state));
    return { data: await memberRowsPage(db, promotionApplications, and(...filters), window, service.applicationView) };
  });

  const reviews = {
    approve: adminEndpoints.activityApplicationApprove,
    reject: adminEndpoints.activityApplicationReject,
  };
  for (const decision of ['approve', 'reject'] as const) {
    adminRoute(app, authenticate, reviews[decision], async ({ input, params, operator, req }) => ({
      data: await service.reviewApplication(
        deps,
        idParam(params),
        decision,
        { operatorId: operator.id, name: operator.username, requestId: req.id },
        input.note,
      ),
      message: MSG.ok,
    }));
  }
}
