import type { VenueProtocol } from '@h5/contract';
import type { DbOrTx } from '../../db/client';
import type { LaunchVenue } from '../../providers/venues/venue-launch';
import { venueProtocols } from '../../providers/venues/venue-protocols';
import { venueByCode, venueCredentials } from './venue-records';

/**
 * A venue's game server as a launch reads it, read when it is called (never kept in memory): null unless the venue
 * is in `mode` (a transfer-wallet venue, or a seamless one, which we call only to launch games), has an address and
 * holds the settings its protocol signs with.
 */
export async function venueToLaunch(
  db: DbOrTx,
  code: string,
  mode: 'transfer' | 'seamless',
): Promise<(LaunchVenue & { protocol: VenueProtocol }) | null> {
  const row = await venueByCode(db, code);
  if (!row || row.walletMode !== mode || !row.apiBaseUrl) return null;
  const credentials = venueCredentials(row);
  if (!venueProtocols[row.protocol].configured(credentials)) return null;
  return { code: row.code, apiBaseUrl: row.apiBaseUrl, currency: row.currency, credentials, protocol: row.protocol };
}
