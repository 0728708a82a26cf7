import { adminEndpoints, BizCode, centsToMoney, MSG } from '@h5/contract';
import { and, asc, count, desc, eq, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { queryPage } from '../../db/query-page';
import { primaryReads, type ReadDb } from '../../db/replica';
import { adminRoute, type AuthenticateOperator, idParam } from '../../http/admin-route';
import { AppError } from '../../http/errors';
import { memberRowsPage } from '../accounts/member-rows-page';
import { numericToCents, numericToMoney } from '../../lib/money';
import { type PageWindow, pageWindow, toPaginator } from '../../lib/paging';
import { formatBeijing } from '../../lib/time';
import { memberLogins, members } from '../../db/tables/accounts';
import { bets } from '../../db/tables/bets';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/tables/ledger';
import { depositView } from '../payments/deposits-service';
import { maskCardNo } from '../payments/payments-common';
import { deposits, memberCards, withdrawals } from '../../db/tables/payments';
import { withdrawalView } from '../payments/withdrawals-service';
import { venueBalances, type WalletDeps } from '../wallet/wallet-service';
import { venueTransfers } from '../../db/tables/wallet';
import { venueNamesByCode, withVenueNames } from '../venues/venue-records';
import { startsWith } from './admin-audit';

async function memberOr404(db: Db, id: number) {
  const [member] = await db.select().from(members).where(eq(members.id, id));
  if (!member) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
  return member;
}

/**
 * Member search. The username matches any part of the name in any case (as before); real name, mobile and
 * registration address match exactly or by their beginning ('10.1.' finds a subnet, '138' a number range), which
 * their indexes serve and which is how an operator reads them off a complaint or a log.
 */
function searchFilters(input: { username: string; realname: string; mobile: string; register_ip: string }): SQL[] {
  const filters: SQL[] = [];
  if (input.username)
    filters.push(
      sql`lower(${members.username}) LIKE lower(${`%${input.username.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`,
    );
  if (input.realname) filters.push(like(members.realname, startsWith(input.realname)));
  if (input.mobile) filters.push(like(members.mobile, startsWith(input.mobile)));
  if (input.register_ip) filters.push(like(members.registerIp, startsWith(input.register_ip)));
  return filters;
}

/** A member's own ledger rows (central wallet and venue wallets), newest first. */
async function ledgerPage(db: Db, memberId: number, window: PageWindow, kinds?: readonly string[]) {
  const filters: SQL[] = [eq(ledgerAccounts.memberId, memberId)];
  if (kinds) filters.push(inArray(ledgerTransactions.kind, [...kinds]), eq(ledgerAccounts.kind, 'venue'));
  const where = and(...filters);
  const base = () =>
    db
      .select({
        id: ledgerEntries.id,
        transactionId: ledgerTransactions.id,
        kind: ledgerTransactions.kind,
        reference: ledgerTransactions.reference,
        memo: ledgerTransactions.memo,
        accountKind: ledgerAccounts.kind,
        venueCode: ledgerAccounts.venueCode,
        amount: ledgerEntries.amount,
        createdAt: ledgerTransactions.createdAt,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId));
  const [total] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(where);
  const rows = await base().where(where).orderBy(desc(ledgerEntries.id)).limit(window.perPage).offset(window.offset);
  return { rows, total: total?.n ?? 0 };
}

/** A page of the member search, newest first, with each member's central and venue balances. */
function searchPage(db: Db, where: SQL | undefined, window: PageWindow) {
  return db
    .select({
      id: members.id,
      username: members.username,
      realname: members.realname,
      mobile: members.mobile,
      registerIp: members.registerIp,
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
}

/**
 * 会员管理: search, the member page and its tabs (ledger, deposits, withdrawals, transfers, bets, sign-ins). The
 * search and the long tabs (ledger, bets, sign-ins) are read through `reads`: a streaming replica when there is one.
 */
export function adminMembersRoutes(
  app: FastifyInstance,
  db: Db,
  authenticate: AuthenticateOperator,
  wallet: WalletDeps,
  reads: ReadDb = primaryReads(db),
) {
  adminRoute(app, authenticate, adminEndpoints.members, async ({ input }) => {
    const window = pageWindow(input);
    const where = and(...searchFilters(input));
    const { total, rows } = await reads.read(async (read) => ({
      total: (await read.select({ n: count() }).from(members).where(where))[0],
      rows: await searchPage(read, where, window),
    }));
    const data = rows.map((r) => ({
      id: r.id,
      username: r.username,
      realname: r.realname,
      mobile: r.mobile,
      register_ip: r.registerIp,
      vip: r.vip,
      state: r.state,
      paysum: numericToMoney(r.paysum),
      balance: numericToMoney(r.balance),
      gameblance: numericToMoney(r.gameblance),
      created_at: formatBeijing(r.createdAt),
    }));
    return { data: toPaginator(data, total?.n ?? 0, window) };
  });

  adminRoute(app, authenticate, adminEndpoints.member, async ({ params }) => {
    const m = await memberOr404(db, idParam(params));
    const [accounts, cards] = await Promise.all([
      db
        .select({ kind: ledgerAccounts.kind, venueCode: ledgerAccounts.venueCode, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.memberId, m.id))
        .orderBy(asc(ledgerAccounts.venueCode)),
      db
        .select()
        .from(memberCards)
        .where(and(eq(memberCards.memberId, m.id), isNull(memberCards.deletedAt)))
        .orderBy(asc(memberCards.id)),
    ]);
    // Each venue keeps its own wallet: the member's balance there is the venue's answer (asked outside any
    // transaction); venues holding nothing are left out.
    const venues = (await venueBalances(wallet, m.id)).filter((v) => v.balance !== '0.00');
    const central = accounts.find((a) => a.kind === 'wallet');
    const venueCents = venues.reduce((sum, v) => sum + numericToCents(v.balance), 0);
    return {
      data: {
        id: m.id,
        username: m.username,
        realname: m.realname,
        mobile: m.mobile,
        email: m.email,
        birthday: m.birthday,
        vip: m.vip,
        state: m.state,
        isagent: m.isagent,
        inviter_id: m.inviterId,
        register_ip: m.registerIp,
        created_at: formatBeijing(m.createdAt),
        paysum: numericToMoney(m.paysum),
        turnover: numericToMoney(m.turnover),
        turnover_required: numericToMoney(m.turnoverRequired),
        balance: numericToMoney(central?.balance ?? '0'),
        gameblance: centsToMoney(venueCents),
        venues: (
          await withVenueNames(
            db,
            venues.map((v) => ({ venue_code: v.platname, balance: v.balance })),
          )
        ).map((v) => ({ code: v.venue_code, name: v.venue_name, balance: v.balance })),
        // The console shows which cards exist, never their numbers: the last 4 are enough to tell them apart.
        cards: cards.map((c) => ({
          id: c.id,
          type: c.type,
          bank: c.bank,
          bank_owner: c.bankOwner,
          bank_no_masked: maskCardNo(c.bankNo),
          bank_address: c.bankAddress,
          created_at: formatBeijing(c.createdAt),
        })),
      },
    };
  });

  adminRoute(app, authenticate, adminEndpoints.memberLedger, async ({ input, params }) => {
    const m = await memberOr404(db, idParam(params));
    const window = pageWindow(input);
    const { rows, total } = await reads.read((read) => ledgerPage(read, m.id, window));
    const data = rows.map((r) => ({
      id: r.id,
      transaction_id: r.transactionId,
      kind: r.kind,
      reference: r.reference,
      memo: r.memo,
      account_kind: r.accountKind,
      venue_code: r.venueCode,
      amount: numericToMoney(r.amount),
      created_at: formatBeijing(r.createdAt),
    }));
    // A transfer to or from a remote venue keeps the venue's code as its memo (remote-transfers.ts): the console is
    // shown the venue's name there too.
    const remote = data.filter((r) => r.kind.startsWith('remote_transfer_'));
    const names = await venueNamesByCode(
      db,
      remote.map((r) => r.memo),
    );
    for (const r of remote) r.memo = names.get(r.memo) ?? r.memo;
    return { data: toPaginator(await withVenueNames(db, data), total, window) };
  });

  adminRoute(app, authenticate, adminEndpoints.memberTransfers, async ({ input, params }) => {
    const m = await memberOr404(db, idParam(params));
    // The transfers the venues confirmed, recycling included (pending and refused ones are in 场馆转账).
    const where = and(eq(venueTransfers.memberId, m.id), eq(venueTransfers.state, 1));
    const rows = db.select().from(venueTransfers).orderBy(desc(venueTransfers.id)).$dynamic();
    const page = await queryPage(db, venueTransfers, where, pageWindow(input), rows, (r) => ({
      id: r.id,
      reference: r.transferNo,
      kind: r.direction === 'in' ? 'transfer_in' : 'transfer_out',
      venue_code: r.venueCode,
      amount: numericToMoney(r.amount),
      created_at: formatBeijing(r.createdAt),
    }));
    return { data: { ...page, data: await withVenueNames(db, page.data) } };
  });

  adminRoute(app, authenticate, adminEndpoints.memberDeposits, async ({ input, params }) => {
    const m = await memberOr404(db, idParam(params));
    return { data: await memberRowsPage(db, deposits, eq(deposits.memberId, m.id), pageWindow(input), depositView) };
  });

  adminRoute(app, authenticate, adminEndpoints.memberWithdrawals, async ({ input, params }) => {
    const m = await memberOr404(db, idParam(params));
    return {
      data: await memberRowsPage(db, withdrawals, eq(withdrawals.memberId, m.id), pageWindow(input), withdrawalView),
    };
  });

  adminRoute(app, authenticate, adminEndpoints.memberBets, async ({ input, params }) => {
    const m = await memberOr404(db, idParam(params));
    const window = pageWindow(input);
    const { total, rows } = await reads.read(async (read) => ({
      total: (await read.select({ n: count() }).from(bets).where(eq(bets.memberId, m.id)))[0],
      rows: await read
        .select()
        .from(bets)
        .where(eq(bets.memberId, m.id))
        .orderBy(desc(bets.id))
        .limit(window.perPage)
        .offset(window.offset),
    }));
    const data = rows.map((b) => ({
      id: b.id,
      bet_id: b.betId,
      venue_code: b.venueCode,
      category: b.category,
      game_code: b.gameCode,
      bet_amount: numericToMoney(b.betAmount),
      valid_amount: numericToMoney(b.validAmount),
      win_loss: numericToMoney(b.winLoss),
      status: b.status,
      created_at: formatBeijing(b.createdAt),
      settled_at: b.settledAt ? formatBeijing(b.settledAt) : null,
    }));
    return { data: toPaginator(await withVenueNames(db, data), total?.n ?? 0, window) };
  });

  adminRoute(app, authenticate, adminEndpoints.memberLogins, async ({ input, params }) => {
    const m = await memberOr404(db, idParam(params));
    const view = (l: typeof memberLogins.$inferSelect) => ({
      id: l.id,
      ip: l.ip,
      device: l.device,
      created_at: formatBeijing(l.createdAt),
    });
    return {
      data: await reads.read((read) =>
        memberRowsPage(read, memberLogins, eq(memberLogins.memberId, m.id), pageWindow(input), view),
      ),
    };
  });
}
