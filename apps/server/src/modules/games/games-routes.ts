import { randomBytes } from 'node:crypto';
import { centsToMoney, endpoints, MSG } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badInput } from '../../http/errors';
import { type Authenticate, memberRoute } from '../../http/route';
import { cspWithScriptNonce } from '../../http/security-headers';
import { outstandingTurnover } from '../payments/turnover';
import * as games from './games-service';
import type { GamesDeps } from './games-service';
import { sandboxPage } from './sandbox-page';

const TicketBody = z.object({ ticket: z.string().min(1).max(128) });
const RoundBody = TicketBody.extend({ stake: z.union([z.string().max(32), z.number()]), pick: z.string().max(16) });

export function gamesRoutes(app: FastifyInstance, deps: GamesDeps, authenticate: Authenticate) {
  memberRoute(app, endpoints.betRecord, authenticate, async ({ body, member }) => ({
    data: await games.betRecords(deps, member.id, body),
  }));

  // SPEC: "the turnover requirement shown on withdrawal": what is still owed before a withdrawal is allowed.
  memberRoute(app, endpoints.getBetAmount, authenticate, async ({ member }) => ({
    data: { bet_amount: centsToMoney(await outstandingTurnover(deps.db, member.id)) },
  }));

  // The sandbox venue's demo game page and its small API; the ticket in the URL stands for one game launch.
  app.get('/sandbox/play', async (_req, reply) => {
    const nonce = randomBytes(16).toString('base64');
    return reply.header('content-security-policy', cspWithScriptNonce(nonce)).type('text/html; charset=utf-8').send(sandboxPage(nonce));
  });

  const parse = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> => {
    const parsed = schema.safeParse(body ?? {});
    if (!parsed.success) throw badInput();
    return parsed.data;
  };

  app.post('/sandbox/api/state', async (req) => {
    const { ticket } = parse(TicketBody, req.body);
    const session = await games.requireSession(deps.db, ticket, deps.clock);
    return { code: 200, message: 'ok', data: await games.sandboxState(deps, session) };
  });

  app.post('/sandbox/api/round', async (req) => {
    const body = parse(RoundBody, req.body);
    const session = await games.requireSession(deps.db, body.ticket, deps.clock);
    return { code: 200, message: 'ok', data: await games.playRound(deps, session, body) };
  });

  app.post('/sandbox/api/settle', async (req) => {
    const { ticket } = parse(TicketBody, req.body);
    const session = await games.requireSession(deps.db, ticket, deps.clock);
    const settled = await games.settlePending(deps, session);
    return { code: 200, message: settled.length ? MSG.ok : MSG.nothingToSettle, data: settled };
  });
}
