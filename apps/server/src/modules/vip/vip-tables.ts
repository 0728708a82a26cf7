import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { members } from '../accounts/accounts-tables';

/** The Beijing day of a member's last VIP rise: a member rises at most one level a day (DESIGN "Rules"). */
export const vipRises = pgTable('vip_rises', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  /** 'YYYY-MM-DD', Beijing. */
  day: varchar('day', { length: 10 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
