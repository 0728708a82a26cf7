import type { VenueProtocol } from '@h5/contract';
import { h5Launch } from './h5/h5-launch';
import { hub88Launch } from './hub88/hub88-launch';
import type { VenueLauncher } from './venue-launch';

/**
 * How each venue protocol asks for a game's address (docs/venues.md "Venue protocols"), beside the callback adapters
 * of venue-protocols.ts: a name of the contract's VENUE_PROTOCOLS without a launcher here does not compile.
 */
export const venueLaunchers: Record<VenueProtocol, VenueLauncher> = { h5: h5Launch, hub88: hub88Launch };
