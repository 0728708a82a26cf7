import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';
import { members } from './accounts';

/**
 * A 在线客服 conversation (docs/operators.md "The support desk"): a member's, or a visitor's by the id their device
 * keeps. One open conversation per member at a time; closing it keeps the rows, and the member's next message opens
 * a new one. `operator` is the username of the operator who claimed it ('' while it waits in the queue).
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    visitorId: varchar('visitor_id', { length: 64 }),
    /** 'open' or 'closed'. */
    state: varchar('state', { length: 16 }).notNull().default('open'),
    operator: varchar('operator', { length: 64 }).notNull().default(''),
    createdAt: stampedNow('created_at'),
    firstReplyAt: timestamp('first_reply_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** 1 to 5, given by the member once the conversation is closed; null = not rated. */
    rating: smallint('rating'),
    ratingNote: varchar('rating_note', { length: 200 }).notNull().default(''),
    /** The last message id the desk has read: the queue's unread count is the member's messages after it. */
    deskReadId: integer('desk_read_id').notNull().default(0),
  },
  (t) => [
    uniqueIndex('support_conversations_open_member_idx')
      .on(t.memberId)
      .where(sql`${t.state} = 'open'`),
    uniqueIndex('support_conversations_open_visitor_idx')
      .on(t.visitorId)
      .where(sql`${t.state} = 'open'`),
    index('support_conversations_state_idx').on(t.state, t.id),
  ],
);

/** One line of a conversation: from 'member', 'visitor', 'operator' or 'system'; text, and an uploaded image. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    sender: varchar('sender', { length: 16 }).notNull(),
    /** The operator's username for 'operator', else ''. */
    operator: varchar('operator', { length: 64 }).notNull().default(''),
    text: varchar('text', { length: 1000 }).notNull().default(''),
    /** The name of an uploaded image (stored_files), '' for none. */
    image: varchar('image', { length: 64 }).notNull().default(''),
    createdAt: stampedNow('created_at'),
  },
  (t) => [index('support_messages_conversation_idx').on(t.conversationId, t.id)],
);

/** 快捷回复: a canned reply of the desk (docs/operators.md "The support desk"), kept by the content role. */
export const supportCannedReplies = pgTable('support_canned_replies', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 32 }).notNull(),
  text: varchar('text', { length: 500 }).notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: smallint('enabled').notNull().default(1),
  createdAt: stampedNow('created_at'),
});
