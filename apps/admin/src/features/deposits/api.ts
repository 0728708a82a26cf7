import { adminEndpoints } from '@h5/contract';
import { callAdmin, callAdminWithMessage } from '../../shared/api/client';
import type { PageRequest } from '../../shared/table/use-paged-table';
import { apiState, type QueueFilters, queueInput } from '../../shared/table/queue-filters';

const e = adminEndpoints;

/** The queue as filtered on screen: a state ('all' for every one) and Beijing days. */
export const fetchDeposits = (f: QueueFilters, page: PageRequest, signal: AbortSignal) =>
  callAdmin(e.deposits, { input: queueInput(f, page), signal });

/** What a review changes besides the queue. */
export const afterReview = [['deposits'], ['dashboardPending'], ['member'], ['memberTab'], ['members']];

/** 通过 and 拒绝 of a deposit (by its number), and what either changes. */
export const depositReview = {
  approve: (row: { deposit_no: string }) =>
    callAdminWithMessage(e.depositApprove, { params: { deposit_no: row.deposit_no }, input: { note: '' } }),
  reject: (row: { deposit_no: string }, note: string) =>
    callAdmin(e.depositReject, { params: { deposit_no: row.deposit_no }, input: { note } }),
  invalidate: afterReview,
};

/** 查单: the gateway's answer about one deposit, acted on as reconciliation would. */
export const queryDeposit = (depositNo: string) =>
  callAdminWithMessage(e.depositQuery, { params: { deposit_no: depositNo }, input: {} });

/** Late payments by state ('all' for every one). */
export const fetchLatePayments = (state: string, page: PageRequest, signal: AbortSignal) =>
  callAdmin(e.latePayments, { input: { ...page, state: apiState(state) }, signal });

export const creditLatePayment = (id: number) =>
  callAdminWithMessage(e.latePaymentApprove, { params: { id }, input: {} });

export const refuseLatePayment = (id: number, note: string) =>
  callAdmin(e.latePaymentReject, { params: { id }, input: { note } });

/** What a late payment's decision changes: its list, the deposit queue and the member. */
export const afterLateDecision = [['latePayments'], ...afterReview];
