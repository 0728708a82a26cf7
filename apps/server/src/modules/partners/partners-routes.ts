import { adminEndpoints, endpoints, MSG, statementColumns } from '@h5/contract';
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JobLocks } from '../../db/client';
import { adminRoute, type AuthenticateOperator, idParam } from '../../http/admin-route';
import { type Authenticate, memberRoute } from '../../http/route';
import { pageWindow } from '../../lib/paging';
import { requestOrigin } from '../../http/public-origin';
import { scheduleJob, type ScheduledJob } from '../jobs/scheduler';
import * as partners from './partners-service';
import type { PartnersDeps } from './partners-service';

const reviewer = (operator: { id: number; username: string }, req: FastifyRequest): partners.Reviewer => ({
  operatorId: operator.id,
  name: operator.username,
  requestId: req.id,
});

/**
 * The monthly settlement: once per Beijing month (the scheduler remembers the period), the statements of the month
 * just ended. A partner who already has one for that month keeps it.
 */
export function settlementJob(deps: PartnersDeps): ScheduledJob {
  return {
    name: 'partner-settlement',
    everyMs: 10 * 60_000,
    periodOf: (now) => partners.beijingMonth(now),
    run: () => partners.settleMonth(deps, partners.previousMonth(partners.beijingMonth(deps.clock.now()))),
  };
}

/** The agent centre (member calls under /api/agent/) and the back office's plans, partners and statements. */
export function partnersRoutes(
  app: FastifyInstance,
  deps: PartnersDeps & { locks: JobLocks },
  authenticate: Authenticate,
  authenticateOperator: AuthenticateOperator,
) {
  const { db } = deps;

  memberRoute(app, endpoints.agentSummary, authenticate, async ({ member, req }) => ({
    data: await partners.agentSummary(deps, member.id, requestOrigin(req)),
  }));
  memberRoute(app, endpoints.agentDownline, authenticate, async ({ member, body }) => ({
    data: await partners.agentDownline(deps, member.id, pageWindow(body)),
  }));
  memberRoute(app, endpoints.agentStatements, authenticate, async ({ member, body }) => ({
    data: await partners.agentStatements(deps, member.id, pageWindow(body)),
  }));

  adminRoute(app, authenticateOperator, adminEndpoints.commissionPlans, async () => ({
    data: await partners.listPlans(db),
  }));
  // A plan's fee share and tiers wait for a second admin (docs/operators.md "Who may move money").
  adminRoute(app, authenticateOperator, adminEndpoints.commissionPlanCreate, async ({ input, operator, req }) => ({
    data: await partners.proposePlan(deps, input, operator, req.id),
    message: MSG.integrationChangePending,
  }));
  adminRoute(
    app,
    authenticateOperator,
    adminEndpoints.commissionPlanUpdate,
    async ({ input, params, operator, req }) => {
      const { plan, pending } = await partners.updatePlan(deps, idParam(params), input, operator, req.id);
      return { data: plan, message: pending ? MSG.integrationChangePending : MSG.ok };
    },
  );
  adminRoute(app, authenticateOperator, adminEndpoints.partners, async ({ input }) => ({
    data: await partners.partnersPage(db, input),
  }));
  adminRoute(app, authenticateOperator, adminEndpoints.partnerPlanSet, async ({ input, params, operator, req }) => ({
    data: await partners.setPartnerPlan(deps, idParam(params), input.plan_id, reviewer(operator, req)),
    message: MSG.ok,
  }));
  adminRoute(app, authenticateOperator, adminEndpoints.memberInviterSet, async ({ input, params, operator, req }) => ({
    data: await partners.moveMember(deps, idParam(params), input.inviter_id, reviewer(operator, req)),
    message: MSG.ok,
  }));
  adminRoute(app, authenticateOperator, adminEndpoints.partnerStatements, async ({ input }) => {
    if (input.format === 'csv') {
      const csv = stringify({
        bom: true,
        header: true,
        columns: statementColumns.map(([key, header]) => ({ key, header })),
      });
      const source = Readable.from(partners.statementRows(db, input));
      source.on('error', (err) => csv.destroy(err));
      source.pipe(csv);
      return {
        file: {
          stream: csv,
          contentType: 'text/csv; charset=utf-8',
          filename: `partner-statements${input.month ? `-${input.month}` : ''}.csv`,
        },
      };
    }
    return { data: await partners.statementsPage(db, input) };
  });
  adminRoute(app, authenticateOperator, adminEndpoints.partnerSettle, async ({ input }) => ({
    data: { month: input.month, created: await partners.settleMonth(deps, input.month, input.early === 1) },
    message: MSG.ok,
  }));
  adminRoute(app, authenticateOperator, adminEndpoints.partnerStatementPay, async ({ params, operator, req }) => ({
    data: await partners.payStatement(deps, idParam(params), reviewer(operator, req)),
    message: MSG.statementPaid,
  }));

  scheduleJob(app, deps, settlementJob(deps));
}
