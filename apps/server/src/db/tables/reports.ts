import { sql } from 'drizzle-orm';
import { customType, date, integer, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * Each member's figures of a closed Beijing day for the member report (migration 0047), kept beside that day's row of
 * report_days in the same transaction and recomputed with it when a late write marks the day stale
 * (docs/reports.md "Reports"). A member without a counted movement or settled bet on the day has no row; money as
 * the ledger and the bets hold it.
 */
export const reportMemberDays = pgTable(
  'report_member_days',
  {
    day: date('day').notNull(),
    memberId: integer('member_id').notNull(),
    depositsCount: integer('deposits_count').notNull().default(0),
    depositsAmount: numeric('deposits_amount').notNull().default('0'),
    withdrawalsCount: integer('withdrawals_count').notNull().default(0),
    withdrawalsAmount: numeric('withdrawals_amount').notNull().default('0'),
    rebates: numeric('rebates').notNull().default('0'),
    bonuses: numeric('bonuses').notNull().default('0'),
    adjustments: numeric('adjustments').notNull().default('0'),
    betsCount: integer('bets_count').notNull().default(0),
    stake: numeric('stake').notNull().default('0'),
    validStake: numeric('valid_stake').notNull().default('0'),
    payout: numeric('payout').notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'report_member_days_pkey', columns: [t.day, t.memberId] })],
);

/** A member set as PostgreSQL keeps it (varbit, bit n = member id n), read as its text of 0s and 1s. */
const memberSet = customType<{ data: string }>({ dataType: () => 'varbit' });

/**
 * Each venue's settled bets of a closed Beijing day for the venue report (migration 0048), kept beside that day's row
 * of report_days in the same transaction and recomputed with it when a late write marks the day stale
 * (docs/reports.md "Reports"): counts and sums as the bets hold them, and the day's bettors at the venue as a member
 * set. A venue without a settled bet on the day has no row.
 */
export const reportVenueDays = pgTable(
  'report_venue_days',
  {
    day: date('day').notNull(),
    venueCode: varchar('venue_code', { length: 32 }).notNull(),
    betsCount: integer('bets_count').notNull().default(0),
    stake: numeric('stake').notNull().default('0'),
    validStake: numeric('valid_stake').notNull().default('0'),
    payout: numeric('payout').notNull().default('0'),
    bettors: memberSet('bettors')
      .notNull()
      .default(sql`B''`),
  },
  (t) => [primaryKey({ name: 'report_venue_days_pkey', columns: [t.day, t.venueCode] })],
);
