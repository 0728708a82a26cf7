import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';
import { memberIdColumn } from './accounts';

/** A bet at a venue (docs/wire-rules.md "Bets"): status 0 invalid, 1 settled, 2 unsettled. */
export const bets = pgTable(
  'bets',
  {
    id: serial('id').primaryKey(),
    betId: varchar('bet_id', { length: 128 }).notNull().unique(),
    memberId: memberIdColumn(),
    venueCode: varchar('venue_code', { length: 32 }).notNull(),
    category: varchar('category', { length: 16 }).notNull(),
    gameCode: varchar('game_code', { length: 64 }).notNull().default(''),
    betAmount: numeric('bet_amount', { precision: 18, scale: 2 }).notNull(),
    validAmount: numeric('valid_amount', { precision: 18, scale: 2 }).notNull(),
    winLoss: numeric('win_loss', { precision: 18, scale: 2 }).notNull().default('0'),
    status: smallint('status').notNull(),
    createdAt: stampedNow('created_at'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('bets_member_created_idx').on(t.memberId, t.createdAt),
    index('bets_status_idx').on(t.status),
    // Reports count settled bets by settlement day.
    // Covering (migration 0024): member, venue and amounts are included, so a report reads the index alone.
    index('bets_settled_cover_idx')
      .on(t.settledAt)
      .where(sql`${t.status} = 1`),
    // A member's window of settled bets, and open stakes (migration 0045, covering their amounts): the loss limit on
    // every seamless bet and the 理性娱乐 card read the day's or the month's, not the member's whole history.
    index('bets_member_settled_idx')
      .on(t.memberId, t.settledAt)
      .where(sql`${t.status} = 1`),
    index('bets_member_open_idx')
      .on(t.memberId)
      .where(sql`${t.status} = 2`),
  ],
);
