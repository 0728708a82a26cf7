import { randomUUID } from 'node:crypto';
import { BizCode, centsToMoney, MSG, parseMoneyToCents } from '@h5/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { adminRoute, type AuthenticateOperator, idParam } from '../../http/admin-route';
import { AppError, badInput } from '../../http/errors';
import { pageWindow, toPaginator } from '../../lib/paging';
import { numericToCents, numericToMoney } from '../../lib/money';
import { formatBeijing } from '../../lib/time';
import { memberSessions, members } from '../accounts/accounts-tables';
import { bearerToken } from '../accounts/tokens';
import { accountCode, balanceOf, checkLedger, lockWallet, post } from '../ledger/ledger-service';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../ledger/ledger-tables';
import { recycleAll, type WalletDeps } from '../wallet/wallet-service';
import * as admin from './admin-service';
import type { AdminDeps } from './admin-service';
import { auditLog } from './admin-tables';

const PageInput = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pagesize: z.coerce.number().int().min(1).max(50).optional(),
});

async function memberExists(db: Db, id: number) {
  const [member] = await db.select().from(members).where(eq(members.id, id));
  if (!member) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
  return member;
}

/** Whether an adjustment already posted under a reference moved this amount for this member. */
async function sameAdjustment(tx: Tx, reference: string, memberId: number, cents: number): Promise<boolean> {
  const [row] = await tx
    .select({ memberId: ledgerTransactions.memberId, amount: ledgerEntries.amount })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerTransactions.reference, reference), eq(ledgerAccounts.code, accountCode.wallet(memberId))));
  return row?.memberId === memberId && numericToCents(row.amount) === cents;
}

const StateInput = z.object({ state: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])) });

/** The back-office API (DESIGN "Operators"): login, members, balance adjustments, recycling, audit, ledger check. */
export function adminRoutes(app: FastifyInstance, deps: AdminDeps & { wallet: WalletDeps }) {
  const { db } = deps;
  const authenticate: AuthenticateOperator = (req) => admin.authenticateOperator(deps, bearerToken(req.headers.authorization));

  app.post('/admin/api/login', async (req) => {
    const body = z
      .object({ username: z.string().max(64).default(''), password: z.string().max(128).default('') })
      .safeParse(req.body ?? {});
    if (!body.success) throw badInput();
    const session = await admin.operatorLogin(deps, body.data, { ip: req.ip, requestId: req.id });
    return { code: 200, message: MSG.loginOk, data: session };
  });

  adminRoute(
    app,
    authenticate,
    { method: 'POST', url: '/admin/api/logout', roles: ['finance', 'content'] },
    async ({ operator, req }) => {
      await admin.operatorLogout(deps, operator, req.id);
      return { data: null, message: MSG.logoffOk };
    },
  );

  adminRoute(
    app,
    authenticate,
    {
      method: 'POST',
      url: '/admin/api/password',
      roles: ['finance', 'content'],
      input: z.object({ old_password: z.string().max(128).default(''), new_password: z.string().max(128).default('') }),
    },
    async ({ input, operator, req }) => {
      await admin.changeOperatorPassword(deps, operator, input, { ip: req.ip, requestId: req.id });
      return { data: null, message: MSG.passwordChanged };
    },
  );

  adminRoute(app, authenticate, { method: 'GET', url: '/admin/api/operators', roles: [] }, async () => ({
    data: (await admin.listOperators(db)).map((o) => ({
      id: o.id,
      username: o.username,
      role: o.role,
      state: o.state,
      created_at: formatBeijing(o.createdAt),
    })),
  }));

  adminRoute(
    app,
    authenticate,
    { method: 'POST', url: '/admin/api/operators/:id/state', roles: [], input: StateInput },
    async ({ input, params, operator, req }) => {
      await admin.setOperatorState(deps, operator, idParam(params), input.state, req.id);
      return { data: { state: input.state }, message: MSG.ok };
    },
  );

  adminRoute(
    app,
    authenticate,
    { method: 'GET', url: '/admin/api/members', roles: ['finance', 'content'], input: PageInput.extend({ username: z.string().max(32).default('') }) },
    async ({ input }) => {
      const window = pageWindow(input);
      const where = input.username ? sql`lower(${members.username}) LIKE lower(${`%${input.username}%`})` : undefined;
      const [total] = await db.select({ n: count() }).from(members).where(where);
      const rows = await db
        .select({
          id: members.id,
          username: members.username,
          realname: members.realname,
          vip: members.vip,
          state: members.state,
          paysum: members.paysum,
          createdAt: members.createdAt,
          // Qualified by hand: inside the subqueries a bare "id" would mean the account's own id.
          balance: sql<string>`coalesce((SELECT a.balance FROM ledger_accounts a WHERE a.code = 'member:' || "members"."id" || ':wallet'), 0)`,
          gameblance: sql<string>`coalesce((SELECT sum(a.balance) FROM ledger_accounts a WHERE a.member_id = "members"."id" AND a.kind = 'venue'), 0)`,
        })
        .from(members)
        .where(where)
        .orderBy(desc(members.id))
        .limit(window.perPage)
        .offset(window.offset);
      const data = rows.map((r) => ({
        id: r.id,
        username: r.username,
        realname: r.realname,
        vip: r.vip,
        state: r.state,
        paysum: numericToMoney(r.paysum),
        balance: numericToMoney(r.balance),
        gameblance: numericToMoney(r.gameblance),
        created_at: formatBeijing(r.createdAt),
      }));
      return { data: toPaginator(data, total?.n ?? 0, window) };
    },
  );

  // A signed amount credited to or debited from the central wallet. Not a deposit: paysum and turnover stay.
  adminRoute(
    app,
    authenticate,
    {
      method: 'POST',
      url: '/admin/api/members/:id/adjust',
      roles: ['finance'],
      input: z.object({
        amount: z.union([z.string().max(32), z.number()]),
        note: z.string().max(200).default(''),
        reference: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/).optional(),
      }),
    },
    async ({ input, params, operator, req }) => {
      const memberId = idParam(params);
      await memberExists(db, memberId);
      const cents = parseMoneyToCents(input.amount);
      if (cents === null || cents === 0) throw badInput(MSG.amountInvalid);
      if (!input.note.trim()) throw badInput(MSG.adjustNoteRequired);
      const reference = `adjust:${input.reference ?? randomUUID()}`;
      const balance = await db.transaction(async (tx) => {
        const before = await lockWallet(tx, memberId);
        const result = await post(tx, {
          reference,
          kind: 'adjustment',
          memberId,
          memo: input.note,
          legs: [
            { account: accountCode.house('adjustments'), cents: -cents },
            { account: accountCode.wallet(memberId), cents },
          ],
        });
        // A replay answers as the first request did; a reference reused for something else is a mistake to show.
        if (result.replayed && !(await sameAdjustment(tx, reference, memberId, cents))) {
          throw new AppError(BizCode.CONFLICT, MSG.adjustReferenceReused);
        }
        const after = await balanceOf(tx, accountCode.wallet(memberId));
        if (!result.replayed) {
          await admin.audit(tx, {
            operatorId: operator.id,
            action: 'member.adjust',
            target: `member:${memberId}`,
            before: { balance: centsToMoney(before) },
            after: { balance: centsToMoney(after), amount: centsToMoney(cents), note: input.note },
            requestId: req.id,
          });
        }
        return after;
      });
      return { data: { balance: centsToMoney(balance) }, message: MSG.ok };
    },
  );

  adminRoute(
    app,
    authenticate,
    { method: 'POST', url: '/admin/api/members/:id/recycle', roles: ['finance'] },
    async ({ params, operator, req }) => {
      const memberId = idParam(params);
      await memberExists(db, memberId);
      const result = await db.transaction(async (tx) => {
        const recycled = await recycleAll(tx, deps.wallet, memberId, 'admin-recycle');
        const balance = await balanceOf(tx, accountCode.wallet(memberId));
        await admin.audit(tx, {
          operatorId: operator.id,
          action: 'member.recycle',
          target: `member:${memberId}`,
          after: { recycled: centsToMoney(recycled), balance: centsToMoney(balance) },
          requestId: req.id,
        });
        return { recycled: centsToMoney(recycled), balance: centsToMoney(balance) };
      });
      return { data: result, message: Number(result.recycled) > 0 ? MSG.recycleOk : MSG.nothingToRecycle };
    },
  );

  adminRoute(
    app,
    authenticate,
    { method: 'POST', url: '/admin/api/members/:id/state', roles: [], input: StateInput },
    async ({ input, params, operator, req }) => {
      const memberId = idParam(params);
      const member = await memberExists(db, memberId);
      await db.transaction(async (tx) => {
        await tx.update(members).set({ state: input.state }).where(eq(members.id, memberId));
        // A disabled member's sessions end at once, and with them (by cascade) every game ticket they launched.
        if (input.state === 0) await tx.delete(memberSessions).where(eq(memberSessions.memberId, memberId));
        await admin.audit(tx, {
          operatorId: operator.id,
          action: 'member.state',
          target: `member:${memberId}`,
          before: { state: member.state },
          after: { state: input.state },
          requestId: req.id,
        });
      });
      return { data: { state: input.state }, message: MSG.ok };
    },
  );

  adminRoute(app, authenticate, { method: 'GET', url: '/admin/api/audit', roles: [], input: PageInput }, async ({ input }) => {
    const window = pageWindow(input);
    const [total] = await db.select({ n: count() }).from(auditLog);
    const rows = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(window.perPage).offset(window.offset);
    const data = rows.map((r) => ({
      id: r.id,
      operator_id: r.operatorId,
      action: r.action,
      target: r.target,
      before: JSON.parse(r.before),
      after: JSON.parse(r.after),
      request_id: r.requestId,
      created_at: formatBeijing(r.createdAt),
    }));
    return { data: toPaginator(data, total?.n ?? 0, window) };
  });

  adminRoute(app, authenticate, { method: 'GET', url: '/admin/api/ledger/check', roles: ['finance'] }, async () => ({
    data: await checkLedger(db),
  }));

  return { authenticate };
}
