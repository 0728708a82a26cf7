import { adminEndpoints } from '@h5/contract';
import { callAdmin, callAdminWithMessage } from '../../shared/api/client';
import type { PageRequest } from '../../shared/table/use-paged-table';

const e = adminEndpoints;

export type QueueFilters = { state: string; from: string; to: string };

const stateOf = (f: QueueFilters) => (f.state === 'all' ? '' : f.state);

export const fetchPromotionApplications = (f: QueueFilters, page: PageRequest, signal: AbortSignal) =>
  callAdmin(e.activityApplications, { input: { ...page, state: stateOf(f), from: f.from, to: f.to }, signal });

export const fetchAgentApplications = (f: QueueFilters, page: PageRequest, signal: AbortSignal) =>
  callAdmin(e.agentApplications, { input: { ...page, state: stateOf(f), from: f.from, to: f.to }, signal });

export const promotionReview = {
  approve: (id: number) => callAdminWithMessage(e.activityApplicationApprove, { params: { id }, input: { note: '' } }),
  reject: (id: number, note: string) => callAdmin(e.activityApplicationReject, { params: { id }, input: { note } }),
};

export const agentReview = {
  approve: (id: number) => callAdminWithMessage(e.agentApplicationApprove, { params: { id }, input: { note: '' } }),
  reject: (id: number, note: string) => callAdmin(e.agentApplicationReject, { params: { id }, input: { note } }),
};
