import { BizCode, centsToMoney, maskUsername, MSG, type adminEndpoints } from '@h5/contract';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { queryPage } from '../../db/query-page';
import { AppError, badInput } from '../../http/errors';
import { numericToCents } from '../../lib/money';
import { pageWindow, toPaginator, type PageWindow } from '../../lib/paging';
import { beijingDay, type Clock, formatBeijing } from '../../lib/time';
import {
  invitedCount,
  invitedMembersSql,
  isPartner,
  memberInviter,
  partnerIds,
  partnerIdsPage,
  setMemberInviter,
  usernamesAndInvitedCounts,
} from '../accounts/member-downlines';
import { memberJoin, memberUsername } from '../accounts/member-records';
import { audit } from '../backoffice/audit';
import { proposeRowCreation, proposeRowUpdate, withPendingSettings } from '../backoffice/money-settings';
import type { Proposer } from '../backoffice/pending-changes';
import { accountCode, lockWallet, post } from '../ledger/ledger-service';
import { dayRange, type DayRange, memberFiguresSql } from '../reports/reports-service';
import { type PlanInput, planRows, ratePercent } from './commission-plans';
import { commissionPlans, partnerPlans, partnerStatements, type StoredTier } from '../../db/tables/partners';
import { rowsOf } from '../../db/rows';

export interface PartnersDeps {
  db: Db;
  clock: Clock;
  /** SANDBOX=1: finance may settle the running month early (demo sites and the journeys); never in production. */
  sandbox?: boolean;
}

export interface Reviewer {
  operatorId: number;
  name: string;
  requestId: string;
}

type Num = string | number | null;

// ---------------------------------------------------------------------------------------------------------------
// Months (Beijing, UTC+8)

/** The Beijing month 'YYYY-MM' of an instant. */
export const beijingMonth = (at: Date) => beijingDay(at).slice(0, 7);

/** The month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** A Beijing month as the reports' day range: its first day to its last, the end exclusive at the next month's start. */
export function monthRange(month: string): DayRange {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return dayRange(`${month}-01`, `${month}-${String(lastDay).padStart(2, '0')}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Figures and the commission

export interface FiguresCents {
  activeMembers: number;
  deposits: number;
  withdrawals: number;
  validStake: number;
  ggr: number;
  rebates: number;
  bonuses: number;
}

/**
 * The month's figures of a partner's downline (members whose inviter is the partner now), summed from the member
 * report's per-member figures over the same range: deposits, withdrawals paid, settled bets' valid stake and GGR
 * (stake - payout), rebates, and deposit bonuses plus red packets. Active: valid stake above zero in the month.
 */
export async function downlineFigures(db: DbOrTx, partnerId: number, range: DayRange): Promise<FiguresCents> {
  const per = memberFiguresSql(range, sql`AND m.inviter_id = ${partnerId}`);
  const [row] = rowsOf<Record<string, Num>>(
    await db.execute(sql`SELECT count(*) FILTER (WHERE coalesce(r.valid_stake, 0) > 0) AS active,
        coalesce(sum(r.deposits_amount), 0) AS deposits, coalesce(sum(r.withdrawals_amount), 0) AS withdrawals,
        coalesce(sum(r.valid_stake), 0) AS valid_stake, coalesce(sum(r.stake), 0) - coalesce(sum(r.payout), 0) AS ggr,
        coalesce(sum(r.rebates), 0) AS rebates, coalesce(sum(r.bonuses), 0) AS bonuses
      FROM (${per}) r`),
  );
  return {
    activeMembers: Number(row?.active ?? 0),
    deposits: numericToCents(row?.deposits ?? 0),
    withdrawals: numericToCents(row?.withdrawals ?? 0),
    validStake: numericToCents(row?.valid_stake ?? 0),
    ggr: numericToCents(row?.ggr ?? 0),
    rebates: numericToCents(row?.rebates ?? 0),
    bonuses: numericToCents(row?.bonuses ?? 0),
  };
}

export interface PlanRules {
  feeShareBp: number;
  tiers: StoredTier[];
}

export interface Commission {
  fees: number;
  netRevenue: number;
  commissionBase: number;
  tier: number;
  rateBp: number;
  commission: number;
  carryOut: number;
}

/**
 * The commission of a month (docs/partners.md "Partner programme"): fees = the plan's share of deposits plus withdrawals; net
 * revenue = GGR - rebates - bonuses - fees; the base adds the previous month's carry-over (zero or negative). A
 * negative base pays nothing and carries over whole; otherwise the highest tier whose net revenue and active members
 * are both reached pays its rate of the base (rounded to the cent), and nothing carries over.
 */
export function computeCommission(f: FiguresCents, carryIn: number, plan: PlanRules | null): Commission {
  const fees = plan ? Math.round(((f.deposits + f.withdrawals) * plan.feeShareBp) / 10_000) : 0;
  const netRevenue = f.ggr - f.rebates - f.bonuses - fees;
  const commissionBase = netRevenue + carryIn;
  if (commissionBase < 0)
    return { fees, netRevenue, commissionBase, tier: 0, rateBp: 0, commission: 0, carryOut: commissionBase };
  let tier = 0;
  let rateBp = 0;
  (plan?.tiers ?? []).forEach((t, i) => {
    if (commissionBase >= t.minNetCents && f.activeMembers >= t.minActive) {
      tier = i + 1;
      rateBp = t.rateBp;
    }
  });
  const commission = Math.round((commissionBase * rateBp) / 10_000);
  return { fees, netRevenue, commissionBase, tier, rateBp, commission, carryOut: 0 };
}

const figuresOut = (f: FiguresCents, c: Pick<Commission, 'fees' | 'netRevenue'>) => ({
  active_members: f.activeMembers,
  deposits: centsToMoney(f.deposits),
  withdrawals: centsToMoney(f.withdrawals),
  valid_stake: centsToMoney(f.validStake),
  ggr: centsToMoney(f.ggr),
  rebates: centsToMoney(f.rebates),
  bonuses: centsToMoney(f.bonuses),
  fees: centsToMoney(c.fees),
  net_revenue: centsToMoney(c.netRevenue),
});

const rate = ratePercent;

async function planOf(db: DbOrTx, partnerId: number) {
  const [row] = await db
    .select({ plan: commissionPlans })
    .from(partnerPlans)
    .innerJoin(commissionPlans, eq(commissionPlans.id, partnerPlans.planId))
    .where(eq(partnerPlans.memberId, partnerId));
  return row?.plan ?? null;
}

/** The carry-over into `month`: the previous month's statement's carry_out, zero without one. */
async function carryInto(db: DbOrTx, partnerId: number, month: string): Promise<number> {
  const [prev] = await db
    .select({ carryOut: partnerStatements.carryOut })
    .from(partnerStatements)
    .where(and(eq(partnerStatements.partnerId, partnerId), eq(partnerStatements.month, previousMonth(month))));
  return prev ? numericToCents(prev.carryOut) : 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Statements

type StatementRow = typeof partnerStatements.$inferSelect;

export function statementView(s: StatementRow) {
  return {
    id: s.id,
    month: s.month,
    active_members: s.activeMembers,
    deposits: centsToMoney(numericToCents(s.deposits)),
    withdrawals: centsToMoney(numericToCents(s.withdrawals)),
    valid_stake: centsToMoney(numericToCents(s.validStake)),
    ggr: centsToMoney(numericToCents(s.ggr)),
    rebates: centsToMoney(numericToCents(s.rebates)),
    bonuses: centsToMoney(numericToCents(s.bonuses)),
    fees: centsToMoney(numericToCents(s.fees)),
    net_revenue: centsToMoney(numericToCents(s.netRevenue)),
    carry_in: centsToMoney(numericToCents(s.carryIn)),
    commission_base: centsToMoney(numericToCents(s.commissionBase)),
    tier: s.tier,
    rate: rate(s.rateBp),
    commission: centsToMoney(numericToCents(s.commission)),
    carry_out: centsToMoney(numericToCents(s.carryOut)),
    state: s.state,
    paid_by: s.paidBy,
    paid_at: s.paidAt ? formatBeijing(s.paidAt) : null,
    created_at: formatBeijing(s.createdAt),
  };
}

/**
 * Computes the statements of an ended Beijing month for every partner who has none for it yet (a second run, or a
 * second process, adds nothing: the unique (partner, month) index keeps the first). Answers how many were created.
 */
export async function settleMonth(deps: PartnersDeps, month: string, early = false): Promise<number> {
  const running = beijingMonth(deps.clock.now());
  const allowed = nextMonth(month) <= running || (early && deps.sandbox === true && month === running);
  if (!allowed) throw badInput(MSG.monthNotEnded);
  const range = monthRange(month);
  let created = 0;
  for (const id of await partnerIds(deps.db)) {
    const inserted = await deps.db.transaction(async (tx) => {
      const [done] = await tx
        .select({ id: partnerStatements.id })
        .from(partnerStatements)
        .where(and(eq(partnerStatements.partnerId, id), eq(partnerStatements.month, month)));
      if (done) return 0;
      const figures = await downlineFigures(tx, id, range);
      const plan = await planOf(tx, id);
      const carryIn = await carryInto(tx, id, month);
      const c = computeCommission(figures, carryIn, plan);
      const rows = await tx
        .insert(partnerStatements)
        .values({
          partnerId: id,
          month,
          planId: plan?.id ?? null,
          activeMembers: figures.activeMembers,
          deposits: centsToMoney(figures.deposits),
          withdrawals: centsToMoney(figures.withdrawals),
          validStake: centsToMoney(figures.validStake),
          ggr: centsToMoney(figures.ggr),
          rebates: centsToMoney(figures.rebates),
          bonuses: centsToMoney(figures.bonuses),
          fees: centsToMoney(c.fees),
          netRevenue: centsToMoney(c.netRevenue),
          carryIn: centsToMoney(carryIn),
          commissionBase: centsToMoney(c.commissionBase),
          tier: c.tier,
          rateBp: c.rateBp,
          commission: centsToMoney(c.commission),
          carryOut: centsToMoney(c.carryOut),
          createdAt: deps.clock.now(),
        })
        .onConflictDoNothing()
        .returning({ id: partnerStatements.id });
      return rows.length;
    });
    created += inserted;
  }
  return created;
}

/**
 * Pays a pending statement, once: the guarded UPDATE ... WHERE state = 1 lets one of two racing approvals through
 * (409 for the other), and in the same transaction the commission moves from the house commissions account to the
 * partner's central wallet under the reference commission:<id>.
 */
export async function payStatement(deps: PartnersDeps, id: number, reviewer: Reviewer) {
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(partnerStatements)
      .set({ state: 2, paidBy: reviewer.name.slice(0, 32), paidAt: deps.clock.now() })
      .where(and(eq(partnerStatements.id, id), eq(partnerStatements.state, 1)))
      .returning();
    if (!updated) {
      const [found] = await tx
        .select({ id: partnerStatements.id })
        .from(partnerStatements)
        .where(eq(partnerStatements.id, id));
      throw found
        ? new AppError(BizCode.CONFLICT, MSG.alreadyProcessed)
        : new AppError(BizCode.NOT_FOUND, MSG.notFound);
    }
    const cents = numericToCents(updated.commission);
    if (cents > 0) {
      // The partner's wallet first, as every money path (ledger-service.ts `post`, lock order).
      await lockWallet(tx, updated.partnerId);
      await post(tx, {
        reference: `commission:${id}`,
        kind: 'commission',
        memberId: updated.partnerId,
        memo: `${updated.month} 代理佣金`,
        legs: [
          { account: accountCode.house('commissions', updated.partnerId), cents: -cents },
          { account: accountCode.wallet(updated.partnerId), cents },
        ],
      });
    }
    await audit(tx, {
      operatorId: reviewer.operatorId,
      action: 'partner-statement.pay',
      target: `partner-statement:${id}`,
      before: { state: 1 },
      after: { state: 2, commission: updated.commission, partner_id: updated.partnerId, month: updated.month },
      requestId: reviewer.requestId,
    });
    const username = await memberUsername(tx, updated.partnerId);
    return { ...statementView(updated), partner_id: updated.partnerId, username: username ?? '' };
  });
}

type StatementQuery = z.output<typeof adminEndpoints.partnerStatements.input>;

/** Each statement's partner, for the name the list shows and filters on. */
const partner = memberJoin(partnerStatements.partnerId);

function statementFilters(q: Pick<StatementQuery, 'month' | 'state' | 'username'>): SQL | undefined {
  const filters: SQL[] = [];
  if (q.month) filters.push(eq(partnerStatements.month, q.month));
  if (q.state !== undefined) filters.push(eq(partnerStatements.state, q.state));
  if (q.username) filters.push(sql`lower(${partner.username}) = lower(${q.username})`);
  return and(...filters);
}

export async function statementsPage(db: DbOrTx, q: StatementQuery) {
  const window = pageWindow(q);
  const where = statementFilters(q);
  const [total] = await db
    .select({ n: count() })
    .from(partnerStatements)
    .innerJoin(partner.table, partner.on)
    .where(where);
  return toPaginator(await statementSlice(db, where, window.perPage, window.offset), total?.n ?? 0, window);
}

/** Statements with their partner's name, newest month first, one slice of them. */
async function statementSlice(db: DbOrTx, where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select({ s: partnerStatements, username: partner.username })
    .from(partnerStatements)
    .innerJoin(partner.table, partner.on)
    .where(where)
    .orderBy(desc(partnerStatements.month), desc(partnerStatements.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...statementView(r.s), partner_id: r.s.partnerId, username: r.username }));
}

/** Every matching statement for the download, in batches. */
export async function* statementRows(db: DbOrTx, q: StatementQuery, batch = 500) {
  const where = statementFilters(q);
  for (let offset = 0; ; offset += batch) {
    const rows = await statementSlice(db, where, batch, offset);
    yield* rows;
    if (rows.length < batch) return;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The agent centre (member side): a partner sees only their own downline

/** The partner behind a member token, or 403 with MSG.notPartner. */
export async function requirePartner(db: DbOrTx, memberId: number) {
  if (!(await isPartner(db, memberId))) throw new AppError(BizCode.FORBIDDEN, MSG.notPartner);
}

export async function agentSummary(deps: PartnersDeps, partnerId: number, origin: string) {
  await requirePartner(deps.db, partnerId);
  const month = beijingMonth(deps.clock.now());
  const figures = await downlineFigures(deps.db, partnerId, monthRange(month));
  const plan = await planOf(deps.db, partnerId);
  const carryIn = await carryInto(deps.db, partnerId, month);
  const c = computeCommission(figures, carryIn, plan);
  const downlineTotal = await invitedCount(deps.db, partnerId);
  return {
    month,
    figures: figuresOut(figures, c),
    carry_in: centsToMoney(carryIn),
    plan: plan ? { name: plan.name, tiers: plan.tiers.map(tierOut) } : null,
    downline_total: downlineTotal,
    pid: partnerId,
    link: `${origin}/#/login?type=1&pid=${partnerId}`,
  };
}

/** The partner's downline, newest first, with this Beijing month's deposits and valid stake; names masked. */
export async function agentDownline(deps: PartnersDeps, partnerId: number, window: PageWindow) {
  await requirePartner(deps.db, partnerId);
  const range = monthRange(beijingMonth(deps.clock.now()));
  const start = sql`${range.start.toISOString()}::timestamptz`;
  const end = sql`${range.end.toISOString()}::timestamptz`;
  const total = await invitedCount(deps.db, partnerId);
  const rows = rowsOf<{ username: string; created_at: Date | string; deposits: Num; valid_stake: Num }>(
    await deps.db.execute(sql`SELECT m.username, m.created_at,
        (SELECT coalesce(sum(e.amount), 0) FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
          JOIN ledger_accounts a ON a.id = e.account_id
          WHERE t.member_id = m.id AND t.kind = 'deposit' AND a.kind <> 'house'
            AND t.created_at >= ${start} AND t.created_at < ${end}) AS deposits,
        (SELECT coalesce(sum(b.valid_amount), 0) FROM bets b
          WHERE b.member_id = m.id AND b.status = 1 AND b.settled_at >= ${start} AND b.settled_at < ${end}) AS valid_stake
      FROM (${invitedMembersSql(partnerId, window)}) m
      ORDER BY m.id DESC`),
  );
  return toPaginator(
    rows.map((r) => ({
      username: maskUsername(r.username),
      created_at: formatBeijing(new Date(r.created_at)),
      deposits: centsToMoney(numericToCents(r.deposits)),
      valid_stake: centsToMoney(numericToCents(r.valid_stake)),
    })),
    total,
    window,
  );
}

export async function agentStatements(deps: PartnersDeps, partnerId: number, window: PageWindow) {
  await requirePartner(deps.db, partnerId);
  const rows = deps.db.select().from(partnerStatements).orderBy(desc(partnerStatements.month)).$dynamic();
  return queryPage(deps.db, partnerStatements, eq(partnerStatements.partnerId, partnerId), window, rows, statementView);
}

// ---------------------------------------------------------------------------------------------------------------
// Back office: plans, partners, downline moves

const tierOut = (t: StoredTier) => ({
  min_net_revenue: centsToMoney(t.minNetCents),
  min_active: t.minActive,
  rate: rate(t.rateBp),
});

async function planView(db: DbOrTx, plan: typeof commissionPlans.$inferSelect) {
  const [n] = await db.select({ n: count() }).from(partnerPlans).where(eq(partnerPlans.planId, plan.id));
  const [view] = await withPendingSettings(db, planRows.prefix, [plan], (p) => p.id);
  return {
    id: plan.id,
    name: plan.name,
    fee_share: rate(plan.feeShareBp),
    tiers: plan.tiers.map(tierOut),
    partners: n?.n ?? 0,
    created_at: formatBeijing(plan.createdAt),
    pending_change: view?.pending_change ?? false,
  };
}

export async function listPlans(db: DbOrTx) {
  const plans = await db.select().from(commissionPlans).orderBy(commissionPlans.id);
  return Promise.all(plans.map((p) => planView(db, p)));
}

/** A new plan: proposed whole, created when a second admin approves (docs/operators.md "Who may move money"). */
export async function proposePlan(deps: PartnersDeps, input: PlanInput, operator: Proposer, requestId: string) {
  return deps.db.transaction((tx) => proposeRowCreation(tx, operator, planRows, input, requestId));
}

/**
 * A plan's change: its name at once (audited), its fee share and tiers proposed for a second admin when they
 * change. Answers the plan as it is now and whether a change waits.
 */
export async function updatePlan(
  deps: PartnersDeps,
  id: number,
  input: PlanInput,
  operator: Proposer,
  requestId: string,
) {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(commissionPlans).where(eq(commissionPlans.id, id)).for('update');
    if (!found) throw new AppError(BizCode.NOT_FOUND, MSG.planMissing);
    const { immediate, change } = await proposeRowUpdate(tx, operator, planRows, found, input, requestId);
    const [saved] = await tx.update(commissionPlans).set(immediate).where(eq(commissionPlans.id, id)).returning();
    if (!saved) throw new Error('plan write returned nothing');
    await audit(tx, {
      operatorId: operator.id,
      action: 'commission-plan.update',
      target: `commission-plan:${saved.id}`,
      before: { name: found.name },
      after: { name: saved.name },
      requestId,
    });
    return { plan: await planView(tx, saved), pending: change !== null };
  });
}

/**
 * The console's view of each listed partner, in the list's order: username, plan and downline size, read with one
 * statement for the usernames and downlines and one for the plans, however long the list. An unknown id is left out.
 */
async function partnerViews(db: DbOrTx, memberIds: number[]) {
  const named = await usernamesAndInvitedCounts(db, memberIds);
  const plans = memberIds.length
    ? await db
        .select({ memberId: partnerPlans.memberId, id: partnerPlans.planId, name: commissionPlans.name })
        .from(partnerPlans)
        .leftJoin(commissionPlans, eq(commissionPlans.id, partnerPlans.planId))
        .where(inArray(partnerPlans.memberId, memberIds))
    : [];
  const planOfMember = new Map(plans.map((p) => [p.memberId, p]));
  return memberIds.flatMap((memberId) => {
    const member = named.get(memberId);
    if (!member) return [];
    const plan = planOfMember.get(memberId);
    return [
      {
        member_id: memberId,
        username: member.username,
        plan_id: plan?.id ?? null,
        plan_name: plan?.name ?? null,
        downline: member.invited,
      },
    ];
  });
}

async function partnerView(db: DbOrTx, memberId: number) {
  const [view] = await partnerViews(db, [memberId]);
  if (!view) throw new AppError(BizCode.NOT_FOUND, MSG.partnerMissing);
  return view;
}

export async function partnersPage(db: DbOrTx, q: { username: string; page: number; pagesize?: number | undefined }) {
  const window = pageWindow(q);
  const { total, ids } = await partnerIdsPage(db, q.username, window);
  return toPaginator(await partnerViews(db, ids), total, window);
}

async function requirePartnerForOperator(db: DbOrTx, memberId: number) {
  if (!(await isPartner(db, memberId))) throw new AppError(BizCode.NOT_FOUND, MSG.partnerMissing);
}

export async function setPartnerPlan(deps: PartnersDeps, memberId: number, planId: number | null, reviewer: Reviewer) {
  return deps.db.transaction(async (tx) => {
    await requirePartnerForOperator(tx, memberId);
    const before = await planOf(tx, memberId);
    if (planId === null) {
      await tx.delete(partnerPlans).where(eq(partnerPlans.memberId, memberId));
    } else {
      const [plan] = await tx
        .select({ id: commissionPlans.id })
        .from(commissionPlans)
        .where(eq(commissionPlans.id, planId));
      if (!plan) throw new AppError(BizCode.NOT_FOUND, MSG.planMissing);
      await tx
        .insert(partnerPlans)
        .values({ memberId, planId, updatedAt: deps.clock.now() })
        .onConflictDoUpdate({ target: partnerPlans.memberId, set: { planId, updatedAt: deps.clock.now() } });
    }
    await audit(tx, {
      operatorId: reviewer.operatorId,
      action: 'partner.plan',
      target: `member:${memberId}`,
      before: { plan_id: before?.id ?? null },
      after: { plan_id: planId },
      requestId: reviewer.requestId,
    });
    return partnerView(tx, memberId);
  });
}

/** Moves a member to another partner's downline (or to none), audited with the inviter before and after. */
export async function moveMember(deps: PartnersDeps, memberId: number, inviterId: number | null, reviewer: Reviewer) {
  return deps.db.transaction(async (tx) => {
    const found = await memberInviter(tx, memberId);
    if (!found) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    if (inviterId !== null) {
      if (inviterId === memberId) throw badInput(MSG.inviterSelf);
      if (!(await isPartner(tx, inviterId))) throw badInput(MSG.partnerMissing);
    }
    await setMemberInviter(tx, memberId, inviterId);
    await audit(tx, {
      operatorId: reviewer.operatorId,
      action: 'member.inviter',
      target: `member:${memberId}`,
      before: { inviter_id: found.inviterId },
      after: { inviter_id: inviterId },
      requestId: reviewer.requestId,
    });
    return { member_id: memberId, inviter_id: inviterId };
  });
}
