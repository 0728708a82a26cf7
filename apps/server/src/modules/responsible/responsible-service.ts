import {
  BizCode,
  centsToMoney,
  depositLimitMessage,
  MSG,
  parseMoneyToCents,
  RG_BREAKS,
  RG_LIMIT_KINDS,
  RG_LIMIT_LABELS,
  RG_LOOSEN_DELAY_HOURS,
  RG_SESSION_MAX,
  RG_SESSION_MIN,
  type RgBreakPeriod,
  type RgInfo,
  type RgLimitKind,
} from '@h5/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, badInput } from '../../http/errors';
import { perDatabase, sameTurnReads } from '../../lib/same-turn-reads';
import { formatBeijing } from '../../lib/time';
import { memberFrom } from '../accounts/member-records';
import { openStakeTotal, settledWinLoss } from '../bets/bet-records';
import { dropLaunches } from '../games/launch-tokens';
import { lockWallet } from '../ledger/ledger-service';
import { rgBreaks, rgHistory, rgLimits } from '../../db/tables/responsible';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BEIJING = 8 * HOUR;
const LOOSEN_DELAY = RG_LOOSEN_DELAY_HOURS * HOUR;

/** Beijing windows (UTC+8): the day from 00:00, the week from Monday 00:00, the month from the 1st 00:00. */
export function beijingWindows(now: Date) {
  const local = new Date(now.getTime() + BEIJING);
  const dayStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - BEIJING;
  const weekday = (local.getUTCDay() + 6) % 7; // Monday 0
  const weekStart = dayStart - weekday * DAY;
  const monthStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - BEIJING;
  return { day: new Date(dayStart), week: new Date(weekStart), month: new Date(monthStart) };
}

export interface LimitState {
  value: number | null;
  pendingValue: number | null;
  pendingAt: Date | null;
}

type Limits = Record<RgLimitKind, LimitState>;

const none = (): LimitState => ({ value: null, pendingValue: null, pendingAt: null });

type LimitRow = Pick<typeof rgLimits.$inferSelect, 'kind' | 'value' | 'pendingValue' | 'pendingAt'>;

/** The limits in force at `now` from the member's rows: a loosening whose 24 hours have passed counts as applied. */
function limitsFrom(rows: LimitRow[], now: Date): Limits {
  const out = Object.fromEntries(RG_LIMIT_KINDS.map((k) => [k, none()])) as Limits;
  for (const row of rows) {
    if (!(RG_LIMIT_KINDS as readonly string[]).includes(row.kind)) continue;
    const due = row.pendingAt !== null && row.pendingAt.getTime() <= now.getTime();
    out[row.kind as RgLimitKind] = due
      ? { value: row.pendingValue, pendingValue: null, pendingAt: null }
      : { value: row.value, pendingValue: row.pendingValue, pendingAt: row.pendingAt };
  }
  return out;
}

/** The cool-off or exclusion in force at `now`, from the member's row if any. */
function breakFrom(row: { kind: string; until: Date | null } | null | undefined, now: Date) {
  if (!row) return null;
  if (row.until !== null && row.until.getTime() <= now.getTime()) return null;
  return { kind: row.kind as 'cooloff' | 'exclusion', until: row.until };
}

/** The limits in force at `now`. */
export async function limitsOf(db: DbOrTx, memberId: number, now: Date): Promise<Limits> {
  return limitsFrom(await db.select().from(rgLimits).where(eq(rgLimits.memberId, memberId)), now);
}

/** The cool-off or exclusion in force at `now`, if any. */
export async function breakOf(db: DbOrTx, memberId: number, now: Date) {
  const [row] = await db.select().from(rgBreaks).where(eq(rgBreaks.memberId, memberId));
  return breakFrom(row, now);
}

/** The member row the standing reads start from: one row per member even with no limit and no break. */
const memberTable = memberFrom();

/** A member's limits and break in one statement: one row per limit (or one with none), each carrying the break. */
function standingQuery(db: DbOrTx) {
  return db
    .select({
      memberId: memberTable.id,
      limit: {
        kind: rgLimits.kind,
        value: rgLimits.value,
        pendingValue: rgLimits.pendingValue,
        pendingAt: rgLimits.pendingAt,
      },
      brk: rgBreaks,
    })
    .from(memberTable.table)
    .leftJoin(rgLimits, eq(rgLimits.memberId, memberTable.id))
    .leftJoin(rgBreaks, eq(rgBreaks.memberId, memberTable.id));
}

type StandingRow = Awaited<ReturnType<ReturnType<typeof standingQuery>['execute']>>[number];

function standingFrom(rows: StandingRow[], now: Date) {
  return {
    limits: limitsFrom(
      rows.flatMap((r) => (r.limit ? [r.limit] : [])),
      now,
    ),
    brk: breakFrom(rows[0]?.brk, now),
  };
}

/**
 * The limits and the break in force at `now` in one statement: the guards run on every deposit, transfer in, launch
 * and seamless bet, and a round trip to the database is most of what such a read costs.
 */
async function standingOf(tx: DbOrTx, memberId: number, now: Date) {
  return standingFrom(await standingQuery(tx).where(eq(memberTable.id, memberId)), now);
}

/** The standing of the members whose transfers in and launches arrive together: one read (same-turn-reads.ts). */
const standingReader = perDatabase((db: Db) => {
  const query = standingQuery(db)
    .where(sql`${memberTable.id} = ANY(${sql.placeholder('ids')})`)
    .prepare('rg_standing_by_members');
  return sameTurnReads(
    async (ids: number[]) => {
      const byMember = new Map<number, StandingRow[]>();
      for (const row of await query.execute({ ids }))
        byMember.set(row.memberId, [...(byMember.get(row.memberId) ?? []), row]);
      return [...byMember].map(([memberId, rows]) => ({ memberId, rows }));
    },
    (member) => member.memberId,
  );
});

/**
 * A member's deposits counted against the limits in [since, until), in cents. Payments owns the deposits and calls
 * these guards, so it hands the count in: to guardDeposit itself, to the 理性娱乐 screens through app.ts.
 */
export type DepositedBetween = (db: DbOrTx, memberId: number, since: Date, until: Date) => Promise<number>;

/** The Beijing day's net loss: stake minus payout of bets settled that day (never below zero). */
export async function lossToday(db: DbOrTx, memberId: number, now: Date): Promise<number> {
  const { day } = beijingWindows(now);
  return Math.max(0, -(await settledWinLoss(db, memberId, day, new Date(day.getTime() + DAY))));
}

function refuseOnBreak(brk: { kind: 'cooloff' | 'exclusion' } | null) {
  if (brk) throw new AppError(BizCode.RESPONSIBLE_LIMIT, brk.kind === 'cooloff' ? MSG.rgCoolingOff : MSG.rgExcluded);
}

/**
 * Inside the transaction that creates a deposit order, under the member's wallet lock (so two deposits at once
 * cannot both pass): a break refuses; the order plus what the window already counts must not pass a limit.
 * Members with no limits and no break pay one small read.
 */
export async function guardDeposit(
  tx: Tx,
  memberId: number,
  cents: number,
  now: Date,
  depositedSince: DepositedBetween,
): Promise<void> {
  const { limits, brk } = await standingOf(tx, memberId, now);
  refuseOnBreak(brk);
  const windows = beijingWindows(now);
  const checks = [
    ['deposit_day', '每日', windows.day],
    ['deposit_week', '每周', windows.week],
    ['deposit_month', '每月', windows.month],
  ] as const;
  if (checks.every(([kind]) => limits[kind].value === null)) return;
  await lockWallet(tx, memberId);
  for (const [kind, label, since] of checks) {
    const limit = limits[kind].value;
    if (limit === null) continue;
    const used = await depositedSince(tx, memberId, since, new Date(now.getTime() + 1));
    if (used + cents > limit) {
      throw new AppError(
        BizCode.RESPONSIBLE_LIMIT,
        depositLimitMessage(label, centsToMoney(limit), centsToMoney(Math.max(0, limit - used))),
      );
    }
  }
}

/** Before money goes into a venue or a game is launched: no break, and today's loss below the loss limit. */
export async function guardPlay(db: Db, memberId: number, now: Date): Promise<void> {
  const { limits, brk } = standingFrom((await standingReader(db)(memberId))?.rows ?? [], now);
  refuseOnBreak(brk);
  const lossLimit = limits.loss_day.value;
  if (lossLimit !== null && (await lossToday(db, memberId, now)) >= lossLimit) {
    throw new AppError(BizCode.RESPONSIBLE_LIMIT, MSG.rgLossLimitReached);
  }
}

/**
 * A seamless venue's bet, checked under the member's wallet lock (so two bets at once cannot both pass): refused
 * during a break, and when today's loss plus the stakes still open plus this one would pass the daily loss limit.
 * Answers the reason for the venue, or null when the bet may go. Wins and rollbacks are never checked: that money
 * is the member's.
 */
export async function seamlessBetRefusal(tx: Tx, memberId: number, cents: number, now: Date): Promise<string | null> {
  const { limits, brk } = await standingOf(tx, memberId, now);
  if (brk) return brk.kind === 'cooloff' ? MSG.rgBetCoolingOff : MSG.rgBetExcluded;
  const lossLimit = limits.loss_day.value;
  if (lossLimit === null) return null;
  const [loss, open] = await Promise.all([lossToday(tx, memberId, now), openStakeTotal(tx, memberId)]);
  return loss + open + cents > lossLimit ? MSG.rgBetLossLimit : null;
}

const show = (kind: RgLimitKind, v: number | null) =>
  v === null ? null : kind === 'session_minutes' ? String(v) : centsToMoney(v);
const showText = (kind: RgLimitKind, v: number | null) =>
  v === null ? '不限' : kind === 'session_minutes' ? `${v}分钟` : `${centsToMoney(v)}元`;

/** Parses a wire value of a kind: '' = remove (null); undefined = invalid. */
function parseValue(kind: RgLimitKind, raw: string): number | null | undefined {
  const text = raw.trim();
  if (text === '') return null;
  if (kind === 'session_minutes') {
    if (!/^\d{1,5}$/.test(text)) return undefined;
    const n = Number(text);
    return n >= RG_SESSION_MIN && n <= RG_SESSION_MAX ? n : undefined;
  }
  const cents = parseMoneyToCents(text);
  return cents === null || cents <= 0 || cents > 100_000_000_00 ? undefined : cents;
}

/** Whether `next` is stricter than or as strict as `current` (null = no limit). */
const tighter = (current: number | null, next: number | null) => next !== null && (current === null || next <= current);

export type Actor = 'member' | 'operator';

/**
 * Sets a limit. Tightening (a lower value, or a first one) applies at once and cancels a waiting loosening;
 * loosening (higher, or removal) waits 24 hours, stored as pending. An operator may only tighten.
 */
export async function setLimit(
  db: Db,
  memberId: number,
  input: { kind: string; value: string },
  now: Date,
  actor: Actor,
) {
  const kind = input.kind.trim() as RgLimitKind;
  if (!(RG_LIMIT_KINDS as readonly string[]).includes(kind)) throw badInput(MSG.rgKindInvalid);
  const next = parseValue(kind, input.value);
  if (next === undefined) throw badInput(kind === 'session_minutes' ? MSG.rgSessionInvalid : MSG.rgLimitInvalid);
  return db.transaction(async (tx) => {
    await lockWallet(tx, memberId);
    const current = (await limitsOf(tx, memberId, now))[kind];
    const label = RG_LIMIT_LABELS[kind];
    const from = showText(kind, current.value);
    let message: string;
    let row: LimitState;
    let effectiveAt: Date;
    let when: string;
    if (tighter(current.value, next)) {
      if (next === current.value && current.pendingAt === null) return MSG.rgUnchanged;
      row = { value: next, pendingValue: null, pendingAt: null };
      message = MSG.rgSavedNow;
      effectiveAt = now;
      when = '立即生效';
    } else {
      if (actor === 'operator') throw badInput(MSG.rgOperatorLoosenRefused);
      effectiveAt = new Date(now.getTime() + LOOSEN_DELAY);
      row = { value: current.value, pendingValue: next, pendingAt: effectiveAt };
      message = MSG.rgSavedPending;
      when = '24小时后生效';
    }
    await tx.insert(rgHistory).values({
      memberId,
      kind,
      actor,
      effectiveAt,
      createdAt: now,
      summary: `${label} ${from} → ${showText(kind, next)}，${when}`.slice(0, 200),
    });
    await tx
      .insert(rgLimits)
      .values({ memberId, kind, ...row, updatedAt: now })
      .onConflictDoUpdate({ target: [rgLimits.memberId, rgLimits.kind], set: { ...row, updatedAt: now } });
    return message;
  });
}

function breakEnd(period: RgBreakPeriod, now: Date): Date | null {
  const spec = RG_BREAKS[period] as { days?: number; months?: number };
  if (spec.days) return new Date(now.getTime() + spec.days * DAY);
  if (spec.months) {
    const d = new Date(now.getTime());
    d.setUTCMonth(d.getUTCMonth() + spec.months);
    return d;
  }
  return null;
}

/**
 * Starts a cool-off or self-exclusion at once. A break in force can only be lengthened: one ending sooner (or a
 * cool-off during an exclusion) is refused. Permanent exclusion ends never.
 */
export async function startBreak(db: Db, memberId: number, periodRaw: string, now: Date, actor: Actor) {
  const period = periodRaw.trim() as RgBreakPeriod;
  if (!Object.hasOwn(RG_BREAKS, period)) throw badInput(MSG.rgBreakInvalid);
  const spec = RG_BREAKS[period];
  const until = breakEnd(period, now);
  await db.transaction(async (tx) => {
    await lockWallet(tx, memberId);
    const current = await breakOf(tx, memberId, now);
    if (current) {
      const endsSooner = current.until === null || (until !== null && until.getTime() <= current.until.getTime());
      if (endsSooner || (current.kind === 'exclusion' && spec.kind === 'cooloff')) throw badInput(MSG.rgBreakNoShorten);
    }
    const row = { kind: spec.kind, until, startedAt: now };
    await tx
      .insert(rgBreaks)
      .values({ memberId, ...row })
      .onConflictDoUpdate({ target: rgBreaks.memberId, set: row });
    // A game already open must stop too: its venue can no longer authenticate the member with an old launch token.
    await dropLaunches(tx, memberId);
    await tx.insert(rgHistory).values({
      memberId,
      kind: spec.kind,
      actor,
      effectiveAt: now,
      createdAt: now,
      summary: `${spec.label}，${until ? `至${formatBeijing(until)}` : '永久'}`,
    });
  });
  return MSG.rgBreakStarted;
}

/** The 理性娱乐 screen's data: limits (with what waits), the break, what the windows count so far, the history. */
export async function rgInfo(
  db: DbOrTx,
  memberId: number,
  now: Date,
  depositedSince: DepositedBetween,
): Promise<RgInfo> {
  const windows = beijingWindows(now);
  const end = new Date(now.getTime() + 1);
  const [limits, brk, day, week, month, loss, history] = await Promise.all([
    limitsOf(db, memberId, now),
    breakOf(db, memberId, now),
    depositedSince(db, memberId, windows.day, end),
    depositedSince(db, memberId, windows.week, end),
    depositedSince(db, memberId, windows.month, end),
    lossToday(db, memberId, now),
    db.select().from(rgHistory).where(eq(rgHistory.memberId, memberId)).orderBy(desc(rgHistory.id)).limit(50),
  ]);
  const limit = (kind: RgLimitKind) => {
    const l = limits[kind];
    return {
      value: show(kind, l.value),
      pending: l.pendingAt ? { value: show(kind, l.pendingValue), effective_at: formatBeijing(l.pendingAt) } : null,
    };
  };
  return {
    limits: {
      deposit_day: limit('deposit_day'),
      deposit_week: limit('deposit_week'),
      deposit_month: limit('deposit_month'),
      loss_day: limit('loss_day'),
      session_minutes: limit('session_minutes'),
    },
    break: brk ? { kind: brk.kind, until: brk.until ? formatBeijing(brk.until) : null } : null,
    used: {
      deposit_day: centsToMoney(day),
      deposit_week: centsToMoney(week),
      deposit_month: centsToMoney(month),
      loss_day: centsToMoney(loss),
    },
    history: history.map((h) => ({
      id: h.id,
      kind: h.kind,
      summary: h.summary,
      effective_at: formatBeijing(h.effectiveAt),
      by: h.actor,
      created_at: formatBeijing(h.createdAt),
    })),
  };
}
