import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { stampedNow } from '../../lib/table-columns';

/** A registered member: every user field of docs/member-app.md "Entities and fields" that is not a balance (balances live in the ledger). */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 32 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Null until set: withdrawals answer 251 then (docs/wire-rules.md "Withdrawals"). */
    payPasswordHash: text('pay_password_hash'),
    realname: varchar('realname', { length: 32 }).notNull(),
    mobile: varchar('mobile', { length: 32 }).notNull().default(''),
    email: varchar('email', { length: 64 }).notNull().default(''),
    birthday: varchar('birthday', { length: 10 }).notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    transferstatus: smallint('transferstatus').notNull().default(0),
    vip: smallint('vip').notNull().default(1),
    paysum: numeric('paysum', { precision: 18, scale: 2 }).notNull().default('0'),
    /** Lifetime valid turnover of settled bets (VIP flow). */
    turnover: numeric('turnover', { precision: 18, scale: 2 }).notNull().default('0'),
    /**
     * The withdrawal turnover still owed: each approved deposit adds amount x turnover_multiple, each settled valid
     * bet takes its valid amount off, never below zero. A withdrawal needs it at zero (getBetAmount shows it).
     */
    turnoverRequired: numeric('turnover_required', { precision: 18, scale: 2 }).notNull().default('0'),
    isagent: smallint('isagent').notNull().default(0),
    inviterId: integer('inviter_id').references((): AnyPgColumn => members.id),
    /** 1 active, 0 disabled by an operator. */
    state: smallint('state').notNull().default(1),
    registerIp: varchar('register_ip', { length: 64 }).notNull().default(''),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    // Names are unique regardless of case, so "Alice01" cannot shadow "alice01".
    uniqueIndex('members_username_lower_idx').on(sql`lower(${t.username})`),
    index('members_inviter_idx').on(t.inviterId),
    // The console finds members by real name, mobile and registration address.
    index('members_realname_idx').on(t.realname),
    index('members_mobile_idx').on(t.mobile),
    index('members_register_ip_idx').on(t.registerIp),
    // New members per day (reports).
    index('members_created_idx').on(t.createdAt),
  ],
);

/**
 * The member a row belongs to: required, and deleted with the member where `onDelete` says cascade (sessions,
 * limits); without it a member who owns rows cannot be deleted.
 */
export const memberIdColumn = (onDelete?: 'cascade') =>
  integer('member_id')
    .notNull()
    .references(() => members.id, onDelete && { onDelete });

/** The member that keys a table of one row per member (a partner's plan, VIP timing, a break): deleted with the member. */
export const memberKeyColumn = () =>
  integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' });

/** Opaque session tokens: only the SHA-256 of a token is stored (docs/architecture.md "Wire contract"). */
export const memberSessions = pgTable(
  'member_sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    memberId: memberIdColumn('cascade'),
    createdAt: stampedNow('created_at'),
    /** Sliding idle expiry, pushed forward as the session is used. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('member_sessions_member_idx').on(t.memberId)],
);

/** Each successful member sign-in (and registration, which signs in): when, from where, on what (the console's 登录记录). */
export const memberLogins = pgTable(
  'member_logins',
  {
    id: serial('id').primaryKey(),
    memberId: memberIdColumn('cascade'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /** The browser's User-Agent, cut to 255 characters. */
    device: varchar('device', { length: 255 }).notNull().default(''),
    createdAt: stampedNow('created_at'),
  },
  (t) => [
    index('member_logins_member_idx').on(t.memberId, t.id),
    // Linked accounts: the members seen at one address or on one device, each with their last time there.
    index('member_logins_ip_member_idx').on(t.ip, t.memberId, t.createdAt),
    index('member_logins_device_member_idx').on(t.device, t.memberId, t.createdAt),
  ],
);
