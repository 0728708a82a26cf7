import {
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';
import { memberIdColumn } from './accounts';
import { makerColumns, operators } from './backoffice';

/**
 * A manual adjustment above the line `adjust_second_review_above`: recorded by one operator (the maker), applied
 * through the ledger only when another operator approves it. State 1 pending, 2 approved (applied), 3 rejected.
 */
export const adjustmentReviews = pgTable(
  'adjustment_reviews',
  {
    id: serial('id').primaryKey(),
    memberId: memberIdColumn(),
    /** Signed: a credit is positive, a debit negative. */
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** The ledger reference the approval posts under (`adjust:...`): one adjustment per reference, pending or not. */
    reference: varchar('reference', { length: 80 }).notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    state: smallint('state').notNull().default(1),
    ...makerColumns(),
    reviewerId: integer('reviewer_id').references(() => operators.id),
    reviewedBy: varchar('reviewed_by', { length: 32 }).notNull().default(''),
    reviewNote: varchar('review_note', { length: 200 }).notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    uniqueIndex('adjustment_reviews_reference_idx').on(t.reference),
    index('adjustment_reviews_state_idx').on(t.state, t.id),
  ],
);
