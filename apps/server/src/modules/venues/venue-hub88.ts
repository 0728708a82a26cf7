import type { DbOrTx } from '../../db/client';
import type { Hub88Operator } from '../../providers/venues/hub88/hub88-games-client';
import { venueByCode } from './venue-records';

/** What our Games API calls to a hub88 venue's aggregator need: where, as whom, signed how, in which currency. */
export interface Hub88Venue {
  code: string;
  operator: Hub88Operator;
  currency: string;
}

/**
 * The Games API settings of a venue speaking `hub88` (docs/venues.md "Venue protocols"), seamless or transfer wallet
 * alike, read when it is called (never kept in memory); null for a venue of another protocol, or one with no API
 * address yet.
 */
export async function hub88VenueByCode(db: DbOrTx, code: string): Promise<Hub88Venue | null> {
  const row = await venueByCode(db, code);
  if (!row || row.protocol !== 'hub88' || !row.apiBaseUrl) return null;
  return {
    code: row.code,
    operator: { baseUrl: row.apiBaseUrl, operatorId: row.operatorId, privateKey: row.privateKey },
    currency: row.currency,
  };
}
