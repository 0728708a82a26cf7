import { count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { PageWindow } from '../../lib/paging';
import { members } from '../../db/tables/accounts';

/**
 * Who is a partner (isagent 1) and who invited whom, as the partner programme and the referral page read and move
 * them: the member row is this area's (apps/server/src/README.md "Areas own their data"). A `tx` given runs in the
 * caller's transaction.
 */

type Num = string | number | null;

/** Whether the member is a partner (isagent 1); false for an unknown id. */
export async function isPartner(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ isagent: members.isagent }).from(members).where(eq(members.id, id));
  return row?.isagent === 1;
}

/** Makes the member a partner (isagent 1). */
export async function makePartner(tx: DbOrTx, id: number): Promise<void> {
  await tx.update(members).set({ isagent: 1 }).where(eq(members.id, id));
}

/** The ids of every partner, lowest first. */
export async function partnerIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: members.id }).from(members).where(eq(members.isagent, 1)).orderBy(members.id);
  return rows.map((r) => r.id);
}

/**
 * One page of the partners whose username contains `name` (any case; '' for all), newest first: their ids, and how
 * many match in all.
 */
export async function partnerIdsPage(
  db: DbOrTx,
  name: string,
  window: PageWindow,
): Promise<{ total: number; ids: number[] }> {
  const named = name ? sql`AND m.username ILIKE ${`%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  const [total] = rowsOf<{ n: Num }>(
    await db.execute(sql`SELECT count(*) AS n FROM members m WHERE m.isagent = 1 ${named}`),
  );
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT m.id FROM members m WHERE m.isagent = 1 ${named} ORDER BY m.id DESC
      LIMIT ${window.perPage} OFFSET ${window.offset}`),
  );
  return { total: Number(total?.n ?? 0), ids: ids.map((r) => Number(r.id)) };
}

/** How many members this member invited (whose inviter is the member now). */
export async function invitedCount(db: DbOrTx, inviterId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(members).where(eq(members.inviterId, inviterId));
  return row?.n ?? 0;
}

/**
 * Each listed member's username and how many members they invited (whose inviter is the member now), in one
 * statement for the whole list; an unknown id is left out.
 */
export async function usernamesAndInvitedCounts(
  db: DbOrTx,
  ids: number[],
): Promise<Map<number, { username: string; invited: number }>> {
  if (ids.length === 0) return new Map();
  const invitee = alias(members, 'invitee');
  const rows = await db
    .select({ id: members.id, username: members.username, invited: count(invitee.id) })
    .from(members)
    .leftJoin(invitee, eq(invitee.inviterId, members.id))
    .where(inArray(members.id, ids))
    .groupBy(members.id);
  return new Map(rows.map((r) => [r.id, { username: r.username, invited: r.invited }]));
}

/**
 * One page of the members this member invited, newest first, as a subquery of `id, username, created_at` (alias it
 * `m`) for a statement that adds the caller's figures of each member beside them; the statement orders by `m.id DESC`
 * again, since a subquery's order does not carry out of it.
 */
export function invitedMembersSql(inviterId: number, window: PageWindow): SQL {
  return sql`SELECT m.id, m.username, m.created_at FROM members m WHERE m.inviter_id = ${inviterId}
    ORDER BY m.id DESC LIMIT ${window.perPage} OFFSET ${window.offset}`;
}

/** The member's inviter (null for none), or undefined for an unknown id. */
export async function memberInviter(tx: DbOrTx, id: number) {
  const [row] = await tx.select({ inviterId: members.inviterId }).from(members).where(eq(members.id, id));
  return row;
}

/** Moves the member under another inviter, or under none. */
export async function setMemberInviter(tx: DbOrTx, id: number, inviterId: number | null): Promise<void> {
  await tx.update(members).set({ inviterId }).where(eq(members.id, id));
}
