import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { beijingDay, type Clock } from '../../lib/time';
import { setMemberVip, vipStanding } from '../accounts/member-records';
import { settledTurnoverSince } from '../bets/bet-records';
import { vipLevels, vipRises } from '../../db/tables/vip';

/**
 * Recomputes a member's VIP level (docs/wire-rules.md "Bets, VIP, rebates"): the target is the highest enabled level with
 * recharge <= paysum and flow <= lifetime turnover. docs/member-app.md "Constants and limits": "one level per day, no skipping", so a member below the
 * target rises to the next enabled level only, and only if the level did not change on this Beijing day. The level
 * never falls here: the quarterly retention drop of docs/member-app.md "Constants and limits" is a separate review (vip-retention.ts), not a side effect
 * of a bet. After such a drop the thresholds alone (lifetime figures, still met) would give the level back the next
 * day, so a dropped member rises again only once the valid turnover of settled bets placed since the drop reaches the
 * retention of the level to rise to.
 * Runs inside the caller's transaction (bet settlement, deposit approval), after paysum or turnover changed.
 * Answers the member's level afterwards.
 */
export async function recomputeVip(tx: DbOrTx, clock: Clock, memberId: number): Promise<number> {
  const member = await vipStanding(tx, memberId);
  if (!member) return 0;
  // Compared in SQL as numerics: no float rounding at a threshold.
  const [target] = await tx
    .select({ level: sql<number>`max(${vipLevels.level})` })
    .from(vipLevels)
    .where(
      and(
        eq(vipLevels.enabled, 1),
        lte(vipLevels.recharge, sql`${member.paysum}::numeric`),
        lte(vipLevels.flow, sql`${member.turnover}::numeric`),
      ),
    );
  const targetLevel = Number(target?.level ?? 0);
  if (!targetLevel || targetLevel <= member.vip) return member.vip;

  const today = beijingDay(clock.now());
  const [rise] = await tx
    .select({ day: vipRises.day, droppedAt: vipRises.droppedAt })
    .from(vipRises)
    .where(eq(vipRises.memberId, memberId));
  if (rise?.day === today) return member.vip;

  const [next] = await tx
    .select({ level: vipLevels.level, retention: vipLevels.retention })
    .from(vipLevels)
    .where(and(eq(vipLevels.enabled, 1), gt(vipLevels.level, member.vip)))
    .orderBy(asc(vipLevels.level))
    .limit(1);
  if (!next || next.level > targetLevel) return member.vip;
  if (rise?.droppedAt && !(await settledTurnoverSince(tx, memberId, rise.droppedAt, next.retention)).reaches)
    return member.vip;

  const now = clock.now();
  await setMemberVip(tx, memberId, next.level);
  await tx
    .insert(vipRises)
    .values({ memberId, day: today, updatedAt: now, levelSince: now })
    .onConflictDoUpdate({ target: vipRises.memberId, set: { day: today, updatedAt: now, levelSince: now } });
  return next.level;
}
