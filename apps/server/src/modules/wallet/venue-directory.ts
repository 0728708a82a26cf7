import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { venues } from '../content/content-tables';

export interface VenueInfo {
  /** The code clients send as plat_name, sourcetype and targettype (e.g. "AG"). */
  code: string;
  /** Display name. */
  name: string;
  category: string;
  enabled: boolean;
}

const toInfo = (row: typeof venues.$inferSelect): VenueInfo => ({
  code: row.code,
  name: row.name,
  category: row.categoryId,
  enabled: row.enabled === 1,
});

/** Every venue in display order. */
export async function listVenues(db: DbOrTx): Promise<VenueInfo[]> {
  const rows = await db.select().from(venues).orderBy(asc(venues.sort), asc(venues.id));
  return rows.map(toInfo);
}

/** A venue by its code, regardless of case (clients send "ag" as well as "AG"). */
export async function findVenue(db: DbOrTx, code: string): Promise<VenueInfo | null> {
  if (!code) return null;
  const [row] = await db
    .select()
    .from(venues)
    .where(sql`lower(${venues.code}) = lower(${code})`)
    .limit(1);
  return row ? toInfo(row) : null;
}

/**
 * The venue row locked for share inside a money movement's transaction: a back-office delete of the venue (which
 * locks it for update, then checks that no member holds money there) waits for the movement, and a movement never
 * lands in a venue deleted meanwhile. Answers the venue as it is now, or null.
 */
export async function holdVenue(tx: DbOrTx, code: string): Promise<VenueInfo | null> {
  const [row] = await tx.select().from(venues).where(eq(venues.code, code)).limit(1).for('share');
  return row ? toInfo(row) : null;
}
