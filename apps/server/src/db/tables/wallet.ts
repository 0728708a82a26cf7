import { index, numeric, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';
import { memberIdColumn } from './accounts';

/**
 * A transfer to or from a remote transfer-wallet venue (docs/venues.md "Game venues"). State follows docs/member-app.md "States and transitions": 0 failed, 1
 * success, 2 pending. A transfer in debits the member into the pending account before the venue is called; one that
 * ends in doubt (a timeout) stays pending until reconciliation asks the venue about its transfer_no.
 */
export const venueTransfers = pgTable(
  'venue_transfers',
  {
    id: serial('id').primaryKey(),
    /** Our transfer id, sent to the venue as its idempotency key. */
    transferNo: varchar('transfer_no', { length: 40 }).notNull().unique(),
    /** transfer:{member}:{Idempotency-Key}: the same key from the same member is one transfer. */
    reference: varchar('reference', { length: 120 }).notNull().unique(),
    memberId: memberIdColumn(),
    venueCode: varchar('venue_code', { length: 32 }).notNull(),
    direction: varchar('direction', { length: 8 }).$type<'in' | 'out'>().notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    state: smallint('state').notNull().default(2),
    /** Why the venue refused, or what went wrong while in doubt. */
    note: varchar('note', { length: 200 }).notNull().default(''),
    createdAt: stampedNow('created_at'),
    updatedAt: stampedNow('updated_at'),
  },
  (t) => [
    index('venue_transfers_member_idx').on(t.memberId, t.createdAt),
    index('venue_transfers_pending_idx').on(t.state, t.createdAt),
  ],
);

/** Where the pull of each remote venue's bet records stopped (the venue's own cursor). */
export const venueBetCursors = pgTable('venue_bet_cursors', {
  venueCode: varchar('venue_code', { length: 32 }).primaryKey(),
  cursor: varchar('cursor', { length: 128 }).notNull().default(''),
  updatedAt: stampedNow('updated_at'),
});
