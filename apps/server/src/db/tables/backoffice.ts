import { date, integer, numeric, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

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

/** The money kinds that have a two-person line and daily totals. */
export type AloneKind = 'adjust' | 'withdraw' | 'deposit';

/**
 * What one person moved alone in a Beijing day (docs/operators.md "Two-person lines"), per kind: for an operator
 * (scope 'operator', subject the operator's id) what they applied or approved without a second person, for a member
 * (scope 'member', subject the member's id) what the member received or was paid that way. Rows are locked and raised
 * inside the money transaction that moves the money.
 */
export const aloneTotals = pgTable(
  'alone_totals',
  {
    kind: varchar('kind', { length: 16 }).$type<AloneKind>().notNull(),
    scope: varchar('scope', { length: 16 }).$type<'operator' | 'member'>().notNull(),
    subjectId: integer('subject_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'alone_totals_pk', columns: [t.kind, t.scope, t.subjectId, t.day] })],
);
