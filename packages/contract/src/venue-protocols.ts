/**
 * The protocols a game venue may speak (docs/venues.md "Venue protocols"). A venue row names one; the server keeps one
 * adapter per name (apps/server/src/providers/venues/venue-protocols.ts), and its type makes a name without an
 * adapter a compile error. `h5` is our own venue-wallet protocol (`venue-wallet.ts`); `hub88` is the Hub88 Operator
 * API's seamless Wallet API. zod-free.
 */
export const VENUE_PROTOCOLS = ['h5', 'hub88'] as const;
export type VenueProtocol = (typeof VENUE_PROTOCOLS)[number];

/** The protocol a venue speaks when none is named: every venue made before protocols existed speaks it. */
export const DEFAULT_VENUE_PROTOCOL: VenueProtocol = 'h5';
