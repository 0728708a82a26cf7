import { adminEndpoints } from '@h5/contract';
import { callAdmin, callAdminWithMessage } from '../../shared/api/client';
import type { PageRequest } from '../../shared/table/use-paged-table';
import { type QueueFilters, queueInput } from '../../shared/table/queue-filters';

const e = adminEndpoints;

export const fetchPromotionApplications = (f: QueueFilters, page: PageRequest, signal: AbortSignal) =>
  callAdmin(e.activityApplications, { input: queueInput(f, page), signal });

export const fetchAgentApplications = (f: QueueFilters, page: PageRequest, signal: AbortSignal) =>
  callAdmin(e.agentApplications, { input: queueInput(f, page), signal });

/** 优惠申请: where the queue's rows come from and how one is decided. */
export const promotionQueue = {
  name: 'activityApplications',
  fetchPage: fetchPromotionApplications,
  approve: (id: number) => callAdminWithMessage(e.activityApplicationApprove, { params: { id }, input: { note: '' } }),
  reject: (id: number, note: string) => callAdmin(e.activityApplicationReject, { params: { id }, input: { note } }),
};

/** 代理申请: the same for the partner programme's applications. */
export const agentQueue = {
  name: 'agentApplications',
  fetchPage: fetchAgentApplications,
  approve: (id: number) => callAdminWithMessage(e.agentApplicationApprove, { params: { id }, input: { note: '' } }),
  reject: (id: number, note: string) => callAdmin(e.agentApplicationReject, { params: { id }, input: { note } }),
};
