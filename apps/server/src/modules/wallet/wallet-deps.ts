import type { Db } from '../../db/client';
import type { OutboundPolicy } from '../../lib/outbound';
import type { Clock } from '../../lib/time';
import type { VenueBalanceCache } from './venue-balance-store';

/** What the wallet's calls need: the database, the clock, and how venue calls are made and their balances kept. */
export interface WalletDeps {
  db: Db;
  clock: Clock;
  /** How long a remote venue's call may take before it is treated as in doubt. */
  venueTimeoutMs: number;
  /** Where venue calls may go (OUTBOUND_ALLOW). */
  outbound: OutboundPolicy;
  /** The venue balances shown to members, kept a short while (venue-balance-cache.ts). */
  venueBalances: VenueBalanceCache;
}
