import type { Paginator } from '@h5/contract';
import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { type PageWindow, toPaginator } from '../../lib/paging';
import { members } from '../accounts/accounts-tables';

/** A table whose rows belong to a member: an `id` to order by and the owner's `memberId`. */
type MemberRowsTable = PgTable & { id: AnyPgColumn; memberId: AnyPgColumn };

/**
 * A back-office page of a member-owned table (deposits, withdrawals, applications, reviews): newest first, each
 * row shown by `view` with its member's username, in the paginator shape.
 */
export async function memberRowsPage<T extends MemberRowsTable, V>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  window: PageWindow,
  view: (row: T['$inferSelect'], username: string) => V,
): Promise<Paginator<V>> {
  // Drizzle's generic table types do not carry through a type parameter; the rows are typed by the cast below.
  const source = table as PgTable;
  const [total] = await db.select({ n: count() }).from(source).where(where);
  const rows = (await db
    .select({ row: source, username: members.username })
    .from(source)
    .innerJoin(members, eq(members.id, table.memberId))
    .where(where)
    .orderBy(desc(table.id))
    .limit(window.perPage)
    .offset(window.offset)) as unknown as Array<{ row: T['$inferSelect']; username: string }>;
  return toPaginator(
    rows.map((r) => view(r.row, r.username)),
    total?.n ?? 0,
    window,
  );
}
