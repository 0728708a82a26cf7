import { z } from 'zod';
import { Money } from './common';

/**
 * The seamless-wallet callback API a venue calls at `/api/venues/{code}/wallet/{action}` (docs/venues.md "Game venues"):
 * the venue debits and credits the member's central wallet. Every request is a JSON body signed with the venue's
 * secret: `X-Signature` is the hex HMAC-SHA256 of the raw body, and the body's `timestamp` (Unix seconds) must be
 * within five minutes of ours, so a captured request cannot be replayed later with a new meaning.
 */
/** How far a signed request's or answer's `timestamp` may be from the receiver's clock, in seconds. */
export const VENUE_SIGNATURE_WINDOW_SECONDS = 300;

export const VENUE_WALLET_ACTIONS = ['authenticate', 'balance', 'bet', 'win', 'rollback'] as const;
export type VenueWalletAction = (typeof VENUE_WALLET_ACTIONS)[number];

export const VenueWalletStatus = z.enum([
  'OK',
  'INSUFFICIENT_FUNDS',
  'INVALID_SIGNATURE',
  'INVALID_TOKEN',
  'PLAYER_DISABLED',
  /** The transaction id was processed before: the answer carries the balance answered then. */
  'DUPLICATE',
  'UNKNOWN_TRANSACTION',
  /** A rollback of a bet that was already won, or a win for a bet that was rolled back. */
  'TRANSACTION_CLOSED',
  /** A body that is not what the action takes (after its signature was verified). */
  'INVALID_REQUEST',
]);
export type VenueWalletStatus = z.infer<typeof VenueWalletStatus>;

/** The HTTP status of each answer: 200 when the venue's request was carried out or had been before. */
export const VENUE_WALLET_HTTP_STATUS: Record<VenueWalletStatus, number> = {
  OK: 200,
  DUPLICATE: 200,
  INSUFFICIENT_FUNDS: 402,
  INVALID_SIGNATURE: 401,
  INVALID_TOKEN: 401,
  PLAYER_DISABLED: 403,
  UNKNOWN_TRANSACTION: 404,
  TRANSACTION_CLOSED: 409,
  INVALID_REQUEST: 400,
};

const Id = z.string().trim().min(1).max(64);
/** A positive amount with at most two decimals, as a string ("12.50") or a JSON number. */
const Amount = z.union([z.string().max(20), z.number()]);
const Signed = { timestamp: z.number().int() };

export const venueWalletBodies = {
  authenticate: z.object({ ...Signed, token: z.string().min(1).max(128) }),
  balance: z.object({ ...Signed, player: Id }),
  bet: z.object({
    ...Signed,
    player: Id,
    transaction_id: Id,
    round_id: Id,
    game_code: z.string().max(64).default(''),
    amount: Amount,
  }),
  win: z.object({
    ...Signed,
    player: Id,
    transaction_id: Id,
    round_id: Id,
    amount: Amount,
    reference_transaction_id: Id.optional(),
  }),
  rollback: z.object({ ...Signed, player: Id, transaction_id: Id, reference_transaction_id: Id }),
} satisfies Record<VenueWalletAction, z.ZodType>;

export const VenueWalletAnswer = z.object({
  status: VenueWalletStatus,
  /** The central wallet balance after the call ('0.00' where there is no player to speak of). */
  balance: Money,
  /** authenticate only. */
  player: z.string().optional(),
  currency: z.string().optional(),
  /** A short Chinese explanation on refusals, for the venue's support staff. */
  message: z.string().optional(),
});
export type VenueWalletAnswer = z.infer<typeof VenueWalletAnswer>;

/**
 * The API of a remote transfer-wallet venue (an aggregator), as we call it at the venue's `api_base_url`: each call a
 * signed JSON POST (the same `X-Signature` and `timestamp` rules), each answer signed the same way by the venue.
 * `transfer_id` is our transfer number and the venue's idempotency key: a repeat is answered with the first result.
 * An answer about a transfer (to `/transfers` or `/transfers/status`) is bound to the request it answers: it carries
 * our `transfer_id`, the amount and the venue's own fresh `timestamp` under its signature. One that names another
 * transfer, another amount or a time outside the five-minute window proves nothing (a replayed answer): the transfer
 * stays pending, neither completed nor refunded.
 * A player unknown to the venue is created by the first transfer or launch that names it.
 */
export const VENUE_API_PATHS = {
  balance: '/balance',
  transfer: '/transfers',
  transferStatus: '/transfers/status',
  launch: '/launch',
  bets: '/bets',
} as const;

export const venueApiBodies = {
  balance: z.object({ ...Signed, player: Id }),
  transfer: z.object({ ...Signed, player: Id, transfer_id: Id, direction: z.enum(['in', 'out']), amount: Money }),
  transferStatus: z.object({ ...Signed, transfer_id: Id }),
  launch: z.object({
    ...Signed,
    player: Id,
    game_code: z.string().max(64),
    mobile: z.boolean(),
    /** The launch token the venue authenticates the member with through our callback API (a seamless venue must). */
    token: z.string().max(128).optional(),
    /** Where the member came from (the site's address as the member reached it), for the game's way back. */
    return_url: z.string().max(500).optional(),
  }),
  bets: z.object({ ...Signed, cursor: z.string().max(128), limit: z.number().int().min(1).max(1000) }),
};

export const VenueApiStatus = z.enum([
  'OK',
  'INSUFFICIENT_FUNDS',
  'UNKNOWN_TRANSACTION',
  'INVALID_SIGNATURE',
  'INVALID_REQUEST',
]);

/** What binds an answer to the transfer it speaks of: our transfer number and the venue's time of answering. */
const BoundAnswer = { transfer_id: Id, timestamp: z.number().int() };

export const venueApiAnswers = {
  balance: z.object({ status: VenueApiStatus, balance: Money.optional() }),
  /**
   * OK: the money moved (now or the first time); INSUFFICIENT_FUNDS: it did not, and never will for this id. `amount`
   * is the amount asked for, as the venue read it.
   */
  transfer: z.object({ ...BoundAnswer, status: VenueApiStatus, amount: Money, balance: Money.optional() }),
  /**
   * UNKNOWN_TRANSACTION: the venue never accepted this transfer id. `transfer.amount` is what the venue applied: one
   * that differs from ours leaves the transfer pending for finance.
   */
  transferStatus: z.object({
    ...BoundAnswer,
    status: VenueApiStatus,
    transfer: z.object({ state: z.enum(['SUCCESS', 'FAILED']), amount: Money }).optional(),
  }),
  launch: z.object({ status: VenueApiStatus, url: z.string().optional() }),
  bets: z.object({
    status: VenueApiStatus,
    bets: z
      .array(
        z.object({
          bet_id: Id,
          player: Id,
          game_code: z.string().max(64),
          stake: Money,
          payout: Money,
          settled_at: z.number().int(),
        }),
      )
      .default([]),
    next_cursor: z.string().max(128).default(''),
  }),
};
export type VenueApiCall = keyof typeof venueApiBodies;
