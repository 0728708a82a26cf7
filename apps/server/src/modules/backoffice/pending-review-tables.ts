import { smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The columns of a row an operator decides once (agent and promotion applications, decided by decidePending):
 * state 1 pending, 2 approved, 3 rejected, the reviewer's note, and who decided and when.
 */
export const pendingReviewColumns = () => ({
  state: smallint('state').notNull().default(1),
  note: varchar('note', { length: 200 }).notNull().default(''),
  reviewedBy: varchar('reviewed_by', { length: 32 }).notNull().default(''),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
});
