import { adminResources, BizCode, endpoints, MSG } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../backoffice/admin-crud';
import { withPendingSettings } from '../backoffice/money-settings';
import type { AuthenticateOperator } from '../../http/admin-route';
import { AppError } from '../../http/errors';
import type { AttemptLimiter } from '../../http/rate-limit';
import { type Authenticate, memberRoute } from '../../http/route';
import { observe, onClaim } from '../risk/risk-service';
import { openForMoney } from '../site/site-service';
import { grabRedpacket, redpacketInfo, redpacketRecords, type RedpacketsDeps } from './redpackets-service';
import { checkRule, redpacketRuleRows, ruleAdminView, ruleColumns } from './redpacket-rules';
import { redpacketRules } from '../../db/tables/redpackets';

/** Member endpoints of red packets (docs/member-app.md "Server calls"): state and rules, grab, records. */
export function redpacketsRoutes(
  app: FastifyInstance,
  deps: RedpacketsDeps,
  authenticate: Authenticate,
  /** Grab attempts per member: a script hammering the button is turned away before it reaches the ledger. */
  grabs: AttemptLimiter,
) {
  memberRoute(app, endpoints.userRedpacket, authenticate, async ({ member }) => ({
    data: await redpacketInfo(deps, member.id),
  }));
  memberRoute(
    app,
    endpoints.doUserRedpacket,
    authenticate,
    async ({ member, req }) => {
      const key = `member:${member.id}`;
      if (await grabs.hit(key)) throw new AppError(BizCode.TOO_MANY, MSG.tooManyAttempts);
      const data = await grabRedpacket(deps, member.id);
      await observe(req.log, () => onClaim(deps.db, member.id, `领取红包${data.redpacketmoney}元`, deps.clock.now()));
      return { data, message: MSG.redpacketClaimed };
    },
    { guard: openForMoney(deps.db) },
  );
  memberRoute(app, endpoints.redpacket, authenticate, async ({ body, member }) => ({
    data: await redpacketRecords(deps, member.id, body),
  }));
}

/** Back office: red-packet rules (finance: they pay out money, so a new rule or a change waits for a second admin). */
export function redpacketsAdminRoutes(app: FastifyInstance, deps: RedpacketsDeps, authenticate: AuthenticateOperator) {
  crudRoutes(app, authenticate, deps.db, {
    calls: adminResources.redpacketRules,
    action: 'redpacket-rule',
    table: redpacketRules,
    check: checkRule,
    columns: ruleColumns,
    view: ruleAdminView,
    annotate: (db, items) => withPendingSettings(db, redpacketRuleRows.prefix, items, (r) => r.id),
    money: redpacketRuleRows,
    orderBy: [redpacketRules.startTime, redpacketRules.id],
  });
}
