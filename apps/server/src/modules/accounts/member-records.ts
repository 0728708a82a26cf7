import { eq, like, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, DbOrTx } from '../../db/client';
import { valuesByKey } from '../../db/values-by-key';
import { members } from '../../db/tables/accounts';

/**
 * What other areas read and write of a member's own row, each answer named for what it is: the member row is this
 * area's (apps/server/src/README.md "Areas own their data"). A `tx` given runs in the caller's transaction.
 */

/** The chosen columns of the one member `where` picks (by id or by username), or undefined for none: every read below. */
async function oneMember<F extends SelectedFields>(
  db: DbOrTx,
  where: SQL,
  fields: F,
): Promise<SelectResultFields<F> | undefined> {
  const [row] = await db.select(fields).from(members).where(where);
  return row;
}

const byId = (id: number) => eq(members.id, id);
const byUsername = (username: string) => eq(members.username, username);

/** A member's username, or undefined for an unknown id. */
export async function memberUsername(db: DbOrTx, id: number): Promise<string | undefined> {
  return (await oneMember(db, byId(id), { username: members.username }))?.username;
}

/** The usernames of these members, by id, in one read (unknown ids are absent). */
export async function usernamesOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  return valuesByKey(db, members.id, members.username, ids);
}

/** The id of the member with exactly this username (as venues name players), or undefined. */
export async function memberIdByUsername(db: DbOrTx, username: string): Promise<number | undefined> {
  return (await oneMember(db, byUsername(username), { id: members.id }))?.id;
}

/** Whether a member with this id exists. */
export async function memberExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await oneMember(db, byId(id), { id: members.id })) !== undefined;
}

/** The stored hash of a member's pay password ('' or null when none is set), or undefined for an unknown id. */
export async function payPasswordHash(db: DbOrTx, id: number): Promise<string | null | undefined> {
  return (await oneMember(db, byId(id), { hash: members.payPasswordHash }))?.hash;
}

/** What a game launch needs of the member: the player name and the auto-transfer switch. */
export async function launchProfile(db: DbOrTx, id: number) {
  return oneMember(db, byId(id), { username: members.username, transferstatus: members.transferstatus });
}

/** Sets the member's auto-transfer switch (only the switch is written). */
export async function setTransferStatus(db: DbOrTx, id: number, transferstatus: 0 | 1): Promise<void> {
  await db.update(members).set({ transferstatus }).where(eq(members.id, id));
}

/** A settled bet's valid stake (numeric text) counts: turnover rises, the outstanding requirement falls to 0 at most. */
export async function raiseMemberTurnover(tx: DbOrTx, id: number, valid: string): Promise<void> {
  await tx
    .update(members)
    .set({
      turnover: sql`${members.turnover} + ${valid}::numeric`,
      turnoverRequired: sql`greatest(0, ${members.turnoverRequired} - ${valid}::numeric)`,
    })
    .where(eq(members.id, id));
}

/** Raises the turnover the member owes before a withdrawal by `added` (numeric text). */
export async function raiseTurnoverRequired(tx: DbOrTx, id: number, added: string): Promise<void> {
  await tx
    .update(members)
    .set({ turnoverRequired: sql`${members.turnoverRequired} + ${added}::numeric` })
    .where(eq(members.id, id));
}

/** The turnover the member still owes (numeric text), or undefined for an unknown id. */
export async function turnoverRequired(db: DbOrTx, id: number): Promise<string | undefined> {
  return (await oneMember(db, byId(id), { required: members.turnoverRequired }))?.required;
}

/** Adds an approved deposit (money text) to the member's deposit total, paysum. */
export async function raisePaysum(tx: DbOrTx, id: number, amount: string): Promise<void> {
  await tx
    .update(members)
    .set({ paysum: sql`${members.paysum} + ${amount}::numeric` })
    .where(eq(members.id, id));
}

/** The avatars stored under a path prefix (the upload directory's files brought into the database). */
export async function avatarsUnder(db: Db, prefix: string): Promise<{ avatar: string }[]> {
  return db
    .select({ avatar: members.avatar })
    .from(members)
    .where(like(members.avatar, `${prefix}%`));
}

/** What a VIP recomputation weighs: the member's level, deposit total and lifetime turnover (numeric text). */
export async function vipStanding(tx: DbOrTx, id: number) {
  return oneMember(tx, byId(id), { vip: members.vip, paysum: members.paysum, turnover: members.turnover });
}

/** Sets the member's VIP level. */
export async function setMemberVip(tx: DbOrTx, id: number, level: number): Promise<void> {
  await tx.update(members).set({ vip: level }).where(eq(members.id, id));
}

/**
 * The member's VIP level and registration time, or undefined for an unknown id, with the member row locked
 * (`for update`) until the caller's transaction ends.
 */
export async function lockMemberLevel(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ vip: members.vip, createdAt: members.createdAt })
    .from(members)
    .where(eq(members.id, id))
    .for('update');
  return row;
}

/** The member's VIP level, or undefined for an unknown id. */
export async function memberVip(tx: DbOrTx, id: number): Promise<number | undefined> {
  return (await oneMember(tx, byId(id), { vip: members.vip }))?.vip;
}

/**
 * The join to the member a row belongs to, for a list that shows each row's username in the same statement:
 * `.innerJoin(owner.table, owner.on)` with `owner.username` among the columns.
 */
export const memberJoin = (memberId: AnyPgColumn) => ({
  table: members,
  on: eq(members.id, memberId),
  username: members.username,
});

/**
 * The member table as the first of a statement that reads each member beside rows of other tables:
 * `.from(member.table)` with `.leftJoin(t, eq(t.memberId, member.id))`, so a member with no such rows still answers
 * one row; `vip` and `createdAt` for statements that pick members by level and age.
 */
export const memberFrom = () => ({
  table: members,
  id: members.id,
  vip: members.vip,
  createdAt: members.createdAt,
});

/** The member with exactly this username (as venues name players): id, username and state, or undefined. */
export async function memberByUsername(db: DbOrTx, username: string) {
  return oneMember(db, byUsername(username), { id: members.id, username: members.username, state: members.state });
}

/** The member's username and state (1 enabled), or undefined for an unknown id. */
export async function memberNameAndState(db: DbOrTx, id: number) {
  return oneMember(db, byId(id), { username: members.username, state: members.state });
}
