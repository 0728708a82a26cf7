import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';
import { operators } from './backoffice';

/** What a pending change is about: an integration (venue, gateway), an operator account, or a setting that moves money. */
export type ChangeKind = 'venue' | 'gateway' | 'operator' | 'setting';
export type ChangeAction = 'create' | 'update' | 'role' | 'enable' | 'totp_reset' | 'set';
/**
 * What an applied change answers its approver beyond the change itself (an operator's generated password), or false
 * when the target is no longer as the maker saw it (stale).
 */
export type Applied = false | { shown?: { password: string } };

/**
 * A proposed change of what lets a venue or a payment gateway move money, waiting for a second admin (migration
 * 0019). State 1 pending, 2 applied, 3 rejected, 4 withdrawn by its maker, 5 refused as stale.
 */
export const integrationChanges = pgTable(
  'integration_changes',
  {
    id: serial('id').primaryKey(),
    targetKind: varchar('target_kind', { length: 16 }).$type<ChangeKind>().notNull(),
    /** The venue's or gateway's code, the operator's name or the setting's name. */
    target: varchar('target', { length: 32 }).notNull(),
    action: varchar('action', { length: 16 }).$type<ChangeAction>().notNull(),
    /** JSON of the integration fields before, secrets masked (null for a creation). */
    before: text('before').notNull().default('null'),
    /** JSON of the integration fields proposed, secrets masked. */
    after: text('after').notNull(),
    /** The new secret to apply ('' keeps the stored one): never answered. */
    secret: text('secret').notNull().default(''),
    /** A digest of the target's integration when the change was made (stale-change check). */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    state: smallint('state').notNull().default(1),
    makerId: integer('maker_id')
      .notNull()
      .references(() => operators.id),
    madeBy: varchar('made_by', { length: 32 }).notNull(),
    checkerId: integer('checker_id').references(() => operators.id),
    checkedBy: varchar('checked_by', { length: 32 }).notNull().default(''),
    note: varchar('note', { length: 200 }).notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    uniqueIndex('integration_changes_pending_idx')
      .on(t.targetKind, t.target)
      .where(sql`${t.state} = 1`),
    index('integration_changes_state_idx').on(t.state, t.id),
  ],
);
