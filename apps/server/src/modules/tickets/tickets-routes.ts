import { adminEndpoints, BizCode, endpoints, MSG } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import { adminRoute, type AuthenticateOperator, idParam } from '../../http/admin-route';
import { AppError } from '../../http/errors';
import type { AttemptLimiter } from '../../http/rate-limit';
import { type Authenticate, memberRoute } from '../../http/route';
import { audit } from '../backoffice/audit';
import * as tickets from './tickets-service';

/** A member may file this many tickets in a window (docs/member-app.md "意见反馈"). */
export const TICKET_CREATE_LIMIT = { max: 5, windowMs: 10 * 60_000 };

/**
 * 意见反馈: the member's tickets and the desk's (docs/member-app.md "意见反馈", docs/operators.md "Tickets"). Every
 * change the desk makes is audited in the transaction that makes it.
 */
export function ticketRoutes(
  app: FastifyInstance,
  deps: tickets.TicketDeps & { creates: AttemptLimiter },
  authenticate: Authenticate,
  authenticateOperator: AuthenticateOperator,
) {
  const { db } = deps;

  // ---- The member
  memberRoute(app, endpoints.ticketCreate, authenticate, async ({ member, body }) => {
    if (await deps.creates.hit(String(member.id))) throw new AppError(BizCode.TOO_MANY, MSG.ticketTooFast);
    return { data: await tickets.createTicket(deps, member.id, body), message: MSG.ticketCreated };
  });
  memberRoute(app, endpoints.ticketList, authenticate, async ({ member, body }) => ({
    data: await tickets.memberTickets(db, member.id, body.page ?? 1),
  }));
  memberRoute(app, endpoints.ticketDetail, authenticate, async ({ member, body }) => ({
    data: await tickets.memberTicket(db, member.id, body.id),
  }));

  // ---- The desk
  const e = adminEndpoints;
  const target = (id: number) => `ticket:${id}`;
  adminRoute(app, authenticateOperator, e.ticketQueue, async ({ input }) => ({
    data: await tickets.deskTickets(deps, input),
  }));
  adminRoute(app, authenticateOperator, e.ticketDetail, async ({ params }) => ({
    data: await tickets.deskTicket(deps, idParam(params)),
  }));
  adminRoute(app, authenticateOperator, e.ticketReply, async ({ params, input, operator, req }) => {
    const id = idParam(params);
    const row = await tickets.ticketById(db, id);
    await db.transaction(async (tx) => {
      const done = await tickets.replyToTicket(tx, deps, row, operator, input.text);
      await audit(tx, {
        operatorId: operator.id,
        action: 'ticket.reply',
        target: target(id),
        before: { state: row.state },
        after: { state: done.row.state, reply_id: done.reply.id },
        requestId: req.id,
      });
    });
    return { data: await tickets.deskTicket(deps, id) };
  });
  const change =
    (action: string, run: typeof tickets.resolveTicket | typeof tickets.closeTicket) =>
    async ({
      params,
      operator,
      req,
    }: {
      params: Partial<Record<string, string>>;
      operator: { id: number; username: string };
      req: { id: string };
    }) => {
      const id = idParam(params);
      const row = await tickets.ticketById(db, id);
      await db.transaction(async (tx) => {
        const changed = await run(tx, deps, row, operator);
        await audit(tx, {
          operatorId: operator.id,
          action,
          target: target(id),
          before: { state: row.state },
          after: { state: changed.state },
          requestId: req.id,
        });
      });
      return { data: await tickets.deskTicket(deps, id) };
    };
  adminRoute(app, authenticateOperator, e.ticketResolve, change('ticket.resolve', tickets.resolveTicket));
  adminRoute(app, authenticateOperator, e.ticketClose, change('ticket.close', tickets.closeTicket));
}
