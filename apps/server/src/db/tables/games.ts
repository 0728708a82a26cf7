import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { memberIdColumn, memberSessions } from './accounts';

/**
 * A game launch's token, handed to the venue at launch (stored only as a hash): the venue authenticates the member
 * with it through our wallet API, and it ends with the member session that launched the game.
 */
export const launchTokens = pgTable('launch_tokens', {
  ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
  memberId: memberIdColumn('cascade'),
  venueCode: varchar('venue_code', { length: 32 }).notNull(),
  category: varchar('category', { length: 16 }).notNull(),
  gameCode: varchar('game_code', { length: 64 }).notNull().default(''),
  /** The member session that launched it: logging off, a password change or a disable ends the ticket too. */
  sessionHash: varchar('session_hash', { length: 64 }).references(() => memberSessions.tokenHash, {
    onDelete: 'cascade',
  }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
