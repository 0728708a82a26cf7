import type { SQL } from 'drizzle-orm';
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
