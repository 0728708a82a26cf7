import { randomUUID } from 'node:crypto';
import { endpoints, MSG } from '@h5/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Authenticate, memberRoute } from '../../http/route';
import { requestOrigin } from '../accounts/accounts-routes';
import * as wallet from './wallet-service';
import type { WalletDeps } from './wallet-service';

/**
 * A client may send an Idempotency-Key header with a money request: the same key never moves money twice (a
 * double tap, a retried request). Without one, every request is its own movement.
 */
function idempotencyKey(req: FastifyRequest): string {
  const header = req.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return key && /^[A-Za-z0-9_-]{8,64}$/.test(key) ? key : randomUUID();
}

export function walletRoutes(app: FastifyInstance, deps: WalletDeps, authenticate: Authenticate) {
  memberRoute(app, endpoints.transfer, authenticate, async ({ body, member, req }) => ({
    data: await wallet.transfer(deps, member.id, body, idempotencyKey(req)),
    message: MSG.transferOk,
  }));

  memberRoute(app, endpoints.transAll, authenticate, async ({ member }) => {
    const { recycled, balance } = await wallet.transAll(deps, member.id);
    return { data: { balance }, message: recycled > 0 ? MSG.recycleOk : MSG.nothingToRecycle };
  });

  memberRoute(app, endpoints.balanceList, authenticate, async ({ member }) => ({
    data: await wallet.venueBalances(deps, member.id),
  }));

  memberRoute(app, endpoints.upTransferStatus, authenticate, async ({ body, member }) => {
    await wallet.setAutoTransfer(deps.db, member.id, body.transferstatus);
    return { data: { transferstatus: body.transferstatus }, message: MSG.settingSaved };
  });

  memberRoute(app, endpoints.getGameUrl, authenticate, async ({ body, member, req }) => ({
    data: await wallet.launchGame(deps, member.id, body, requestOrigin(req)),
  }));
}
