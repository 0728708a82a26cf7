import { centsToMoney, endpoints } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, memberRoute } from '../../http/route';
import { outstandingTurnover } from './turnover';
import { betRecords } from '../bets/bet-records';
import { venueNamesByCode } from '../venues/venue-records';
import type { GamesDeps } from './games-service';

export function gamesRoutes(app: FastifyInstance, deps: GamesDeps, authenticate: Authenticate) {
  // Each bet names its venue: the member reads 环球电子, never HQDZ, whatever wallet the venue plays from (a seamless
  // venue is not in /api/balancelist, where the app finds the names of the others).
  memberRoute(app, endpoints.betRecord, authenticate, async ({ body, member }) => {
    const page = await betRecords(deps, member.id, body);
    const names = await venueNamesByCode(deps.db, [...new Set(page.data.map((bet) => bet.Code))]);
    return {
      data: { ...page, data: page.data.map((bet) => ({ ...bet, venue_name: names.get(bet.Code) ?? bet.Code })) },
    };
  });

  // docs/member-app.md "Server calls", getBetAmount: the turnover requirement shown on withdrawal, what is still owed before a withdrawal is allowed.
  memberRoute(app, endpoints.getBetAmount, authenticate, async ({ member }) => ({
    data: { bet_amount: centsToMoney(await outstandingTurnover(deps.db, member.id)) },
  }));
}
