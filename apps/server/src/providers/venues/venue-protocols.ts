import type { VenueProtocol } from '@h5/contract';
import { h5Protocol } from './h5/h5-protocol';
import { hub88Protocol } from './hub88/hub88-protocol';
import type { VenueProtocolAdapter } from './venue-protocol';

/**
 * The venue protocols by name, one adapter each (docs/venues.md "Venue protocols"). The names are the contract's
 * VENUE_PROTOCOLS: a name without an adapter here does not compile.
 */
export const venueProtocols: Record<VenueProtocol, VenueProtocolAdapter> = { h5: h5Protocol, hub88: hub88Protocol };
