import type { Paginator } from '@h5/contract';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { queryPage } from '../../db/query-page';
import type { PageWindow } from '../../lib/paging';
import { members } from '../../db/tables/accounts';

/** A table whose rows belong to a member: an `id` to order by and the owner's `memberId`. */
type MemberRowsTable = PgTable & { id: AnyPgColumn; memberId: AnyPgColumn };

/** More of the owning member's columns a page shows beside the username (the withdrawal queue's turnover). */
type OwnerColumns = Record<string, AnyPgColumn>;

/** The member's columns a page may show beside the username, by name. */
export const OWNER_COLUMNS = { turnoverRequired: members.turnoverRequired } as const;
type OwnerValues<O extends OwnerColumns> = { [K in keyof O]: O[K]['_']['data'] };

/**
 * A back-office page of a member-owned table (deposits, withdrawals, applications, reviews): newest first, each
 * row shown by `view` with its member's username (and the `owner` columns asked for), in the paginator shape.
 */
export async function memberRowsPage<T extends MemberRowsTable, V, O extends OwnerColumns = Record<never, AnyPgColumn>>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  window: PageWindow,
  view: (row: T['$inferSelect'], username: string, owner: OwnerValues<O>) => V,
  ownerColumns?: O,
): Promise<Paginator<V>> {
  // Drizzle's generic table types do not carry through a type parameter; the rows are typed by the cast below.
  const source = table as PgTable;
  const rows = db
    .select({ row: source, username: members.username, ...(ownerColumns && { owner: ownerColumns }) })
    .from(source)
    .innerJoin(members, eq(members.id, table.memberId))
    .orderBy(desc(table.id))
    .$dynamic();
  return queryPage(db, source, where, window, rows, (r) => {
    const { row, username, owner } = r as unknown as {
      row: T['$inferSelect'];
      username: string;
      owner?: OwnerValues<O>;
    };
    return view(row, username, owner ?? ({} as OwnerValues<O>));
  });
}
