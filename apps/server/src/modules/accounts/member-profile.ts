import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberSessions, members } from '../../db/tables/accounts';

/**
 * What the member's own settings read and write of the member row (profile, passwords, avatar): the row is this
 * area's (apps/server/src/README.md "Areas own their data"). A `tx` given runs in the caller's transaction.
 */

/** The member's whole row, or undefined for an unknown id. */
export async function memberRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(members).where(eq(members.id, id)).limit(1);
  return row;
}

/** Sets the member's contact fields, as given (the caller validates and trims them). */
export async function setMemberContact(
  db: DbOrTx,
  id: number,
  contact: { email: string; mobile: string; birthday: string },
): Promise<void> {
  await db
    .update(members)
    .set({ email: contact.email, mobile: contact.mobile, birthday: contact.birthday })
    .where(eq(members.id, id));
}

/** Stores a new login password hash. */
export async function setLoginPasswordHash(tx: DbOrTx, id: number, passwordHash: string): Promise<void> {
  await tx.update(members).set({ passwordHash }).where(eq(members.id, id));
}

/** Ends every session of the member: each token stops working at once. */
export async function endMemberSessions(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(memberSessions).where(eq(memberSessions.memberId, id));
}

/** Stores a new pay (withdrawal) password hash. */
export async function setPayPasswordHash(db: DbOrTx, id: number, payPasswordHash: string): Promise<void> {
  await db.update(members).set({ payPasswordHash }).where(eq(members.id, id));
}

/**
 * The member's avatar path, or undefined for an unknown id, with the member row locked (`for update`) until the
 * caller's transaction ends, so two replacements queue up.
 */
export async function lockMemberAvatar(tx: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await tx.select({ avatar: members.avatar }).from(members).where(eq(members.id, id)).for('update');
  return row?.avatar;
}

/** Sets the member's avatar path. */
export async function setMemberAvatar(tx: DbOrTx, id: number, avatar: string): Promise<void> {
  await tx.update(members).set({ avatar }).where(eq(members.id, id));
}
