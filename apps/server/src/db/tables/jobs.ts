import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * What each scheduled job last completed: the period it covered (a quarter, for the VIP review) and when. A
 * process that starts late, or a second process, reads it here and neither skips nor repeats a run.
 */
export const scheduledRuns = pgTable('scheduled_runs', {
  job: varchar('job', { length: 64 }).primaryKey(),
  lastPeriod: varchar('last_period', { length: 32 }).notNull().default(''),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
});
