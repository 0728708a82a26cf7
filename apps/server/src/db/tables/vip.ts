import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, serial, smallint, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { memberIdColumn, memberKeyColumn } from './accounts';

/** VIP levels 1 to 10 (docs/wire-rules.md "Bets, VIP, rebates"): thresholds and rebate % per game category. */
export const vipLevels = pgTable('vip_levels', {
  id: serial('id').primaryKey(),
  level: smallint('level').notNull().unique(),
  name: varchar('name', { length: 16 }).notNull(),
  /** Cumulative approved deposits needed. */
  recharge: numeric('recharge', { precision: 18, scale: 2 }).notNull(),
  /** Lifetime valid turnover needed. */
  flow: numeric('flow', { precision: 18, scale: 2 }).notNull(),
  /**
   * Valid turnover needed within the last 90 days to keep this level at the quarterly review (docs/member-app.md "Constants and limits" retention);
   * 0 = the level needs no retention and is never dropped.
   */
  retention: numeric('retention', { precision: 18, scale: 2 }).notNull().default('0'),
  realperson: numeric('realperson', { precision: 5, scale: 2 }).notNull().default('0'),
  sport: numeric('sport', { precision: 5, scale: 2 }).notNull().default('0'),
  eSport: numeric('e_sport', { precision: 5, scale: 2 }).notNull().default('0'),
  joker: numeric('joker', { precision: 5, scale: 2 }).notNull().default('0'),
  electron: numeric('electron', { precision: 5, scale: 2 }).notNull().default('0'),
  lottery: numeric('lottery', { precision: 5, scale: 2 }).notNull().default('0'),
  enabled: smallint('enabled').notNull().default(1),
});

/**
 * A member's VIP timing (docs/architecture.md "Rules left to the server"): the Beijing day of the last level change (a member rises at most one level
 * a day), when the current level was reached (by a rise or a retention drop: the 90 days of holding start there) and
 * the last retention drop. A member without a row has held the level given at registration since registering.
 */
export const vipRises = pgTable('vip_rises', {
  memberId: memberKeyColumn(),
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
