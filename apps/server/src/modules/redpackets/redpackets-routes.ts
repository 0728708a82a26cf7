import { adminResources, BizCode, endpoints, MSG } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../backoffice/admin-crud';
import type { AuthenticateOperator } from '../../http/admin-route';
import { AppError } from '../../http/errors';
import type { AttemptLimiter } from '../../http/rate-limit';
import { type Authenticate, memberRoute } from '../../http/route';
import { centsToNumeric, numericToMoney } from '../../lib/money';
import { observe, onClaim } from '../risk/risk-service';
import { openForMoney } from '../site/site-service';
import { clockSeconds, grabRedpacket, redpacketInfo, redpacketRecords, type RedpacketsDeps } from './redpackets-service';
import { redpacketRules } from './redpackets-tables';

/** Member endpoints of red packets (SPEC 7): state and rules, grab, records. */
export function redpacketsRoutes(
  app: FastifyInstance,
  deps: RedpacketsDeps,
  authenticate: Authenticate,
  /** Grab attempts per member: a script hammering the button is turned away before it reaches the ledger. */
  grabs: AttemptLimiter,
) {
  memberRoute(app, endpoints.userRedpacket, authenticate, async ({ member }) => ({ data: await redpacketInfo(deps, member.id) }));
  memberRoute(app, endpoints.doUserRedpacket, authenticate, async ({ member, req }) => {
    const key = `member:${member.id}`;
    if (await grabs.hit(key)) throw new AppError(BizCode.TOO_MANY, MSG.tooManyAttempts);
    const data = await grabRedpacket(deps, member.id);
    await observe(req.log, () => onClaim(deps.db, member.id, `领取红包${data.redpacketmoney}元`, deps.clock.now()));
    return { data, message: MSG.redpacketClaimed };
  }, { guard: openForMoney(deps.db) });
  memberRoute(app, endpoints.redpacket, authenticate, async ({ body, member }) => ({ data: await redpacketRecords(deps, member.id, body) }));
}

/** Back office: red-packet rules (finance: they pay out money). */
export function redpacketsAdminRoutes(app: FastifyInstance, deps: RedpacketsDeps, authenticate: AuthenticateOperator) {
  crudRoutes(app, authenticate, deps.db, {
    calls: adminResources.redpacketRules,
    action: 'redpacket-rule',
    table: redpacketRules,
    // A window runs within one Beijing day; end is exclusive.
    check: (i) =>
      clockSeconds(i.start_time) >= clockSeconds(i.end_time)
        ? MSG.timeRangeInvalid
        : i.day_flow > i.flow_money
          ? MSG.depositBandInvalid
          : null,
    columns: (i) => ({
      startTime: i.start_time,
      endTime: i.end_time,
      dayFlow: centsToNumeric(i.day_flow),
      flowMoney: centsToNumeric(i.flow_money),
      recharge: i.recharge,
      money: centsToNumeric(i.money),
      enabled: i.enabled,
    }),
    view: (r: typeof redpacketRules.$inferSelect) => ({
      id: r.id,
      start_time: r.startTime,
      end_time: r.endTime,
      day_flow: numericToMoney(r.dayFlow),
      flow_money: numericToMoney(r.flowMoney),
      recharge: r.recharge,
      money: numericToMoney(r.money),
      enabled: r.enabled,
    }),
    orderBy: [redpacketRules.startTime, redpacketRules.id],
  });
}
