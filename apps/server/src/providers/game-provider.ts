import type { Tx } from '../db/client';

export interface VenueRef {
  memberId: number;
  /** Venue code, e.g. "AG". */
  venue: string;
  category: string;
}

export interface LaunchRequest extends VenueRef {
  gameType: string;
  gameCode: string;
  /** Origin of the member's request, for building absolute URLs. */
  origin: string;
  mobile: boolean;
  /** Hash of the member session that launches the game: the launch must not outlive that session. */
  sessionHash: string;
}

/**
 * What the platform needs from a game venue (DESIGN "Venues and games"). Money always moves through our ledger
 * first: `transferIn` and `transferOut` run inside the ledger transaction that moved the member's money, so a
 * venue that refuses throws and the whole movement rolls back (SERVER-RULES: a failed venue call refunds).
 */
export interface GameProvider {
  readonly name: string;
  /** Whether members may move money into its ledger venues (the sandbox: yes; no venue connected: no). */
  readonly acceptsMoneyIn: boolean;
  /** Creates the member's account at the venue if missing. */
  ensureAccount(tx: Tx, ref: VenueRef): Promise<void>;
  /** The venue's own view of the member's balance, in cents. */
  balance(tx: Tx, ref: VenueRef): Promise<number>;
  transferIn(tx: Tx, ref: VenueRef, cents: number, reference: string): Promise<void>;
  transferOut(tx: Tx, ref: VenueRef, cents: number, reference: string): Promise<void>;
  launchUrl(tx: Tx, request: LaunchRequest): Promise<string>;
}
