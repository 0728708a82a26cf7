import { bigint, index, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';
import { memberIdColumn, memberKeyColumn } from './accounts';

/**
 * A member's responsible-gambling limit of one kind (RG_LIMIT_KINDS): cents for the money kinds, minutes for the
 * session reminder; value null = none. A loosening waits: pending_value (null = removed) takes over at pending_at.
 */
export const rgLimits = pgTable(
  'rg_limits',
  {
    memberId: memberIdColumn('cascade'),
    kind: varchar('kind', { length: 32 }).notNull(),
    value: bigint('value', { mode: 'number' }),
    pendingValue: bigint('pending_value', { mode: 'number' }),
    /** Null when nothing waits. */
    pendingAt: timestamp('pending_at', { withTimezone: true }),
    updatedAt: stampedNow('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind] })],
);

/** A cool-off or self-exclusion: until null = permanent. Only ever lengthened. */
export const rgBreaks = pgTable('rg_breaks', {
  memberId: memberKeyColumn(),
  kind: varchar('kind', { length: 16 }).notNull(),
  until: timestamp('until', { withTimezone: true }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of a limit or break, as the member and operators see it. */
export const rgHistory = pgTable(
  'rg_history',
  {
    id: serial('id').primaryKey(),
    memberId: memberIdColumn('cascade'),
    kind: varchar('kind', { length: 32 }).notNull(),
    summary: varchar('summary', { length: 200 }).notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    /** 'member' or 'operator'. */
    actor: varchar('actor', { length: 16 }).notNull(),
    createdAt: stampedNow('created_at'),
  },
  (t) => [index('rg_history_member_idx').on(t.memberId, t.id)],
);
