import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { pendingReviewColumns, stampedNow } from '../../lib/table-columns';
import { memberIdColumn, members } from './accounts';

/**
 * What /api/noticeList pages (docs/member-app.md "Screens by route" /message): kind 1 an announcement (the 公告 tab), kind 2 an inbox message
 * (the 站内信 tab). An inbox message with no member_id was sent to all members. The home marquee lines (content
 * module's `notices`) are plain strings without title or date, so announcements live here, beside the inbox.
 */
export const memberMessages = pgTable(
  'member_messages',
  {
    id: serial('id').primaryKey(),
    kind: smallint('kind').notNull().default(2),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 128 }).notNull(),
    /** Operator HTML, sanitised in the browser. */
    content: text('content').notNull(),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    index('member_messages_kind_member_idx').on(t.kind, t.memberId, t.id),
    index('member_messages_broadcast_idx')
      .on(t.kind, t.id)
      .where(sql`${t.memberId} is null`),
  ],
);

/** Partner (agent) applications: one per member, whatever its state (docs/wire-rules.md "Accounts"). */
export const agentApplications = pgTable(
  'agent_applications',
  {
    id: serial('id').primaryKey(),
    memberId: memberIdColumn('cascade'),
    mobile: varchar('mobile', { length: 32 }).notNull(),
    applyInfo: text('apply_info').notNull(),
    ...pendingReviewColumns(),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    uniqueIndex('agent_applications_member_idx').on(t.memberId),
    index('agent_applications_state_idx').on(t.state, t.id),
  ],
);
