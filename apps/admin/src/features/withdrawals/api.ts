import { adminEndpoints } from '@h5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin, callAdminWithMessage } from '../../shared/api/client';
import type { PageRequest } from '../../shared/table/use-paged-table';
import { type QueueFilters, queueInput } from '../../shared/table/queue-filters';

const e = adminEndpoints;

export const fetchWithdrawals = (f: QueueFilters, page: PageRequest, signal: AbortSignal) =>
  callAdmin(e.withdrawals, { input: queueInput(f, page), signal });

export const afterReview = [['withdrawals'], ['dashboardPending'], ['member'], ['memberTab'], ['members']];

/** 通过 (a first or second approval) and 拒绝 of a withdrawal by its order number, and what either changes. */
export const withdrawalReview = {
  approve: (row: { order_no: string }) =>
    callAdminWithMessage(e.withdrawalApprove, { params: { order_no: row.order_no }, input: { note: '' } }),
  reject: (row: { order_no: string }, note: string) =>
    callAdmin(e.withdrawalReject, { params: { order_no: row.order_no }, input: { note } }),
  invalidate: afterReview,
};

const lineKey = ['withdrawReviewSetting'] as const;

/** The second-review line: withdrawals above it need two operators (admin sets it; never off). */
export function useSecondReviewLine() {
  return useQuery({ queryKey: lineKey, queryFn: ({ signal }) => callAdmin(e.withdrawReviewSetting, { signal }) });
}

export function useSetSecondReviewLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (above: number) =>
      callAdmin(e.withdrawReviewSettingUpdate, { input: { withdraw_second_review_above: above } }),
    onSuccess: (data) => {
      queryClient.setQueryData(lineKey, data);
      return queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
    },
  });
}
