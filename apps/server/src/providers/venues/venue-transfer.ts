import type { VenueProtocol } from '@h5/contract';
import type { OutboundPolicy } from '../../lib/outbound';
import type { Clock } from '../../lib/time';
import type { VenueCredentials } from './venue-protocol';

/**
 * Money moved to and from a transfer-wallet venue, whatever protocol carries it (docs/venues.md "Venue protocols"):
 * the transfer engine (modules/wallet/remote-transfers.ts) opens, finishes, refunds and reconciles the transfer; the
 * venue's protocol only decides how the venue is asked. Every answer is either one we can trust (signed by the venue
 * and bound to this request) or in doubt, which may mean the venue did what we asked: the transfer stays pending.
 */

/** A transfer-wallet venue as its client reads it: where it is, its integration settings, its currency. */
export interface TransferVenue {
  code: string;
  apiBaseUrl: string;
  currency: string;
  protocol: VenueProtocol;
  credentials: VenueCredentials;
}

/** One transfer as the engine keeps it: our transfer number is the venue's idempotency key. */
export interface VenueTransfer {
  /** The member's username: the name the venue knows the player by. */
  player: string;
  transferNo: string;
  direction: 'in' | 'out';
  /** Whole cents, positive. */
  cents: number;
}

export interface VenueCallOptions {
  clock: Clock;
  timeoutMs: number;
  /** Where the call may go: a refused address is a call that got no answer (nothing is sent). */
  outbound: OutboundPolicy;
}

/** A call that ended without an answer we can act on. `reason` is one of venue-answer-binding.ts's when the answer was signed but not bound to this request. */
export interface InDoubt {
  kind: 'in-doubt';
  reason: string;
}

/** The venue's answer to a deposit or withdrawal. */
export type TransferAnswer =
  /** The money moved (now, or the first time this transfer number was sent). */
  | { kind: 'done' }
  /** It did not, and never will under this transfer number; `note` is what finance reads. */
  | { kind: 'refused'; note: string }
  | InDoubt;

/** The venue's answer about a transfer sent before (reconciliation). */
export type TransferStatusAnswer =
  /**
   * The venue's record of it: applied or failed, and the amount it applied (`amount` as the venue wrote it), which the
   * engine compares with ours.
   */
  | { kind: 'found'; succeeded: boolean; cents: number; amount: string; note: string }
  /** The venue never accepted this transfer number. */
  | { kind: 'unknown' }
  /** An answer that settles nothing (a misconfigured venue): left pending for an operator. */
  | { kind: 'unsettled' }
  | InDoubt;

/** One page of a venue's settled bets after a cursor, as the bets pull stores them. */
export interface SettledBetsPage {
  bets: { bet_id: string; player: string; game_code: string; stake: string; payout: string; settled_at: number }[];
  next_cursor: string;
}

/** One protocol's transfer calls. Nothing here throws for a venue's failure: it answers in doubt. */
export interface VenueTransferClient {
  /** Whether the venue's settings are complete enough to call it at all. */
  configured(credentials: VenueCredentials): boolean;
  /** Money from our central wallet to the member's wallet at the venue. */
  deposit(venue: TransferVenue, transfer: VenueTransfer, options: VenueCallOptions): Promise<TransferAnswer>;
  /** Money from the member's wallet at the venue back to us. */
  withdraw(venue: TransferVenue, transfer: VenueTransfer, options: VenueCallOptions): Promise<TransferAnswer>;
  /** What the venue knows of a transfer sent before, to finish it once (the request may have ended in doubt). */
  status(venue: TransferVenue, transfer: VenueTransfer, options: VenueCallOptions): Promise<TransferStatusAnswer>;
  /** The member's balance at the venue in cents, or null when it does not answer. */
  balance(venue: TransferVenue, player: string, options: VenueCallOptions): Promise<number | null>;
  /**
   * The venue's settled bets after our cursor, or null when it does not answer; absent for a protocol whose bets
   * are not pulled this way.
   */
  settledBets?(
    venue: TransferVenue,
    page: { cursor: string; limit: number },
    options: VenueCallOptions,
  ): Promise<SettledBetsPage | null>;
}
