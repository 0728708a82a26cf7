import { bigserial, numeric, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';

/**
 * The sandbox aggregator's own books, as a real aggregator keeps them on its side: players' balances at its
 * transfer-wallet venue, the transfers it accepted (by our transfer id), and the rounds played, numbered in the
 * order they were settled so that the bet pull can resume from a cursor.
 */
export const sandboxAggregatorPlayers = pgTable(
  'sandbox_aggregator_players',
  {
    venueCode: varchar('venue_code', { length: 32 }).notNull(),
    player: varchar('player', { length: 64 }).notNull(),
    balance: numeric('balance', { precision: 18, scale: 2 }).notNull().default('0'),
    createdAt: stampedNow('created_at'),
  },
  (t) => [primaryKey({ columns: [t.venueCode, t.player] })],
);

export const sandboxAggregatorTransfers = pgTable(
  'sandbox_aggregator_transfers',
  {
    venueCode: varchar('venue_code', { length: 32 }).notNull(),
    transferId: varchar('transfer_id', { length: 64 }).notNull(),
    player: varchar('player', { length: 64 }).notNull(),
    direction: varchar('direction', { length: 8 }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** SUCCESS or FAILED (insufficient funds at the venue). */
    status: varchar('status', { length: 16 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 18, scale: 2 }).notNull(),
    createdAt: stampedNow('created_at'),
  },
  (t) => [primaryKey({ columns: [t.venueCode, t.transferId] })],
);

export const sandboxAggregatorRounds = pgTable(
  'sandbox_aggregator_rounds',
  {
    /** The cursor of the bet pull. */
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    venueCode: varchar('venue_code', { length: 32 }).notNull(),
    roundId: varchar('round_id', { length: 64 }).notNull(),
    player: varchar('player', { length: 64 }).notNull(),
    gameCode: varchar('game_code', { length: 64 }).notNull().default(''),
    stake: numeric('stake', { precision: 18, scale: 2 }).notNull(),
    payout: numeric('payout', { precision: 18, scale: 2 }).notNull(),
    createdAt: stampedNow('created_at'),
  },
  (t) => [uniqueIndex('sandbox_aggregator_round_idx').on(t.venueCode, t.roundId)],
);

/** A game launched at the aggregator: the ticket in the play page's URL, kept only as a hash. */
export const sandboxAggregatorSessions = pgTable('sandbox_aggregator_sessions', {
  ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
  venueCode: varchar('venue_code', { length: 32 }).notNull(),
  player: varchar('player', { length: 64 }).notNull(),
  gameCode: varchar('game_code', { length: 64 }).notNull().default(''),
  /** Seamless venues: the operator's launch token, which the aggregator authenticates with. */
  launchToken: varchar('launch_token', { length: 128 }).notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Bets taken but not settled yet (the sport venues' match bets, settled by the page's 结算 step): the stake has left
 * the player's balance (or was debited through the seamless bet callback); settling moves the bet to the rounds.
 */
export const sandboxAggregatorOpenBets = pgTable('sandbox_aggregator_open_bets', {
  roundId: varchar('round_id', { length: 64 }).primaryKey(),
  venueCode: varchar('venue_code', { length: 32 }).notNull(),
  player: varchar('player', { length: 64 }).notNull(),
  gameCode: varchar('game_code', { length: 64 }).notNull().default(''),
  pick: varchar('pick', { length: 16 }).notNull(),
  stake: numeric('stake', { precision: 18, scale: 2 }).notNull(),
  createdAt: stampedNow('created_at'),
});
