import { index, numeric, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
