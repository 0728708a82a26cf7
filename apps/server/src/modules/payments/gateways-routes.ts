import { adminEndpoints, BizCode, MSG } from '@h5/contract';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { adminRoute, type AuthenticateOperator, idParam } from '../../http/admin-route';
import type { DbOrTx, JobLocks } from '../../db/client';
import { queryPage } from '../../db/query-page';
import type { AttemptLimiter } from '../../http/rate-limit';
import { scheduleJob } from '../jobs/scheduler';
import { AppError } from '../../http/errors';
import { requestOrigin } from '../../http/public-origin';
import { pageWindow } from '../../lib/paging';
import { formatBeijing } from '../../lib/time';
import { audit } from '../backoffice/audit';
import { depositView } from './deposits-service';
import { RETURN_PATH, type SiteOrigins } from './gateway-requests';
import { acceptNotify, queryDepositAtGateway, reconcileGatewayDeposits } from './gateways-service';
import { decideLatePayment, listLatePayments } from './late-payments-service';
import type { PaymentsDeps } from './payments-common';
import { deposits, paymentGateways, paymentNotifies, payWays } from '../../db/tables/payments';
import type { OutboundPolicy } from '../../lib/outbound';
import { withPending } from '../backoffice/pending-changes';
import { proposeGatewayCreation, proposeGatewayIntegration } from './gateway-changes';

export interface GatewaysDeps extends PaymentsDeps {
  /** PUBLIC_URL: the origin gateways call back; without it, the origin of the member's request. */
  publicUrl: string | undefined;
  reconcileIntervalMs: number;
  /** Where the reconciliation's order queries may go (OUTBOUND_ALLOW). */
  outbound: OutboundPolicy;
  locks: JobLocks;
  /** Notifies that fail verification, per source address (they are kept only up to this limit). */
  invalidNotifies: AttemptLimiter;
}

/** The gateway a console call names, locked for the change or the removal that follows: 404 without one. */
async function lockedGateway(tx: DbOrTx, code: string | undefined) {
  const [row] = await tx
    .select()
    .from(paymentGateways)
    .where(eq(paymentGateways.code, code ?? ''))
    .for('update');
  if (!row) throw new AppError(BizCode.NOT_FOUND, MSG.gatewayNotFound);
  return row;
}

export const siteOrigins = (req: FastifyRequest, publicUrl: string | undefined): SiteOrigins => ({
  member: requestOrigin(req),
  public: publicUrl ?? requestOrigin(req),
});

/** A notify's parameters: the query of a GET, a form or JSON body of a POST; only text values count. */
function notifyParams(req: FastifyRequest): Record<string, string> {
  const source = {
    ...(req.query as object | undefined),
    ...(req.method === 'POST' && req.body && typeof req.body === 'object' ? req.body : {}),
  };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(source)) {
    if (typeof v === 'string') out[k] = v.slice(0, 1024);
    else if (typeof v === 'number' && Number.isFinite(v)) out[k] = String(v);
  }
  return out;
}

/** This server over loopback: where a gateway's relative submit address (the sandbox's) is resolved. */
function localOrigin(app: FastifyInstance) {
  const address = app.server.address() as AddressInfo | null;
  return `http://127.0.0.1:${address?.port ?? 8080}`;
}

/**
 * The gateway side of deposits: the notify a gateway sends, the page it returns the member to, and the
 * reconciliation timer. None of these is a member call, and none credits anything it has not verified.
 */
export function gatewaysRoutes(app: FastifyInstance, deps: GatewaysDeps) {
  const notify = async (req: FastifyRequest<{ Params: { gateway_code: string } }>, reply: FastifyReply) => {
    const { answer } = await acceptNotify(deps, req.params.gateway_code, notifyParams(req), {
      ip: req.ip,
      requestId: req.id,
    });
    return reply.type('text/plain; charset=utf-8').send(answer);
  };
  app.get('/api/pay/notify/:gateway_code', notify);
  app.post('/api/pay/notify/:gateway_code', notify);

  // The gateway sends the browser back here with the order's parameters; the app shows the deposit's state.
  app.get(RETURN_PATH, async (req, reply) => {
    const depositNo = String((req.query as Record<string, unknown>).out_trade_no ?? '');
    const target = /^[A-Za-z0-9]{1,32}$/.test(depositNo) ? `/#/payInfo?deposit_no=${depositNo}` : '/#/transRecord';
    return reply.redirect(target, 302);
  });

  // Reconciliation: one process at a time across all of them, every RECONCILE_INTERVAL_SECONDS.
  scheduleJob(app, deps, {
    name: 'gateway-reconcile',
    everyMs: deps.reconcileIntervalMs,
    run: async () => {
      const report = await reconcileGatewayDeposits(deps, deps.publicUrl ?? localOrigin(app), app.log);
      if (report.checked) app.log.info({ ...report }, 'gateway reconciliation');
    },
  });
}

type GatewayRow = typeof paymentGateways.$inferSelect;
/** The secret is write-only: a list shows that one is set, never what it is. */
const gatewayView = (g: GatewayRow) => ({
  code: g.code,
  name: g.name,
  protocol: g.protocol,
  merchant_id: g.merchantId,
  secret: '********',
  submit_url: g.submitUrl,
  enabled: g.enabled,
  created_at: formatBeijing(g.createdAt),
});

/**
 * Payment gateways (admin) and the notify log (finance). A gateway decides where members pay and which notifies
 * credit them: its creation and its merchant, secret and submit_url wait for a second admin (modules/integrations);
 * its name and switch change at once.
 */
export function gatewaysAdminRoutes(
  app: FastifyInstance,
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'afterDepositApproved' | 'tellMember'> & { outbound: OutboundPolicy },
  authenticate: AuthenticateOperator,
) {
  const { db } = deps;

  // 查单: ask the gateway about one deposit now; the answer is acted on as reconciliation would, and audited.
  adminRoute(app, authenticate, adminEndpoints.depositQuery, async ({ params, operator, req }) => {
    const depositNo = params.deposit_no ?? '';
    if (!/^[A-Za-z0-9]{1,32}$/.test(depositNo)) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    const result = await queryDepositAtGateway(deps, depositNo, localOrigin(app), req.log);
    await audit(db, {
      operatorId: operator.id,
      action: 'deposit.query',
      target: `deposit:${depositNo}`,
      after: { answer: result.answer, outcome: result.outcome, state: result.deposit.state },
      requestId: req.id,
    });
    return {
      data: { deposit: depositView(result.deposit), answer: result.answer, outcome: result.outcome },
      message: result.message,
    };
  });

  // Late payments: money a gateway reported paid for a closed deposit, credited or refused by finance once.
  adminRoute(app, authenticate, adminEndpoints.latePayments, async ({ input }) => ({
    data: await listLatePayments(db, input.state, pageWindow(input)),
  }));
  const lateDecisions = { approve: adminEndpoints.latePaymentApprove, reject: adminEndpoints.latePaymentReject };
  for (const decision of ['approve', 'reject'] as const) {
    adminRoute(app, authenticate, lateDecisions[decision], async ({ input, params, operator, req }) => ({
      data: await decideLatePayment(
        deps,
        idParam(params),
        decision,
        { operatorId: operator.id, name: operator.username, requestId: req.id },
        'note' in input ? input.note : '',
      ),
      message: decision === 'approve' ? MSG.latePaymentCredited : MSG.latePaymentRefused,
    }));
  }
  adminRoute(app, authenticate, adminEndpoints.paymentGateways, async () => ({
    data: await withPending(
      db,
      'gateway',
      (await db.select().from(paymentGateways).orderBy(asc(paymentGateways.code))).map(gatewayView),
    ),
  }));

  adminRoute(app, authenticate, adminEndpoints.paymentGatewayCreate, async ({ input, operator, req }) => ({
    data: await proposeGatewayCreation(db, deps.outbound, operator, input, req.id),
    message: MSG.integrationChangePending,
  }));

  adminRoute(app, authenticate, adminEndpoints.paymentGatewayUpdate, async ({ input, params, operator, req }) => {
    const { updated, change } = await db.transaction(async (tx) => {
      const before = await lockedGateway(tx, params.code);
      const change = await proposeGatewayIntegration(tx, deps.outbound, operator, before, input, req.id);
      if (input.name === undefined && input.enabled === undefined) return { updated: before, change };
      const [row] = await tx
        .update(paymentGateways)
        .set({ name: input.name, enabled: input.enabled })
        .where(eq(paymentGateways.code, before.code))
        .returning();
      if (!row) throw new AppError(BizCode.NOT_FOUND, MSG.gatewayNotFound);
      await audit(tx, {
        operatorId: operator.id,
        action: 'payment-gateway.update',
        target: `payment-gateway:${row.code}`,
        before: gatewayView(before),
        after: gatewayView(row),
        requestId: req.id,
      });
      return { updated: row, change };
    });
    const [view] = await withPending(db, 'gateway', [gatewayView(updated)]);
    return { data: view!, message: change ? MSG.integrationChangePending : MSG.ok };
  });

  adminRoute(app, authenticate, adminEndpoints.paymentGatewayDelete, async ({ params, operator, req }) => {
    await db.transaction(async (tx) => {
      const row = await lockedGateway(tx, params.code);
      // Pending deposits still wait for this gateway's notify: it must stay until they are settled or closed.
      const [ways] = await tx.select({ n: count() }).from(payWays).where(eq(payWays.gateway, row.code));
      const [waiting] = await tx
        .select({ n: count() })
        .from(deposits)
        .where(and(eq(deposits.gatewayCode, row.code), eq(deposits.state, 1)));
      if ((ways?.n ?? 0) > 0 || (waiting?.n ?? 0) > 0) throw new AppError(BizCode.CONFLICT, MSG.gatewayInUse);
      await tx.delete(paymentGateways).where(eq(paymentGateways.code, row.code));
      await audit(tx, {
        operatorId: operator.id,
        action: 'payment-gateway.delete',
        target: `payment-gateway:${row.code}`,
        before: gatewayView(row),
        requestId: req.id,
      });
    });
    return { data: null, message: MSG.ok };
  });

  adminRoute(app, authenticate, adminEndpoints.paymentNotifies, async ({ input }) => {
    const window = pageWindow(input);
    const filters: SQL[] = [];
    if (input.flagged !== undefined) filters.push(eq(paymentNotifies.flagged, input.flagged));
    if (input.deposit_no) filters.push(eq(paymentNotifies.depositNo, input.deposit_no));
    if (input.gateway) filters.push(eq(paymentNotifies.gatewayCode, input.gateway));
    const where = filters.length ? and(...filters) : undefined;
    const rows = db.select().from(paymentNotifies).orderBy(desc(paymentNotifies.id)).$dynamic();
    const view = (r: typeof paymentNotifies.$inferSelect) => ({
      id: r.id,
      gateway: r.gatewayCode,
      source: r.source,
      deposit_no: r.depositNo,
      trade_no: r.tradeNo,
      money: r.money,
      trade_status: r.tradeStatus,
      params: r.params,
      ip: r.ip,
      valid: r.valid,
      outcome: r.outcome,
      flagged: r.flagged,
      created_at: formatBeijing(r.createdAt),
    });
    return { data: await queryPage(db, paymentNotifies, where, window, rows, view) };
  });
}
