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

/**
 * What an approval rests on: the receiving account the money reached and the payer's reference found on it. A first
 * (or only) approval sends both; a second approval rests on what the first recorded and sends neither.
 */
export interface DepositEvidence {
  receiving_account_id?: number;
  payer_reference?: string;
}

/** 通过 (with its evidence; a first or second approval) and 拒绝 of a deposit by its number, and what either changes. */
export const depositReview = {
  approve: (row: { deposit_no: string }, evidence: DepositEvidence) =>
    callAdminWithMessage(e.depositApprove, {
      params: { deposit_no: row.deposit_no },
      input: { note: '', ...evidence },
    }),
  reject: (row: { deposit_no: string }, note: string) =>
    callAdmin(e.depositReject, { params: { deposit_no: row.deposit_no }, input: { note } }),
  invalidate: afterReview,
};

/** The site's receiving accounts, to pick the one a deposit reached. */
export const fetchReceivingAccounts = (signal: AbortSignal) => callAdmin(e.receivingAccounts, { signal });

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
