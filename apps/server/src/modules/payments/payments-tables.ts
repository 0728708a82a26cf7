import { index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { members } from '../accounts/accounts-tables';

/** Our names of the pay ways (SERVER-RULES "Deposits"); the wire names differ (card, wxpay, bankpay ...). */
export type PayWayCode = 'bank' | 'wechat' | 'alipay' | 'usdt' | 'ebpay';

/** A pay way and whether members may use it (get_pay_way flags). */
export const payWays = pgTable('pay_ways', {
  code: varchar('code', { length: 16 }).$type<PayWayCode>().primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  enabled: smallint('enabled').notNull().default(1),
  sort: integer('sort').notNull().default(0),
});

/** The amount range of a getPayRange type: bank, wechat, alipay, ebpay, usdt-erc20, usdt-trc20. */
export const payRanges = pgTable('pay_ranges', {
  type: varchar('type', { length: 16 }).primaryKey(),
  payWay: varchar('pay_way', { length: 16 }).$type<PayWayCode>().notNull(),
  minPrice: numeric('min_price', { precision: 18, scale: 2 }).notNull(),
  maxPrice: numeric('max_price', { precision: 18, scale: 2 }).notNull(),
});

/**
 * Where members send money: receiving bank accounts (channel bank: bank_name, bank_no, bank_owner, bank_address)
 * and collection accounts or addresses with a QR image (other channels: mch_id, content, payimg). The channel is a
 * getPayRange type, so USDT addresses are kept per protocol.
 */
export const receivingAccounts = pgTable(
  'receiving_accounts',
  {
    id: serial('id').primaryKey(),
    channel: varchar('channel', { length: 16 }).notNull(),
    bankName: varchar('bank_name', { length: 64 }).notNull().default(''),
    bankNo: varchar('bank_no', { length: 128 }).notNull().default(''),
    bankOwner: varchar('bank_owner', { length: 64 }).notNull().default(''),
    bankAddress: varchar('bank_address', { length: 128 }).notNull().default(''),
    mchId: varchar('mch_id', { length: 128 }).notNull().default(''),
    content: varchar('content', { length: 255 }).notNull().default(''),
    payimg: text('payimg').notNull().default(''),
    enabled: smallint('enabled').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('receiving_accounts_channel_idx').on(t.channel, t.enabled)],
);

/** Bank names members pick from when binding a card (/api/banklist). */
export const banks = pgTable('banks', {
  id: serial('id').primaryKey(),
  bankName: varchar('bank_name', { length: 64 }).notNull().unique(),
  ico: text('ico').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enabled: smallint('enabled').notNull().default(1),
});

/**
 * A member's bound bank card (type 1) or USDT address (type 2: bank 'USDT', bank_owner the protocol, the address
 * in bank_no). Unbinding keeps the row (deleted_at) so withdrawals still show where the money went.
 */
export const memberCards = pgTable(
  'member_cards',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    type: smallint('type').notNull(),
    bank: varchar('bank', { length: 64 }).notNull(),
    bankOwner: varchar('bank_owner', { length: 64 }).notNull(),
    bankNo: varchar('bank_no', { length: 128 }).notNull(),
    bankAddress: varchar('bank_address', { length: 128 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('member_cards_member_idx').on(t.memberId, t.type)],
);

/** A deposit: state 1 pending, 2 approved (credited), 3 rejected (SPEC 4). */
export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    depositNo: varchar('deposit_no', { length: 32 }).notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    payWay: varchar('pay_way', { length: 16 }).$type<PayWayCode>().notNull(),
    /** USDT protocol (TRC20 or ERC20), '' otherwise. */
    catepay: varchar('catepay', { length: 16 }).notNull().default(''),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    state: smallint('state').notNull().default(1),
    // Depositor details of a bank transfer.
    depositorName: varchar('depositor_name', { length: 64 }).notNull().default(''),
    depositorBank: varchar('depositor_bank', { length: 64 }).notNull().default(''),
    depositorBankNo: varchar('depositor_bank_no', { length: 64 }).notNull().default(''),
    depositorBankAddress: varchar('depositor_bank_address', { length: 128 }).notNull().default(''),
    /** USDT: the rate when the deposit was made and the USDT to pay. */
    usdtRate: varchar('usdt_rate', { length: 16 }).notNull().default(''),
    usdtAmount: numeric('usdt_amount', { precision: 18, scale: 2 }),
    /** Capability in the sandbox payment page's URL: only who was shown payinfo can confirm there. */
    payToken: varchar('pay_token', { length: 64 }).notNull(),
    bonus: numeric('bonus', { precision: 18, scale: 2 }).notNull().default('0'),
    note: varchar('note', { length: 200 }).notNull().default(''),
    /** Operator username, or 'sandbox' for the sandbox payment page. */
    reviewedBy: varchar('reviewed_by', { length: 32 }).notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deposits_no_idx').on(t.depositNo),
    index('deposits_member_created_idx').on(t.memberId, t.createdAt),
    index('deposits_member_reviewed_idx').on(t.memberId, t.state, t.reviewedAt),
    index('deposits_state_idx').on(t.state, t.id),
  ],
);

/** A withdrawal: state 1 pending (money in flight), 2 approved (paid out), 3 rejected (money returned). */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    cardId: integer('card_id')
      .notNull()
      .references(() => memberCards.id),
    // Where to pay, copied from the card at submit time.
    cardType: smallint('card_type').notNull(),
    bank: varchar('bank', { length: 64 }).notNull(),
    bankOwner: varchar('bank_owner', { length: 64 }).notNull(),
    bankNo: varchar('bank_no', { length: 128 }).notNull(),
    bankAddress: varchar('bank_address', { length: 128 }).notNull().default(''),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** USDT: the rate, the protocol fee and the USDT the member receives. */
    usdtRate: varchar('usdt_rate', { length: 16 }).notNull().default(''),
    usdtFee: numeric('usdt_fee', { precision: 18, scale: 2 }),
    usdtAmount: numeric('usdt_amount', { precision: 18, scale: 2 }),
    state: smallint('state').notNull().default(1),
    note: varchar('note', { length: 200 }).notNull().default(''),
    reviewedBy: varchar('reviewed_by', { length: 32 }).notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawals_no_idx').on(t.orderNo),
    index('withdrawals_member_created_idx').on(t.memberId, t.createdAt),
    index('withdrawals_member_reviewed_idx').on(t.memberId, t.state, t.reviewedAt),
    index('withdrawals_state_idx').on(t.state, t.id),
    index('withdrawals_card_idx').on(t.cardId),
  ],
);
