import { index, integer, numeric, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { memberIdColumn } from './accounts';

/**
 * A red-packet rule (docs/wire-rules.md "Red packets"): a daily window in Beijing time ('HH:mm', start inclusive, end
 * exclusive), a band of the member's deposits (day_flow <= deposits <= flow_money), the grabs it allows today
 * (`recharge`) and the prize cap as a percentage of those deposits (`money`).
 */
export const redpacketRules = pgTable('redpacket_rules', {
  id: serial('id').primaryKey(),
  startTime: varchar('start_time', { length: 5 }).notNull(),
  endTime: varchar('end_time', { length: 5 }).notNull(),
  dayFlow: numeric('day_flow', { precision: 18, scale: 2 }).notNull(),
  flowMoney: numeric('flow_money', { precision: 18, scale: 2 }).notNull(),
  recharge: integer('recharge').notNull(),
  money: numeric('money', { precision: 6, scale: 2 }).notNull(),
  enabled: smallint('enabled').notNull().default(1),
});

/** One grab: the deposits it drew from (`money`), the prize, credited at once (`usetime`). */
export const redpacketGrabs = pgTable(
  'redpacket_grabs',
  {
    id: serial('id').primaryKey(),
    memberId: memberIdColumn(),
    ruleId: integer('rule_id'),
    /** Beijing calendar day of the grab, 'YYYY-MM-DD': grabs are counted per day. */
    day: varchar('day', { length: 10 }).notNull(),
    depositMoney: numeric('deposit_money', { precision: 18, scale: 2 }).notNull(),
    prize: numeric('prize', { precision: 18, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('redpacket_grabs_member_day_idx').on(t.memberId, t.day),
    index('redpacket_grabs_member_created_idx').on(t.memberId, t.createdAt),
  ],
);
