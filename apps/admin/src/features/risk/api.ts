import { adminEndpoints } from '@h5/contract';
import { callAdmin } from '../../shared/api/client';
import type { PageRequest } from '../../shared/table/use-paged-table';

const e = adminEndpoints;

export const fetchRiskFlags = (state: string, page: PageRequest, signal: AbortSignal) =>
  callAdmin(e.riskFlags, { input: { ...page, state: state === 'all' ? 'all' : 'open' }, signal });

export const clearFlag = (id: number) => callAdmin(e.riskFlagClear, { params: { id }, input: { note: '' } });
export const freezeMember = (id: number, memberId: number) =>
  callAdmin(e.riskFlagMemberFreeze, { params: { id, member_id: memberId }, input: { note: '' } });

/** What a decision changes: the flag list, and the members it froze. */
export const afterDecision = [['riskFlags'], ['member'], ['members']];
