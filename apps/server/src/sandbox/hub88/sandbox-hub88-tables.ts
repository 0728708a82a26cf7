import { pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';

/**
 * The Hub88 sandbox aggregator's operators, as a real aggregator keeps them on its side: the operator id it gave,
 * where that operator's Wallet API is, the operator's public key (which verifies the operator's Games API calls and
 * Wallet API answers), and the aggregator's own key pair for that operator (which signs its Wallet API calls and
 * the game sessions it hands out). Kept in the database so every server process and every restart signs alike.
 */
export const sandboxHub88Operators = pgTable('sandbox_hub88_operators', {
  operatorId: serial('operator_id').primaryKey(),
  venueCode: varchar('venue_code', { length: 32 }).notNull(),
  /** The operator's Wallet API base: `{origin}/api/venues/{code}/hub88`. */
  walletUrl: text('wallet_url').notNull(),
  operatorPublicKey: text('operator_public_key').notNull(),
  aggregatorPublicKey: text('aggregator_public_key').notNull(),
  aggregatorPrivateKey: text('aggregator_private_key').notNull(),
  createdAt: stampedNow('created_at'),
});
