import { BizCode, endpoints, MSG } from '@h5/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/errors';
import { idempotencyKeyOf } from '../../http/idempotency';
import { type Authenticate, memberRoute } from '../../http/route';
import { numericToMoney } from '../../lib/money';
import { formatBeijing } from '../../lib/time';
import { openForMoney } from '../site/site-service';
import * as cards from './cards-service';
import * as depositsService from './deposits-service';
import { countMoneyAttempt, PAY_WAY_LABEL, type PaymentsDeps } from './payments-common';
import { transRecords } from './records-service';
import { sandboxPayPage, sandboxResultPage } from './sandbox-pay-page';
import { submitWithdrawal } from './withdrawals-service';

const SandboxParams = z.object({ deposit_no: z.string().regex(/^[A-Za-z0-9]{1,32}$/) });
const SandboxToken = z.object({ token: z.string().max(64).default('') });

/** Member endpoints of deposits, withdrawals, cards and transaction records, and the sandbox payment page. */
export function paymentsRoutes(app: FastifyInstance, deps: PaymentsDeps, authenticate: Authenticate) {
  const { db } = deps;
  // Money calls close while the site is under maintenance (site-service openForMoney).
  const open = { guard: openForMoney(db) };

  memberRoute(app, endpoints.getPayWay, authenticate, async () => ({ data: await depositsService.payWayFlags(db) }));
  memberRoute(app, endpoints.getPayRange, authenticate, async ({ body }) => ({
    data: await depositsService.payRange(db, body.type),
  }));
  memberRoute(app, endpoints.getPayBank, authenticate, async () => ({ data: await depositsService.receivingBanks(db) }));

  // SERVER-RULES: the deposit number is the message (the client opens /payInfo?deposit_no=<message>) and data.
  memberRoute(app, endpoints.recharge, authenticate, async ({ body, member }) => {
    const depositNo = await depositsService.createDeposit(deps, member.id, body);
    return { data: { deposit_no: depositNo }, message: depositNo };
  }, open);
  memberRoute(app, endpoints.payInfo, authenticate, async ({ body, member }) =>
    depositsService.payInfo(db, member.id, body.deposit_no),
  );

  memberRoute(app, endpoints.withdraw, authenticate, async ({ body, member, req }) => {
    await countMoneyAttempt(deps, member.id);
    const orderNo = await submitWithdrawal(deps, member.id, { ...body, requestKey: idempotencyKeyOf(req) });
    return { data: { order_no: orderNo }, message: MSG.submittedForReview };
  }, open);

  memberRoute(app, endpoints.getCard, authenticate, async ({ body, member }) => ({
    data: await cards.listCards(db, member.id, body.type),
  }));
  memberRoute(app, endpoints.bindCard, authenticate, async ({ body, member }) => {
    await countMoneyAttempt(deps, member.id);
    await cards.bindCard(db, member.id, body);
    return { data: null, message: MSG.bindOk };
  }, open);
  memberRoute(app, endpoints.delCard, authenticate, async ({ body, member }) => {
    await cards.unbindCard(db, member.id, body.id);
    return { data: null, message: MSG.unbindOk };
  });
  memberRoute(app, endpoints.bankList, authenticate, async () => ({ data: await cards.bankList(db) }));

  memberRoute(app, endpoints.getTransRecord, authenticate, async ({ body, member }) => ({
    data: await transRecords(db, deps.clock, member.id, body),
  }));

  // The sandbox payment page: the link payinfo gives for a non-bank deposit, carrying the deposit's pay token.
  const html = (reply: FastifyReply, page: string) => reply.type('text/html; charset=utf-8').send(page);

  app.get('/sandbox/pay/:deposit_no', async (req, reply) => {
    const params = SandboxParams.safeParse(req.params);
    const query = SandboxToken.safeParse(req.query ?? {});
    try {
      if (!params.success || !query.success) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
      const d = await depositsService.sandboxDeposit(db, params.data.deposit_no, query.data.token);
      const blocked =
        d.payWay === 'bank' ? MSG.bankDepositNeedsReview : d.state !== 1 ? MSG.alreadyProcessed : null;
      return html(
        reply,
        sandboxPayPage({
          depositNo: d.depositNo,
          token: query.data.token,
          amount: numericToMoney(d.amount),
          payTypeLabel: d.catepay ? `${PAY_WAY_LABEL[d.payWay]}-${d.catepay}` : PAY_WAY_LABEL[d.payWay],
          usdtAmount: d.usdtAmount === null ? null : numericToMoney(d.usdtAmount),
          createdAt: formatBeijing(d.createdAt),
          blocked,
        }),
      );
    } catch (error) {
      if (error instanceof AppError) return html(reply.code(404), sandboxResultPage(error.message));
      throw error;
    }
  });

  // Answers the envelope to a JSON call and a result page to the page's own form.
  app.post('/sandbox/pay/:deposit_no/confirm', async (req: FastifyRequest, reply) => {
    const fromForm = String(req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
    const params = SandboxParams.safeParse(req.params);
    const body = SandboxToken.safeParse(req.body ?? {});
    try {
      if (!params.success || !body.success) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
      const deposit = await depositsService.confirmSandboxPayment(deps, params.data.deposit_no, body.data.token, req.id);
      if (fromForm) return html(reply, sandboxResultPage(MSG.depositPaid));
      return { code: 200, message: MSG.depositPaid, data: { deposit_no: deposit.deposit_no, state: deposit.state } };
    } catch (error) {
      if (fromForm && error instanceof AppError) return html(reply, sandboxResultPage(error.message));
      throw error;
    }
  });
}
