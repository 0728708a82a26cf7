import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { type AppConfig, fastifyTrustProxy, publicUrlProblem } from './config';
import { dummyHash, setPasswordHashCost } from './lib/passwords';
import { type Db, type DbOrTx, type JobLocks, type PoolStats, processLocks } from './db/client';
import { primaryReads, type ReadDb } from './db/replica';
import { apiDocsRoute } from './http/api-docs';
import { builtFiles, serveConsole } from './http/console-static';
import { installErrorHandling } from './http/error-handler';
import { logSerializers } from './http/log-redaction';
import { installSecurityHeaders } from './http/security-headers';
import { installStoppingAnswer } from './http/stopping';
import { installOutboundPolicy } from './http/outbound-setup';
import { installPublicOrigin } from './http/public-origin';
import { type AttemptLimiter, memoryLimiter, type RedisLike, redisLimiter } from './http/rate-limit';
import { accountsRoutes } from './modules/accounts/accounts-routes';
import { contentAdminRoutes } from './modules/content/content-admin-routes';
import { catalogueSyncRoutes, scheduleHub88Catalogues } from './modules/content/catalogue-sync';
import { contentRoutes } from './modules/content/content-routes';
import { siteAdminRoutes } from './modules/site/site-admin-routes';
import { siteRoutes } from './modules/site/site-routes';
import { adminRoutes } from './modules/admin/admin-routes';
import { gamesRoutes } from './modules/games/games-routes';
import { seamlessRoutes } from './modules/venue-wallet/seamless-routes';
import { scheduleHub88Reconciliation } from './modules/venue-wallet/hub88-reconciliation';
import { hub88ReconciliationRoutes } from './modules/venue-wallet/hub88-reconciliation-routes';
import { scheduleVenueJobs } from './modules/wallet/venue-jobs';
import { venueTransfersAdminRoutes } from './modules/wallet/venue-transfers-admin-routes';
import { walletRoutes } from './modules/wallet/wallet-routes';
import { venueBalanceCache, venueTotal } from './modules/wallet/venue-balance-cache';
import { memoryVenueBalanceStore, redisVenueBalanceStore } from './modules/wallet/venue-balance-store';
import { paymentsAdminRoutes } from './modules/payments/payments-admin-routes';
import { reportsRoutes } from './modules/reports/reports-routes';
import { partnersRoutes } from './modules/partners/partners-routes';
import { paymentsRoutes } from './modules/payments/payments-routes';
import { depositedBetween } from './modules/payments/deposit-totals';
import { addDepositTurnover } from './modules/games/turnover';
import { promotionsAdminRoutes, promotionsRoutes } from './modules/promotions/promotions-routes';
import { rebatesRoutes } from './modules/rebates/rebates-routes';
import { claimableRebate } from './modules/rebates/rebates-service';
import { redpacketsAdminRoutes, redpacketsRoutes } from './modules/redpackets/redpackets-routes';
import { vipAdminRoutes } from './modules/vip/vip-routes';
import { scheduleRetentionReview } from './modules/vip/vip-retention';
import { memberRoutes } from './modules/member/member-routes';
import { writeInbox } from './modules/member/inbox';
import type { InboxNote } from '@h5/contract/inbox-notes';
import { riskAdminRoutes } from './modules/risk/risk-routes';
import { responsibleAdminRoutes, responsibleRoutes } from './modules/responsible/responsible-routes';
import { filesAdminRoutes } from './modules/files/files-admin';
import { filesRoutes } from './modules/files/files-routes';
import { newControlToken } from './sandbox/aggregator/control-token';
import { sandboxAggregatorRoutes } from './sandbox/aggregator/sandbox-aggregator-routes';
import { sandboxEpayRoutes } from './sandbox/gateway/sandbox-epay-routes';
import { sandboxHub88Routes } from './sandbox/hub88/sandbox-hub88-routes';
import { gatewaysAdminRoutes, gatewaysRoutes } from './modules/payments/gateways-routes';
import { integrationRoutes } from './modules/integrations/integration-routes';
import { recomputeVip } from './modules/vip/vip-service';
import { type Clock, systemClock } from './lib/time';
import { healthRoutes } from './modules/ops/health-routes';
import { scheduleLedgerCheck } from './modules/ops/ledger-watch';
import { sealKeys } from './modules/ledger/ledger-seal';
import { installSiteMetrics } from './modules/ops/site-metrics';
import { canPubSub, memorySupportBus, redisSupportBus } from './modules/support/support-live';
import { SUPPORT_SEND_LIMIT, supportRoutes } from './modules/support/support-routes';
import { TICKET_CREATE_LIMIT, ticketRoutes } from './modules/tickets/tickets-routes';

export interface AppOptions {
  db: Db;
  /**
   * Where reports, dashboard figures and long back-office lists are read: a streaming replica within its lag bound
   * (DATABASE_REPLICA_URL), else the primary. Money paths and read-then-write work always use `db`.
   */
  readDb?: ReadDb;
  config: AppConfig;
  clock?: Clock;
  /** Shared rate-limit counters and kept venue balances for several server processes (REDIS_URL); in-process without it. */
  redis?: RedisLike & { ping?(): Promise<unknown> };
  /** PostgreSQL's connection pool, for the metrics (PGlite has none). */
  pool?: PoolStats;
  /** Locks across every process on the database, for scheduled work (in-process locks when absent). */
  locks?: JobLocks;
  /** Where log lines go (stdout when absent). */
  logStream?: { write(line: string): void };
}

function installBodyParsers(app: FastifyInstance) {
  // Existing clients post `{}` or nothing at all to many endpoints: an empty body is an empty object.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    const source = String(text).trim();
    if (!source) return done(null, {});
    try {
      done(null, JSON.parse(source));
    } catch {
      const error = Object.assign(new Error('invalid json'), { statusCode: 400 });
      done(error, undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, text, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(text))));
  });
}

/** Builds the whole HTTP application; main.ts only listens, tests call it through inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const problem = publicUrlProblem(config);
  if (problem) throw new Error(problem);
  setPasswordHashCost(config.passwordHashCost);
  // Made now, not on the first sign-in of an unknown name, which would otherwise take one hash longer than a known one.
  void dummyHash();
  const clock = options.clock ?? systemClock;
  const locks = options.locks ?? processLocks();
  const readDb = options.readDb ?? primaryReads(db);
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Errors are logged by the error handler with their request id; a line per request would cost the balance
    // poll, the hot path, more than the request itself.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 256 * 1024,
    // docs/wire-rules.md "Wire details": existing clients call /api/noticelist as well as /api/noticeList.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // A call arriving while the server stops is answered by installStoppingAnswer, not with Fastify's own 503 body.
    return503OnClosing: false,
  });

  const limiter = (name: string, limit: { max: number; windowMs: number }): AttemptLimiter =>
    options.redis
      ? redisLimiter(options.redis, { name, ...limit })
      : memoryLimiter({ ...limit, now: () => clock.now().getTime() });

  // First of the request hooks: a call arriving while the server stops runs nothing else.
  installStoppingAnswer(app);
  installSecurityHeaders(app);
  installBodyParsers(app);
  installErrorHandling(app);
  installOutboundPolicy(app, config);
  installPublicOrigin(app, config.publicUrl);
  // Before any route or job, so the metrics see every request and every scheduled job.
  const ping = options.redis?.ping?.bind(options.redis);
  const redisPing = ping ? { ping } : undefined;
  installSiteMetrics(app, { db, clock, pool: options.pool, redis: redisPing, readDb: options.readDb });
  healthRoutes(app, { db, redis: redisPing });

  // Venue balances shown to members, kept a few seconds: in Redis for every process when there is one.
  const venueBalances = venueBalanceCache(
    options.redis ? redisVenueBalanceStore(options.redis) : memoryVenueBalanceStore(),
  );
  // The 站内信 the site writes a member itself, in the transaction of the event it tells of.
  const tellMember = (tx: DbOrTx, memberId: number, note: InboxNote) => writeInbox(tx, memberId, note, clock.now());
  // Every venue is reached over its API (SANDBOX=1: the demo venues at the sandbox aggregator, on loopback).
  const wallet = { db, clock, venueTimeoutMs: config.venueTimeoutMs, outbound: config.outbound, venueBalances };
  const accountsDeps = {
    db,
    clock,
    tellMember,
    tokenIdleMs: config.tokenIdleMs,
    loginFailures: {
      byAddress: limiter('login', config.limits.loginFailures),
      byAccountAtAddress: limiter('login-account-address', config.limits.loginFailuresPerName),
    },
    registrations: limiter('register', config.limits.registrations),
    venueTotal: (memberId: number) => venueTotal(wallet, memberId),
    claimableRebate,
  };
  const { authenticate } = accountsRoutes(app, accountsDeps);
  siteRoutes(app, { db });
  await contentRoutes(app, { db, authenticate });
  walletRoutes(app, wallet, authenticate);
  const payments = {
    db,
    clock,
    tellMember,
    moneyAttempts: limiter('money', config.limits.moneyAttempts),
    // docs/wire-rules.md "Deposits": an approved deposit raises paysum, then the VIP level is recomputed in the same transaction;
    // the deposit also adds its turnover to what the member owes before a withdrawal.
    afterDepositApproved: async (tx: DbOrTx, memberId: number, depositCents: number) => {
      await addDepositTurnover(tx, memberId, depositCents);
      await recomputeVip(tx, clock, memberId);
    },
  };
  paymentsRoutes(app, { ...payments, publicUrl: config.publicUrl }, authenticate);
  gatewaysRoutes(app, {
    ...payments,
    publicUrl: config.publicUrl,
    reconcileIntervalMs: config.reconcileIntervalMs,
    outbound: config.outbound,
    locks,
    invalidNotifies: limiter('notify-invalid', config.limits.invalidNotifies),
  });
  gamesRoutes(app, { db, clock }, authenticate);
  seamlessRoutes(app, { db, clock });
  promotionsRoutes(app, { db, clock }, authenticate);
  redpacketsRoutes(app, { db, clock }, authenticate, limiter('grabs', config.limits.grabs));
  rebatesRoutes(app, { db, clock }, authenticate);
  responsibleRoutes(app, { db, clock, deposited: depositedBetween }, authenticate);
  // The ledger's seal keys (docs/money.md "Sealed ledger"): the sessions got the current one at connect (openDatabase).
  const seal = sealKeys(config.ledgerSeal);
  const backOffice = adminRoutes(app, {
    db,
    readDb,
    clock,
    idleMs: config.operatorIdleMs,
    sharedAddresses: config.operatorSharedAddresses,
    wallet,
    seal,
    loginFailures: {
      byAddress: limiter('admin-login', config.limits.loginFailures),
      byAccountAtAddress: limiter('admin-login-account-address', config.limits.loginFailuresPerName),
    },
  });
  paymentsAdminRoutes(app, payments, backOffice.authenticate);
  venueTransfersAdminRoutes(app, wallet, backOffice.authenticate);
  hub88ReconciliationRoutes(app, { db, clock }, backOffice.authenticate);
  gatewaysAdminRoutes(app, { ...payments, outbound: config.outbound }, backOffice.authenticate);
  integrationRoutes(app, { db, outbound: config.outbound, clock }, backOffice.authenticate);
  promotionsAdminRoutes(app, { db, clock }, backOffice.authenticate);
  redpacketsAdminRoutes(app, { db, clock }, backOffice.authenticate);
  vipAdminRoutes(app, { db, clock }, backOffice.authenticate);
  contentAdminRoutes(app, { db }, backOffice.authenticate);
  // docs/venues.md "Hub88 catalogue": 同步游戏 in the console, and every hub88 venue once a Beijing day.
  const catalogue = { db, outbound: config.outbound, timeoutMs: config.venueTimeoutMs };
  catalogueSyncRoutes(app, catalogue, backOffice.authenticate);
  siteAdminRoutes(app, { db }, backOffice.authenticate);
  await filesAdminRoutes(app, { db }, backOffice.authenticate);
  reportsRoutes(app, { db, clock, locks, readDb }, backOffice.authenticate);
  // The partner programme: the agent centre, plans, statements and the monthly settlement job.
  partnersRoutes(app, { db, clock, locks, sandbox: config.sandbox }, authenticate, backOffice.authenticate);
  responsibleAdminRoutes(app, { db, clock, deposited: depositedBetween }, backOffice.authenticate);
  riskAdminRoutes(app, { db, clock }, backOffice.authenticate);
  // docs/member-app.md "Constants and limits": the VIP retention review at the start of each Beijing quarter (timer unref'd, cleared on close).
  scheduleRetentionReview(app, { db, clock, locks });
  scheduleHub88Catalogues(app, { ...catalogue, clock, locks });
  scheduleLedgerCheck(app, { db, clock, locks, everyMs: config.ledgerCheckIntervalMs, seal });
  scheduleVenueJobs(app, {
    db,
    clock,
    locks,
    venueTimeoutMs: config.venueTimeoutMs,
    outbound: config.outbound,
    reconcileIntervalMs: config.reconcileIntervalMs,
    betPullIntervalMs: config.betPullIntervalMs,
  });
  // docs/venues.md "Hub88 reconciliation": once per Beijing day, the day before, in one process at a time.
  scheduleHub88Reconciliation(app, {
    db,
    clock,
    locks,
    venueTimeoutMs: config.venueTimeoutMs,
    outbound: config.outbound,
  });
  await memberRoutes(app, { db, clock, moneyAttempts: payments.moneyAttempts }, authenticate, backOffice.authenticate);
  // 在线客服 (docs/operators.md "The support desk"): pushes reach every process's sockets through Redis when there is one.
  await supportRoutes(
    app,
    {
      db,
      clock,
      bus: canPubSub(options.redis) ? redisSupportBus(options.redis) : memorySupportBus(),
      sends: limiter('support-send', SUPPORT_SEND_LIMIT),
    },
    authenticate,
    backOffice.authenticate,
  );
  // 意见反馈 (docs/operators.md "Tickets"): a reply or a resolution writes the member a 站内信.
  ticketRoutes(
    app,
    { db, clock, tellMember, creates: limiter('ticket-create', TICKET_CREATE_LIMIT) },
    authenticate,
    backOffice.authenticate,
  );
  // The sandboxes exist only when asked for: a production install serves nothing under /sandbox/.
  if (config.sandbox) {
    sandboxEpayRoutes(app, { db, clock, outbound: config.outbound });
    // Made here when unset (an app built by a test); main.ts makes and prints it before forking, for every worker.
    config.sandboxControlToken ??= newControlToken();
    sandboxAggregatorRoutes(app, { db, clock, controlToken: config.sandboxControlToken });
    sandboxHub88Routes(app, { db, clock, outbound: config.outbound, controlToken: config.sandboxControlToken });
  }
  filesRoutes(app, db);
  apiDocsRoute(app);
  // Pages of our own without an icon link (sandbox pages, service pages) make browsers ask for /favicon.ico.
  app.get('/favicon.ico', (_req, reply) => reply.code(204).header('cache-control', 'public, max-age=86400').send());

  if (existsSync(config.webDist)) {
    // '/' is routed to index.html below: with preCompressed, the plugin's own directory index misses it.
    await app.register(fastifyStatic, { ...builtFiles(config.webDist, '/'), wildcard: true });
    app.get('/', (_req, reply) => reply.sendFile('index.html'));
  }
  if (existsSync(config.adminDist)) await serveConsole(app, config.adminDist);
  return app;
}
