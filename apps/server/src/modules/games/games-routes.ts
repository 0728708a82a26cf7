import { centsToMoney, endpoints } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, memberRoute } from '../../http/route';
import { outstandingTurnover } from './turnover';
import { betRecords } from '../bets/bet-records';
import type { GamesDeps } from './games-service';

export function gamesRoutes(app: FastifyInstance, deps: GamesDeps, authenticate: Authenticate) {
  memberRoute(app, endpoints.betRecord, authenticate, async ({ body, member }) => ({
    data: await betRecords(deps, member.id, body),
  }));

  // docs/member-app.md "Server calls", getBetAmount: the turnover requirement shown on withdrawal, what is still owed before a withdrawal is allowed.
  memberRoute(app, endpoints.getBetAmount, authenticate, async ({ member }) => ({
    data: { bet_amount: centsToMoney(await outstandingTurnover(deps.db, member.id)) },
  }));
}
