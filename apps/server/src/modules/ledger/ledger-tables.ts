import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { members } from '../accounts/accounts-tables';

/**
 * Every balance is an account of the double-entry ledger (DESIGN "Money"): a member's central wallet, a member's
 * wallet at each venue, and the house accounts. Balances change only through ledger postings.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    /** Stable unique name, e.g. "member:12:wallet", "member:12:venue:AG", "house:deposits". */
    code: varchar('code', { length: 64 }).notNull().unique(),
    kind: varchar('kind', { length: 16 }).$type<'wallet' | 'venue' | 'house'>().notNull(),
    memberId: integer('member_id').references(() => members.id),
    venueCode: varchar('venue_code', { length: 32 }).notNull().default(''),
    balance: numeric('balance', { precision: 18, scale: 2 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The database itself refuses a member balance below zero, whatever the code above it does.
    check('ledger_member_balance_non_negative', sql`${t.kind} = 'house' OR ${t.balance} >= 0`),
    index('ledger_accounts_member_idx').on(t.memberId, t.kind),
  ],
);
