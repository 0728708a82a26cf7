import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { TransferVenue } from '../../providers/venues/venue-transfer';
import { venueTransferClients } from '../../providers/venues/venue-transfer-clients';
import { venueHasOpenBets } from '../bets/bet-records';
import { venueAccountsHoldMoney } from '../ledger/ledger-service';
import {
  allVenues,
  type Venue,
  venueByCode,
  venueByCodeInAnyCase,
  venueByLowerCode,
  venueCredentials,
} from '../venues/venue-records';
import { venueTransfers } from '../../db/tables/wallet';

export interface VenueInfo {
  /** The code clients send as plat_name, sourcetype and targettype (e.g. "AG"). */
  code: string;
  /** Display name. */
  name: string;
  category: string;
  enabled: boolean;
  /** How money reaches it (venues.wallet_mode). */
  walletMode: 'ledger' | 'transfer' | 'seamless';
  /** The protocol it speaks (venues.protocol; docs/venues.md "Venue protocols"). */
  protocol: Venue['protocol'];
}

const toInfo = (row: Venue): VenueInfo => ({
  code: row.code,
  name: row.name,
  category: row.categoryId,
  enabled: row.enabled === 1,
  walletMode: row.walletMode,
  protocol: row.protocol,
});

/**
 * A remote venue's address, currency, protocol and integration settings, read when it is called (never kept in
 * memory): a transfer-wallet venue, or with `mode` 'seamless' a seamless one (which we call only to launch games),
 * whose protocol's transfer client has the settings it signs with.
 */
export async function remoteVenue(
  db: DbOrTx,
  code: string,
  mode: 'transfer' | 'seamless' = 'transfer',
): Promise<(TransferVenue & { category: string }) | null> {
  const row = await venueByCode(db, code);
  return row ? remoteOf(row, mode) : null;
}

function remoteOf(row: Venue, mode: 'transfer' | 'seamless'): (TransferVenue & { category: string }) | null {
  if (row.walletMode !== mode || !row.apiBaseUrl) return null;
  const credentials = venueCredentials(row);
  if (!venueTransferClients[row.protocol].configured(credentials)) return null;
  return {
    code: row.code,
    apiBaseUrl: row.apiBaseUrl,
    currency: row.currency,
    protocol: row.protocol,
    credentials,
    category: row.categoryId,
  };
}

/** Every venue in display order. */
export async function listVenues(db: DbOrTx): Promise<VenueInfo[]> {
  return (await allVenues(db)).map(toInfo);
}

/** A venue by its code, regardless of case (clients send "ag" as well as "AG"); no code names no venue. */
export async function findVenue(db: DbOrTx, code: string): Promise<VenueInfo | null> {
  const row = code ? await venueByCodeInAnyCase(db, code) : undefined;
  return row ? toInfo(row) : null;
}

/**
 * A venue by its code (any case) as findVenue answers it, with its address and settings when it is a transfer-wallet
 * venue ready to call (as remoteVenue answers it): a member's transfer reads the venue once.
 */
export async function findVenueToTransfer(
  db: Db,
  code: string,
): Promise<{ info: VenueInfo; remote: TransferVenue | null } | null> {
  // The transfers that arrive together share one read of their venues.
  const row = code ? await venueByLowerCode(db)(code.toLowerCase()) : undefined;
  return row ? { info: toInfo(row), remote: remoteOf(row, 'transfer') } : null;
}

/** The advisory lock key of a venue (codes are compared regardless of case). */
const venueLock = (code: string) => sql`hashtext(${`venue:${code.toLowerCase()}`})`;

/**
 * The venue, held for the rest of a money movement's transaction: a back-office delete of the venue (which takes
 * the same lock exclusively, then checks that no member holds money there) waits for the movement, and a movement
 * never lands in a venue deleted meanwhile. A shared advisory lock rather than a shared row lock: every member's
 * movements take it at once, and shared row locks on one row pile up as multixacts that serialise them.
 * Answers the venue as it is now, or null.
 */
export async function holdVenue(tx: DbOrTx, code: string): Promise<VenueInfo | null> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${venueLock(code)})`);
  const row = await venueByCode(tx, code);
  return row ? toInfo(row) : null;
}

/** Waits for every money movement of a venue in progress and keeps new ones out until the transaction ends. */
export async function holdVenueExclusively(tx: DbOrTx, code: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${venueLock(code)})`);
}

const sameCode = (column: typeof venueTransfers.venueCode, code: string) => sql`lower(${column}) = lower(${code})`;

/**
 * Whether members still have money at a venue: a venue wallet above zero, or a stake in an unsettled bet there.
 * Such a venue is never deleted (its balances would drop out of balancelist, transall and the recycle of the back
 * office); it is disabled instead, which stops transfers in and launches while transfers out and recycling go on.
 */
export async function venueHoldsMoney(tx: Tx, code: string): Promise<boolean> {
  // Money the members sent to a transfer-wallet venue and did not take back yet is on the venue's float accounts
  // (house:venue:CODE:sNN); a transfer still in doubt may yet move some.
  if (await venueAccountsHoldMoney(tx, code)) return true;
  const [pending] = await tx
    .select({ n: count() })
    .from(venueTransfers)
    .where(and(sameCode(venueTransfers.venueCode, code), eq(venueTransfers.state, 2)));
  if ((pending?.n ?? 0) > 0) return true;
  return venueHasOpenBets(tx, code);
}
