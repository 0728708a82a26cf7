import { endpoints, MSG } from '@h5/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestOrigin } from '../../http/public-origin';
import { memberRoute, publicRoute } from '../../http/route';
import * as accounts from './accounts-service';
import type { AccountsDeps } from './accounts-service';
import { observe, onRegistered } from '../risk/risk-service';
import { bearerToken } from '../../lib/tokens';

/** The device of a sign-in as the history shows it: the User-Agent (cut to the column's 255 when stored). */
const userAgent = (req: FastifyRequest) => String(req.headers['user-agent'] ?? '');

export function accountsRoutes(app: FastifyInstance, deps: AccountsDeps) {
  const authenticate = (req: FastifyRequest) => accounts.authenticate(deps, bearerToken(req.headers.authorization));

  publicRoute(app, endpoints.register, async ({ body, ip, req }) => {
    const api_token = await accounts.register(deps, body, ip, userAgent(req));
    await observe(req.log, () => onRegistered(deps.db, ip, userAgent(req), deps.clock.now()));
    return { data: { api_token }, message: MSG.registerOk };
  });

  for (const endpoint of [endpoints.loginPc, endpoints.login]) {
    publicRoute(app, endpoint, async ({ body, ip, req }) => {
      const api_token = await accounts.login(deps, body, ip, userAgent(req));
      return { data: { api_token }, message: MSG.loginOk };
    });
  }

  memberRoute(app, endpoints.logoff, authenticate, async ({ req }) => {
    await accounts.logoff(deps, bearerToken(req.headers.authorization) ?? '');
    return { data: null, message: MSG.logoffOk };
  });

  memberRoute(app, endpoints.user, authenticate, async ({ member, req }) => ({
    data: await accounts.memberSummary(deps, member.id, requestOrigin(req)),
  }));

  memberRoute(app, endpoints.refreshUserMoney, authenticate, async ({ member, req }) => ({
    data: await accounts.memberSummary(deps, member.id, requestOrigin(req)),
    message: MSG.refreshOk,
  }));

  // Not a memberRoute: the token check and the balance read are one prepared query on this hot path.
  app.route({
    method: endpoints.balance.method,
    url: endpoints.balance.path,
    handler: async (req) => ({
      code: 200,
      message: 'ok',
      data: { balance: await accounts.balanceForToken(deps, bearerToken(req.headers.authorization)) },
    }),
  });

  return { authenticate };
}
