import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';

/** The money kinds that have a two-person line and daily totals. */
export type AloneKind = 'adjust' | 'withdraw' | 'deposit';

/**
 * What one person moved alone in a Beijing day (docs/operators.md "Two-person lines"), per kind: for an operator
 * (scope 'operator', subject the operator's id) what they applied or approved without a second person, for a member
 * (scope 'member', subject the member's id) what the member received or was paid that way. Rows are locked and raised
 * inside the money transaction that moves the money.
 */
export const aloneTotals = pgTable(
  'alone_totals',
  {
    kind: varchar('kind', { length: 16 }).$type<AloneKind>().notNull(),
    scope: varchar('scope', { length: 16 }).$type<'operator' | 'member'>().notNull(),
    subjectId: integer('subject_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'alone_totals_pk', columns: [t.kind, t.scope, t.subjectId, t.day] })],
);

export type OperatorRole = 'admin' | 'finance' | 'content' | 'support';

/** Back-office operators: created with the operator CLI only; there is no default operator. */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 32 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    role: varchar('role', { length: 16 }).$type<OperatorRole>().notNull(),
    state: smallint('state').notNull().default(1),
    /** The TOTP secret (RFC 6238) once two-factor sign-in is confirmed; null without it. */
    totpSecret: text('totp_secret'),
    /** A secret shown for enrolment, not yet confirmed with a code. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last time step whose code signed in, so one code cannot be used twice. */
    totpLastStep: integer('totp_last_step'),
    /**
     * Who vouched for this account as it is (docs/operators.md "Two people, judged by person"): the maker and the approver of
     * the change that created it, changed its role, enabled it again or reset its two factors. Empty for an account
     * from the operator CLI.
     */
    vouchedBy: integer('vouched_by')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** When that change took effect; null for an account from the operator CLI. */
    vouchedAt: timestamp('vouched_at', { withTimezone: true }),
    createdAt: stampedNow('created_at'),
  },
  (t) => [uniqueIndex('operators_username_lower_idx').on(sql`lower(${t.username})`)],
);

/** The operator a sign-in's row belongs to: required, and deleted with the operator. */
const signedInOperatorColumn = () =>
  integer('operator_id')
    .notNull()
    .references(() => operators.id, { onDelete: 'cascade' });

/**
 * Each operator sign-in's evidence, compared when one operator approves another's item: the address as the sign-in
 * limits count it ('' for an address configured as shared, OPERATOR_SHARED_ADDRESSES) and a digest of the console's
 * device id ('' when none was sent).
 */
export const operatorSignIns = pgTable(
  'operator_sign_ins',
  {
    id: serial('id').primaryKey(),
    operatorId: signedInOperatorColumn(),
    address: varchar('address', { length: 64 }).notNull().default(''),
    device: varchar('device', { length: 64 }).notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('operator_sign_ins_operator_idx').on(t.operatorId, t.at)],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    operatorId: signedInOperatorColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: stampedNow('created_at'),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/**
 * Every operator action: who, what, on which target, the state before and after, and the request id. A failed
 * sign-in under a name no operator has is recorded with no operator.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id').references(() => operators.id),
    action: varchar('action', { length: 64 }).notNull(),
    target: varchar('target', { length: 128 }).notNull(),
    before: text('before').notNull().default('null'),
    after: text('after').notNull().default('null'),
    requestId: varchar('request_id', { length: 64 }).notNull().default(''),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_operator_idx').on(t.operatorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
  ],
);

/**
 * The operator who made an item that another operator must approve (docs/operators.md "Two people, judged by
 * person"): their id and their name as it was then.
 */
export const makerColumns = () => ({
  makerId: integer('maker_id')
    .notNull()
    .references(() => operators.id),
  madeBy: varchar('made_by', { length: 32 }).notNull(),
});

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
    ...makerColumns(),
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
