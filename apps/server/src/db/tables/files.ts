import { customType, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';

/** bytea as a Buffer on both drivers. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded files (avatars, banner images), kept in the database so that any server process serves any file. The
 * name is random and never reused, so a file's URL can be cached for good.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    name: varchar('name', { length: 64 }).primaryKey(),
    contentType: varchar('content_type', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    data: bytes('data').notNull(),
    /** What the file is for ('avatar', 'banner', 'content', 'attachment'), so a replaced one can be removed safely. */
    purpose: varchar('purpose', { length: 16 }).notNull(),
    /** Who sent an 'attachment' (`member:<id>`), so a message or a ticket names only its sender's own; else ''. */
    owner: varchar('owner', { length: 80 }).notNull().default(''),
    createdAt: stampedNow('created_at'),
  },
  (t) => [index('stored_files_purpose_idx').on(t.purpose, t.createdAt)],
);
