import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';
import { memberIdColumn } from './accounts';

/**
 * Every money callback of a seamless venue (bet, win, rollback), kept by the venue's transaction id: a transaction
 * id is processed once, forever, and a repeat is answered with the balance answered the first time.
 */
export const venueWalletTransactions = pgTable(
  'venue_wallet_transactions',
  {
    id: serial('id').primaryKey(),
    venueCode: varchar('venue_code', { length: 32 }).notNull(),
    transactionId: varchar('transaction_id', { length: 64 }).notNull(),
    action: varchar('action', { length: 16 }).$type<'bet' | 'win' | 'rollback'>().notNull(),
    memberId: memberIdColumn(),
    roundId: varchar('round_id', { length: 64 }).notNull().default(''),
    gameCode: varchar('game_code', { length: 64 }).notNull().default(''),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** The bet a win or a rollback refers to (its transaction id), or ''. */
    referenceTransactionId: varchar('reference_transaction_id', { length: 64 }).notNull().default(''),
    /** A bet: 'open', 'settled' (a win came) or 'rolled_back'. A win or a rollback: 'done'. */
    state: varchar('state', { length: 16 }).$type<'open' | 'settled' | 'rolled_back' | 'done'>().notNull(),
    /** The central wallet balance answered to the venue, answered again to a repeat. */
    balanceAfter: numeric('balance_after', { precision: 18, scale: 2 }).notNull(),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    uniqueIndex('venue_wallet_tx_idx').on(t.venueCode, t.transactionId),
    index('venue_wallet_round_idx').on(t.venueCode, t.roundId),
    index('venue_wallet_reference_idx').on(t.venueCode, t.referenceTransactionId),
  ],
);

/**
 * What the daily reconciliation of a hub88 venue found to differ between our seamless transactions and the
 * aggregator's list of the same Beijing day (docs/venues.md "Hub88 reconciliation"): one row per transaction and kind
 * of difference, with both sides as each told it, for finance. Nothing here moves money or changes a transaction;
 * finance marks a row 已核实 with a note.
 */
export const venueReconciliationDifferences = pgTable(
  'venue_reconciliation_differences',
  {
    id: serial('id').primaryKey(),
    /** The Beijing day compared, 'YYYY-MM-DD'. */
    day: date('day', { mode: 'string' }).notNull(),
    venueCode: varchar('venue_code', { length: 32 }).notNull(),
    transactionId: varchar('transaction_id', { length: 64 }).notNull(),
    /** missing_ours: the aggregator lists it, we have none; missing_theirs: the reverse; amount or kind: both differ. */
    difference: varchar('difference', { length: 16 })
      .$type<'missing_ours' | 'missing_theirs' | 'amount' | 'kind'>()
      .notNull(),
    roundId: varchar('round_id', { length: 64 }).notNull().default(''),
    /** Our side: bet, win or rollback, the amount and when we took it; null when we have none. */
    oursKind: varchar('ours_kind', { length: 16 }),
    oursAmount: numeric('ours_amount', { precision: 18, scale: 2 }),
    oursAt: timestamp('ours_at', { withTimezone: true }),
    oursPlayer: varchar('ours_player', { length: 64 }),
    /** Their side as listed: kind, amount (in our money), status and time; null when they list none. */
    theirsKind: varchar('theirs_kind', { length: 16 }),
    theirsAmount: numeric('theirs_amount', { precision: 18, scale: 2 }),
    theirsStatus: varchar('theirs_status', { length: 32 }),
    theirsAt: varchar('theirs_at', { length: 40 }),
    theirsPlayer: varchar('theirs_player', { length: 64 }),
    /** 'open' until finance marks it 已核实 ('resolved') with a note. */
    state: varchar('state', { length: 16 }).$type<'open' | 'resolved'>().notNull().default('open'),
    note: varchar('note', { length: 255 }).notNull().default(''),
    resolvedBy: varchar('resolved_by', { length: 64 }).notNull().default(''),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    uniqueIndex('venue_recon_diff_idx').on(t.venueCode, t.transactionId, t.difference),
    index('venue_recon_day_idx').on(t.day, t.venueCode),
  ],
);

/**
 * The Beijing days the reconciliation of each hub88 venue has tried (docs/venues.md "Hub88 reconciliation"): a day the
 * aggregator answered for is compared (`compared_at` set, with what it compared and stored) and not compared again;
 * a day it did not answer for keeps `compared_at` null and the last reason, and the next runs try it again while it
 * is within the week they look back on. A venue's first row is where its reconciliation began.
 */
export const venueReconciliationDays = pgTable(
  'venue_reconciliation_days',
  {
    venueCode: varchar('venue_code', { length: 32 }).notNull(),
    /** The Beijing day, 'YYYY-MM-DD'. */
    day: date('day', { mode: 'string' }).notNull(),
    /** When the aggregator's list of the day was read and compared; null while it has not answered. */
    comparedAt: timestamp('compared_at', { withTimezone: true }),
    /** How many transactions were compared, and how many differences that comparison stored. */
    compared: integer('compared').notNull().default(0),
    differences: integer('differences').notNull().default(0),
    /** Why the last try could not read the list ('' once compared). */
    failure: varchar('failure', { length: 32 }).notNull().default(''),
    triedAt: timestamp('tried_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'venue_reconciliation_days_pk', columns: [t.venueCode, t.day] })],
);
