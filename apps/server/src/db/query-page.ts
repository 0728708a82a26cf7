import type { Paginator } from '@h5/contract';
import { count, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { type PageWindow, toPaginator } from '../lib/paging';
import type { DbOrTx } from './client';

/**
 * One page of a list in the paginator shape: the total is the count of `table`'s rows that `where` picks, the page
 * is the window's slice of `rows` (the select with its joins and order, in drizzle's dynamic mode) under the same
 * filter, each row shown by `view`.
 */
export async function queryPage<Q extends PgSelect, V>(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  window: PageWindow,
  rows: Q,
  view: (row: Q['_']['result'][number]) => V,
): Promise<Paginator<V>> {
  const [total] = await db.select({ n: count() }).from(table).where(where);
  const slice: Q['_']['result'] = await rows.where(where).limit(window.perPage).offset(window.offset);
  return toPaginator(
    slice.map((row) => view(row)),
    total?.n ?? 0,
    window,
  );
}
