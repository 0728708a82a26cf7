import { centsToMoney } from '@h5/contract';
import { and, eq, gte, inArray, isNotNull, isNull, lt, min } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import {
  venueReconciliationDays,
  venueReconciliationDifferences,
  venueWalletTransactions,
} from '../../db/tables/venue-wallet';
import { beijingDateStart } from '../../http/date-filter';
import { numericToCents } from '../../lib/money';
import type { OutboundPolicy } from '../../lib/outbound';
import { type Clock, formatBeijing } from '../../lib/time';
import type { Hub88FailureReason } from '../../providers/venues/hub88/hub88-games-client';
import { HUB88_UNITS_PER_CENT } from '../../providers/venues/hub88/hub88-protocol';
import { type Hub88Transaction, hub88TransactionList } from '../../providers/venues/hub88/hub88-transactions-client';
import { usernamesOf } from '../accounts/member-records';
import { scheduleJob, type ScheduledJob, type SchedulerDeps } from '../jobs/scheduler';
import { allVenues, venueByCode } from '../venues/venue-records';

/**
 * The daily reconciliation of hub88 venues (docs/venues.md "Hub88 reconciliation"): our seamless transactions of
 * one Beijing day beside the aggregator's Transactions API list of the same day. What differs (a transaction
 * missing on our side, missing on theirs, or listed with another kind or amount) is stored once per transaction
 * and kind of difference, with both sides, for finance. Each day tried is remembered per venue
 * (`venue_reconciliation_days`), as compared or not answered; each run compares the day before and every day of the
 * last week not compared yet since the venue's first, so a day the aggregator did not answer for is tried again and
 * a day compared is not compared twice. It never moves money and never changes a transaction.
 */
const DAY_MS = 86_400_000;
/** Clocks differ: their list is asked this much wider than the day, so a transaction at midnight is found. */
const EDGE_MS = 10 * 60_000;
/** How often each process looks whether the day's run is due; it runs once per Beijing day. */
export const RECONCILE_CHECK_MS = 5 * 60_000;
/** How many days back (the day before first) each run looks for days not compared yet. */
export const RECONCILE_DAYS_BACK = 7;

export interface Hub88ReconcileDeps {
  db: Db;
  clock: Clock;
  venueTimeoutMs: number;
  outbound: OutboundPolicy;
}

type OurRow = typeof venueWalletTransactions.$inferSelect;
type Difference = typeof venueReconciliationDifferences.$inferInsert;

/** The `count` Beijing days 'YYYY-MM-DD' before the one `now` falls in, the day before first. */
export const beijingDaysBefore = (now: Date, count: number) =>
  Array.from({ length: count }, (_, i) => formatBeijing(new Date(now.getTime() - (i + 1) * DAY_MS)).slice(0, 10));

/** A listed time (ISO 8601, no zone: UTC) as an instant, or null. */
const listedAt = (text: string | null | undefined) => {
  if (!text) return null;
  const at = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
};

/** Published units (1/100000) as our money text, two decimals. */
const unitsToMoney = (units: number) => (units / (HUB88_UNITS_PER_CENT * 100)).toFixed(2);

/** A rollback that found no bet moved nothing (amount 0, no round): it is no money to reconcile. */
const movedMoney = (row: OurRow) => !(row.action === 'rollback' && numericToCents(row.amount) === 0 && !row.roundId);

export type VenueReconcileResult =
  | { venue: string; day: string; ok: true; compared: number; differences: number }
  | { venue: string; day: string; ok: false; reason: Hub88FailureReason };

/**
 * Compares one hub88 venue's transactions of `day` with the aggregator's and stores the differences not stored
 * before (a re-run of the day adds nothing new). Answers how many transactions were compared and how many
 * differences are new, or why the aggregator's list could not be read (no difference is stored then). A day that
 * has ended is remembered: as compared, in the same transaction as its differences, or as not answered, with the
 * reason; a day still under way is not (its later transactions are compared when the day is).
 */
export async function reconcileHub88Day(
  deps: Hub88ReconcileDeps,
  venueCode: string,
  day: string,
): Promise<VenueReconcileResult> {
  const { db } = deps;
  const venue = await venueByCode(db, venueCode);
  if (!venue || venue.protocol !== 'hub88') return { venue: venueCode, day, ok: false, reason: 'not_configured' };
  const start = beijingDateStart(day);
  const end = new Date(start.getTime() + DAY_MS);
  const ended = end.getTime() <= deps.clock.now().getTime();
  const listed = await hub88TransactionList(
    { baseUrl: venue.apiBaseUrl, operatorId: venue.operatorId, privateKey: venue.privateKey },
    { start: new Date(start.getTime() - EDGE_MS), end: new Date(end.getTime() + EDGE_MS) },
    { timeoutMs: deps.venueTimeoutMs, outbound: deps.outbound },
  );
  if (!listed.ok) {
    if (ended)
      await db
        .insert(venueReconciliationDays)
        .values({ venueCode, day, failure: listed.reason, triedAt: deps.clock.now() })
        .onConflictDoUpdate({
          target: [venueReconciliationDays.venueCode, venueReconciliationDays.day],
          set: { failure: listed.reason, triedAt: deps.clock.now() },
          setWhere: isNull(venueReconciliationDays.comparedAt),
        });
    return { venue: venueCode, day, ok: false, reason: listed.reason };
  }

  const theirs = new Map<string, Hub88Transaction>();
  for (const t of listed.value) {
    // A transaction listed twice counts as taken if any listing says so.
    const before = theirs.get(t.transaction_uuid);
    if (!before || t.status === 'TS_SUCCESS') theirs.set(t.transaction_uuid, t);
  }
  const taken = (t: Hub88Transaction | undefined) => t !== undefined && t.status === 'TS_SUCCESS';
  const inDay = (t: Hub88Transaction) => {
    const at = listedAt(t.created_at);
    return at !== null && at >= start && at < end;
  };

  const ours = new Map<string, OurRow>();
  const ourDay = await db
    .select()
    .from(venueWalletTransactions)
    .where(
      and(
        eq(venueWalletTransactions.venueCode, venueCode),
        gte(venueWalletTransactions.createdAt, start),
        lt(venueWalletTransactions.createdAt, end),
      ),
    );
  for (const row of ourDay) if (movedMoney(row)) ours.set(row.transactionId, row);
  // Their transactions of the day that we took on another day (clocks differ at midnight) are ours all the same.
  const elsewhere = [...theirs.values()]
    .filter((t) => taken(t) && inDay(t) && !ours.has(t.transaction_uuid))
    .map((t) => t.transaction_uuid);
  for (let i = 0; i < elsewhere.length; i += 500) {
    const rows = await db
      .select()
      .from(venueWalletTransactions)
      .where(
        and(
          eq(venueWalletTransactions.venueCode, venueCode),
          inArray(venueWalletTransactions.transactionId, elsewhere.slice(i, i + 500)),
        ),
      );
    for (const row of rows) if (movedMoney(row)) ours.set(row.transactionId, row);
  }
  const players = await usernamesOf(db, [...new Set([...ours.values()].map((r) => r.memberId))]);

  const differences: Difference[] = [];
  const record = (id: string, difference: Difference['difference'], our?: OurRow, their?: Hub88Transaction) =>
    differences.push({
      day,
      venueCode,
      transactionId: id,
      difference,
      roundId: our?.roundId || their?.round || '',
      oursKind: our?.action ?? null,
      oursAmount: our ? our.amount : null,
      oursAt: our?.createdAt ?? null,
      oursPlayer: our ? (players.get(our.memberId) ?? String(our.memberId)) : null,
      theirsKind: their ? their.type.slice(0, 16) : null,
      theirsAmount: their ? unitsToMoney(their.amount) : null,
      theirsStatus: their?.status ?? null,
      theirsAt: their?.created_at ?? null,
      theirsPlayer: their?.user ?? null,
    });

  const compared = new Set<string>();
  const compare = (id: string, our: OurRow | undefined, their: Hub88Transaction | undefined) => {
    if (compared.has(id)) return;
    compared.add(id);
    if (!our) return record(id, 'missing_ours', undefined, their);
    if (!taken(their)) return record(id, 'missing_theirs', our, their);
    if (our.action !== their!.type) return record(id, 'kind', our, their);
    if (numericToCents(our.amount) * HUB88_UNITS_PER_CENT !== their!.amount) record(id, 'amount', our, their);
  };
  for (const row of ourDay) if (movedMoney(row)) compare(row.transactionId, row, theirs.get(row.transactionId));
  for (const t of theirs.values())
    if (taken(t) && inDay(t)) compare(t.transaction_uuid, ours.get(t.transaction_uuid), t);

  const stored = await db.transaction(async (tx) => {
    let count = 0;
    for (let i = 0; i < differences.length; i += 200) {
      const rows = await tx
        .insert(venueReconciliationDifferences)
        .values(differences.slice(i, i + 200))
        .onConflictDoNothing()
        .returning({ id: venueReconciliationDifferences.id });
      count += rows.length;
    }
    if (ended) {
      const done = { comparedAt: deps.clock.now(), compared: compared.size, differences: count, failure: '' };
      await tx
        .insert(venueReconciliationDays)
        .values({ venueCode, day, triedAt: deps.clock.now(), ...done })
        .onConflictDoUpdate({
          target: [venueReconciliationDays.venueCode, venueReconciliationDays.day],
          set: { ...done, triedAt: deps.clock.now() },
          setWhere: isNull(venueReconciliationDays.comparedAt),
        });
    }
    return count;
  });
  return { venue: venueCode, day, ok: true, compared: compared.size, differences: stored };
}

/**
 * The days one venue is due to have compared before `now`, the day before first: the day before, and every day of
 * the last RECONCILE_DAYS_BACK since the venue's first day tried (a day not answered, or one no run got to, such as
 * a day the server was down), leaving out the days compared already. The days before a venue's first are never
 * walked: its reconciliation begins with the day before its first run.
 */
export async function dueHub88Days(db: Db, venueCode: string, now: Date): Promise<string[]> {
  const days = beijingDaysBefore(now, RECONCILE_DAYS_BACK);
  const [first] = await db
    .select({ day: min(venueReconciliationDays.day) })
    .from(venueReconciliationDays)
    .where(eq(venueReconciliationDays.venueCode, venueCode));
  const done = await db
    .select({ day: venueReconciliationDays.day })
    .from(venueReconciliationDays)
    .where(
      and(
        eq(venueReconciliationDays.venueCode, venueCode),
        inArray(venueReconciliationDays.day, days),
        isNotNull(venueReconciliationDays.comparedAt),
      ),
    );
  const compared = new Set(done.map((row) => row.day));
  const since = first?.day ?? days[0]!;
  return days.filter((day, i) => (i === 0 || day >= since) && !compared.has(day));
}

/**
 * Compares the days one venue is due (dueHub88Days), the day before first. The first day the aggregator does not
 * answer for ends the venue's turn: it is not answering now, and that day and the older ones wait for the next run.
 */
export async function reconcileHub88DueDays(
  deps: Hub88ReconcileDeps,
  venueCode: string,
  now: Date,
): Promise<VenueReconcileResult[]> {
  const results: VenueReconcileResult[] = [];
  for (const day of await dueHub88Days(deps.db, venueCode, now)) {
    const result = await reconcileHub88Day(deps, venueCode, day);
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

/** Every hub88 seamless venue with an API address, its days not compared yet reconciled, one venue after another. */
export async function reconcileHub88Venues(deps: Hub88ReconcileDeps, now: Date): Promise<VenueReconcileResult[]> {
  const venues = (await allVenues(deps.db)).filter(
    (v) => v.protocol === 'hub88' && v.walletMode === 'seamless' && v.apiBaseUrl !== '',
  );
  const results: VenueReconcileResult[] = [];
  for (const venue of venues) results.push(...(await reconcileHub88DueDays(deps, venue.code, now)));
  return results;
}

/**
 * The daily run as a scheduled job: once per Beijing day, one process at a time, for the days each venue is due
 * (usually the day before alone). A day whose list could not be read fails the run, which is tried again at the next
 * check, and on the days after while that day is within the week (the days compared already are not compared again).
 */
export function hub88ReconcileJob(deps: Hub88ReconcileDeps, log?: FastifyBaseLogger): ScheduledJob {
  return {
    name: 'hub88-reconcile',
    everyMs: RECONCILE_CHECK_MS,
    periodOf: (now) => formatBeijing(now).slice(0, 10),
    run: async () => {
      const results = await reconcileHub88Venues(deps, deps.clock.now());
      log?.info({ results }, 'hub88 reconciliation');
      const failed = results.filter((r) => !r.ok);
      if (failed.length) throw new Error(`hub88 reconciliation: ${JSON.stringify(failed)}`);
      return results;
    },
  };
}

export function scheduleHub88Reconciliation(app: FastifyInstance, deps: SchedulerDeps & Hub88ReconcileDeps) {
  scheduleJob(app, deps, hub88ReconcileJob(deps, app.log));
}

/** A stored difference as finance reads it (contract `AdminVenueReconDifference`, without the venue's name). */
export function differenceView(row: typeof venueReconciliationDifferences.$inferSelect) {
  const money = (v: string | null) => (v === null ? null : centsToMoney(numericToCents(v)));
  return {
    id: row.id,
    day: row.day,
    venue_code: row.venueCode,
    transaction_id: row.transactionId,
    difference: row.difference,
    round_id: row.roundId,
    ours:
      row.oursKind === null
        ? null
        : {
            kind: row.oursKind,
            amount: money(row.oursAmount) ?? '0.00',
            player: row.oursPlayer ?? '',
            at: row.oursAt ? formatBeijing(row.oursAt) : '',
          },
    theirs:
      row.theirsKind === null
        ? null
        : {
            kind: row.theirsKind,
            amount: money(row.theirsAmount) ?? '0.00',
            player: row.theirsPlayer ?? '',
            status: row.theirsStatus ?? '',
            at: row.theirsAt ?? '',
          },
    state: row.state,
    note: row.note,
    resolved_by: row.resolvedBy,
    resolved_at: row.resolvedAt ? formatBeijing(row.resolvedAt) : null,
    created_at: formatBeijing(row.createdAt),
  };
}
