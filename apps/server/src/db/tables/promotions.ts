import { index, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { pendingReviewColumns, stampedNow } from '../../lib/table-columns';
import { memberIdColumn } from './accounts';

/** Promotion tabs (docs/member-app.md "Entities and fields", Promotion type: id, name). */
export const promotionTypes = pgTable('promotion_types', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: smallint('enabled').notNull().default(1),
});

/** A promotion (docs/member-app.md "Entities and fields", Promotion: id, title, banner, content (HTML), memo (HTML)). */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id').references(() => promotionTypes.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 128 }).notNull(),
    /** Image URL path, e.g. /art/promo-1.svg. */
    banner: text('banner').notNull().default(''),
    /** Operator HTML, sanitised in the browser (docs/architecture.md "Wire contract"). */
    content: text('content').notNull().default(''),
    memo: text('memo').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: smallint('enabled').notNull().default(1),
    createdAt: stampedNow('created_at'),
  },
  (t) => [index('promotions_type_sort_idx').on(t.typeId, t.sort)],
);

/**
 * A member's application for a promotion: state 1 pending, 2 approved, 3 rejected (docs/member-app.md "States and transitions"). One per member and
 * promotion (docs/wire-rules.md "Promotions and content": an existing application answers 223/224/225). The title is kept so the log still reads
 * after a promotion is deleted.
 */
export const promotionApplications = pgTable(
  'promotion_applications',
  {
    id: serial('id').primaryKey(),
    memberId: memberIdColumn(),
    promotionId: integer('promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    activityName: varchar('activity_name', { length: 128 }).notNull(),
    ...pendingReviewColumns(),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    uniqueIndex('promotion_applications_member_promotion_idx').on(t.memberId, t.promotionId),
    index('promotion_applications_member_created_idx').on(t.memberId, t.createdAt),
    index('promotion_applications_state_idx').on(t.state, t.id),
  ],
);
