import { desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** The rows of a raw `db.execute(sql`...`)` answer: the same `{ rows }` shape on PostgreSQL and PGlite. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Whether `table` has a row where `where` holds (one row's id read, at most). */
export async function hasRow(
  db: DbOrTx,
  table: PgTable & { id: AnyPgColumn },
  where: SQL | undefined,
): Promise<boolean> {
  const [row] = await db.select({ id: table.id }).from(table).where(where).limit(1);
  return !!row;
}

/**
 * The newest `limit` rows of `table` where `where` holds, newest (highest id) first: a member's latest deposits or
 * transfers, a conversation's latest lines.
 */
export async function newestRows<T extends PgTable & { id: AnyPgColumn }>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  limit: number,
): Promise<T['$inferSelect'][]> {
  // Read as any table (drizzle cannot type a select from a table still generic), answered as this table's rows.
  const rows: unknown[] = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(desc(table.id))
    .limit(limit);
  return rows as T['$inferSelect'][];
}
