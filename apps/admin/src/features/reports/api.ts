import { adminEndpoints } from '@h5/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../shared/api/client';
import type { PageRequest } from '../../shared/table/use-paged-table';

/** A range of Beijing days, both included ('YYYY-MM-DD'). */
export type DayRange = { from: string; to: string };

// Silent: a refusal (a range too long, a day that does not exist) is shown on the page, in the server's words,
// for as long as the range stands, rather than as a toast that fades.

export function useDailyReport(range: DayRange) {
  return useQuery({
    queryKey: ['reportDaily', range.from, range.to],
    queryFn: ({ signal }) => callAdmin(adminEndpoints.reportDaily, { input: range, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useVenueReport(range: DayRange) {
  return useQuery({
    queryKey: ['reportVenues', range.from, range.to],
    queryFn: ({ signal }) => callAdmin(adminEndpoints.reportVenues, { input: range, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export type MemberReportFilters = DayRange & { username: string };

export const fetchMemberReport = (f: MemberReportFilters, page: PageRequest, signal: AbortSignal) =>
  callAdmin(adminEndpoints.reportMembers, { input: { ...f, ...page }, signal, silent: true });
