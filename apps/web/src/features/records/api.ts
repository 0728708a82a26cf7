import type { Paginator } from '@h5/contract';
import { apiRoutes } from '@h5/contract/routes';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { useSessionStore } from '../../shared/session/session-store';

export interface BetRecordFilter {
  /** Venue code sent as api_type; '' is every venue (全部). */
  platform: string;
  /** PERIOD code 1..4 sent as date. */
  period: number;
}

/** The next page to load, or undefined once the loaded count reaches the total (SPEC 4: lists load from page 1). */
export function nextPageOf<T>(pages: readonly Paginator<T>[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last) return 1;
  const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
  // An empty page also ends the list: a total that never arrives must not page forever.
  if (loaded >= last.total || last.data.length === 0) return undefined;
  return pages.length + 1;
}

/**
 * POST /api/betrecord {date, page, api_type}, page after page from 1. A filter change is a new key, so the list
 * starts again at page 1; gcTime 0 drops a filter's pages once it is left, so coming back also starts at page 1.
 */
export function useBetRecords({ platform, period }: BetRecordFilter) {
  const token = useSessionStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: ['betRecord', token, platform, period],
    queryFn: ({ pageParam, signal }) =>
      callApi(apiRoutes.betRecord, { date: period, page: pageParam, api_type: platform }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageOf(pages),
    enabled: Boolean(token),
    gcTime: 0,
    staleTime: 0,
  });
}

/** The venues of the platform filter (bets, rebates): POST /api/balancelist once (the wallet pages share the cache and poll it). */
export function useFilterPlatforms() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: ['balanceList', token],
    queryFn: () => callApi(apiRoutes.balanceList, {}, { silent: true }),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
}

export interface TransRecordFilter {
  /** TRANSACTION_TYPE code 1..4 sent as type. */
  type: number;
  /** PERIOD code 1..4 sent as date. */
  period: number;
}

/**
 * POST /api/gettransrecord {date, type, page, api_type} (SPEC 7), page after page from 1; a filter change starts again
 * at page 1. api_type (a venue code) is sent empty: every venue, as the screen has no venue filter.
 */
export function useTransRecords({ type, period }: TransRecordFilter) {
  const token = useSessionStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: ['getTransRecord', token, type, period],
    queryFn: ({ pageParam, signal }) =>
      callApi(apiRoutes.getTransRecord, { date: period, type, page: pageParam, api_type: '' }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageOf(pages),
    enabled: Boolean(token),
    gcTime: 0,
    staleTime: 0,
  });
}
