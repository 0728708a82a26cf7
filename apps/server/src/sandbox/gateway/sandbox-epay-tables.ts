import { numeric, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';

/**
 * The sandbox gateway's own orders, as a real epay gateway keeps them on its side: it knows nothing of our
 * deposits, only what the signed pay request told it. status 0 unpaid, 1 paid.
 */
export const sandboxEpayOrders = pgTable(
  'sandbox_epay_orders',
  {
    tradeNo: varchar('trade_no', { length: 32 }).primaryKey(),
    pid: varchar('pid', { length: 64 }).notNull(),
    outTradeNo: varchar('out_trade_no', { length: 64 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    money: numeric('money', { precision: 18, scale: 2 }).notNull(),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url').notNull(),
    status: smallint('status').notNull().default(0),
    createdAt: stampedNow('created_at'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sandbox_epay_orders_merchant_order_idx').on(t.pid, t.outTradeNo)],
);
