import { endpoints, MSG, parseMoneyToCents } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import { idempotencyKeyOf } from '../../http/idempotency';
import { type Authenticate, memberRoute } from '../../http/route';
import { observe, onCardBound, onWithdrawal } from '../risk/risk-service';
import { openForMoney } from '../site/site-service';
import * as cards from './cards-service';
import * as depositsService from './deposits-service';
import { countMoneyAttempt, type PaymentsDeps } from './payments-common';
import { siteOrigins } from './gateways-routes';
import { transRecords } from './records-service';
import { submitWithdrawal } from './withdrawals-service';

/** Member endpoints of deposits, withdrawals, cards and transaction records. */
export function paymentsRoutes(
  app: FastifyInstance,
  deps: PaymentsDeps & { publicUrl: string | undefined },
  authenticate: Authenticate,
) {
  const { db } = deps;
  // Money calls close while the site is under maintenance (site-service openForMoney).
  const open = { guard: openForMoney(db) };

  memberRoute(app, endpoints.getPayWay, authenticate, async () => ({ data: await depositsService.payWayFlags(db) }));
  memberRoute(app, endpoints.getPayRange, authenticate, async ({ body }) => ({
    data: await depositsService.payRange(db, body.type),
  }));
  memberRoute(app, endpoints.getPayBank, authenticate, async () => ({
    data: await depositsService.receivingBanks(db),
  }));

  // docs/wire-rules.md "Wire details": the deposit number is the message (the client opens /payInfo?deposit_no=<message>) and data.
  memberRoute(
    app,
    endpoints.recharge,
    authenticate,
    async ({ body, member }) => {
      const depositNo = await depositsService.createDeposit(deps, member.id, body);
      return { data: { deposit_no: depositNo }, message: depositNo };
    },
    open,
  );
  memberRoute(app, endpoints.payInfo, authenticate, async ({ body, member, req }) =>
    depositsService.payInfo(db, deps.clock, member.id, body.deposit_no, siteOrigins(req, deps.publicUrl)),
  );

  memberRoute(
    app,
    endpoints.withdraw,
    authenticate,
    async ({ body, member, req }) => {
      await countMoneyAttempt(deps, member.id);
      const orderNo = await submitWithdrawal(deps, member.id, { ...body, requestKey: idempotencyKeyOf(req) });
      await observe(req.log, () =>
        onWithdrawal(db, member.id, orderNo, parseMoneyToCents(body.amount) ?? 0, deps.clock.now()),
      );
      return { data: { order_no: orderNo }, message: MSG.submittedForReview };
    },
    open,
  );

  memberRoute(app, endpoints.getCard, authenticate, async ({ body, member }) => ({
    data: await cards.listCards(db, member.id, body.type),
  }));
  memberRoute(
    app,
    endpoints.bindCard,
    authenticate,
    async ({ body, member, req }) => {
      await countMoneyAttempt(deps, member.id);
      await cards.bindCard(db, member.id, body);
      await observe(req.log, () => onCardBound(db, member.id, body.bank_no, deps.clock.now()));
      return { data: null, message: MSG.bindOk };
    },
    open,
  );
  memberRoute(app, endpoints.delCard, authenticate, async ({ body, member }) => {
    await cards.unbindCard(db, member.id, body.id);
    return { data: null, message: MSG.unbindOk };
  });
  memberRoute(app, endpoints.bankList, authenticate, async () => ({ data: await cards.bankList(db) }));

  memberRoute(app, endpoints.getTransRecord, authenticate, async ({ body, member }) => ({
    data: await transRecords(db, deps.clock, member.id, body),
  }));
}
