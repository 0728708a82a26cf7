import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';
import { members } from './accounts';

/**
 * Every balance is an account of the double-entry ledger (docs/architecture.md "Money"): a member's central wallet, a member's
 * wallet at each venue, and the house accounts. Balances change only through ledger postings (ledger-service.ts).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    /** Stable unique name, e.g. "member:12:wallet", "member:12:venue:AG", "house:deposits:s12" (a shard). */
    code: varchar('code', { length: 64 }).notNull().unique(),
    kind: varchar('kind', { length: 16 }).$type<'wallet' | 'venue' | 'house'>().notNull(),
    memberId: integer('member_id').references(() => members.id),
    venueCode: varchar('venue_code', { length: 32 }).notNull().default(''),
    balance: numeric('balance', { precision: 18, scale: 2 }).notNull().default('0'),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    // The database itself refuses a member balance below zero, whatever the code above it does.
    check('ledger_member_balance_non_negative', sql`${t.kind} = 'house' OR ${t.balance} >= 0`),
    index('ledger_accounts_member_idx').on(t.memberId, t.kind),
  ],
);

/** One movement of money; its entries sum to zero. The reference makes a retried movement a no-op. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    reference: varchar('reference', { length: 120 }).notNull().unique(),
    kind: varchar('kind', { length: 32 }).notNull(),
    memberId: integer('member_id').references(() => members.id),
    memo: text('memo').notNull().default(''),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    index('ledger_transactions_member_idx').on(t.memberId, t.kind, t.createdAt),
    // Reports sum the movements of a kind over a range of days.
    index('ledger_transactions_kind_created_idx').on(t.kind, t.createdAt),
    // The scheduled ledger check reads one Beijing day's movements (migration 0040).
    index('ledger_transactions_created_idx').on(t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed: positive credits the account, negative debits it. */
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [index('ledger_entries_account_idx').on(t.accountId), index('ledger_entries_tx_idx').on(t.transactionId)],
);

/**
 * The scheduled check's kept balances (migration 0046, docs/money.md "The scheduled check"): each account's sum of its
 * entries with an id up to the watermark below. Sums of entries only, never copied from a balance.
 */
export const ledgerCheckBalances = pgTable('ledger_check_balances', {
  /** An account's id (no foreign key: the entries' own holds it, and a run's update would check every kept row). */
  accountId: integer('account_id').primaryKey(),
  entries: numeric('entries').notNull(),
});

/** The kept balances' watermark, one row: every entry with an id up to it had committed when it was taken. */
export const ledgerCheckWatermark = pgTable(
  'ledger_check_watermark',
  {
    one: boolean('one').primaryKey().default(true),
    entriesThrough: bigint('entries_through', { mode: 'number' }).notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ledger_check_watermark_one_check', sql`${t.one}`)],
);
