import { endpoints, MSG } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, memberRoute } from '../../http/route';
import { openForMoney } from '../site/site-service';
import { claimRebates, rebateList, type RebatesDeps } from './rebates-service';

/** Member endpoints of rebates (docs/member-app.md "Server calls"): the list with totals, and the claim. */
export function rebatesRoutes(app: FastifyInstance, deps: RebatesDeps, authenticate: Authenticate) {
  memberRoute(app, endpoints.getFanshui, authenticate, async ({ body, member }) => ({
    data: await rebateList(deps, member.id, body),
  }));
  memberRoute(
    app,
    endpoints.doFanshui,
    authenticate,
    async ({ member }) => ({
      data: await claimRebates(deps, member.id),
      message: MSG.rebateClaimed,
    }),
    { guard: openForMoney(deps.db) },
  );
}
