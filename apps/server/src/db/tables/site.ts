import { pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';

/**
 * Site settings an operator can change (docs/wire-rules.md "Site settings"), one JSON-encoded value per key. Kept as text and
 * encoded here, because the drivers disagree on how a JSON string such as "5.00" comes back from jsonb.
 */
export const siteSettings = pgTable('site_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: stampedNow('updated_at'),
});
