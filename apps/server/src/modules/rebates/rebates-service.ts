import { BizCode, centsToMoney, MONEY_CAPS, MSG, periodRange } from '@h5/contract';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { queryPage } from '../../db/query-page';
import { AppError } from '../../http/errors';
import { centsToNumeric, numericToCents, numericToMoney } from '../../lib/money';
import { pageWindow } from '../../lib/paging';
import { type Clock, formatBeijing } from '../../lib/time';
import { memberVip } from '../accounts/member-records';
import { accountCode, lockWallet, moneyTransaction, post } from '../ledger/ledger-service';
import { readSettings, rebatesOn } from '../site/site-service';
import { recomputeVip } from '../vip/vip-service';
import { hasRebateRate, levelRebateRate } from '../vip/vip-levels';
import { venueNamesByCode } from '../venues/venue-records';
import { rebates } from '../../db/tables/rebates';

export interface RebatesDeps {
  db: Db;
  clock: Clock;
}

/** Rate percent with two decimals ("0.80") to hundredths of a percent (80). */
const rateBasis = (rate: string): number => numericToCents(rate);

/** docs/wire-rules.md "Rebates": round(valid x rate% / 100, 2), in integer cents (half up). */
export const rebateCents = (validCents: number, rate: string): number =>
  Math.round((validCents * rateBasis(rate)) / 10_000);

export interface SettledBet {
  betId: string;
  memberId: number;
  venueCode: string;
  category: string;
  validCents: number;
}

/**
 * Called by bet settlement inside its transaction (docs/wire-rules.md "Bets, VIP, rebates"): with the rebate switch on, a
 * valid amount above `min_fanshui_money` yields one rebate row at the member's level rate for the bet's category
 * (once per bet: the bet id is unique), then the VIP level is recomputed with the raised turnover.
 */
export async function onBetSettled(tx: Tx, clock: Clock, bet: SettledBet): Promise<void> {
  await writeRebate(tx, clock, bet);
  await recomputeVip(tx, clock, bet.memberId);
}

async function writeRebate(tx: Tx, clock: Clock, bet: SettledBet): Promise<void> {
  if (!hasRebateRate(bet.category) || !(await rebatesOn(tx))) return;
  const { min_fanshui_money } = await readSettings(tx, ['min_fanshui_money']);
  if (bet.validCents <= numericToCents(String(min_fanshui_money))) return;
  const level = await memberVip(tx, bet.memberId);
  if (level === undefined) return;
  const levelRate = await levelRebateRate(tx, level, bet.category);
  if (levelRate === undefined) return;
  // A rate above the cap (a level written before the caps, or in the database) pays the cap: docs/operators.md "Caps on money
  // settings".
  const rate = centsToMoney(Math.min(rateBasis(levelRate), MONEY_CAPS.rebateRate));
  const cents = rebateCents(bet.validCents, rate);
  if (cents <= 0) return;
  await tx
    .insert(rebates)
    .values({
      memberId: bet.memberId,
      betId: bet.betId,
      venueCode: bet.venueCode,
      category: bet.category,
      validAmount: centsToNumeric(bet.validCents),
      vipLevel: level,
      rate,
      money: centsToNumeric(cents),
      createdAt: clock.now(),
    })
    .onConflictDoNothing({ target: rebates.betId });
}

/** Claimable (state 0) and claimed (state 1) totals of a member, in cents. */
export async function rebateTotals(db: DbOrTx, memberId: number): Promise<{ claimable: number; claimed: number }> {
  const rows = await db
    .select({ state: rebates.state, total: sql<string>`coalesce(sum(${rebates.money}), 0)` })
    .from(rebates)
    .where(eq(rebates.memberId, memberId))
    .groupBy(rebates.state);
  const of = (state: number) => numericToCents(rows.find((r) => r.state === state)?.total ?? '0');
  return { claimable: of(0), claimed: of(1) };
}

export interface RebateQuery {
  date: number;
  page: number;
  pagesize?: number | undefined;
  limit?: number | undefined;
  api_type: string;
  /** '' all, '0' unclaimed, '1' claimed. */
  type: string;
}

/**
 * /api/getfanshui: the member's rebate rows of the period (default last 30 days), optionally of one venue and state,
 * newest first. jisuan and nojisuan are the member's whole claimed and claimable totals, so nojisuan is exactly what
 * dofanshui pays whatever the filter shows.
 */
export async function rebateList(deps: RebatesDeps, memberId: number, query: RebateQuery) {
  const window = pageWindow(query);
  const { from } = periodRange(query.date, deps.clock.now());
  const filters = [eq(rebates.memberId, memberId), gte(rebates.createdAt, from)];
  const venue = query.api_type.trim();
  if (venue) filters.push(sql`lower(${rebates.venueCode}) = lower(${venue})`);
  const state = query.type.trim();
  if (state === '0' || state === '1') filters.push(eq(rebates.state, Number(state)));
  const rows = deps.db.select().from(rebates).orderBy(desc(rebates.createdAt), desc(rebates.id)).$dynamic();
  const [page, totals] = await Promise.all([
    queryPage(deps.db, rebates, and(...filters), window, rows, (r) => r),
    rebateTotals(deps.db, memberId),
  ]);
  // A row shows its venue's name, or its code when the venue is gone.
  const names = await venueNamesByCode(
    deps.db,
    page.data.map((r) => r.venueCode),
  );
  return {
    list: {
      ...page,
      data: page.data.map((r) => ({
        id: r.id,
        gamename: names.get(r.venueCode) ?? r.venueCode,
        money: numericToMoney(r.money),
        created_at: formatBeijing(r.createdAt),
        updated_at: r.claimedAt ? formatBeijing(r.claimedAt) : null,
        state: r.state === 1 ? (1 as const) : (0 as const),
      })),
    },
    jisuan: centsToMoney(totals.claimed),
    nojisuan: centsToMoney(totals.claimable),
  };
}

/**
 * /api/dofanshui: credits every claimable row from house:rebates and marks them claimed, in one transaction with
 * the wallet locked first, so two claims racing pay once (the second finds nothing: 202). With the rebate switch
 * off nothing is paid (403); the rows stay claimable for when it is on again.
 */
export async function claimRebates(deps: RebatesDeps, memberId: number): Promise<{ money: string }> {
  if (!(await rebatesOn(deps.db))) throw new AppError(BizCode.FORBIDDEN, MSG.rebateSwitchedOff);
  return moneyTransaction(deps.db, async (tx) => {
    await lockWallet(tx, memberId);
    const now = deps.clock.now();
    const claimed = await tx
      .update(rebates)
      .set({ state: 1, claimedAt: now })
      .where(and(eq(rebates.memberId, memberId), eq(rebates.state, 0)))
      .returning({ id: rebates.id, money: rebates.money });
    const cents = claimed.reduce((sum, r) => sum + numericToCents(r.money), 0);
    if (!claimed.length || cents <= 0) throw new AppError(BizCode.NOT_FOUND, MSG.noRebate);
    // The highest row id names the claim: a row is claimed once, so the reference is never reused.
    const lastId = Math.max(...claimed.map((r) => r.id));
    await post(tx, {
      reference: `rebate-claim:${memberId}:${lastId}`,
      kind: 'rebate',
      memberId,
      memo: `${claimed.length}`,
      legs: [
        { account: accountCode.house('rebates', memberId), cents: -cents },
        { account: accountCode.wallet(memberId), cents },
      ],
    });
    return { money: centsToMoney(cents) };
  });
}

/** The claimable total a member summary shows as `fanshui`. */
export async function claimableRebate(db: DbOrTx, memberId: number): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${rebates.money}), 0)` })
    .from(rebates)
    .where(and(eq(rebates.memberId, memberId), eq(rebates.state, 0)));
  return numericToMoney(row?.total ?? '0');
}
