import { timestamp } from 'drizzle-orm/pg-core';

/** A row's time of writing or last change (created_at, updated_at): with time zone, filled with now() when left out. */
export const stampedNow = (name: 'created_at' | 'updated_at') =>
  timestamp(name, { withTimezone: true }).notNull().defaultNow();
