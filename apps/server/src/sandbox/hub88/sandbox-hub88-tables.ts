import { bigint, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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

/**
 * Every Wallet API call the sandbox sent an operator, as the aggregator's own records: what its Transactions API
 * lists; and every TransferWallet API deposit and withdrawal it took from an operator (its players' balances, never
 * listed). A call the operator answered RS_OK is TS_SUCCESS, any other answer (or none) TS_DECLINED. Amounts in the
 * published units (1/100000 of the currency).
 */
export const sandboxHub88Transactions = pgTable(
  'sandbox_hub88_transactions',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id').notNull(),
    transactionUuid: varchar('transaction_uuid', { length: 64 }).notNull(),
    referenceTransactionUuid: varchar('reference_transaction_uuid', { length: 64 }).notNull().default(''),
    /** Gameplay (bet, win, rollback), or a TransferWallet API deposit or withdrawal (sandbox-hub88-transfer-wallet.ts). */
    kind: varchar('kind', { length: 16 }).$type<'bet' | 'win' | 'rollback' | 'deposit' | 'withdraw'>().notNull(),
    user: varchar('user', { length: 64 }).notNull(),
    round: varchar('round', { length: 64 }).notNull(),
    gameCode: varchar('game_code', { length: 128 }).notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 32 }).notNull(),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    uniqueIndex('sandbox_hub88_tx_idx').on(t.transactionUuid),
    index('sandbox_hub88_tx_time_idx').on(t.operatorId, t.createdAt),
  ],
);
