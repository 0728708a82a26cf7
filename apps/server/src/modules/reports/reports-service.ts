import { centsToMoney, MSG, REPORT_MAX_DAYS } from '@h5/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { ReadDb } from '../../db/replica';
import { badInput } from '../../http/errors';
import { beijingDateStart } from '../../http/date-filter';
import { isRetryableConflict } from '../../db/conflicts';
import { numericToCents } from '../../lib/money';
import { pageWindow, toPaginator, type PageWindow } from '../../lib/paging';
import { beijingDay } from '../../lib/time';
import { rowsOf } from '../../db/rows';

const DAY_MS = 86_400_000;

/**
 * The reads of one report, in one transaction (one snapshot, so the figures agree with each other). JIT compilation
 * is off: the per-movement lookups are estimated costly enough to trigger it, and compiling takes longer than the
 * read itself.
 */
async function readReport<T extends readonly Promise<unknown>[]>(
  db: Db,
  reads: (tx: Tx) => T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    const results: unknown[] = [];
    // One connection answers one statement at a time: awaited in turn.
    for (const read of reads(tx)) results.push(await read);
    return results as { [K in keyof T]: Awaited<T[K]> };
  });
}

/** A checked range of Beijing days: `start` inclusive, `end` exclusive, and each day's 'YYYY-MM-DD'. */
export interface DayRange {
  from: string;
  to: string;
  start: Date;
  end: Date;
  days: string[];
}

/** Both days required and real, `from` not after `to`, at most 366 days: anything else is a 400 with its reason. */
export function dayRange(from: string, to: string): DayRange {
  const start = beijingDateStart(from);
  const last = beijingDateStart(to);
  if (start > last) throw badInput(MSG.dateRangeInvalid);
  const count = Math.round((last.getTime() - start.getTime()) / DAY_MS) + 1;
  if (count > REPORT_MAX_DAYS) throw badInput(MSG.reportRangeTooLong);
  const days = Array.from({ length: count }, (_, i) => beijingDay(new Date(start.getTime() + i * DAY_MS)));
  return { from, to, start, end: new Date(last.getTime() + DAY_MS), days };
}

/**
 * The Beijing day of a timestamptz column as a date (Beijing has no daylight saving: a fixed +8 hours); grouped as a
 * date and turned into text only per group, which is cheaper than formatting every row.
 */
const dayOf = (column: SQL) => sql`(${column} AT TIME ZONE 'UTC' + interval '8 hours')::date`;

/**
 * The ledger kinds a report counts and the house account (by name, over all its shards) whose leg is the figure;
 * `sign` turns that leg into the amount paid (a house account pays with a debit, the withdrawals_paid account
 * receives what was paid out).
 */
const LEDGER_FIGURES = {
  deposit: { house: 'deposits', sign: -1 },
  withdrawal_paid: { house: 'withdrawals_paid', sign: 1 },
  rebate: { house: 'rebates', sign: -1 },
  redpacket: { house: 'redpackets', sign: -1 },
  deposit_bonus: { house: 'promotions', sign: -1 },
  adjustment: { house: 'adjustments', sign: -1 },
} as const;
type LedgerKind = keyof typeof LEDGER_FIGURES;
const LEDGER_KINDS = Object.keys(LEDGER_FIGURES) as LedgerKind[];

/** The entries of the counted movements on their house leg, in the range: amounts as paid (see LEDGER_FIGURES). */
function ledgerLegs(range: DayRange): SQL {
  return ledgerLegsBetween(
    sql`${range.start.toISOString()}::timestamptz`,
    sql`${range.end.toISOString()}::timestamptz`,
  );
}

/** ledgerLegs from `start` (included) to `end` (excluded), both timestamptz expressions. */
function ledgerLegsBetween(start: SQL, end: SQL): SQL {
  const houseOf = sql.join(
    LEDGER_KINDS.map((k) => sql.raw(`WHEN '${k}' THEN '${LEDGER_FIGURES[k].house}'`)),
    sql` `,
  );
  const signOf = sql.join(
    LEDGER_KINDS.map((k) => sql.raw(`WHEN '${k}' THEN ${LEDGER_FIGURES[k].sign}`)),
    sql` `,
  );
  // A counted movement has exactly one leg on its house account. Looked up per movement (LIMIT 1 keeps PostgreSQL
  // from flattening it into a scan of every entry), the read follows the range's movements through the indexes.
  return sql`SELECT t.member_id, t.kind, t.created_at, h.paid
    FROM ledger_transactions t
    CROSS JOIN LATERAL (
      SELECT e.amount * (CASE t.kind ${signOf} END)::numeric AS paid
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE e.transaction_id = t.id AND a.kind = 'house' AND split_part(a.code, ':', 2) = (CASE t.kind ${houseOf} END)
      LIMIT 1
    ) h
    WHERE t.kind IN (${sql.raw(LEDGER_KINDS.map((k) => `'${k}'`).join(', '))})
      AND t.created_at >= ${start} AND t.created_at < ${end}`;
}

export interface DailyFiguresCents {
  new_members: number;
  first_depositors: number;
  depositors: number;
  deposits_count: number;
  deposits_amount: number;
  withdrawals_count: number;
  withdrawals_amount: number;
  bettors: number;
  bets_count: number;
  stake: number;
  valid_stake: number;
  payout: number;
  rebates_paid: number;
  redpackets_paid: number;
  bonuses_paid: number;
  adjustments: number;
}

const emptyFigures = (): DailyFiguresCents => ({
  new_members: 0,
  first_depositors: 0,
  depositors: 0,
  deposits_count: 0,
  deposits_amount: 0,
  withdrawals_count: 0,
  withdrawals_amount: 0,
  bettors: 0,
  bets_count: 0,
  stake: 0,
  valid_stake: 0,
  payout: 0,
  rebates_paid: 0,
  redpackets_paid: 0,
  bonuses_paid: 0,
  adjustments: 0,
});

/** Figures in cents to the wire: money strings, with the derived net deposits and GGR. */
export function dailyFiguresOut(f: DailyFiguresCents) {
  return {
    new_members: f.new_members,
    first_depositors: f.first_depositors,
    depositors: f.depositors,
    deposits_count: f.deposits_count,
    deposits_amount: centsToMoney(f.deposits_amount),
    withdrawals_count: f.withdrawals_count,
    withdrawals_amount: centsToMoney(f.withdrawals_amount),
    net_deposits: centsToMoney(f.deposits_amount - f.withdrawals_amount),
    bettors: f.bettors,
    bets_count: f.bets_count,
    stake: centsToMoney(f.stake),
    valid_stake: centsToMoney(f.valid_stake),
    payout: centsToMoney(f.payout),
    ggr: centsToMoney(f.stake - f.payout),
    rebates_paid: centsToMoney(f.rebates_paid),
    redpackets_paid: centsToMoney(f.redpackets_paid),
    bonuses_paid: centsToMoney(f.bonuses_paid),
    adjustments: centsToMoney(f.adjustments),
  };
}

type Num = string | number | null;
/** Grouping-set rows: `day` null is the row of the whole range. */
type DayRow<T> = T & { day: string | null };

/**
 * The daily figures of a range and its total, in cents, read from the bets and the ledger. Each figure is one indexed
 * read grouped by Beijing day, with the range total from the same read (GROUPING SETS), so distinct member counts of
 * the total are distinct over the range. See docs/reports.md "Reports" for the definitions.
 */
export async function liveFigures(
  db: Db,
  range: DayRange,
): Promise<{ days: Map<string, DailyFiguresCents>; total: DailyFiguresCents }> {
  const days = new Map(range.days.map((d) => [d, emptyFigures()]));
  const total = emptyFigures();
  const at = (day: string | null) => (day === null ? total : days.get(day));
  const start = sql`${range.start.toISOString()}::timestamptz`;
  const end = sql`${range.end.toISOString()}::timestamptz`;

  const [ledger, bets, joined, first] = await readReport(db, (tx) => [
    tx.execute(sql`SELECT day::text AS day, kind, count(*) AS n, count(DISTINCT member_id) AS members, sum(paid) AS amount
      FROM (SELECT ${dayOf(sql`l.created_at`)} AS day, l.* FROM (${ledgerLegs(range)}) l) d
      GROUP BY GROUPING SETS ((day, kind), (kind))`),
    tx.execute(sql`SELECT day::text AS day, count(*) AS n, count(DISTINCT member_id) AS bettors, sum(bet_amount) AS stake,
        sum(valid_amount) AS valid, sum(bet_amount + win_loss) AS payout
      FROM (SELECT ${dayOf(sql`settled_at`)} AS day, member_id, bet_amount, valid_amount, win_loss FROM bets
        WHERE status = 1 AND settled_at >= ${start} AND settled_at < ${end}) d
      GROUP BY GROUPING SETS ((day), ())`),
    tx.execute(sql`SELECT day::text AS day, count(*) AS n
      FROM (SELECT ${dayOf(sql`created_at`)} AS day FROM members WHERE created_at >= ${start} AND created_at < ${end}) d
      GROUP BY GROUPING SETS ((day), ())`),
    // A first depositor's first approved deposit ever falls on that day: no deposit movement before the range, and
    // the earliest one inside it.
    tx.execute(sql`SELECT day::text AS day, count(*) AS n FROM (SELECT ${dayOf(sql`min(t.created_at)`)} AS day FROM ledger_transactions t
        WHERE t.kind = 'deposit' AND t.created_at >= ${start} AND t.created_at < ${end}
          AND NOT EXISTS (SELECT 1 FROM ledger_transactions p
            WHERE p.member_id = t.member_id AND p.kind = 'deposit' AND p.created_at < ${start})
        GROUP BY t.member_id) f GROUP BY GROUPING SETS ((day), ())`),
  ]);

  for (const r of rowsOf<DayRow<{ kind: LedgerKind; n: Num; members: Num; amount: Num }>>(ledger)) {
    const f = at(r.day);
    if (!f) continue;
    const n = Number(r.n);
    const cents = numericToCents(r.amount);
    if (r.kind === 'deposit') {
      f.deposits_count = n;
      f.depositors = Number(r.members);
      f.deposits_amount = cents;
    } else if (r.kind === 'withdrawal_paid') {
      f.withdrawals_count = n;
      f.withdrawals_amount = cents;
    } else if (r.kind === 'rebate') f.rebates_paid = cents;
    else if (r.kind === 'redpacket') f.redpackets_paid = cents;
    else if (r.kind === 'deposit_bonus') f.bonuses_paid = cents;
    else f.adjustments = cents;
  }
  for (const r of rowsOf<DayRow<{ n: Num; bettors: Num; stake: Num; valid: Num; payout: Num }>>(bets)) {
    const f = at(r.day);
    if (!f) continue;
    f.bets_count = Number(r.n);
    f.bettors = Number(r.bettors);
    f.stake = numericToCents(r.stake);
    f.valid_stake = numericToCents(r.valid);
    f.payout = numericToCents(r.payout);
  }
  for (const r of rowsOf<DayRow<{ n: Num }>>(joined)) {
    const f = at(r.day);
    if (f) f.new_members = Number(r.n);
  }
  for (const r of rowsOf<DayRow<{ n: Num }>>(first)) {
    const f = at(r.day);
    if (f) f.first_depositors = Number(r.n);
  }
  return { days, total };
}

// ------------------------------------------------------------------------------------------- kept closed days

/**
 * A closed day is kept once its last minutes are this far behind: longer than any write transaction takes, so a
 * write that started on that day has committed (or its trigger has marked the day stale) before the day is kept.
 */
const KEEP_AFTER = '5 minutes';

const addFigures = (into: DailyFiguresCents, f: DailyFiguresCents) => {
  for (const key of Object.keys(into) as (keyof DailyFiguresCents)[]) into[key] += f[key];
};

/** The days (sorted 'YYYY-MM-DD') as one range from the first to the last. */
const spanOf = (days: string[]) => dayRange(days[0] ?? '', days[days.length - 1] ?? '');

/** The first Beijing day that may not be kept yet (today, or yesterday in its first minutes). */
async function firstUnkeptDay(db: DbOrTx): Promise<string> {
  const [row] = rowsOf<{ day: string }>(
    await db.execute(sql`SELECT report_day_of(now() - ${KEEP_AFTER}::interval)::text AS day`),
  );
  return row?.day ?? '';
}

/**
 * Computes these closed days and keeps them (migration 0024): each day's figures and its member sets (bettors,
 * depositors) as bit strings, each member's figures of the day for the member report (migration 0047) and each
 * venue's for the venue report (migration 0048). Read and written in one repeatable-read transaction, so a late write to one of the days
 * that commits meanwhile makes it fail (its trigger marked the day) instead of keeping figures that miss it.
 * Answers false when it failed so; nothing is kept then.
 */
async function keepDays(db: Db, days: string[]): Promise<Map<string, DailyFiguresCents> | null> {
  if (!days.length) return new Map();
  const span = spanOf(days);
  let keptNow = new Map<string, DailyFiguresCents>();
  try {
    await db.transaction(
      async (tx) => {
        await tx.execute(sql`SET LOCAL jit = off`);
        const { days: computed } = await liveFigures(tx as unknown as Db, span);
        const rows = days.map((day) => ({ day, figures: computed.get(day) ?? emptyFigures() }));
        keptNow = new Map(rows.map((r) => [r.day, r.figures] as const));
        const start = sql`${span.start.toISOString()}::timestamptz`;
        const end = sql`${span.end.toISOString()}::timestamptz`;
        await tx.execute(sql`
          WITH len AS (${setLength}),
          kept AS (SELECT day, figures FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(day date, figures jsonb)),
          bettors AS (SELECT report_day_of(settled_at) AS day, array_agg(DISTINCT member_id) AS ids FROM bets
            WHERE status = 1 AND settled_at >= ${start} AND settled_at < ${end} GROUP BY 1),
          depositors AS (SELECT report_day_of(created_at) AS day, array_agg(DISTINCT member_id) AS ids FROM ledger_transactions
            WHERE kind = 'deposit' AND member_id IS NOT NULL AND created_at >= ${start} AND created_at < ${end} GROUP BY 1)
          INSERT INTO report_days (day, figures, bettors, depositors, stale, computed_at)
          SELECT k.day, k.figures, report_member_bits(b.ids, len.n), report_member_bits(d.ids, len.n), false, now()
          FROM kept k CROSS JOIN len LEFT JOIN bettors b ON b.day = k.day LEFT JOIN depositors d ON d.day = k.day
          ON CONFLICT (day) DO UPDATE SET figures = excluded.figures, bettors = excluded.bettors,
            depositors = excluded.depositors, stale = false, computed_at = excluded.computed_at`);
        // The member report's rows of the same days (migration 0047), after the days' row above: a second keeper of
        // these days waits on that row and then fails, so the two never both write member rows.
        const dayList = sql`ARRAY[${sql.join(
          days.map((d) => sql`${d}`),
          sql`, `,
        )}]::date[]`;
        await tx.execute(sql`DELETE FROM report_member_days WHERE day = ANY(${dayList})`);
        await tx.execute(sql`INSERT INTO report_member_days (day, member_id, ${memberFigureList()})
          SELECT day, member_id, ${memberFigureList()} FROM (${memberFiguresRaw(start, end, true)}) r
          WHERE day = ANY(${dayList})`);
        // Each day's members with a row above as a member set of the same length (migration 0049): what the member
        // report counts its rows by.
        await tx.execute(sql`WITH len AS (${setLength})
          UPDATE report_days r SET reported = report_member_bits(
            ARRAY(SELECT member_id FROM report_member_days m WHERE m.day = r.day), len.n)
          FROM len WHERE r.day = ANY(${dayList})`);
        // The venue report's rows of the same days (migration 0048): each venue's bets and its bettors as a member set
        // of the length the day's sets above were written with (the same snapshot).
        await tx.execute(sql`DELETE FROM report_venue_days WHERE day = ANY(${dayList})`);
        await tx.execute(sql`WITH len AS (${setLength})
          INSERT INTO report_venue_days (day, venue_code, bets_count, stake, valid_stake, payout, bettors)
          SELECT v.day, v.venue_code, v.n, v.stake, v.valid, v.payout, report_member_bits(v.ids, len.n)
          FROM (SELECT ${dayOf(sql`settled_at`)} AS day, venue_code, ${venueSums}, array_agg(member_id) AS ids
            FROM bets WHERE status = 1 AND settled_at >= ${start} AND settled_at < ${end} GROUP BY 1, 2) v CROSS JOIN len
          WHERE v.day = ANY(${dayList})`);
      },
      { isolationLevel: 'repeatable read' },
    );
    return keptNow;
  } catch (e) {
    if (isRetryableConflict(e)) return null;
    throw e;
  }
}

/** The kept figures of these days that are not stale. */
async function keptFigures(db: DbOrTx, days: string[]): Promise<Map<string, DailyFiguresCents>> {
  if (!days.length) return new Map();
  const rows = rowsOf<{ day: string; figures: DailyFiguresCents }>(
    await db.execute(sql`SELECT day::text AS day, figures FROM report_days
      WHERE day >= ${days[0]}::date AND day <= ${days[days.length - 1]}::date AND NOT stale`),
  );
  return new Map(rows.map((r) => [r.day, { ...emptyFigures(), ...r.figures }] as const));
}

/** The closed days of a range as kept, and the first day still open: what a report reads beside today's figures. */
interface KeptDays {
  firstUnkept: string;
  kept: Map<string, DailyFiguresCents>;
}

/**
 * The most days one transaction keeps. On a year of a busy site (about 55,000 settled bets and 27,000 movements a
 * day) a month's member rows took longer to write than the statement timeout (30 s) allows under load, so the job
 * failed and began again every minute and kept nothing; a week's take about a quarter of that.
 */
const KEEP_SPAN_DAYS = 7;

/**
 * Keeps the closed days among these that are not kept or are stale (the scheduled job `report-days` and the first
 * report to need them). Answers the figures of every closed day, those kept now included, or null when a day could
 * not be kept right now (a late write raced it).
 */
export async function keepClosedDays(db: Db, days: string[]): Promise<KeptDays | null> {
  const firstUnkept = await firstUnkeptDay(db);
  const closed = days.filter((d) => d < firstUnkept).sort();
  const kept = await keptFigures(db, closed);
  const missing = closed.filter((d) => !kept.has(d));
  for (let i = 0; i < missing.length; i += KEEP_SPAN_DAYS) {
    const keptNow = await keepDays(db, missing.slice(i, i + KEEP_SPAN_DAYS));
    if (!keptNow) return null;
    for (const [day, figures] of keptNow) kept.set(day, figures);
  }
  return { firstUnkept, kept };
}

/** The Beijing days of the last `count` days before today, oldest first. */
export function recentDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => beijingDay(new Date(now.getTime() - (count - i) * DAY_MS)));
}

/**
 * The length of the member sets written now: the member ids rounded up to a block of 65,536, so that the sets of most
 * days share one length and OR together without being padded first.
 */
const setLength = sql`SELECT ((coalesce(max(id), 0) + 1 + 65535) / 65536) * 65536 AS n FROM members`;

/** Members counted once over the kept days and the live span: bettors and depositors of a range. */
async function distinctMembers(db: Db, keptDays: string[], live: DayRange | null) {
  const liveStart = live ? sql`${live.start.toISOString()}::timestamptz` : sql`'infinity'::timestamptz`;
  const liveEnd = live ? sql`${live.end.toISOString()}::timestamptz` : sql`'infinity'::timestamptz`;
  const first = keptDays[0] ?? '9999-12-31';
  const last = keptDays[keptDays.length - 1] ?? '0001-01-01';
  const [row] = rowsOf<{ bettors: Num; depositors: Num }>(
    await db.execute(sql`
      WITH len AS (${setLength}),
      sets AS (
        SELECT bettors AS b, depositors AS d FROM report_days WHERE day >= ${first}::date AND day <= ${last}::date
        UNION ALL
        SELECT report_member_bits(ARRAY(SELECT DISTINCT member_id FROM bets
                 WHERE status = 1 AND settled_at >= ${liveStart} AND settled_at < ${liveEnd}), len.n),
               report_member_bits(ARRAY(SELECT DISTINCT member_id FROM ledger_transactions
                 WHERE kind = 'deposit' AND member_id IS NOT NULL AND created_at >= ${liveStart} AND created_at < ${liveEnd}), len.n)
        FROM len
      ),
      -- Sets of one length OR together as they are; only the few results of shorter lengths are padded.
      by_length AS (SELECT bit_or(b) AS b, bit_or(d) AS d FROM sets GROUP BY length(b))
      SELECT bit_count(bit_or(rpad(s.b::text, len.n, '0')::varbit)) AS bettors,
             bit_count(bit_or(rpad(s.d::text, len.n, '0')::varbit)) AS depositors
      FROM by_length s CROSS JOIN len GROUP BY len.n`),
  );
  return { bettors: Number(row?.bettors ?? 0), depositors: Number(row?.depositors ?? 0) };
}

/**
 * The daily figures of a range and its total, in cents: closed days as kept (computed once, again only when a late
 * write marked them stale), today from the bets and the ledger; members counted once over the range by OR-ing the
 * days' member sets. Where a day cannot be kept right now (a late write raced it), the whole range is read live.
 * With `reads` (a replica), the figures are read there when every closed day of the range is kept: keeping a day
 * writes, so a day not kept yet is kept and read on the primary `db`.
 */
export async function dailyFigures(db: Db, range: DayRange, reads?: ReadDb): Promise<DailyFigures> {
  if (reads) {
    const replicated = await reads.read((read) =>
      read === db ? Promise.resolve(null) : keptAndLiveFigures(read, range),
    );
    if (replicated) return replicated;
  }
  const kept = await keepClosedDays(db, range.days);
  if (!kept) return liveFigures(db, range);
  return (await keptAndLiveFigures(db, range, kept)) ?? liveFigures(db, range);
}

type DailyFigures = { days: Map<string, DailyFiguresCents>; total: DailyFiguresCents };

/**
 * The figures from the kept closed days and today's live ones, read only; null when a closed day is not kept. `known`
 * is what keepClosedDays just answered on this database, so it is not read a second time.
 */
async function keptAndLiveFigures(db: Db, range: DayRange, known?: KeptDays): Promise<DailyFigures | null> {
  const firstUnkept = known?.firstUnkept ?? (await firstUnkeptDay(db));
  const closed = range.days.filter((d) => d < firstUnkept);
  const open = range.days.filter((d) => d >= firstUnkept);
  const kept = known?.kept ?? (await keptFigures(db, closed));
  if (kept.size !== closed.length) return null;
  const liveSpan = open.length ? spanOf(open) : null;
  const live = liveSpan ? (await liveFigures(db, liveSpan)).days : new Map<string, DailyFiguresCents>();
  const days = new Map(range.days.map((d) => [d, kept.get(d) ?? live.get(d) ?? emptyFigures()] as const));
  const total = emptyFigures();
  for (const f of days.values()) addFigures(total, f);
  const members = await distinctMembers(db, closed, liveSpan);
  total.bettors = members.bettors;
  total.depositors = members.depositors;
  return { days, total };
}

export async function dailyReport(db: Db, range: DayRange, reads?: ReadDb) {
  const { days, total } = await dailyFigures(db, range, reads);
  return {
    from: range.from,
    to: range.to,
    rows: [...days].map(([day, f]) => ({ day, ...dailyFiguresOut(f) })),
    total: dailyFiguresOut(total),
  };
}

interface VenueCents {
  bettors: number;
  bets_count: number;
  stake: number;
  valid_stake: number;
  payout: number;
}
const venueOut = (v: VenueCents) => ({
  bettors: v.bettors,
  bets_count: v.bets_count,
  stake: centsToMoney(v.stake),
  valid_stake: centsToMoney(v.valid_stake),
  payout: centsToMoney(v.payout),
  ggr: centsToMoney(v.stake - v.payout),
});

/** A venue's settled bets' figures, as columns n, stake, valid and payout of a query on bets. */
const venueSums = sql`count(*) AS n, sum(bet_amount) AS stake, sum(valid_amount) AS valid, sum(bet_amount + win_loss) AS payout`;

/** A member set's bits padded to the length of the sets written now (`len`), for OR-ing with them. */
const paddedSet = (set: SQL) => sql`rpad(${set}::text, len.n, '0')::varbit`;

/**
 * Settled bets per venue by settlement day; the total counts a member betting at two venues once.
 *
 * Closed days are added from their kept rows (report_venue_days, migration 0048) and the rest of the range, the day in
 * progress, is read from the bets, when every closed day of the range is kept and not stale (keptSplit, decided in the
 * statement's own snapshot). Bettors are counted once over the range by OR-ing the days' member sets: per venue the
 * venue's sets, for the total report_days' bettors (every bettor of the day). Otherwise the whole range is read from
 * the bets, exact and as slow as before.
 */
export async function venueReport(db: DbOrTx, range: DayRange) {
  const from = sql`${range.from}::date`;
  const start = sql`${range.start.toISOString()}::timestamptz`;
  const end = sql`${range.end.toISOString()}::timestamptz`;
  const allRaw = sql`(SELECT live_day FROM split) = ${from}`;
  const result = await db.execute(sql`WITH ${keptSplit(range)}, len AS (${setLength}),
    raw AS (
      SELECT venue_code, count(DISTINCT member_id) AS bettors, ${venueSums} FROM bets
      WHERE status = 1 AND settled_at >= ${start} AND settled_at < ${end} AND ${allRaw}
      GROUP BY GROUPING SETS ((venue_code), ())
    ),
    live AS (
      SELECT venue_code, ${venueSums}, report_member_bits(array_agg(member_id), (SELECT n FROM len)) AS b FROM bets
      WHERE status = 1 AND settled_at >= ${liveStart} AND settled_at < ${end} AND NOT ${allRaw}
      GROUP BY venue_code
    ),
    venue_sets AS (
      SELECT venue_code, bets_count AS n, stake, valid_stake AS valid, payout, bettors AS b FROM report_venue_days
      WHERE day >= ${from} AND day < ${liveDay}
      UNION ALL
      SELECT venue_code, n, stake, valid, payout, b FROM live
    ),
    -- Sets of one length OR together as they are; only the few results of shorter lengths are padded.
    venue_lengths AS (
      SELECT venue_code, sum(n) AS n, sum(stake) AS stake, sum(valid) AS valid, sum(payout) AS payout, bit_or(b) AS b
      FROM venue_sets GROUP BY venue_code, length(b)
    ),
    venues_kept AS (
      SELECT venue_code, bit_count(bit_or(${paddedSet(sql`s.b`)})) AS bettors, sum(s.n) AS n, sum(s.stake) AS stake,
        sum(s.valid) AS valid, sum(s.payout) AS payout
      FROM venue_lengths s CROSS JOIN len GROUP BY venue_code
    ),
    total_lengths AS (
      SELECT bit_or(b) AS b FROM (
        SELECT bettors AS b FROM report_days WHERE day >= ${from} AND day < ${liveDay}
        UNION ALL
        SELECT b FROM live
      ) s GROUP BY length(b)
    ),
    total_kept AS (
      SELECT NULL::varchar AS venue_code, (SELECT bit_count(bit_or(${paddedSet(sql`t.b`)})) FROM total_lengths t CROSS JOIN len) AS bettors,
        sum(n) AS n, sum(stake) AS stake, sum(valid) AS valid, sum(payout) AS payout
      FROM venues_kept
    ),
    figures AS (
      SELECT * FROM raw WHERE ${allRaw}
      UNION ALL SELECT * FROM venues_kept WHERE NOT ${allRaw}
      UNION ALL SELECT * FROM total_kept WHERE NOT ${allRaw}
    )
    SELECT f.venue_code, v.name AS venue_name, f.n, f.bettors, f.stake, f.valid, f.payout
    FROM figures f LEFT JOIN venues v ON v.code = f.venue_code
    ORDER BY f.venue_code NULLS LAST`);
  const rows = rowsOf<{
    venue_code: string | null;
    venue_name: string | null;
    n: Num;
    bettors: Num;
    stake: Num;
    valid: Num;
    payout: Num;
  }>(result).map((r) => ({
    venue_code: r.venue_code,
    venue_name: r.venue_name ?? r.venue_code ?? '',
    figures: {
      bettors: Number(r.bettors),
      bets_count: Number(r.n),
      stake: numericToCents(r.stake),
      valid_stake: numericToCents(r.valid),
      payout: numericToCents(r.payout),
    },
  }));
  const totalRow = rows.find((r) => r.venue_code === null);
  return {
    from: range.from,
    to: range.to,
    rows: rows
      .filter((r): r is typeof r & { venue_code: string } => r.venue_code !== null)
      .map((r) => ({ venue_code: r.venue_code, venue_name: r.venue_name, ...venueOut(r.figures) })),
    total: venueOut(totalRow?.figures ?? { bettors: 0, bets_count: 0, stake: 0, valid_stake: 0, payout: 0 }),
  };
}

/**
 * Members with a counted movement or a settled bet in the range, per member (the original back office's finance
 * report). `username` matches any part of the name in any case.
 */
function memberFiguresQuery(range: DayRange, username: string, idsOnly = false, only?: SQL): SQL {
  const name = username ? sql`AND m.username ILIKE ${`%${username.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  return idsOnly ? reportedMembers(range, name) : memberFiguresOf(range, name, only);
}

/** The member report's figures, the columns of report_member_days (migration 0047) after its day and member. */
const MEMBER_FIGURES = [
  'deposits_count',
  'deposits_amount',
  'withdrawals_count',
  'withdrawals_amount',
  'rebates',
  'bonuses',
  'adjustments',
  'bets_count',
  'stake',
  'valid_stake',
  'payout',
] as const;
const memberFigureList = (prefix = '') => sql.raw(MEMBER_FIGURES.map((c) => `${prefix}${c}`).join(', '));
const sumsOfFigures = sql.raw(MEMBER_FIGURES.map((c) => `sum(${c}) AS ${c}`).join(', '));

/**
 * Each member's figures from the movements and the settled bets from `start` to `end` (timestamptz expressions),
 * per Beijing day too when `byDay`: the member report's definitions (docs/reports.md "Reports"), computed from the
 * raw rows. Columns: [day,] member_id and MEMBER_FIGURES; a member without a counted movement or settled bet has no row.
 */
function memberFiguresRaw(start: SQL, end: SQL, byDay: boolean): SQL {
  const day = (column: string) => (byDay ? sql`${dayOf(sql.raw(column))} AS day, ` : sql``);
  const groupBy = byDay ? sql`GROUP BY 1, 2` : sql`GROUP BY 1`;
  const zero = sql`0::bigint, 0::numeric, 0::bigint, 0::numeric, 0::numeric, 0::numeric, 0::numeric`;
  return sql`SELECT ${byDay ? sql`day, ` : sql``}member_id, ${sumsOfFigures}
    FROM (
      SELECT ${day('created_at')}member_id,
        count(*) FILTER (WHERE kind = 'deposit') AS deposits_count,
        coalesce(sum(paid) FILTER (WHERE kind = 'deposit'), 0) AS deposits_amount,
        count(*) FILTER (WHERE kind = 'withdrawal_paid') AS withdrawals_count,
        coalesce(sum(paid) FILTER (WHERE kind = 'withdrawal_paid'), 0) AS withdrawals_amount,
        coalesce(sum(paid) FILTER (WHERE kind = 'rebate'), 0) AS rebates,
        coalesce(sum(paid) FILTER (WHERE kind IN ('deposit_bonus', 'redpacket')), 0) AS bonuses,
        coalesce(sum(paid) FILTER (WHERE kind = 'adjustment'), 0) AS adjustments,
        0::bigint AS bets_count, 0::numeric AS stake, 0::numeric AS valid_stake, 0::numeric AS payout
      FROM (${ledgerLegsBetween(start, end)}) x WHERE member_id IS NOT NULL ${groupBy}
      UNION ALL
      SELECT ${day('settled_at')}member_id, ${zero},
        count(*), sum(bet_amount), sum(valid_amount), sum(bet_amount + win_loss)
      FROM bets WHERE status = 1 AND settled_at >= ${start} AND settled_at < ${end} ${groupBy}
    ) u ${groupBy}`;
}

/**
 * The member report's per-member figures with a condition of the caller's on the member `m` (starting with AND):
 * the partner programme sums these over a partner's downline, so its figures agree with the reports.
 *
 * Closed days are added from their kept rows (report_member_days, migration 0047) and the rest of the range, the day
 * in progress, is read from the movements and bets. Which days count as kept is decided inside the statement, in its
 * own snapshot: the closed days of the range (before the first day keepClosedDays may not keep yet) when every one of
 * them is kept in report_days and not stale, since a day's member rows are written in the transaction that keeps it
 * there and a late write marks it stale in its own. Otherwise, a day not kept yet or marked by a late write, the
 * whole range is read raw, as exact and as slow as before.
 */
export function memberFiguresSql(range: DayRange, memberFilter: SQL): SQL {
  return memberFiguresOf(range, memberFilter);
}

/**
 * The common table expressions `cut` and `split` of a statement reading kept rows: `split.live_day` is the first day of
 * the range read from the raw rows, decided in the statement's own snapshot. It is the first day that may not be kept
 * yet (within the range) when every closed day of the range before it is kept in report_days and not stale, since a
 * day's member and venue rows are written in the transaction that keeps it there and a late write marks it stale in
 * its own; otherwise the range's first day, and the whole range is read raw.
 */
function keptSplit(range: DayRange): SQL {
  const from = sql`${range.from}::date`;
  return sql`cut AS (
      SELECT least(greatest(report_day_of(now() - ${KEEP_AFTER}::interval), ${from}), ${range.to}::date + 1) AS day
    ), split AS (
      SELECT CASE WHEN (SELECT count(*) FROM report_days r WHERE r.day >= ${from} AND r.day < cut.day AND NOT r.stale)
        = cut.day - ${from} THEN cut.day ELSE ${from} END AS live_day
      FROM cut
    )`;
}
/** The first day of the range that is not read from kept rows (keptSplit), and the instant it starts (Beijing midnight). */
const liveDay = sql`(SELECT live_day FROM split)`;
const liveStart = sql`(SELECT (live_day::timestamp - interval '8 hours') AT TIME ZONE 'UTC' FROM split)`;

/**
 * memberFiguresSql; with `only` (a query of member ids), the figures of those members alone are added up: a page's.
 */
function memberFiguresOf(range: DayRange, memberFilter: SQL, only?: SQL): SQL {
  const from = sql`${range.from}::date`;
  const end = sql`${range.end.toISOString()}::timestamptz`;
  const onlyIds = only ? sql`ARRAY(SELECT member_id FROM only_ids)` : null;
  const f = sql`SELECT member_id, ${sumsOfFigures}
      FROM (
        SELECT member_id, ${memberFigureList()} FROM report_member_days WHERE day >= ${from} AND day < ${liveDay}
          ${onlyIds ? sql`AND member_id = ANY(${onlyIds})` : sql``}
        UNION ALL
        ${memberFiguresRaw(liveStart, end, false)}
      ) u ${onlyIds ? sql`WHERE member_id = ANY(${onlyIds})` : sql``} GROUP BY member_id`;
  return sql`WITH ${keptSplit(range)}, ${only ? sql`only_ids AS MATERIALIZED (${only}), ` : sql``}f AS (${f})
    SELECT m.id AS member_id, m.username, ${memberFigureList('f.')},
      (SELECT coalesce(sum(a.balance), 0) FROM ledger_accounts a WHERE a.member_id = m.id AND a.kind <> 'house') AS balance
    FROM f JOIN members m ON m.id = f.member_id
    WHERE true ${memberFilter}`;
}

/**
 * The members of the member report over a range (`member_id` alone, the figures not added up): what counting its rows
 * and choosing a page's members need. The kept closed days count their members through the day's member set
 * (report_days.reported, migration 0049), OR-ed over the range and tested for each member, so the work grows with the
 * site's members and not with the range's member rows; the rest of the range is read raw. Which days are kept is
 * decided in the statement's own snapshot, as for the figures (keptSplit).
 */
function reportedMembers(range: DayRange, memberFilter: SQL): SQL {
  const from = sql`${range.from}::date`;
  const end = sql`${range.end.toISOString()}::timestamptz`;
  return sql`WITH ${keptSplit(range)}, len AS (${setLength}),
    -- Sets of one length OR together as they are; only the few results of shorter lengths are padded.
    by_length AS (
      SELECT bit_or(reported) AS b FROM report_days WHERE day >= ${from} AND day < ${liveDay} GROUP BY length(reported)
    ),
    kept AS (SELECT bit_or(${paddedSet(sql`s.b`)}) AS b FROM by_length s CROSS JOIN len),
    live AS (SELECT member_id FROM (${memberFiguresRaw(liveStart, end, false)}) r)
    SELECT m.id AS member_id FROM members m CROSS JOIN kept k
    WHERE (CASE WHEN m.id < length(k.b) THEN get_bit(k.b, m.id) = 1 ELSE false END
      OR m.id IN (SELECT member_id FROM live)) ${memberFilter}`;
}

interface MemberFiguresRow {
  member_id: number;
  username: string;
  deposits_count: Num;
  deposits_amount: Num;
  withdrawals_count: Num;
  withdrawals_amount: Num;
  rebates: Num;
  bonuses: Num;
  adjustments: Num;
  bets_count: Num;
  stake: Num;
  valid_stake: Num;
  payout: Num;
  balance: Num;
}

function memberRowOut(r: MemberFiguresRow) {
  const stake = numericToCents(r.stake);
  const payout = numericToCents(r.payout);
  return {
    member_id: Number(r.member_id),
    username: r.username,
    deposits_count: Number(r.deposits_count ?? 0),
    deposits_amount: centsToMoney(numericToCents(r.deposits_amount)),
    withdrawals_count: Number(r.withdrawals_count ?? 0),
    withdrawals_amount: centsToMoney(numericToCents(r.withdrawals_amount)),
    bets_count: Number(r.bets_count ?? 0),
    stake: centsToMoney(stake),
    valid_stake: centsToMoney(numericToCents(r.valid_stake)),
    payout: centsToMoney(payout),
    ggr: centsToMoney(stake - payout),
    rebates: centsToMoney(numericToCents(r.rebates)),
    bonuses: centsToMoney(numericToCents(r.bonuses)),
    adjustments: centsToMoney(numericToCents(r.adjustments)),
    balance: centsToMoney(numericToCents(r.balance)),
  };
}
export type MemberReportRowOut = ReturnType<typeof memberRowOut>;

export async function memberReportPage(
  db: Db,
  range: DayRange,
  query: { username: string; page: number; pagesize?: number | undefined },
) {
  const window: PageWindow = pageWindow(query);
  const members = memberFiguresQuery(range, query.username, true);
  // The page's members first, then their figures alone: adding up every member's month is most of the work.
  const pageIds = sql`SELECT member_id FROM (${members}) p ORDER BY member_id LIMIT ${window.perPage} OFFSET ${window.offset}`;
  const figures = memberFiguresQuery(range, query.username, false, pageIds);
  const [counted, page] = await readReport(db, (tx) => [
    tx.execute(sql`SELECT count(*) AS n FROM (${members}) r`),
    tx.execute(sql`${figures} ORDER BY m.id`),
  ]);
  const total = Number(rowsOf<{ n: Num }>(counted)[0]?.n ?? 0);
  return toPaginator(rowsOf<MemberFiguresRow>(page).map(memberRowOut), total, window);
}

/** Every row of the member report in member order, read in batches so a download never holds the whole report. */
export async function* memberReportRows(
  db: DbOrTx,
  range: DayRange,
  username: string,
  batch = 500,
): AsyncGenerator<MemberReportRowOut> {
  const figures = memberFiguresQuery(range, username);
  let after = 0;
  for (;;) {
    const rows = rowsOf<MemberFiguresRow>(
      await db.execute(sql`${figures} AND m.id > ${after} ORDER BY m.id LIMIT ${batch}`),
    );
    for (const r of rows) yield memberRowOut(r);
    if (rows.length < batch) return;
    after = Number(rows[rows.length - 1]?.member_id);
  }
}

/** Today against yesterday and the last 30 days (Beijing), from the same figures as the daily report. */
export async function dashboardFigures(db: Db, now: Date, reads?: ReadDb) {
  const today = beijingDay(now);
  const range = dayRange(beijingDay(new Date(now.getTime() - 29 * DAY_MS)), today);
  const { days } = await dailyFigures(db, range, reads);
  const dayOut = (day: string) => {
    const f = days.get(day) ?? emptyFigures();
    return {
      day,
      deposits: centsToMoney(f.deposits_amount),
      withdrawals: centsToMoney(f.withdrawals_amount),
      net: centsToMoney(f.deposits_amount - f.withdrawals_amount),
      new_members: f.new_members,
      first_depositors: f.first_depositors,
      bettors: f.bettors,
      ggr: centsToMoney(f.stake - f.payout),
    };
  };
  return {
    today: dayOut(today),
    yesterday: dayOut(range.days[range.days.length - 2] ?? today),
    chart: [...days].map(([day, f]) => ({
      day,
      deposits: centsToMoney(f.deposits_amount),
      withdrawals: centsToMoney(f.withdrawals_amount),
      ggr: centsToMoney(f.stake - f.payout),
    })),
  };
}
