import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';
import { sql } from 'drizzle-orm';
import { memberIdColumn } from './accounts';

/**
 * A risk flag (风控): members linked by one IP, device or card, or a suspicious claim or withdrawal. At most one open
 * flag per kind and subject; later members join it. state 0 open, 1 cleared, 2 members frozen as a whole (earlier
 * versions only: members are now frozen one at a time and the flag stays open until cleared).
 */
export const riskFlags = pgTable(
  'risk_flags',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 32 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    detail: varchar('detail', { length: 500 }).notNull().default(''),
    state: smallint('state').notNull().default(0),
    handledBy: varchar('handled_by', { length: 32 }).notNull().default(''),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    uniqueIndex('risk_flags_open_idx')
      .on(t.kind, t.subject)
      .where(sql`${t.state} = 0`),
    index('risk_flags_state_idx').on(t.state, t.id),
  ],
);

export const riskFlagMembers = pgTable(
  'risk_flag_members',
  {
    flagId: integer('flag_id')
      .notNull()
      .references(() => riskFlags.id, { onDelete: 'cascade' }),
    memberId: memberIdColumn('cascade'),
  },
  (t) => [primaryKey({ columns: [t.flagId, t.memberId] }), index('risk_flag_members_member_idx').on(t.memberId)],
);
