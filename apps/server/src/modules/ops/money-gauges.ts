import { type SQL, sql } from 'drizzle-orm';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/time';
import { accountCode, HOUSE_SHARDS } from '../ledger/ledger-service';
import { ledgerWatch } from './ledger-watch';

/** A read answers within this, or the scrape goes on without its figures (a stuck database must not hold it). */
const READ_TIMEOUT_MS = 3000;

export type Row = Record<string, unknown>;

export async function rows(db: Db, query: SQL): Promise<Row[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('metrics read timed out')), READ_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([db.execute(query), timeout]);
    return (result as unknown as { rows: Row[] }).rows;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One read per family and scrape: a scrape collects every gauge at once, so the gauges of a family share the read
 * in flight, and the next scrape reads anew. A failed read leaves them without samples.
 */
export function shared<T>(read: () => Promise<T>): () => Promise<T | null> {
  let inFlight: Promise<T | null> | null = null;
  return () => {
    inFlight ??= read()
      .catch(() => null)
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}

export const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const houseCodes = (name: 'deposits' | 'withdrawals_paid') => [
  `house:${name}`,
  ...Array.from({ length: HOUSE_SHARDS }, (_, i) => accountCode.house(name, i)),
];
const inList = (codes: string[]) =>
  sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  );

/**
 * The money an on-call engineer must see, read from the database at each scrape: every process reads the same
 * rows, so across workers the largest value is kept, not the sum (`aggregator: 'max'`). Each family is one query on
 * an index (pending states, the venue cursors, a few house accounts), never a scan of a large table.
 */
export function installMoneyGauges(registry: Registry, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const now = () => clock.now().getTime() / 1000;
  const age = (epoch: unknown) => {
    const at = num(epoch);
    return at === null ? 0 : Math.max(0, now() - at);
  };
  const gauge = (
    name: string,
    help: string,
    collect: (g: Gauge<string>) => Promise<void>,
    labelNames: string[] = [],
    aggregator: 'max' | 'min' = 'max',
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      aggregator,
      async collect() {
        this.reset();
        // reset() leaves a gauge without labels at 0; a figure not read (no check yet, a failed read) must be absent.
        if (!labelNames.length) this.remove();
        await collect(this);
      },
    });
  /** A gauge per venue: `value` of each row `source` answers, labelled by the row's venue. */
  const venueGauge = (name: string, help: string, source: () => Promise<Row[] | null>, value: (row: Row) => number) =>
    gauge(
      name,
      help,
      async (g) => {
        for (const r of (await source()) ?? []) g.set({ venue: String(r.venue) }, value(r));
      },
      ['venue'],
    );
  const counterFromDb = (name: string, help: string, value: () => Promise<number | null>) =>
    new Counter({
      name,
      help,
      registers: [registry],
      aggregator: 'max',
      async collect() {
        const v = await value();
        this.reset();
        if (v === null) this.remove();
        else this.inc(v);
      },
    });

  // The 存款审核 and 提款审核 queues as the dashboard counts them (state 1; a gateway deposit the member has not paid
  // waits there too until it expires): the state indexes.
  const reviews = shared(async () => {
    const [row] = await rows(
      db,
      sql`SELECT
        (SELECT count(*)::int FROM deposits WHERE state = 1) AS deposits,
        (SELECT extract(epoch FROM min(created_at))::float8 FROM deposits WHERE state = 1) AS deposits_oldest,
        (SELECT count(*)::int FROM withdrawals WHERE state = 1) AS withdrawals,
        (SELECT extract(epoch FROM min(created_at))::float8 FROM withdrawals WHERE state = 1) AS withdrawals_oldest`,
    );
    return row ?? null;
  });
  for (const kind of ['deposits', 'withdrawals'] as const) {
    gauge(`h5_${kind}_awaiting_review`, `${kind} waiting for an operator's review`, async (g) => {
      const r = await reviews();
      if (r) g.set(num(r[kind]) ?? 0);
    });
    gauge(
      `h5_${kind}_awaiting_review_oldest_seconds`,
      `Age of the oldest of the ${kind} waiting for review (0 when none)`,
      async (g) => {
        const r = await reviews();
        if (r) g.set(age(r[`${kind}_oldest`]));
      },
    );
  }

  // Transfers the venue has not confirmed either way (state 2), per venue: the pending index.
  const inDoubt = shared(() =>
    rows(
      db,
      sql`SELECT venue_code AS venue, count(*)::int AS n, extract(epoch FROM min(created_at))::float8 AS oldest
          FROM venue_transfers WHERE state = 2 GROUP BY venue_code`,
    ),
  );
  venueGauge(
    'h5_venue_transfers_in_doubt',
    'Venue transfers whose outcome the venue has not confirmed yet, per venue',
    inDoubt,
    (r) => num(r.n) ?? 0,
  );
  venueGauge(
    'h5_venue_transfers_in_doubt_oldest_seconds',
    'Age of the oldest unconfirmed venue transfer, per venue',
    inDoubt,
    (r) => age(r.oldest),
  );

  // When each venue's settled bets were last pulled (its cursor row moves at every successful pull).
  const pulls = shared(() =>
    rows(
      db,
      sql`SELECT v.code AS venue, extract(epoch FROM c.updated_at)::float8 AS at
          FROM venues v JOIN venue_bet_cursors c ON c.venue_code = v.code
          WHERE v.wallet_mode = 'transfer' AND v.api_base_url <> ''`,
    ),
  );
  venueGauge(
    'h5_venue_bet_pull_lag_seconds',
    "Time since a transfer-wallet venue's settled bets were last pulled, per venue",
    pulls,
    (r) => age(r.at),
  );

  // When each scheduled job last completed, as the database remembers it across processes and restarts.
  const runs = shared(() =>
    rows(db, sql`SELECT job, extract(epoch FROM completed_at)::float8 AS at FROM scheduled_runs`),
  );
  gauge(
    'h5_scheduled_job_last_success_timestamp_seconds',
    'When each scheduled job last completed a run (Unix time)',
    async (g) => {
      for (const r of (await runs()) ?? []) g.set({ task: String(r.job) }, num(r.at) ?? 0);
    },
    ['task'],
  );

  const ledger = shared(() => ledgerWatch(db));
  gauge(
    'h5_ledger_balanced',
    'The last scheduled ledger check: 1 balanced, 0 unbalanced (no sample before the first check)',
    async (g) => {
      const l = await ledger();
      if (l && l.balanced !== null) g.set(l.balanced ? 1 : 0);
    },
    [],
    'min',
  );
  gauge('h5_ledger_mismatched_accounts', 'Accounts the last scheduled ledger check found wrong', async (g) => {
    const l = await ledger();
    if (l && l.balanced !== null) g.set(l.mismatched);
  });
  gauge(
    'h5_ledger_last_check_timestamp_seconds',
    'When the last scheduled ledger check completed (Unix time)',
    async (g) => {
      const l = await ledger();
      if (l?.checkedAt) g.set(l.checkedAt.getTime() / 1000);
    },
  );

  // Paid money: the count of ledger movements of the kind (its kind index) and the house accounts' totals.
  const paid = shared(async () => {
    const [row] = await rows(
      db,
      sql`SELECT
        (SELECT count(*)::int FROM ledger_transactions WHERE kind = 'deposit') AS deposits,
        (SELECT count(*)::int FROM ledger_transactions WHERE kind = 'withdrawal_paid') AS withdrawals,
        (SELECT coalesce(-sum(balance), 0)::text FROM ledger_accounts WHERE code IN (${inList(houseCodes('deposits'))})) AS deposits_amount,
        (SELECT coalesce(sum(balance), 0)::text FROM ledger_accounts WHERE code IN (${inList(houseCodes('withdrawals_paid'))})) AS withdrawals_amount`,
    );
    return row ?? null;
  });
  for (const kind of ['deposits', 'withdrawals'] as const) {
    counterFromDb(`h5_${kind}_paid_total`, `${kind} credited or paid out, ever`, async () =>
      num((await paid())?.[kind]),
    );
    counterFromDb(`h5_${kind}_paid_yuan_total`, `Amount of the ${kind} credited or paid out, ever, in yuan`, async () =>
      num((await paid())?.[`${kind}_amount`]),
    );
  }
}
