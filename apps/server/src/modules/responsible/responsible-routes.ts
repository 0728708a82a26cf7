import { adminEndpoints, BizCode, endpoints, MSG } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { adminRoute, type AuthenticateOperator, idParam } from '../../http/admin-route';
import { AppError } from '../../http/errors';
import { type Authenticate, memberRoute } from '../../http/route';
import type { Clock } from '../../lib/time';
import { memberExists } from '../accounts/member-records';
import { audit } from '../backoffice/audit';
import { type DepositedBetween, rgInfo, setLimit, startBreak } from './responsible-service';

export interface ResponsibleDeps {
  db: Db;
  clock: Clock;
  /** The member's deposits the limits count (payments counts them: app.ts hands the count in). */
  deposited: DepositedBetween;
}

/** Member endpoints of 理性娱乐: read, set a limit, start a break. Each answers the screen's data afresh. */
export function responsibleRoutes(app: FastifyInstance, deps: ResponsibleDeps, authenticate: Authenticate) {
  const { db, clock, deposited } = deps;
  memberRoute(app, endpoints.responsible, authenticate, async ({ member }) => ({
    data: await rgInfo(db, member.id, clock.now(), deposited),
  }));
  memberRoute(app, endpoints.responsibleSet, authenticate, async ({ body, member }) => {
    const message = await setLimit(db, member.id, body, clock.now(), 'member');
    return { data: await rgInfo(db, member.id, clock.now(), deposited), message };
  });
  memberRoute(app, endpoints.responsibleBreak, authenticate, async ({ body, member }) => {
    const message = await startBreak(db, member.id, body.period, clock.now(), 'member');
    return { data: await rgInfo(db, member.id, clock.now(), deposited), message };
  });
}

async function existingMember(db: Db, id: number) {
  if (!(await memberExists(db, id))) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
  return id;
}

/** Back office: a member's settings, visible to operators, who may tighten but never loosen (audited). */
export function responsibleAdminRoutes(
  app: FastifyInstance,
  deps: ResponsibleDeps,
  authenticate: AuthenticateOperator,
) {
  const { db, clock, deposited } = deps;
  adminRoute(app, authenticate, adminEndpoints.memberResponsible, async ({ params }) => {
    const id = await existingMember(db, idParam(params));
    return { data: await rgInfo(db, id, clock.now(), deposited) };
  });
  adminRoute(app, authenticate, adminEndpoints.memberResponsibleSet, async ({ params, input, operator, req }) => {
    const id = await existingMember(db, idParam(params));
    const message = await setLimit(db, id, input, clock.now(), 'operator');
    await audit(db, {
      operatorId: operator.id,
      action: 'member.responsible',
      target: `member:${id}`,
      after: { kind: input.kind, value: input.value },
      requestId: req.id,
    });
    return { data: await rgInfo(db, id, clock.now(), deposited), message };
  });
  adminRoute(app, authenticate, adminEndpoints.memberResponsibleBreak, async ({ params, input, operator, req }) => {
    const id = await existingMember(db, idParam(params));
    const message = await startBreak(db, id, input.period, clock.now(), 'operator');
    await audit(db, {
      operatorId: operator.id,
      action: 'member.responsible-break',
      target: `member:${id}`,
      after: { period: input.period },
      requestId: req.id,
    });
    return { data: await rgInfo(db, id, clock.now(), deposited), message };
  });
}
