import { adminEndpoints, type AdminInputOf } from '@h5/contract';
import { useQuery } from '@tanstack/react-query';
import { callAdmin, callAdminWithMessage, downloadAdmin } from '../../shared/api/client';
import type { PageRequest } from '../../shared/table/use-paged-table';

const e = adminEndpoints;

export type PlanInput = AdminInputOf<typeof e.commissionPlanCreate>;

export function usePlans() {
  return useQuery({ queryKey: ['commissionPlans'], queryFn: ({ signal }) => callAdmin(e.commissionPlans, { signal }) });
}

/** A new plan is proposed (the pending change); an update answers the server's message (a change may wait). */
export const createPlan = (input: PlanInput) => callAdminWithMessage(e.commissionPlanCreate, { input });
export const updatePlan = (id: number, input: PlanInput) =>
  callAdminWithMessage(e.commissionPlanUpdate, { params: { id }, input });

export const fetchPartners = (f: { username: string }, page: PageRequest, signal: AbortSignal) =>
  callAdmin(e.partners, { input: { ...page, username: f.username }, signal });

export const setPartnerPlan = (memberId: number, planId: number | null) =>
  callAdmin(e.partnerPlanSet, { params: { id: memberId }, input: { plan_id: planId } });

export const moveMember = (memberId: number, inviterId: number | null) =>
  callAdmin(e.memberInviterSet, { params: { id: memberId }, input: { inviter_id: inviterId } });

export type StatementFilters = { month: string; state: string; username: string };

const statementInput = (f: StatementFilters) => ({
  month: f.month,
  state: f.state === 'all' ? '' : f.state,
  username: f.username,
});

export const fetchStatements = (f: StatementFilters, page: PageRequest, signal: AbortSignal) =>
  callAdmin(e.partnerStatements, { input: { ...statementInput(f), ...page }, signal });

export const downloadStatements = (f: StatementFilters) =>
  downloadAdmin(e.partnerStatements, `代理结算_${f.month || '全部'}.csv`, {
    input: { ...statementInput(f), format: 'csv' },
  });

export const settleMonth = (month: string, early: boolean) =>
  callAdmin(e.partnerSettle, { input: { month, early: early ? 1 : 0 } });

export const payStatement = (id: number) => callAdminWithMessage(e.partnerStatementPay, { params: { id } });

/** The lists a plan, partner or statement change touches. */
export const afterPartnerChange = [['commissionPlans'], ['partners'], ['partnerStatements'], ['audit']];
