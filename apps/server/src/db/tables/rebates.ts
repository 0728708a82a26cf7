import { index, numeric, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { memberIdColumn } from './accounts';

/**
 * A rebate row (docs/wire-rules.md "Rebates"): one per settled bet (unique bet id) at the member's VIP rate for the bet's
 * category; state 0 claimable, 1 claimed (claimedAt is the wire's updated_at).
 */
export const rebates = pgTable(
  'rebates',
  {
    id: serial('id').primaryKey(),
    memberId: memberIdColumn(),
    betId: varchar('bet_id', { length: 48 }).notNull().unique(),
    venueCode: varchar('venue_code', { length: 32 }).notNull(),
    category: varchar('category', { length: 16 }).notNull(),
    validAmount: numeric('valid_amount', { precision: 18, scale: 2 }).notNull(),
    vipLevel: smallint('vip_level').notNull(),
    /** Percent, e.g. 0.80. */
    rate: numeric('rate', { precision: 5, scale: 2 }).notNull(),
    money: numeric('money', { precision: 18, scale: 2 }).notNull(),
    state: smallint('state').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    index('rebates_member_state_idx').on(t.memberId, t.state),
    index('rebates_member_created_idx').on(t.memberId, t.createdAt),
  ],
);
