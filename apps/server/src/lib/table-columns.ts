import { integer, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/** A row's time of writing or last change (created_at, updated_at): with time zone, filled with now() when left out. */
export const stampedNow = (name: 'created_at' | 'updated_at') =>
  timestamp(name, { withTimezone: true }).notNull().defaultNow();

/**
 * The first approval of an order that needs two (docs/operators.md "Two-person lines"): who gave it and when, recorded
 * while the order stays pending; the second approval, by another operator, moves the money.
 */
export const firstReviewColumns = () => ({
  firstReviewerId: integer('first_reviewer_id'),
  firstReviewedBy: varchar('first_reviewed_by', { length: 32 }).notNull().default(''),
  firstReviewedAt: timestamp('first_reviewed_at', { withTimezone: true }),
});

/**
 * The columns of a row an operator decides once (agent and promotion applications, decided by decidePending, and
 * withdrawals): state 1 pending, 2 approved, 3 rejected, the reviewer's note, and who decided and when.
 */
export const pendingReviewColumns = () => ({
  state: smallint('state').notNull().default(1),
  note: varchar('note', { length: 200 }).notNull().default(''),
  reviewedBy: varchar('reviewed_by', { length: 32 }).notNull().default(''),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
});
