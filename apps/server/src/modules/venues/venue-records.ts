import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { perDatabase, sameTurnReads } from '../../lib/same-turn-reads';
import { valuesByKey } from '../../db/values-by-key';
import { venues } from '../../db/tables/venues';
import type { VenueCredentials } from '../../providers/venues/venue-protocol';

/**
 * What other areas read and write of the venue rows, each answer named for what it is: the venue rows are this
 * area's, below content, wallet, venue-wallet, rebates and integrations, which all read them (apps/server/src/README.md
 * "Areas own their data"). A `tx` given runs in the caller's transaction.
 */

/** A venue's row: its code, name, category, switch, wallet mode and the settings its calls are made and checked with. */
export type Venue = typeof venues.$inferSelect;

/** How money reaches a venue (venues.wallet_mode). */
export type VenueWalletMode = Venue['walletMode'];

/** The settings a venue's protocol signs and verifies with, as its row holds them. */
export const venueCredentials = (row: Venue): VenueCredentials => ({
  secret: row.apiSecret,
  operatorId: row.operatorId,
  aggregatorPublicKey: row.aggregatorPublicKey,
  privateKey: row.privateKey,
});

/** The venue with exactly this code, or undefined. */
export async function venueByCode(db: DbOrTx, code: string): Promise<Venue | undefined> {
  const [row] = await db.select().from(venues).where(eq(venues.code, code)).limit(1);
  return row;
}

/** The venue of a code in any case (clients send "ag" as well as "AG"), or undefined. */
export async function venueByCodeInAnyCase(db: DbOrTx, code: string): Promise<Venue | undefined> {
  const [row] = await db
    .select()
    .from(venues)
    .where(sql`lower(${venues.code}) = lower(${code})`)
    .limit(1);
  return row;
}

/**
 * The venue of a lower-cased code, read together with the other codes asked in the same turn (lib/same-turn-reads):
 * a member's transfer reads its venue this way. The pool only, never a transaction.
 */
export const venueByLowerCode = perDatabase((db: Db) => {
  const query = db
    .select()
    .from(venues)
    .where(sql`lower(${venues.code}) = ANY(${sql.placeholder('codes')})`)
    .prepare('venues_by_codes');
  return sameTurnReads(
    (codes: string[]) => query.execute({ codes }),
    (row) => row.code.toLowerCase(),
  );
});

/** Every venue in display order (sort, then id). */
export async function allVenues(db: DbOrTx): Promise<Venue[]> {
  return db.select().from(venues).orderBy(asc(venues.sort), asc(venues.id));
}

/** The codes of the transfer-wallet venues that have an API address to call. */
export async function transferVenueCodes(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ code: venues.code })
    .from(venues)
    .where(and(eq(venues.walletMode, 'transfer'), ne(venues.apiBaseUrl, '')));
  return rows.map((row) => row.code);
}

/** The display names of the venues with exactly these codes, by code (unknown codes are absent), in one read. */
export async function venueNamesByCode(db: DbOrTx, codes: readonly string[]): Promise<Map<string, string>> {
  return valuesByKey(db, venues.code, venues.name, codes);
}

/**
 * Rows that name a venue by its code, each given the venue's display name for the people who read them (the
 * console shows 星河真人, never XHZR); the code itself stands in when the venue has since been deleted.
 */
export async function withVenueNames<Row extends { venue_code: string }>(
  db: DbOrTx,
  rows: readonly Row[],
): Promise<(Row & { venue_name: string })[]> {
  const names = await venueNamesByCode(db, rows.map((row) => row.venue_code).filter(Boolean));
  return rows.map((row) => ({ ...row, venue_name: names.get(row.venue_code) ?? row.venue_code }));
}

/** The venue with this id, its row locked for the rest of the caller's transaction; undefined when there is none. */
export async function lockVenueById(tx: Tx, id: number): Promise<Venue | undefined> {
  const [row] = await tx.select().from(venues).where(eq(venues.id, id)).for('update');
  return row;
}

/** The venue with exactly this code, its row locked for the rest of the caller's transaction; undefined when none. */
export async function lockVenueByCode(tx: Tx, code: string): Promise<Venue | undefined> {
  const [row] = await tx.select().from(venues).where(eq(venues.code, code)).for('update');
  return row;
}

/** How money reaches a venue and with what: its wallet mode, API address, currency and (when given) secret. */
export interface VenueIntegrationColumns {
  walletMode: VenueWalletMode;
  apiBaseUrl: string;
  currency: string;
  /** The new shared secret; absent or '' keeps the one the venue has. */
  apiSecret?: string;
}

/** Writes a venue's integration in the caller's transaction (an approved change, modules/integrations). */
export async function setVenueIntegration(tx: Tx, id: number, next: VenueIntegrationColumns): Promise<void> {
  await tx
    .update(venues)
    .set({
      walletMode: next.walletMode,
      apiBaseUrl: next.apiBaseUrl,
      currency: next.currency,
      ...(next.apiSecret ? { apiSecret: next.apiSecret } : {}),
    })
    .where(eq(venues.id, id));
}
