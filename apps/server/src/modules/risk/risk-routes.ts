import { adminEndpoints, MSG } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { adminRoute, type AuthenticateOperator, idParam } from '../../http/admin-route';
import type { Clock } from '../../lib/time';
import { memberLinks } from './linked-accounts';
import { clearFlag, flagPage, freezeFlagMember } from './risk-service';

/**
 * Back office 风控: the flags with their members; clear a flag (finance) or freeze one of its members (admin); the
 * members linked to one member (finance, beside each withdrawal).
 */
export function riskAdminRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock },
  authenticate: AuthenticateOperator,
) {
  const { db, clock } = deps;
  adminRoute(app, authenticate, adminEndpoints.riskFlags, async ({ input }) => ({ data: await flagPage(db, input) }));
  adminRoute(app, authenticate, adminEndpoints.riskFlagClear, async ({ params, input, operator, req }) => ({
    data: await clearFlag(db, idParam(params), operator, input.note, req.id, clock.now()),
    message: MSG.riskCleared,
  }));
  adminRoute(app, authenticate, adminEndpoints.riskFlagMemberFreeze, async ({ params, input, operator, req }) => ({
    data: await freezeFlagMember(db, idParam(params), idParam(params, 'member_id'), operator, input.note, req.id),
    message: MSG.riskFrozen,
  }));
  adminRoute(app, authenticate, adminEndpoints.memberLinks, async ({ params }) => ({
    data: await memberLinks(db, idParam(params)),
  }));
}
