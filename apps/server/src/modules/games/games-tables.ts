import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { members, memberSessions } from '../accounts/accounts-tables';

/** A bet at a venue (SERVER-RULES "Bets"): status 0 invalid, 1 settled, 2 unsettled. */
export const bets = pgTable(
  'bets',
  {
    id: serial('id').primaryKey(),
    betId: varchar('bet_id', { length: 48 }).notNull().unique(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    venueCode: varchar('venue_code', { length: 32 }).notNull(),
    category: varchar('category', { length: 16 }).notNull(),
    gameCode: varchar('game_code', { length: 64 }).notNull().default(''),
    betAmount: numeric('bet_amount', { precision: 18, scale: 2 }).notNull(),
    validAmount: numeric('valid_amount', { precision: 18, scale: 2 }).notNull(),
    winLoss: numeric('win_loss', { precision: 18, scale: 2 }).notNull().default('0'),
    status: smallint('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('bets_member_created_idx').on(t.memberId, t.createdAt),
    index('bets_status_idx').on(t.status),
    // Reports count settled bets by settlement day.
    index('bets_settled_idx').on(t.settledAt).where(sql`${t.status} = 1`),
  ],
);

/** A launch of the sandbox venue's demo game page: the ticket in its URL, stored only as a hash. */
export const sandboxSessions = pgTable('sandbox_sessions', {
  ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
  memberId: integer('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' }),
  venueCode: varchar('venue_code', { length: 32 }).notNull(),
  category: varchar('category', { length: 16 }).notNull(),
  gameCode: varchar('game_code', { length: 64 }).notNull().default(''),
  /** The member session that launched it: logging off, a password change or a disable ends the ticket too. */
  sessionHash: varchar('session_hash', { length: 64 }).references(() => memberSessions.tokenHash, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
