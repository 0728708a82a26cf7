import type { VenueWalletAnswer } from '@h5/contract';

/**
 * What every venue protocol is turned into (docs/venues.md "Venue protocols"): a venue's callback, whatever protocol
 * carried it, becomes one wallet call, and the wallet's answer goes back in the protocol's own words. The wallet
 * (modules/venue-wallet/seamless-service.ts) knows only these shapes.
 *
 * Amounts are our money (a string or number with at most two decimals, as `parseMoneyToCents` reads it).
 */
export type WalletCall =
  /** The launch token handed to the venue stands for the member who launched. */
  | { action: 'authenticate'; token: string }
  | { action: 'balance'; player: string }
  | {
      action: 'bet';
      player: string;
      transaction_id: string;
      round_id: string;
      game_code: string;
      amount: string | number;
      /** When the protocol sends it: the launch token, which must still be live and the member's at this venue. */
      token?: string;
      /** When the protocol sends it: must be the venue's currency. */
      currency?: string;
    }
  | {
      action: 'win';
      player: string;
      transaction_id: string;
      round_id: string;
      amount: string | number;
      reference_transaction_id?: string;
      currency?: string;
    }
  | { action: 'rollback'; player: string; transaction_id: string; reference_transaction_id: string };

/**
 * Why a call was refused where the neutral status alone does not say; a protocol with a status for each answers it.
 * venue_disabled, member_disabled, cool_off, excluded and loss_limit come with PLAYER_DISABLED; token_expired with
 * INVALID_TOKEN; the others with INVALID_REQUEST.
 */
export type RefusalReason =
  | 'venue_disabled'
  | 'member_disabled'
  | 'cool_off'
  | 'excluded'
  | 'loss_limit'
  | 'token_expired'
  | 'wrong_currency'
  | 'wrong_syntax'
  | 'wrong_types'
  | 'unknown_venue';

/** The wallet's answer: the h5 answer's fields, and what other protocols' statuses tell apart. */
export interface WalletAnswer extends VenueWalletAnswer {
  reason?: RefusalReason;
  /**
   * The transaction id was processed before for another member, amount, round, game or reference: the repeat is
   * not the same call (DUPLICATE, or INVALID_REQUEST for another member's id). Nothing moved.
   */
  conflict?: boolean;
}

/** A venue's integration settings, as the venue row holds them; an adapter reads the ones its protocol uses. */
export interface VenueCredentials {
  /** The shared secret of HMAC-signed protocols (h5). */
  secret: string;
  /** The aggregator's id for us. */
  operatorId: string;
  /** The aggregator's public key (PEM), which verifies its calls. */
  aggregatorPublicKey: string;
  /** Our private key (PEM), which signs our answers. */
  privateKey: string;
}

/** A callback as it arrived: its call name (the protocol's path or action), the raw body, the headers. */
export interface CallbackRequest {
  name: string;
  raw: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** What goes back on the wire. */
export interface CallbackReply {
  httpStatus: number;
  /** The exact body (what a signature covers). */
  body: string;
  headers: Record<string, string>;
}

/** One protocol's callback rules. Pure: no database, no clock of its own, no module. */
export interface VenueProtocolAdapter {
  /**
   * The callback routes under `/api/venues/:code/`: a path with a fixed call name, or with an `:action` parameter
   * that names the call.
   */
  readonly routes: readonly { path: string; name?: string }[];
  /** Whether a call name is one the protocol serves. */
  isCall(name: string): boolean;
  /** The calls a transfer-wallet venue may make too (its money moves by transfers, not by these callbacks). */
  readonly transferVenueCalls: readonly string[];
  /** Whether the venue's settings are complete enough to take callbacks at all. */
  configured(credentials: VenueCredentials): boolean;
  /** Whether the raw body is signed by the venue. Nothing is parsed for a caller who cannot sign. */
  verify(credentials: VenueCredentials, request: CallbackRequest): boolean;
  /** The wallet call a verified JSON body stands for, or the refusal it earns (`nowSeconds`: our clock). */
  parse(name: string, json: unknown, nowSeconds: number): { call: WalletCall } | { refusal: WalletAnswer };
  /** The wallet's answer in the protocol's words (credentials null: the venue is unknown, nothing is signed). */
  reply(
    venue: { credentials: VenueCredentials; currency: string } | null,
    request: CallbackRequest,
    answer: WalletAnswer,
  ): CallbackReply;
}
