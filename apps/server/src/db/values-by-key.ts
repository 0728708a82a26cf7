import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * The `value` column of the rows whose `key` column is among `keys`, by key, in one read of the columns' table: a
 * list's names or states of the ids it shows. Repeated keys are read once; a key no row has is absent.
 */
export async function valuesByKey<K, V>(
  db: DbOrTx,
  key: PgColumn & { _: { data: K } },
  value: PgColumn & { _: { data: V } },
  keys: readonly K[],
): Promise<Map<K, V>> {
  const unique = [...new Set(keys)];
  if (!unique.length) return new Map();
  const rows = (await db
    .select({ key, value })
    .from(key.table as PgTable)
    .where(inArray(key, unique))) as { key: K; value: V }[];
  return new Map(rows.map((r) => [r.key, r.value]));
}
