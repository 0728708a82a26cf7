import { randomUUID } from 'node:crypto';
import { endpoints, MSG } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import { idempotencyKeyOf } from '../../http/idempotency';
import { type Authenticate, memberRoute } from '../../http/route';
import { requestOrigin } from '../../http/public-origin';
import { openForMoney } from '../site/site-service';
import * as wallet from './wallet-service';
import type { WalletDeps } from './wallet-service';

export function walletRoutes(app: FastifyInstance, deps: WalletDeps, authenticate: Authenticate) {
  const open = { guard: openForMoney(deps.db) };
  memberRoute(
    app,
    endpoints.transfer,
    authenticate,
    async ({ body, member, req }) => {
      const { balance, message } = await wallet.transfer(
        deps,
        member.id,
        body,
        idempotencyKeyOf(req) ?? randomUUID(),
        member.username,
      );
      return { data: { balance }, message };
    },
    open,
  );

  memberRoute(
    app,
    endpoints.transAll,
    authenticate,
    async ({ member }) => {
      const { recycled, balance } = await wallet.transAll(deps, member.id);
      return { data: { balance }, message: recycled > 0 ? MSG.recycleOk : MSG.nothingToRecycle };
    },
    open,
  );

  memberRoute(app, endpoints.balanceList, authenticate, async ({ member }) => ({
    data: await wallet.venueBalances(deps, member.id),
  }));

  memberRoute(app, endpoints.upTransferStatus, authenticate, async ({ body, member }) => {
    await wallet.setAutoTransfer(deps.db, member.id, body.transferstatus);
    return { data: { transferstatus: body.transferstatus }, message: MSG.settingSaved };
  });

  memberRoute(
    app,
    endpoints.getGameUrl,
    authenticate,
    async ({ body, member, req, ip }) => ({
      data: await wallet.launchGame(deps, member.id, body, requestOrigin(req), member.sessionHash, ip),
    }),
    open,
  );
}
