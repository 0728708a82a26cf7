import { adminEndpoints } from '@h5/contract';
import { callAdmin, callAdminWithMessage } from '../../shared/api/client';
import type { PageRequest } from '../../shared/table/use-paged-table';
import { apiState } from '../../shared/table/queue-filters';

const e = adminEndpoints;

export type ReconFilters = { state: string; venue: string; day: string };

/** Differences as filtered on screen: a state ('all' for both), a venue code and a Beijing day. */
export const fetchReconDifferences = (f: ReconFilters, page: PageRequest, signal: AbortSignal) =>
  callAdmin(e.venueReconDifferences, {
    input: { ...page, state: apiState(f.state) as 'open' | 'resolved' | undefined, venue: f.venue.trim(), day: f.day },
    signal,
  });

export const resolveReconDifference = (id: number, note: string) =>
  callAdminWithMessage(e.venueReconResolve, { params: { id }, input: { note } });

export const afterResolve = [['venueReconDifferences']];
