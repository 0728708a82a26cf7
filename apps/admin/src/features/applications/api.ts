import { adminEndpoints } from '@h5/contract';
import { callAdmin, callAdminWithMessage } from '../../shared/api/client';
import type { PageRequest } from '../../shared/table/use-paged-table';
import { type QueueFilters, queueInput } from '../../shared/table/queue-filters';

const e = adminEndpoints;

export const fetchPromotionApplications = (f: QueueFilters, page: PageRequest, signal: AbortSignal) =>
  callAdmin(e.activityApplications, { input: queueInput(f, page), signal });

export const fetchAgentApplications = (f: QueueFilters, page: PageRequest, signal: AbortSignal) =>
  callAdmin(e.agentApplications, { input: queueInput(f, page), signal });

export const promotionReview = {
  approve: (id: number) => callAdminWithMessage(e.activityApplicationApprove, { params: { id }, input: { note: '' } }),
  reject: (id: number, note: string) => callAdmin(e.activityApplicationReject, { params: { id }, input: { note } }),
};

export const agentReview = {
  approve: (id: number) => callAdminWithMessage(e.agentApplicationApprove, { params: { id }, input: { note: '' } }),
  reject: (id: number, note: string) => callAdmin(e.agentApplicationReject, { params: { id }, input: { note } }),
};
