import { adminEndpoints } from '@h5/contract';
import { callAdmin, callAdminWithMessage } from '../../shared/api/client';
import type { PageRequest } from '../../shared/table/use-paged-table';
import { apiState } from '../../shared/table/queue-filters';

const e = adminEndpoints;

export type AdjustmentFilters = { state: string };

export const fetchAdjustments = (f: AdjustmentFilters, page: PageRequest, signal: AbortSignal) =>
  callAdmin(e.adjustments, { input: { ...page, state: apiState(f.state) }, signal });

/** What a decision changes: the queue, the dashboard counts and the member's balance and ledger. */
export const afterDecision = [['adjustments'], ['dashboardPending'], ['member'], ['memberTab'], ['members']];

/** 通过 (by another operator than the maker) and 拒绝 of a pending adjustment, and what either changes. */
export const adjustmentReview = {
  approve: ({ id }: { id: number }) =>
    callAdminWithMessage(e.adjustmentApprove, { params: { id }, input: { note: '' } }),
  reject: ({ id }: { id: number }, note: string) => callAdmin(e.adjustmentReject, { params: { id }, input: { note } }),
  invalidate: afterDecision,
};
