import { adminEndpoints } from '@h5/contract';
import { callAdmin, callAdminWithMessage } from '../../shared/api/client';
import type { PageRequest } from '../../shared/table/use-paged-table';
import { apiState } from '../../shared/table/queue-filters';

const e = adminEndpoints;

export type TransferFilters = { state: string; venue: string; from: string; to: string };

/** Transfers as filtered on screen: a state ('all' for every one), a venue code and Beijing days. */
export const fetchVenueTransfers = (f: TransferFilters, page: PageRequest, signal: AbortSignal) =>
  callAdmin(e.venueTransfers, {
    input: { ...page, state: apiState(f.state), venue: f.venue.trim(), from: f.from, to: f.to },
    signal,
  });

export const reconcileVenueTransfer = (transferNo: string) =>
  callAdminWithMessage(e.venueTransferReconcile, { params: { transfer_no: transferNo }, input: {} });

/** What asking a venue changes besides this list: the member's balances and transfers. */
export const afterReconcile = [['venueTransfers'], ['member'], ['memberTab']];
