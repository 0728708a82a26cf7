import { and, asc, eq, gt, lt, lte, max, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type ScheduledJob, scheduleJob, type SchedulerDeps } from '../jobs/scheduler';
import type { Db } from '../../db/client';
import { lockMemberLevel, memberFrom, setMemberVip } from '../accounts/member-records';
import { settledTurnoverSince } from '../bets/bet-records';
import { beijingDay, type Clock } from '../../lib/time';
import { vipLevels, vipReviews, vipRises } from '../../db/tables/vip';

/** docs/member-app.md "Constants and limits": "retention turnover required within 90 days". */
export const RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 3600 * 1000;

/** The Beijing calendar quarter of a moment, e.g. '2026Q3': the review period. */
export function beijingQuarter(at: Date): string {
  const d = new Date(at.getTime() + BEIJING_OFFSET_MS);
  return `${d.getUTCFullYear()}Q${Math.floor(d.getUTCMonth() / 3) + 1}`;
}

export interface RetentionReview {
  quarter: string;
  /** Members reviewed by this run (each at most once a quarter). */
  reviewed: number;
  /** Of those, members dropped one level. */
  dropped: number;
}

/**
 * The quarterly VIP retention review (docs/member-app.md "Constants and limits": "an automatic one-level drop if not met in a quarter"). A member is
 * reviewed when the member's level is above 0, the level asks a retention above 0, the member has held it for at least
 * 90 days (since the rise or drop that reached it; since registration for a member who never changed level) and has
 * not been reviewed in this Beijing quarter yet. A member whose valid turnover over the last 90 days (settled bets
 * placed in that window) is below the retention drops exactly one level, to the next lower enabled level or 0.
 * Every review, kept or dropped, leaves a vip_reviews row; money, paysum, lifetime turnover and rebates are not
 * touched. Each member is reviewed in a transaction of its own, locked like a bet settlement, so a review never
 * holds the whole member table and a run that stops halfway resumes where it stopped.
 */
export async function reviewRetention(db: Db, clock: Clock): Promise<RetentionReview> {
  const now = clock.now();
  const quarter = beijingQuarter(now);
  const heldSince = new Date(now.getTime() - RETENTION_DAYS * DAY_MS);
  const member = memberFrom();
  const candidates = await db
    .select({ id: member.id })
    .from(member.table)
    .innerJoin(vipLevels, eq(vipLevels.level, member.vip))
    .leftJoin(vipRises, eq(vipRises.memberId, member.id))
    .where(
      and(
        gt(member.vip, 0),
        gt(vipLevels.retention, sql`0`),
        lte(sql`coalesce(${vipRises.levelSince}, ${member.createdAt})`, sql`${heldSince.toISOString()}::timestamptz`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(vipReviews)
            .where(and(eq(vipReviews.memberId, member.id), eq(vipReviews.quarter, quarter))),
        ),
      ),
    )
    .orderBy(asc(member.id));

  const result: RetentionReview = { quarter, reviewed: 0, dropped: 0 };
  for (const { id } of candidates) {
    const outcome = await reviewMember(db, now, quarter, id);
    if (outcome === 'skipped') continue;
    result.reviewed += 1;
    if (outcome === 'dropped') result.dropped += 1;
  }
  return result;
}

async function reviewMember(
  db: Db,
  now: Date,
  quarter: string,
  memberId: number,
): Promise<'kept' | 'dropped' | 'skipped'> {
  const windowStart = new Date(now.getTime() - RETENTION_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    // The member row is what a bet settlement locks first: a review and a settlement of the same member queue up.
    const member = await lockMemberLevel(tx, memberId);
    if (!member || member.vip <= 0) return 'skipped';
    const [level] = await tx
      .select({ retention: vipLevels.retention, due: sql<boolean>`${vipLevels.retention} > 0` })
      .from(vipLevels)
      .where(eq(vipLevels.level, member.vip));
    if (!level?.due) return 'skipped';
    const [rise] = await tx
      .select({ levelSince: vipRises.levelSince })
      .from(vipRises)
      .where(eq(vipRises.memberId, memberId));
    if ((rise?.levelSince ?? member.createdAt).getTime() > windowStart.getTime()) return 'skipped';

    const turnover = await settledTurnoverSince(tx, memberId, windowStart, level.retention);
    let toLevel = member.vip;
    if (!turnover.reaches) {
      const [lower] = await tx
        .select({ level: max(vipLevels.level) })
        .from(vipLevels)
        .where(and(eq(vipLevels.enabled, 1), lt(vipLevels.level, member.vip)));
      toLevel = Number(lower?.level ?? 0);
    }

    // The unique (member, quarter) row is the once-a-quarter guard, also against a run in another process.
    const [review] = await tx
      .insert(vipReviews)
      .values({
        memberId,
        quarter,
        fromLevel: member.vip,
        toLevel,
        retention: level.retention,
        turnover: turnover.total,
        reviewedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: vipReviews.id });
    if (!review) return 'skipped';
    if (toLevel === member.vip) return 'kept';

    const day = beijingDay(now);
    await setMemberVip(tx, memberId, toLevel);
    await tx
      .insert(vipRises)
      .values({ memberId, day, updatedAt: now, levelSince: now, droppedAt: now })
      .onConflictDoUpdate({ target: vipRises.memberId, set: { day, updatedAt: now, levelSince: now, droppedAt: now } });
    return 'dropped';
  });
}

/** How often each process looks whether the quarter's review is due: it runs within this long of the quarter's start. */
export const QUARTER_CHECK_MS = 5 * 60_000;

/**
 * The review as a scheduled job: once per Beijing quarter, in one process at a time, remembered in the database,
 * so a process started after the quarter began still runs it and a second process does not run it again. The
 * (member, quarter) rows keep it to one review per member even if it were run twice.
 */
export function retentionJob(deps: { db: Db; clock: Clock }, log?: FastifyBaseLogger): ScheduledJob {
  return {
    name: 'vip-retention',
    everyMs: QUARTER_CHECK_MS,
    periodOf: beijingQuarter,
    run: async () => {
      const result = await reviewRetention(deps.db, deps.clock);
      log?.info({ ...result }, 'VIP retention review');
      return result;
    },
  };
}

/** docs/member-app.md "Constants and limits": the VIP retention review at the start of each Beijing quarter, from every server process. */
export function scheduleRetentionReview(app: FastifyInstance, deps: SchedulerDeps) {
  scheduleJob(app, deps, retentionJob(deps, app.log));
}
