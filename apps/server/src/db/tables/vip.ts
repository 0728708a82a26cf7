import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, smallint, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { memberIdColumn, members } from './accounts';

/**
 * A member's VIP timing (docs/architecture.md "Rules left to the server"): the Beijing day of the last level change (a member rises at most one level
 * a day), when the current level was reached (by a rise or a retention drop: the 90 days of holding start there) and
 * the last retention drop. A member without a row has held the level given at registration since registering.
 */
export const vipRises = pgTable('vip_rises', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  /** 'YYYY-MM-DD', Beijing. */
  day: varchar('day', { length: 10 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  /** When the member reached the current level. */
  levelSince: timestamp('level_since', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  /** The last quarterly retention drop; a rise after it needs turnover placed since then (vip-retention.ts). */
  droppedAt: timestamp('dropped_at', { withTimezone: true }),
});

/**
 * One row per member reviewed in a quarterly retention review (docs/member-app.md "Constants and limits"): the level before and after (equal when the
 * member kept it), the retention asked and the valid turnover of the 90 days. Unique per member and quarter: a
 * member is reviewed at most once a quarter, however often or from however many processes the review runs.
 */
export const vipReviews = pgTable(
  'vip_reviews',
  {
    id: serial('id').primaryKey(),
    memberId: memberIdColumn('cascade'),
    /** Beijing calendar quarter, e.g. '2026Q3'. */
    quarter: varchar('quarter', { length: 6 }).notNull(),
    fromLevel: smallint('from_level').notNull(),
    toLevel: smallint('to_level').notNull(),
    retention: numeric('retention', { precision: 18, scale: 2 }).notNull(),
    turnover: numeric('turnover', { precision: 18, scale: 2 }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('vip_reviews_member_quarter_uq').on(t.memberId, t.quarter),
    index('vip_reviews_reviewed_idx').on(t.reviewedAt),
  ],
);
