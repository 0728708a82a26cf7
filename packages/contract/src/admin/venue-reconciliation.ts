/**
 * Finance's view of the daily reconciliation of hub88 venues (docs/venues.md "Hub88 reconciliation"): what differs
 * between our seamless transactions and the aggregator's list, by day and venue, and 已核实 with a note.
 */
import { z } from 'zod';
import { Money, paginator, Timestamp } from '../common';
import { BeijingDate, blankIsAbsent, def, FINANCE, Paging, reasonInput, venueFilter, VenueNamed } from './atoms';
import type { AdminEndpointDef } from './define';

/** The answers of these calls (kept here: only this screen says them). */
export const VENUE_RECON_MSG = {
  noteRequired: '请填写核实说明',
  alreadyResolved: '该差异已核实',
  resolved: '已标记为已核实',
} as const;

/** missing_ours: the aggregator lists it, we have none; missing_theirs: the reverse; amount, kind: both differ. */
export const VENUE_RECON_DIFFERENCES = ['missing_ours', 'missing_theirs', 'amount', 'kind'] as const;
export const VENUE_RECON_STATES = ['open', 'resolved'] as const;

export const VenueReconQueueInput = z.object({
  ...Paging,
  /** The Beijing day compared; blank for every day. */
  day: BeijingDate.optional(),
  /** A venue code, exactly; blank for all. */
  venue: venueFilter,
  /** open (not yet 已核实), resolved; blank for both. */
  state: z.preprocess(blankIsAbsent, z.enum(VENUE_RECON_STATES).optional()),
});

/** One side's record of the transaction as it told it. */
const OurRecord = z.object({
  /** bet, win or rollback. */
  kind: z.string(),
  amount: Money,
  /** The member's username. */
  player: z.string(),
  at: Timestamp,
});
const TheirRecord = z.object({
  kind: z.string(),
  amount: Money,
  player: z.string(),
  /** The aggregator's status of it (TS_SUCCESS: taken). */
  status: z.string(),
  /** Their time as listed (UTC). */
  at: z.string(),
});

export const AdminVenueReconDifference = z.object({
  id: z.number().int(),
  day: z.string(),
  ...VenueNamed,
  transaction_id: z.string(),
  difference: z.enum(VENUE_RECON_DIFFERENCES),
  round_id: z.string(),
  /** Null when we have no such transaction. */
  ours: OurRecord.nullable(),
  /** Null when the aggregator lists none. */
  theirs: TheirRecord.nullable(),
  state: z.enum(VENUE_RECON_STATES),
  note: z.string(),
  resolved_by: z.string(),
  resolved_at: Timestamp.nullable(),
  created_at: Timestamp,
});

export const VenueReconResolveInput = reasonInput(VENUE_RECON_MSG.noteRequired, 255);

export const adminVenueReconCalls = {
  venueReconDifferences: def(
    'GET',
    '/admin/api/venue-reconciliation',
    FINANCE,
    VenueReconQueueInput,
    paginator(AdminVenueReconDifference),
    "What the daily reconciliation of hub88 venues found to differ from the aggregator's list, newest day first",
  ),
  venueReconResolve: def(
    'POST',
    '/admin/api/venue-reconciliation/:id/resolve',
    FINANCE,
    VenueReconResolveInput,
    AdminVenueReconDifference,
    'Mark a difference 已核实 with a note (moves no money and changes no transaction)',
  ),
} as const satisfies Record<string, AdminEndpointDef>;
