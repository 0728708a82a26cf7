/**
 * The back-office calls of game venues: the venue list (a content resource), an admin's integration proposal, and
 * finance's view of transfers to and from remote venues.
 */
import { z } from 'zod';
import { Money, paginator, Timestamp } from '../common';
import { MSG } from '../messages';
import { VENUE_PROTOCOLS } from '../venue-protocols';
import {
  ADMIN,
  category,
  CONTENT,
  DateRange,
  def,
  FINANCE,
  ListPlacing,
  ListPlacingInput,
  queueFilters,
  requiredText,
  resource,
  venueFilter,
  VenueNamed,
} from './atoms';
import { AdminEmpty, type AdminEndpointDef } from './define';
import { IntegrationChange } from './integrations';

export const VENUE_WALLET_MODES = ['transfer', 'seamless'] as const;
/** A field the call does not take: absent, or the call is refused with its message. */
const integrationField = z.undefined({ message: MSG.venueIntegrationSeparate }).optional();
export const VenueInput = z.object({
  code: z
    .string({ message: MSG.venueCodeInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_]{1,32}$/, { message: MSG.venueCodeInvalid }),
  name: requiredText(MSG.nameRequired, 64),
  /** Shown beside the name; the code when left out. */
  platname: z.string().trim().max(32, { message: MSG.inputTooLong }).default(''),
  category_id: category,
  ...ListPlacingInput,
  // What lets the venue move money is not edited here (docs/operators.md "Operators and the back-office API"): sent anyway, it is refused.
  wallet_mode: integrationField,
  api_base_url: integrationField,
  api_secret: integrationField,
  currency: integrationField,
  protocol: integrationField,
  operator_id: integrationField,
  aggregator_public_key: integrationField,
  private_key: integrationField,
});
/** A key pasted as PEM text; '' when none is given. */
const pemField = z.string().trim().max(8000, { message: MSG.venueKeyTooLong }).default('');
/**
 * What lets a venue move money, proposed by an admin and applied when a second admin approves (an integration
 * change). A venue created by content has none of it and moves no money until then.
 */
export const VenueIntegrationInput = z.object({
  /**
   * How money reaches the venue (docs/venues.md "Game venues"): 'transfer' (a remote venue's own wallet, money moved in and
   * out over its API) or 'seamless' (the venue calls our wallet API for each bet and win).
   */
  wallet_mode: z.enum(VENUE_WALLET_MODES, { message: MSG.venueWalletModeInvalid }).default('transfer'),
  api_base_url: z
    .string()
    .trim()
    .max(255, { message: MSG.inputTooLong })
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), { message: MSG.venueApiUrlRequired })
    .default(''),
  /** Write-only: never answered; left empty, the stored secret stays (not when the address changes). */
  api_secret: z
    .string()
    .trim()
    .max(128, { message: MSG.inputTooLong })
    .refine((v) => v === '' || v.length >= 16, { message: MSG.venueSecretRequired })
    .default(''),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, { message: MSG.venueCurrencyInvalid })
    .default('CNY'),
  /**
   * The protocol the venue speaks (docs/venues.md "Venue protocols"): 'h5' (ours, the shared secret above) or
   * 'hub88' (the Hub88 Operator API: the three fields below sign and verify instead; no secret needed).
   */
  protocol: z.enum(VENUE_PROTOCOLS, { message: MSG.venueProtocolInvalid }).default('h5'),
  /** hub88: the aggregator's id for us (its `operator_id`, a number). */
  operator_id: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{1,15}$/.test(v), { message: MSG.venueOperatorIdInvalid })
    .default(''),
  /** hub88: the aggregator's RSA public key (PEM, pasted); left empty, the stored one stays. */
  aggregator_public_key: pemField,
  /** hub88: our RSA private key (PEM, pasted). Write-only: never answered; left empty, the stored one stays. */
  private_key: pemField,
  /** hub88: have the server make a new RSA key pair for us instead of pasting one (not with `private_key`). */
  generate_private_key: z.boolean().default(false),
});
export const AdminVenue = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  platname: z.string(),
  category_id: z.string(),
  ...ListPlacing,
  wallet_mode: z.enum(VENUE_WALLET_MODES),
  api_base_url: z.string(),
  /** Whether a signing secret is stored (the secret itself is never answered). */
  api_secret_set: z.boolean(),
  currency: z.string(),
  /** The protocol the venue speaks (h5 or hub88). */
  protocol: z.enum(VENUE_PROTOCOLS),
  /** hub88: the aggregator's id for us. */
  operator_id: z.string(),
  /** hub88: the aggregator's public key (PEM) as stored; '' when none. */
  aggregator_public_key: z.string(),
  /** hub88: whether our private key is stored (the key itself is never answered). */
  private_key_set: z.boolean(),
  /** hub88: OUR public key (PEM), derived from the stored private key, to send to the aggregator; '' when none. */
  public_key: z.string(),
  /** A change of the fields above waits for a second admin. */
  pending_change: z.boolean(),
});

/** What a catalogue sync did (docs/venues.md "Hub88 catalogue"): games listed, added, updated, hidden, skipped. */
export const VenueCatalogueSync = z.object({
  listed: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  hidden: z.number().int(),
  /** Games whose code is too long for our columns. */
  skipped: z.number().int(),
});

export const VenueTransferQueueInput = z.object({
  ...queueFilters(2),
  /** A venue code, exactly; blank for all. */
  venue: venueFilter,
  ...DateRange,
});
/** A transfer to or from a remote transfer-wallet venue, as finance follows it (docs/venues.md "Game venues"). */
export const AdminVenueTransfer = z.object({
  id: z.number().int(),
  /** Our transfer id, the venue's idempotency key. */
  transfer_no: z.string(),
  member_id: z.number().int(),
  username: z.string().optional(),
  ...VenueNamed,
  /** in: central wallet to the venue; out: the venue back to the central wallet. */
  direction: z.enum(['in', 'out']),
  amount: Money,
  /** docs/member-app.md "States and transitions": 0 failed, 1 success, 2 pending (the venue's answer is still awaited). */
  state: z.number().int(),
  note: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const venueResource = resource('/admin/api/venues', CONTENT, VenueInput, AdminVenue, 'venues', '场馆');

/** Venue transfers and integration proposals. */
export const adminVenueCalls = {
  venueTransfers: def(
    'GET',
    '/admin/api/venue-transfers',
    FINANCE,
    VenueTransferQueueInput,
    paginator(AdminVenueTransfer),
    'Transfers to and from remote venues, newest first',
  ),
  venueTransferReconcile: def(
    'POST',
    '/admin/api/venue-transfers/:transfer_no/reconcile',
    FINANCE,
    AdminEmpty,
    AdminVenueTransfer,
    'Ask the venue about a pending transfer now and finish it as its answer says (still pending while it does not answer, answers about another transfer, or confirms another amount: then the note says so)',
  ),
  venueIntegration: def(
    'POST',
    '/admin/api/venues/:id/integration',
    ADMIN,
    VenueIntegrationInput,
    IntegrationChange,
    "Propose a venue's wallet mode, API address, secret, currency and protocol, and a hub88 venue's operator id, the aggregator's public key and our private key (pasted or generated; a new address needs a new secret)",
  ),
  venueCatalogueSync: def(
    'POST',
    '/admin/api/venues/:id/catalogue-sync',
    CONTENT,
    AdminEmpty,
    VenueCatalogueSync,
    "Sync a hub88 venue's games with its aggregator's list now (added, updated, hidden), as the daily job does",
  ),
} as const satisfies Record<string, AdminEndpointDef>;
