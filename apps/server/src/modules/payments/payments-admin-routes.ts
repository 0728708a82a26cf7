import { adminEndpoints, BizCode, MSG, receivingAccountResource } from '@h5/contract';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { crudRoutes } from '../backoffice/admin-crud';
import { memberRowsPage, OWNER_COLUMNS } from '../accounts/member-rows-page';
import { adminRoute, type AuthenticateOperator } from '../../http/admin-route';
import { AppError, badInput } from '../../http/errors';
import { beijingDayRange } from '../../http/date-filter';
import { numericToCents, numericToMoney } from '../../lib/money';
import { type PageWindow, pageWindow } from '../../lib/paging';
import { audit } from '../backoffice/audit';
import { withPendingSettings } from '../backoffice/money-settings';
import { PAY_WAY_PREFIX, proposePayRanges } from './pay-range-changes';
import { reviewLinesOf } from '../site/site-service';
import { approveDeposit, depositView, reviewDeposit, type ReviewDecision } from './deposits-service';
import type { PaymentsDeps } from './payments-common';
import {
  deposits,
  paymentGateways,
  payRanges,
  type PayWayCode,
  payWays,
  receivingAccounts,
  withdrawals,
} from '../../db/tables/payments';
import { reviewWithdrawal, secondReviewLine, withdrawalView } from './withdrawals-service';

const NUMBER = /^[A-Za-z0-9]{1,32}$/;
const PAY_WAY_CODES: readonly PayWayCode[] = ['bank', 'wechat', 'alipay', 'usdt', 'ebpay'];

function tradeNumber(params: Partial<Record<string, string>>, name: string): string {
  const value = params[name] ?? '';
  if (!NUMBER.test(value)) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
  return value;
}

/**
 * The withdrawal queue: each row with what the reviewer decides on, the member's outstanding turnover and whether
 * the amount is above the second-review line now.
 */
async function withdrawalQueue(db: DbOrTx, where: SQL | undefined, window: PageWindow) {
  const line = await secondReviewLine(db);
  const view = (row: typeof withdrawals.$inferSelect, username: string, owner: { turnoverRequired: string }) => ({
    ...withdrawalView(row, username),
    username,
    turnover_required: numericToMoney(owner.turnoverRequired),
    needs_second_review: row.firstReviewerId !== null || (line > 0 && numericToCents(row.amount) > line),
  });
  return memberRowsPage(db, withdrawals, where, window, view, { turnoverRequired: OWNER_COLUMNS.turnoverRequired });
}

/** The message of an approval: a first one says why it waits for a second person; one that moved money says ok. */
const approvalMessage = (waiting: false | 'line' | 'daily_total') =>
  waiting === 'daily_total' ? MSG.dailyTotalPending : waiting === 'line' ? MSG.secondReviewPending : MSG.ok;

type AccountRow = typeof receivingAccounts.$inferSelect;
const accountView = (a: AccountRow) => ({
  id: a.id,
  channel: a.channel,
  bank_name: a.bankName,
  bank_no: a.bankNo,
  bank_owner: a.bankOwner,
  bank_address: a.bankAddress,
  mch_id: a.mchId,
  content: a.content,
  payimg: a.payimg,
  enabled: a.enabled,
  sort: a.sort,
});
const accountColumns = (input: z.output<typeof receivingAccountResource.create.input>) => ({
  channel: input.channel,
  bankName: input.bank_name,
  bankNo: input.bank_no,
  bankOwner: input.bank_owner,
  bankAddress: input.bank_address,
  mchId: input.mch_id,
  content: input.content,
  payimg: input.payimg,
  enabled: input.enabled,
  sort: input.sort,
});

type PayRangeRow = typeof payRanges.$inferSelect;
const rangeView = (r: PayRangeRow) => ({
  type: r.type,
  min_price: numericToMoney(r.minPrice),
  max_price: numericToMoney(r.maxPrice),
});

/**
 * The back office of payments (docs/architecture.md "Operators"), finance role: deposit and withdrawal reviews addressed by the
 * number the member saw, pay ways with their ranges, and receiving accounts. Every change is audited in its own
 * transaction.
 */
export function paymentsAdminRoutes(app: FastifyInstance, deps: PaymentsDeps, authenticate: AuthenticateOperator) {
  const { db } = deps;

  adminRoute(app, authenticate, adminEndpoints.deposits, async ({ input }) => {
    const filters = beijingDayRange(deposits.createdAt, input);
    if (input.state !== undefined) filters.push(eq(deposits.state, input.state));
    const { above } = await reviewLinesOf(db, 'deposit');
    // Whether an operator's approval is a first one by the line; a daily total may make it one too, said on approval.
    const view = (row: typeof deposits.$inferSelect, username: string) => ({
      ...depositView(row, username),
      username,
      needs_second_review:
        row.gatewayCode === null && (row.firstReviewerId !== null || numericToCents(row.amount) > above),
    });
    return { data: await memberRowsPage(db, deposits, and(...filters), pageWindow(input), view) };
  });

  adminRoute(app, authenticate, adminEndpoints.withdrawals, async ({ input }) => {
    const filters = beijingDayRange(withdrawals.createdAt, input);
    if (input.state !== undefined) filters.push(eq(withdrawals.state, input.state));
    return { data: await withdrawalQueue(db, and(...filters), pageWindow(input)) };
  });

  // An operator approves only a deposit paid to a receiving account, with its evidence; rejecting works for any.
  adminRoute(app, authenticate, adminEndpoints.depositApprove, async ({ input, params, operator, req }) => {
    const evidence = { receivingAccountId: input.receiving_account_id, payerReference: input.payer_reference };
    const reviewer = { operatorId: operator.id, name: operator.username, requestId: req.id };
    const approval = await approveDeposit(deps, tradeNumber(params, 'deposit_no'), evidence, reviewer, input.note);
    return { data: approval.deposit, message: approvalMessage(approval.awaitingSecondReview) };
  });
  adminRoute(app, authenticate, adminEndpoints.depositReject, async ({ input, params, operator, req }) => ({
    data: await reviewDeposit(
      deps,
      tradeNumber(params, 'deposit_no'),
      'reject',
      { operatorId: operator.id, name: operator.username, requestId: req.id },
      input.note,
    ),
    message: MSG.ok,
  }));

  const withdrawalReviews = { approve: adminEndpoints.withdrawalApprove, reject: adminEndpoints.withdrawalReject };
  for (const decision of ['approve', 'reject'] as const satisfies readonly ReviewDecision[]) {
    adminRoute(app, authenticate, withdrawalReviews[decision], async ({ input, params, operator, req }) => {
      const review = await reviewWithdrawal(
        deps,
        tradeNumber(params, 'order_no'),
        decision,
        { operatorId: operator.id, name: operator.username, requestId: req.id },
        input.note,
      );
      return { data: review.withdrawal, message: approvalMessage(review.awaitingSecondReview) };
    });
  }

  // Pay ways: the five ways are fixed; operators switch them and set the range of each getPayRange type.
  adminRoute(app, authenticate, adminEndpoints.payWays, async () => {
    const [ways, ranges] = await Promise.all([
      db.select().from(payWays).orderBy(asc(payWays.sort)),
      db.select().from(payRanges).orderBy(asc(payRanges.type)),
    ]);
    return {
      data: await withPendingSettings(
        db,
        PAY_WAY_PREFIX,
        ways.map((w) => ({
          code: w.code,
          name: w.name,
          enabled: w.enabled,
          sort: w.sort,
          gateway: w.gateway,
          ranges: ranges.filter((r) => r.payWay === w.code).map(rangeView),
        })),
        (w) => w.code,
      ),
    };
  });

  adminRoute(app, authenticate, adminEndpoints.payWayUpdate, async ({ input, params, operator, req }) => {
    const code = PAY_WAY_CODES.find((c) => c === params.code);
    if (!code) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    const result = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(payWays).where(eq(payWays.code, code)).for('update');
      if (!before) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
      // Where a way's deposits are paid is the admin's (docs/operators.md "Operators and the back-office API"); finance keeps the rest of the way.
      if (input.gateway !== undefined && input.gateway !== before.gateway && operator.role !== 'admin') {
        throw new AppError(BizCode.FORBIDDEN, MSG.payWayGatewayAdminOnly);
      }
      if (input.gateway) {
        if (code === 'bank') throw badInput(MSG.bankWayNoGateway);
        const [gateway] = await tx.select().from(paymentGateways).where(eq(paymentGateways.code, input.gateway));
        if (!gateway) throw badInput(MSG.gatewayNotFound);
      }
      const changes = { name: input.name, enabled: input.enabled, sort: input.sort, gateway: input.gateway };
      // Only the ranges (or nothing) may change: an update without a column to set is refused by drizzle.
      const changesWay = Object.values(changes).some((v) => v !== undefined);
      const [after] = changesWay
        ? await tx.update(payWays).set(changes).where(eq(payWays.code, before.code)).returning()
        : [before];
      if (!after) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
      // The ranges wait for a second admin (docs/operators.md "Who may move money"): nothing of them changes here.
      const change = input.ranges ? await proposePayRanges(tx, operator, code, input.ranges, req.id) : null;
      await audit(tx, {
        operatorId: operator.id,
        action: 'pay-way.update',
        target: `pay-way:${code}`,
        before,
        after,
        requestId: req.id,
      });
      return { after, pending: change !== null };
    });
    return { data: result.after, message: result.pending ? MSG.integrationChangePending : MSG.ok };
  });

  crudRoutes(app, authenticate, db, {
    calls: receivingAccountResource,
    action: 'receiving-account',
    table: receivingAccounts,
    columns: accountColumns,
    view: accountView,
    orderBy: [receivingAccounts.channel, receivingAccounts.sort, receivingAccounts.id],
  });
}
