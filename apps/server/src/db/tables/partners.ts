import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';
import { memberKeyColumn, members } from './accounts';

/** One tier as stored: cents of net revenue, a member count, and the rate in hundredths of a percent. */
export interface StoredTier {
  minNetCents: number;
  minActive: number;
  rateBp: number;
}

/**
 * Commission plans (docs/partners.md "Partner programme"): tiers by the month's net revenue with a minimum of active members,
 * and the share of payment fees counted against the partner (hundredths of a percent of deposits plus withdrawals).
 */
export const commissionPlans = pgTable('commission_plans', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  feeShareBp: integer('fee_share_bp').notNull().default(0),
  /** Ascending by minNetCents. */
  tiers: jsonb('tiers').$type<StoredTier[]>().notNull(),
  createdAt: stampedNow('created_at'),
});

/** A partner's plan: one per partner (a partner is a member with isagent 1). */
export const partnerPlans = pgTable('partner_plans', {
  memberId: memberKeyColumn(),
  planId: integer('plan_id')
    .notNull()
    .references(() => commissionPlans.id),
  updatedAt: stampedNow('updated_at'),
});

/**
 * A partner's statement of one Beijing month, computed once by the monthly settlement. Money columns are NUMERIC;
 * state 1 pending review, 2 paid (the commission credited through the ledger under reference commission:<id>).
 */
export const partnerStatements = pgTable(
  'partner_statements',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    month: varchar('month', { length: 7 }).notNull(),
    planId: integer('plan_id'),
    activeMembers: integer('active_members').notNull(),
    deposits: numeric('deposits', { precision: 18, scale: 2 }).notNull(),
    withdrawals: numeric('withdrawals', { precision: 18, scale: 2 }).notNull(),
    validStake: numeric('valid_stake', { precision: 18, scale: 2 }).notNull(),
    ggr: numeric('ggr', { precision: 18, scale: 2 }).notNull(),
    rebates: numeric('rebates', { precision: 18, scale: 2 }).notNull(),
    bonuses: numeric('bonuses', { precision: 18, scale: 2 }).notNull(),
    fees: numeric('fees', { precision: 18, scale: 2 }).notNull(),
    netRevenue: numeric('net_revenue', { precision: 18, scale: 2 }).notNull(),
    carryIn: numeric('carry_in', { precision: 18, scale: 2 }).notNull(),
    commissionBase: numeric('commission_base', { precision: 18, scale: 2 }).notNull(),
    tier: smallint('tier').notNull(),
    rateBp: integer('rate_bp').notNull(),
    commission: numeric('commission', { precision: 18, scale: 2 }).notNull(),
    carryOut: numeric('carry_out', { precision: 18, scale: 2 }).notNull(),
    state: smallint('state').notNull().default(1),
    paidBy: varchar('paid_by', { length: 32 }).notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    uniqueIndex('partner_statements_partner_month_idx').on(t.partnerId, t.month),
    index('partner_statements_month_idx').on(t.month, t.id),
    index('partner_statements_pending_idx')
      .on(t.id)
      .where(sql`${t.state} = 1`),
  ],
);
