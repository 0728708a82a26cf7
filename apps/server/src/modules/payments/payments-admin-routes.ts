import { BizCode, MSG, parseMoneyToCents } from '@h5/contract';
import { asc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { memberRowsPage } from '../../http/member-rows-page';
import { adminRoute, type AuthenticateOperator, idParam } from '../../http/admin-route';
import { AppError, badInput } from '../../http/errors';
import { centsToNumeric, numericToMoney } from '../../lib/money';
import { pageWindow } from '../../lib/paging';
import { audit } from '../admin/admin-service';
import { depositView, reviewDeposit, type ReviewDecision } from './deposits-service';
import type { PaymentsDeps } from './payments-common';
import { deposits, paymentGateways, payRanges, type PayWayCode, payWays, receivingAccounts, withdrawals } from './payments-tables';
import { reviewWithdrawal, withdrawalView } from './withdrawals-service';

const ListInput = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pagesize: z.coerce.number().int().min(1).max(50).optional(),
  state: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(3).optional()),
});
const NoteInput = z.object({ note: z.string().max(200).default('') });
const NUMBER = /^[A-Za-z0-9]{1,32}$/;
const PAY_WAY_CODES: readonly PayWayCode[] = ['bank', 'wechat', 'alipay', 'usdt', 'ebpay'];

function tradeNumber(params: Record<string, string>, name: string): string {
  const value = params[name] ?? '';
  if (!NUMBER.test(value)) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
  return value;
}

const moneyField = z.union([z.string().max(32), z.number()]).transform((v, ctx) => {
  const cents = parseMoneyToCents(v);
  if (cents === null || cents < 0) {
    ctx.addIssue({ code: 'custom', message: MSG.amountInvalid });
    return z.NEVER;
  }
  return cents;
});

const AccountInput = z.object({
  channel: z.enum(['bank', 'wechat', 'alipay', 'ebpay', 'usdt-erc20', 'usdt-trc20']),
  bank_name: z.string().max(64).default(''),
  bank_no: z.string().max(128).default(''),
  bank_owner: z.string().max(64).default(''),
  bank_address: z.string().max(128).default(''),
  mch_id: z.string().max(128).default(''),
  content: z.string().max(255).default(''),
  payimg: z.string().max(200_000).default(''),
  enabled: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])).default(1),
  sort: z.coerce.number().int().default(0),
});

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
const accountColumns = (input: z.output<typeof AccountInput>) => ({
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

/**
 * The back office of payments (DESIGN "Operators"), finance role: deposit and withdrawal reviews addressed by the
 * number the member saw, pay ways with their ranges, and receiving accounts. Every change is audited in its own
 * transaction.
 */
export function paymentsAdminRoutes(app: FastifyInstance, deps: PaymentsDeps, authenticate: AuthenticateOperator) {
  const { db } = deps;

  adminRoute(app, authenticate, { method: 'GET', url: '/admin/api/deposits', roles: ['finance'], input: ListInput }, async ({ input }) => {
    const window = pageWindow(input);
    const where: SQL | undefined = input.state === undefined ? undefined : eq(deposits.state, input.state);
    return { data: await memberRowsPage(db, deposits, where, window, depositView) };
  });

  adminRoute(app, authenticate, { method: 'GET', url: '/admin/api/withdrawals', roles: ['finance'], input: ListInput }, async ({ input }) => {
    const window = pageWindow(input);
    const where: SQL | undefined = input.state === undefined ? undefined : eq(withdrawals.state, input.state);
    return { data: await memberRowsPage(db, withdrawals, where, window, withdrawalView) };
  });

  for (const decision of ['approve', 'reject'] as const satisfies readonly ReviewDecision[]) {
    adminRoute(
      app,
      authenticate,
      { method: 'POST', url: `/admin/api/deposits/:deposit_no/${decision}`, roles: ['finance'], input: NoteInput },
      async ({ input, params, operator, req }) => ({
        data: await reviewDeposit(deps, tradeNumber(params, 'deposit_no'), decision, { operatorId: operator.id, name: operator.username, requestId: req.id }, input.note),
        message: MSG.ok,
      }),
    );
    adminRoute(
      app,
      authenticate,
      { method: 'POST', url: `/admin/api/withdrawals/:order_no/${decision}`, roles: ['finance'], input: NoteInput },
      async ({ input, params, operator, req }) => ({
        data: await reviewWithdrawal(deps, tradeNumber(params, 'order_no'), decision, { operatorId: operator.id, name: operator.username, requestId: req.id }, input.note),
        message: MSG.ok,
      }),
    );
  }

  // Pay ways: the five ways are fixed; operators switch them and set the range of each getPayRange type.
  adminRoute(app, authenticate, { method: 'GET', url: '/admin/api/pay-ways', roles: ['finance'] }, async () => {
    const [ways, ranges] = await Promise.all([
      db.select().from(payWays).orderBy(asc(payWays.sort)),
      db.select().from(payRanges),
    ]);
    return {
      data: ways.map((w) => ({
        code: w.code,
        name: w.name,
        enabled: w.enabled,
        sort: w.sort,
        gateway: w.gateway,
        ranges: ranges
          .filter((r) => r.payWay === w.code)
          .map((r) => ({ type: r.type, min_price: numericToMoney(r.minPrice), max_price: numericToMoney(r.maxPrice) })),
      })),
    };
  });

  adminRoute(
    app,
    authenticate,
    {
      method: 'PUT',
      url: '/admin/api/pay-ways/:code',
      roles: ['finance'],
      input: z.object({
        name: z.string().min(1).max(32).optional(),
        enabled: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])).optional(),
        sort: z.coerce.number().int().optional(),
        /** A gateway code, or null: receiving accounts and operator review. */
        gateway: z.string().max(32).nullable().optional(),
        ranges: z.array(z.object({ type: z.string().max(16), min_price: moneyField, max_price: moneyField })).max(6).default([]),
      }),
    },
    async ({ input, params, operator, req }) => {
      const code = PAY_WAY_CODES.find((c) => c === params.code);
      if (!code) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
      const result = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(payWays).where(eq(payWays.code, code));
        if (!before) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
        if (input.gateway) {
          if (code === 'bank') throw badInput(MSG.bankWayNoGateway);
          const [gateway] = await tx.select().from(paymentGateways).where(eq(paymentGateways.code, input.gateway));
          if (!gateway) throw badInput(MSG.gatewayNotFound);
        }
        const changes = { name: input.name, enabled: input.enabled, sort: input.sort, gateway: input.gateway };
        const [after] = await tx.update(payWays).set(changes).where(eq(payWays.code, before.code)).returning();
        for (const range of input.ranges) {
          if (range.min_price > range.max_price) throw badInput(MSG.amountInvalid);
          const [updated] = await tx
            .update(payRanges)
            .set({ minPrice: centsToNumeric(range.min_price), maxPrice: centsToNumeric(range.max_price) })
            .where(eq(payRanges.type, range.type))
            .returning();
          if (!updated || updated.payWay !== before.code) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
        }
        await audit(tx, { operatorId: operator.id, action: 'pay-way.update', target: `pay-way:${code}`, before, after: { ...after, ranges: input.ranges }, requestId: req.id });
        return after;
      });
      return { data: result, message: MSG.ok };
    },
  );

  adminRoute(app, authenticate, { method: 'GET', url: '/admin/api/receiving-accounts', roles: ['finance'] }, async () => {
    const rows = await db.select().from(receivingAccounts).orderBy(asc(receivingAccounts.channel), asc(receivingAccounts.sort), asc(receivingAccounts.id));
    return { data: rows.map(accountView) };
  });

  adminRoute(
    app,
    authenticate,
    { method: 'POST', url: '/admin/api/receiving-accounts', roles: ['finance'], input: AccountInput },
    async ({ input, operator, req }) => {
      const created = await db.transaction(async (tx) => {
        const [row] = await tx.insert(receivingAccounts).values(accountColumns(input)).returning();
        if (!row) throw new Error('insert returned nothing');
        await audit(tx, { operatorId: operator.id, action: 'receiving-account.create', target: `receiving-account:${row.id}`, after: accountView(row), requestId: req.id });
        return row;
      });
      return { data: accountView(created), message: MSG.ok };
    },
  );

  adminRoute(
    app,
    authenticate,
    { method: 'PUT', url: '/admin/api/receiving-accounts/:id', roles: ['finance'], input: AccountInput },
    async ({ input, params, operator, req }) => {
      const id = idParam(params);
      const updated = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(receivingAccounts).where(eq(receivingAccounts.id, id));
        if (!before) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
        const [row] = await tx.update(receivingAccounts).set(accountColumns(input)).where(eq(receivingAccounts.id, id)).returning();
        if (!row) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
        await audit(tx, { operatorId: operator.id, action: 'receiving-account.update', target: `receiving-account:${id}`, before: accountView(before), after: accountView(row), requestId: req.id });
        return row;
      });
      return { data: accountView(updated), message: MSG.ok };
    },
  );

  adminRoute(
    app,
    authenticate,
    { method: 'DELETE', url: '/admin/api/receiving-accounts/:id', roles: ['finance'] },
    async ({ params, operator, req }) => {
      const id = idParam(params);
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(receivingAccounts).where(eq(receivingAccounts.id, id)).returning();
        if (!row) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
        await audit(tx, { operatorId: operator.id, action: 'receiving-account.delete', target: `receiving-account:${id}`, before: accountView(row), requestId: req.id });
      });
      return { data: null, message: MSG.ok };
    },
  );
}
