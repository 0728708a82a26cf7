import { apiRoutes } from '@h5/contract/routes';
import { callApi } from '../../shared/api/client';
import { useMemberPages } from '../../shared/api/member-query';
import type { PlatformPeriod } from '../../shared/ui/platform-period-filter';

/**
 * POST /api/betrecord {date, page, api_type}, page after page from 1. A filter change is a new key, so the list
 * starts again at page 1; gcTime 0 drops a filter's pages once it is left, so coming back also starts at page 1.
 */
export function useBetRecords({ platform, period }: PlatformPeriod) {
  return useMemberPages(['betRecord', platform, period], {
    fetchPage: (page, signal) => callApi(apiRoutes.betRecord, { date: period, page, api_type: platform }, { signal }),
    gcTime: 0,
  });
}

export interface TransRecordFilter {
  /** TRANSACTION_TYPE code 1..4 sent as type. */
  type: number;
  /** PERIOD code 1..4 sent as date. */
  period: number;
}

/**
 * POST /api/gettransrecord {date, type, page, api_type} (docs/member-app.md "Server calls"), page after page from 1; a filter change starts again
 * at page 1. api_type (a venue code) is sent empty: every venue, as the screen has no venue filter.
 */
export function useTransRecords({ type, period }: TransRecordFilter) {
  return useMemberPages(['getTransRecord', type, period], {
    fetchPage: (page, signal) =>
      callApi(apiRoutes.getTransRecord, { date: period, type, page, api_type: '' }, { signal }),
    gcTime: 0,
  });
}
