import type { OutboundPolicy } from '../../lib/outbound';
import type { Clock } from '../../lib/time';
import type { VenueCredentials } from './venue-protocol';

/**
 * A game launch, whatever protocol carries it (docs/venues.md "Venue protocols"): the wallet issues the launch token
 * and moves the money; the venue's protocol only decides how its game server is asked for the game's address.
 */
export interface GameLaunch {
  /** The member's username: the name the venue's wallet calls and bet records name them by. */
  player: string;
  /** Our launch token, which the venue authenticates the member with through our wallet API. */
  token: string;
  gameCode: string;
  mobile: boolean;
  /** Where the game's lobby button sends the member back to. */
  lobbyUrl: string;
  /** The member's address. */
  ip: string;
}

/** A venue as a launch reads it: where its game server is, its integration settings, its currency. */
export interface LaunchVenue {
  code: string;
  apiBaseUrl: string;
  currency: string;
  credentials: VenueCredentials;
}

export interface LaunchOptions {
  clock: Clock;
  timeoutMs: number;
  /** Where the call may go: a refused address is a launch that got no answer. */
  outbound: OutboundPolicy;
}

/**
 * Asks one protocol's game server for the game's address: the address, or null when the venue refused, timed out or
 * answered nothing usable (every failure is the member's "venue not answering", never a server error).
 */
export type VenueLauncher = (
  venue: LaunchVenue,
  launch: GameLaunch,
  options: LaunchOptions,
) => Promise<{ url: string } | null>;
