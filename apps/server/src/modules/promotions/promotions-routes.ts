import { endpoints, MSG } from '@h5/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { crudRoutes } from '../../http/admin-crud';
import { memberRowsPage } from '../../http/member-rows-page';
import { adminRoute, type AuthenticateOperator, idParam } from '../../http/admin-route';
import { type Authenticate, memberRoute, publicRoute } from '../../http/route';
import { cleanHtml } from '../../lib/clean-html';
import { pageWindow } from '../../lib/paging';
import { openForMoney } from '../site/site-service';
import * as service from './promotions-service';
import type { PromotionsDeps } from './promotions-service';
import { promotionApplications, promotions, promotionTypes } from './promotions-tables';

const flag = z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])).default(1);

const TypeInput = z.object({
  name: z.string().trim().min(1).max(32),
  sort: z.coerce.number().int().default(0),
  enabled: flag,
});

const PromotionInput = z.object({
  type_id: z.coerce.number().int().positive().nullable().default(null),
  title: z.string().trim().min(1).max(128),
  banner: z.string().max(500).default(''),
  // Operator HTML, cleaned before it is stored (lib/clean-html).
  content: z.string().max(100_000).default('').transform(cleanHtml),
  memo: z.string().max(100_000).default('').transform(cleanHtml),
  sort: z.coerce.number().int().default(0),
  enabled: flag,
});

const ApplicationListInput = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pagesize: z.coerce.number().int().min(1).max(50).optional(),
  state: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(3).optional()),
});

/** Member and visitor endpoints of promotions (SPEC 7): types, list, detail, apply, application log. */
export function promotionsRoutes(app: FastifyInstance, deps: PromotionsDeps, authenticate: Authenticate) {
  const { db } = deps;
  publicRoute(app, endpoints.activityType, async () => ({ data: await service.listTypes(db) }));
  publicRoute(app, endpoints.activityList, async ({ body }) => ({ data: await service.listPromotions(db, body) }));
  publicRoute(app, endpoints.activityDetail, async ({ body }) => ({ data: await service.promotionDetail(db, body.id) }));
  memberRoute(app, endpoints.doActivityApply, authenticate, async ({ body, member }) => {
    await service.apply(deps, member.id, body.activityid);
    return { data: null, message: MSG.applyOk };
  }, { guard: openForMoney(db) });
  memberRoute(app, endpoints.activityApplyLog, authenticate, async ({ body, member }) => ({
    data: await service.applicationLog(db, member.id, body),
  }));
}

/** Back office: promotion types and promotions (content role), application reviews (content and finance). */
export function promotionsAdminRoutes(app: FastifyInstance, deps: PromotionsDeps, authenticate: AuthenticateOperator) {
  const { db } = deps;

  crudRoutes(app, authenticate, db, {
    path: '/admin/api/promotion-types',
    action: 'promotion-type',
    roles: ['content'],
    table: promotionTypes,
    input: TypeInput,
    columns: (i) => ({ name: i.name, sort: i.sort, enabled: i.enabled }),
    view: (r: typeof promotionTypes.$inferSelect) => ({ id: r.id, name: r.name, sort: r.sort, enabled: r.enabled }),
    orderBy: [promotionTypes.sort, promotionTypes.id],
  });

  crudRoutes(app, authenticate, db, {
    path: '/admin/api/promotions',
    action: 'promotion',
    roles: ['content'],
    table: promotions,
    input: PromotionInput,
    columns: (i) => ({ typeId: i.type_id, title: i.title, banner: i.banner, content: i.content, memo: i.memo, sort: i.sort, enabled: i.enabled }),
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

  adminRoute(
    app,
    authenticate,
    { method: 'GET', url: '/admin/api/activity-applications', roles: ['content', 'finance'], input: ApplicationListInput },
    async ({ input }) => {
      const window = pageWindow(input);
      const where: SQL | undefined = input.state === undefined ? undefined : eq(promotionApplications.state, input.state);
      return { data: await memberRowsPage(db, promotionApplications, where, window, service.applicationView) };
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    adminRoute(
      app,
      authenticate,
      {
        method: 'POST',
        url: `/admin/api/activity-applications/:id/${decision}`,
        roles: ['content', 'finance'],
        input: z.object({ note: z.string().max(200).default('') }),
      },
      async ({ input, params, operator, req }) => ({
        data: await service.reviewApplication(
          deps,
          idParam(params),
          decision,
          { operatorId: operator.id, name: operator.username, requestId: req.id },
          input.note,
        ),
        message: MSG.ok,
      }),
    );
  }
}
