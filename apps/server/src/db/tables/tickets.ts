import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';
import { memberIdColumn } from './accounts';

/**
 * 意见反馈: a member's ticket to the desk (docs/operators.md "Tickets"). `state` is 'pending' (待处理), 'processing'
 * (处理中, once the desk replied), 'resolved' (已解决) or 'closed' (已关闭); `record_kind` and `record_no` name the
 * member's own deposit, withdrawal or transfer it concerns ('' for none). `operator` is the last operator who acted.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    memberId: memberIdColumn('cascade'),
    category: varchar('category', { length: 16 }).notNull(),
    text: varchar('text', { length: 1000 }).notNull(),
    recordKind: varchar('record_kind', { length: 16 }).notNull().default(''),
    recordNo: varchar('record_no', { length: 64 }).notNull().default(''),
    /** Up to 3 of the member's own uploaded images (stored_files names). */
    images: varchar('images', { length: 64 })
      .array()
      .notNull()
      .default(sql`'{}'`),
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    operator: varchar('operator', { length: 64 }).notNull().default(''),
    createdAt: stampedNow('created_at'),
    firstReplyAt: timestamp('first_reply_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('tickets_state_idx').on(t.state, t.id), index('tickets_member_idx').on(t.memberId, t.id)],
);

/** The desk's reply to a ticket, by the operator's username. */
export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    operator: varchar('operator', { length: 64 }).notNull(),
    text: varchar('text', { length: 1000 }).notNull(),
    createdAt: stampedNow('created_at'),
  },
  (t) => [index('ticket_replies_ticket_idx').on(t.ticketId, t.id)],
);
