import type { VenueProtocol } from '@h5/contract';
import { h5Transfer } from './h5/h5-transfer';
import { hub88TransferClient } from './hub88/hub88-transfer-client';
import type { VenueTransferClient } from './venue-transfer';

/**
 * How each venue protocol moves money to and from a transfer-wallet venue (docs/venues.md "Venue protocols"), beside
 * the callback adapters of venue-protocols.ts and the launchers of venue-launchers.ts: a name of the contract's
 * VENUE_PROTOCOLS without a client here does not compile.
 */
export const venueTransferClients: Record<VenueProtocol, VenueTransferClient> = {
  h5: h5Transfer,
  hub88: hub88TransferClient,
};
