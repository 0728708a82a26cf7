import { randomInt } from 'node:crypto';
import { beijingDayStart, BizCode, centsToMoney, MSG, type RedpacketInfo } from '@h5/contract';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { queryPage } from '../../db/query-page';
import { AppError } from '../../http/errors';
import { centsToNumeric, numericToCents, numericToMoney } from '../../lib/money';
import { pageWindow } from '../../lib/paging';
import { beijingDay, type Clock, formatBeijing } from '../../lib/time';
import { accountCode, lockWallet, moneyTransaction, post } from '../ledger/ledger-service';
import { readSettings } from '../site/site-service';
import { approvedDepositTotal } from '../payments/deposit-totals';
import { redpacketGrabs, redpacketRules } from '../../db/tables/redpackets';

export interface RedpacketsDeps {
  db: Db;
  clock: Clock;
}

const HOUR_MS = 3600_000;
/** The smallest prize: docs/wire-rules.md "Red packets": a prize drawn uniformly between 1.00 and the cap. */
export const MIN_PRIZE_CENTS = 100;
/** docs/wire-rules.md "Red packets": 203 when no grabs are left; the wire shares 203 with the wrong-password answer. */
const NO_GRABS_LEFT = BizCode.WRONG_PASSWORD;

type RuleRow = typeof redpacketRules.$inferSelect;

/** 'HH:mm' to seconds since midnight. */
export const clockSeconds = (hhmm: string): number => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 3600 + m * 60;
};

/** Seconds since the Beijing midnight of a moment. */
const beijingSecondOfDay = (at: Date): number => Math.floor((at.getTime() - beijingDayStart(at).getTime()) / 1000);

/**
 * docs/member-app.md "Constants and limits", the red-packet rules text: "deposits count from noon the previous day to 10:00" (Beijing). Those are
 * the deposits a grab on day D draws from, whatever the time of the grab.
 */
export function depositWindow(now: Date): { from: Date; to: Date } {
  const dayStart = beijingDayStart(now).getTime();
  return { from: new Date(dayStart - 12 * HOUR_MS), to: new Date(dayStart + 10 * HOUR_MS) };
}

async function enabledRules(db: DbOrTx): Promise<RuleRow[]> {
  return db
    .select()
    .from(redpacketRules)
    .where(eq(redpacketRules.enabled, 1))
    .orderBy(asc(redpacketRules.startTime), asc(redpacketRules.id));
}

/**
 * docs/wire-rules.md "Red packets": the rule that applies now is an enabled rule whose window holds the Beijing time of day (start
 * inclusive, end exclusive) and whose band holds the deposits (day_flow <= deposits <= flow_money); of several, the
 * one with the most grabs (then the higher cap). No deposits, no prize to draw from: no rule.
 */
export function applicableRule(rules: readonly RuleRow[], now: Date, depositCents: number): RuleRow | null {
  if (depositCents <= 0) return null;
  const second = beijingSecondOfDay(now);
  let best: RuleRow | null = null;
  for (const rule of rules) {
    const inWindow = clockSeconds(rule.startTime) <= second && second < clockSeconds(rule.endTime);
    const inBand = numericToCents(rule.dayFlow) <= depositCents && depositCents <= numericToCents(rule.flowMoney);
    if (!inWindow || !inBand) continue;
    if (
      !best ||
      rule.recharge > best.recharge ||
      (rule.recharge === best.recharge && numericToCents(rule.money) > numericToCents(best.money))
    ) {
      best = rule;
    }
  }
  return best;
}

async function grabsToday(db: DbOrTx, memberId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(redpacketGrabs)
    .where(and(eq(redpacketGrabs.memberId, memberId), eq(redpacketGrabs.day, day)));
  return row?.n ?? 0;
}

async function currentState(db: DbOrTx, clock: Clock, memberId: number) {
  const now = clock.now();
  const window = depositWindow(now);
  // One after another: inside a transaction the queries share one connection.
  const rules = await enabledRules(db);
  const depositCents = await approvedDepositTotal(db, memberId, window.from, window.to);
  const acquired = await grabsToday(db, memberId, beijingDay(now));
  const rule = applicableRule(rules, now, depositCents);
  return { now, rules, depositCents, acquired, allowed: rule?.recharge ?? 0, rule };
}

export function ruleView(rule: RuleRow) {
  return {
    start_time: rule.startTime,
    end_time: rule.endTime,
    day_flow: numericToMoney(rule.dayFlow),
    flow_money: numericToMoney(rule.flowMoney),
    recharge: rule.recharge,
    money: numericToMoney(rule.money),
  };
}

/** /api/userredpacket: grabs left and taken today, the largest allowance, and the enabled rules by start time. */
export async function redpacketInfo(deps: RedpacketsDeps, memberId: number): Promise<RedpacketInfo> {
  const state = await currentState(deps.db, deps.clock, memberId);
  return {
    sendnums: Math.max(0, state.allowed - state.acquired),
    acquirednum: state.acquired,
    max_times: state.rules.reduce((most, r) => Math.max(most, r.recharge), 0),
    rules: state.rules.map(ruleView),
  };
}

/**
 * The prize of one grab: uniform in whole cents between 1.00 and the cap = deposits x money% (floored to the cent).
 * A cap below 1.00 (a small deposit in a low-percentage band) still pays 1.00: a grab the rule allows never pays
 * less than the advertised minimum.
 */
export function drawPrize(depositCents: number, moneyPercent: string): { prize: number; cap: number } {
  const cap = Math.floor((depositCents * numericToCents(moneyPercent)) / 10_000);
  const prize = cap <= MIN_PRIZE_CENTS ? MIN_PRIZE_CENTS : randomInt(MIN_PRIZE_CENTS, cap + 1);
  return { prize, cap };
}

/**
 * /api/douserredpacket: one grab, credited at once from house:redpackets. The wallet is locked first and the grabs
 * are counted inside the transaction, so two grabs racing for the last one pay once.
 */
export async function grabRedpacket(deps: RedpacketsDeps, memberId: number) {
  return moneyTransaction(deps.db, async (tx) => {
    // The site switch closes red packets for everyone (docs/member-app.md "Runtime navigation rules": 红包已关闭); a client that skips the page's
    // check must not grab either.
    const { redpacket_switch } = await readSettings(tx, ['redpacket_switch']);
    if (redpacket_switch !== 1) throw new AppError(BizCode.NOT_FOUND, MSG.redpacketClosed);
    await lockWallet(tx, memberId);
    const state = await currentState(tx, deps.clock, memberId);
    if (!state.rule) throw new AppError(BizCode.NOT_FOUND, MSG.noRedpacket);
    if (state.acquired >= state.allowed) throw new AppError(NO_GRABS_LEFT, MSG.noRedpacketLeft);
    const { prize } = drawPrize(state.depositCents, state.rule.money);
    const [grab] = await tx
      .insert(redpacketGrabs)
      .values({
        memberId,
        ruleId: state.rule.id,
        day: beijingDay(state.now),
        depositMoney: centsToNumeric(state.depositCents),
        prize: centsToNumeric(prize),
        createdAt: state.now,
        usedAt: state.now,
      })
      .returning({ id: redpacketGrabs.id });
    if (!grab) throw new Error('red-packet grab insert returned nothing');
    await post(tx, {
      reference: `redpacket:${grab.id}`,
      kind: 'redpacket',
      memberId,
      legs: [
        { account: accountCode.house('redpackets', memberId), cents: -prize },
        { account: accountCode.wallet(memberId), cents: prize },
      ],
    });
    const acquired = state.acquired + 1;
    return {
      redpacketmoney: centsToMoney(prize),
      sendnums: Math.max(0, state.allowed - acquired),
      acquirednum: acquired,
    };
  });
}

/** /api/redpacket: the member's grabs, newest first. */
export async function redpacketRecords(
  deps: RedpacketsDeps,
  memberId: number,
  query: { page: number; pagesize?: number | undefined; limit?: number | undefined },
) {
  const window = pageWindow(query);
  const where = eq(redpacketGrabs.memberId, memberId);
  const rows = deps.db
    .select()
    .from(redpacketGrabs)
    .orderBy(desc(redpacketGrabs.createdAt), desc(redpacketGrabs.id))
    .$dynamic();
  return queryPage(deps.db, redpacketGrabs, where, window, rows, (g) => ({
    money: numericToMoney(g.depositMoney),
    redpacketmoney: numericToMoney(g.prize),
    created_at: formatBeijing(g.createdAt),
    usetime: g.usedAt ? formatBeijing(g.usedAt) : null,
  }));
}

/**
 * Demo rules inside the 10:00-12:00 Beijing window of docs/member-app.md "Constants and limits": the more deposited, the more grabs. Within the caps an
 * operator's rule has (docs/operators.md "Caps on money settings"): the top band ends at 1,000,000.00.
 */
export const DEMO_REDPACKET_RULES = [
  { startTime: '10:00', endTime: '12:00', dayFlow: '100.00', flowMoney: '999.99', recharge: 1, money: '5.00' },
  { startTime: '10:00', endTime: '12:00', dayFlow: '1000.00', flowMoney: '4999.99', recharge: 2, money: '3.00' },
  { startTime: '10:00', endTime: '12:00', dayFlow: '5000.00', flowMoney: '19999.99', recharge: 3, money: '2.00' },
  { startTime: '10:00', endTime: '12:00', dayFlow: '20000.00', flowMoney: '1000000.00', recharge: 5, money: '1.00' },
] as const;

export async function seedRedpackets(tx: DbOrTx): Promise<void> {
  await tx.insert(redpacketRules).values(DEMO_REDPACKET_RULES.map((r) => ({ ...r })));
}
