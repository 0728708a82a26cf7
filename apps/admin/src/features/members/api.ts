import { adminEndpoints, type AdminInputOf } from '@h5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin, callAdminWithMessage } from '../../shared/api/client';
import type { PageRequest } from '../../shared/table/use-paged-table';

const e = adminEndpoints;

export type MemberSearch = { username: string; realname: string; mobile: string; register_ip: string };

export const fetchMembers = (search: MemberSearch, page: PageRequest, signal: AbortSignal) =>
  callAdmin(e.members, { input: { ...search, ...page }, signal });

export const memberKey = (id: number) => ['member', id] as const;

export function useMember(id: number) {
  return useQuery({
    queryKey: memberKey(id),
    queryFn: ({ signal }) => callAdmin(e.member, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The tabs of a member page, each a paged call of the contract. */
export const memberTabs = {
  ledger: e.memberLedger,
  deposits: e.memberDeposits,
  withdrawals: e.memberWithdrawals,
  transfers: e.memberTransfers,
  bets: e.memberBets,
  logins: e.memberLogins,
} as const;
export type MemberTab = keyof typeof memberTabs;

export function fetchMemberTab<T extends MemberTab>(tab: T, id: number, page: PageRequest, signal: AbortSignal) {
  // Each tab's endpoint takes the same id and page; the union is narrowed back by the caller's column list.
  return callAdmin(memberTabs[tab] as (typeof memberTabs)['ledger'], { params: { id }, input: page, signal });
}

/** Everything a money action on a member changes: the member page, its tabs and the member list. */
function useRefreshMember(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: memberKey(id) }),
      queryClient.invalidateQueries({ queryKey: ['memberTab', id] }),
      queryClient.invalidateQueries({ queryKey: ['members'] }),
    ]);
}

export function useAdjust(id: number) {
  const refresh = useRefreshMember(id);
  return useMutation({
    mutationFn: (input: AdminInputOf<typeof e.memberAdjust>) => callAdmin(e.memberAdjust, { params: { id }, input }),
    onSettled: refresh,
  });
}

export const recycleCall = (id: number) => callAdminWithMessage(e.memberRecycle, { params: { id } });
export const memberStateCall = (id: number, state: 0 | 1) =>
  callAdmin(e.memberState, { params: { id }, input: { state } });
