import { DEFAULT_PAYMENT_PROTOCOL, type PaymentProtocol } from '@h5/contract/payment-protocols';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { firstReviewColumns, pendingReviewColumns, stampedNow } from '../../lib/table-columns';
import { memberIdColumn } from './accounts';

/** Our names of the pay ways (docs/wire-rules.md "Deposits"); the wire names differ (card, wxpay, bankpay ...). */
export type PayWayCode = 'bank' | 'wechat' | 'alipay' | 'usdt' | 'ebpay';

/**
 * A payment gateway a pay way may send members to (docs/architecture.md "Deposits"): today the epay protocol, MD5-signed. The
 * secret signs requests and verifies notifies; answers never show it.
 */
export const paymentGateways = pgTable('payment_gateways', {
  code: varchar('code', { length: 32 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  protocol: varchar('protocol', { length: 16 }).$type<PaymentProtocol>().notNull().default(DEFAULT_PAYMENT_PROTOCOL),
  merchantId: varchar('merchant_id', { length: 64 }).notNull(),
  secret: text('secret').notNull(),
  /** The gateway's submit.php; its order query (api.php) sits beside it. */
  submitUrl: text('submit_url').notNull(),
  enabled: smallint('enabled').notNull().default(1),
  createdAt: stampedNow('created_at'),
});

/** A pay way and whether members may use it (get_pay_way flags); with a gateway, deposits are paid there. */
export const payWays = pgTable('pay_ways', {
  code: varchar('code', { length: 16 }).$type<PayWayCode>().primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  enabled: smallint('enabled').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  /** Null: receiving accounts and operator review. A gateway in use cannot be deleted. */
  gateway: varchar('gateway', { length: 32 }).references(() => paymentGateways.code, { onDelete: 'restrict' }),
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
    memberId: memberIdColumn(),
    type: smallint('type').notNull(),
    bank: varchar('bank', { length: 64 }).notNull(),
    bankOwner: varchar('bank_owner', { length: 64 }).notNull(),
    bankNo: varchar('bank_no', { length: 128 }).notNull(),
    bankAddress: varchar('bank_address', { length: 128 }).notNull().default(''),
    createdAt: stampedNow('created_at'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('member_cards_member_idx').on(t.memberId, t.type),
    // Linked accounts: the members who bound one number.
    index('member_cards_bank_no_idx').on(t.bankNo, t.memberId),
  ],
);

/** A deposit: state 1 pending, 2 approved (credited), 3 rejected (docs/member-app.md "States and transitions"). */
export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    depositNo: varchar('deposit_no', { length: 32 }).notNull(),
    memberId: memberIdColumn(),
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
    /** The gateway that pays this deposit (copied from its pay way when created), or null for operator review. */
    gatewayCode: varchar('gateway_code', { length: 32 }),
    /** The gateway's own number of the payment, from its notify or order query. */
    gatewayTradeNo: varchar('gateway_trade_no', { length: 64 }).notNull().default(''),
    /** 1 when the 60-minute payment window closed the deposit unpaid (state 3): expired, not an operator's rejection. */
    expired: smallint('expired').notNull().default(0),
    bonus: numeric('bonus', { precision: 18, scale: 2 }).notNull().default('0'),
    note: varchar('note', { length: 200 }).notNull().default(''),
    /** Operator username, or the gateway's code when its verified notify or order query credited it. */
    reviewedBy: varchar('reviewed_by', { length: 32 }).notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /**
     * What an operator's approval of a deposit without a gateway rests on (docs/operators.md "Who may move money"): the receiving
     * account the money reached (its id, and its name and number as they read then) and the payer's reference found on
     * it (the transfer's serial, the payer's name). Empty for gateway deposits, which only the gateway credits.
     */
    receivingAccountId: integer('receiving_account_id'),
    receivingAccount: varchar('receiving_account', { length: 255 }).notNull().default(''),
    payerReference: varchar('payer_reference', { length: 128 }).notNull().default(''),
    /** Above deposit_second_review_above, or past a daily total: the first approval; another operator's credits it. */
    ...firstReviewColumns(),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    uniqueIndex('deposits_no_idx').on(t.depositNo),
    index('deposits_member_created_idx').on(t.memberId, t.createdAt),
    index('deposits_member_reviewed_idx').on(t.memberId, t.state, t.reviewedAt),
    index('deposits_state_idx').on(t.state, t.id),
    // Reconciliation walks the pending gateway deposits, oldest first.
    index('deposits_gateway_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 1 AND ${t.gatewayCode} IS NOT NULL`),
  ],
);

/**
 * Money a gateway reported paid (a verified notify or order-query answer) for a deposit already closed: expired by its
 * payment window or rejected. Nothing is credited on arrival; finance credits it once (state 2, the deposit becomes
 * approved through the same ledger movement) or refuses it (state 3, with a reason). One per deposit.
 */
export const latePayments = pgTable(
  'late_payments',
  {
    id: serial('id').primaryKey(),
    depositId: integer('deposit_id')
      .notNull()
      .references(() => deposits.id),
    gatewayCode: varchar('gateway_code', { length: 32 }).notNull(),
    /** 'notify' or 'query', as in payment_notifies. */
    source: varchar('source', { length: 16 }).notNull(),
    tradeNo: varchar('trade_no', { length: 64 }).notNull().default(''),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** 1 held for finance, 2 credited, 3 refused. */
    state: smallint('state').notNull().default(1),
    note: varchar('note', { length: 200 }).notNull().default(''),
    decidedBy: varchar('decided_by', { length: 32 }).notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: stampedNow('created_at'),
  },
  (t) => [uniqueIndex('late_payments_deposit_idx').on(t.depositId), index('late_payments_state_idx').on(t.state, t.id)],
);

/**
 * Every payment notify a gateway sent, valid or not, and every order-query answer reconciliation acted on: what
 * arrived, from where, and what we did with it. `flagged` marks what finance must look at (a paid notify for a
 * deposit already rejected or expired).
 */
export const paymentNotifies = pgTable(
  'payment_notifies',
  {
    id: serial('id').primaryKey(),
    gatewayCode: varchar('gateway_code', { length: 32 }).notNull(),
    /** 'notify' (the gateway called us) or 'query' (reconciliation asked the gateway). */
    source: varchar('source', { length: 16 }).notNull(),
    depositNo: varchar('deposit_no', { length: 64 }).notNull().default(''),
    tradeNo: varchar('trade_no', { length: 64 }).notNull().default(''),
    money: varchar('money', { length: 32 }).notNull().default(''),
    tradeStatus: varchar('trade_status', { length: 32 }).notNull().default(''),
    /** The parameters as received (JSON), signature included, so a dispute can be checked later. */
    params: text('params').notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /** 1 when the signature held and the merchant id matched. */
    valid: smallint('valid').notNull(),
    /** What was done: credited, duplicate, held, bad_signature, wrong_merchant, not_paid, amount_mismatch, unknown_order, closed. */
    outcome: varchar('outcome', { length: 32 }).notNull(),
    flagged: smallint('flagged').notNull().default(0),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    index('payment_notifies_deposit_idx').on(t.depositNo),
    index('payment_notifies_flagged_idx').on(t.flagged, t.id),
  ],
);

/** A withdrawal: state 1 pending (money in flight), 2 approved (paid out), 3 rejected (money returned). */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    memberId: memberIdColumn(),
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
    ...pendingReviewColumns(),
    /** Above withdraw_second_review_above, or past a daily total: the first approval; another operator's pays it out. */
    ...firstReviewColumns(),
    /** The request's Idempotency-Key: a repeat answers this withdrawal and moves nothing. */
    requestKey: varchar('request_key', { length: 64 }),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    uniqueIndex('withdrawals_no_idx').on(t.orderNo),
    uniqueIndex('withdrawals_request_key_idx').on(t.memberId, t.requestKey),
    index('withdrawals_member_created_idx').on(t.memberId, t.createdAt),
    index('withdrawals_member_reviewed_idx').on(t.memberId, t.state, t.reviewedAt),
    index('withdrawals_state_idx').on(t.state, t.id),
    index('withdrawals_card_idx').on(t.cardId),
  ],
);
