/**
 * The partner programme's back-office calls (docs/partners.md "Partner programme"): plans, partners, downline moves and monthly
 * statements. The rows are beside the agent centre's in ../partners.ts.
 */
import { z } from 'zod';
import { paginator } from '../common';
import { AdminStatementRow, CommissionPlan, MonthText, PartnerRow, PlanInput } from '../partners';
import { blankIsAbsent, def, FINANCE, flag01, Paging, ReportFormat, searchText } from './atoms';
import { AdminEmpty, type AdminEndpointDef } from './define';
import { IntegrationChange } from './integrations';

const PartnerQueryInput = z.object({ username: searchText(32), ...Paging });
const PartnerPlanInput = z.object({
  plan_id: z.preprocess(blankIsAbsent, z.coerce.number().int().positive().nullable().default(null)),
});
const InviterInput = z.object({
  inviter_id: z.preprocess(blankIsAbsent, z.coerce.number().int().positive().nullable().default(null)),
});
const StatementQueryInput = z.object({
  month: z.preprocess(blankIsAbsent, MonthText.optional()),
  state: z.preprocess(blankIsAbsent, z.coerce.number().int().min(1).max(2).optional()),
  username: searchText(32),
  format: ReportFormat,
  ...Paging,
});
const SettleInput = z.object({
  month: MonthText,
  /** 1: settle the running month now. Sandbox installs only (demo and journeys); refused elsewhere. */
  early: z.preprocess(blankIsAbsent, flag01.default(0)),
});

/** The partner programme. */
export const adminPartnerCalls = {
  commissionPlans: def(
    'GET',
    '/admin/api/commission-plans',
    FINANCE,
    AdminEmpty,
    z.array(CommissionPlan),
    'Commission plans',
  ),
  // A plan's fee share and tiers move money: a new plan, or a change of them, waits for a second admin.
  commissionPlanCreate: def(
    'POST',
    '/admin/api/commission-plans',
    FINANCE,
    PlanInput,
    IntegrationChange,
    'Propose a commission plan: created when a second admin approves',
  ),
  commissionPlanUpdate: def(
    'PUT',
    '/admin/api/commission-plans/:id',
    FINANCE,
    PlanInput,
    CommissionPlan,
    'Change a commission plan: its name at once, its fee share and tiers when a second admin approves',
  ),
  partners: def(
    'GET',
    '/admin/api/partners',
    FINANCE,
    PartnerQueryInput,
    paginator(PartnerRow),
    'Partners (members with isagent 1)',
  ),
  partnerPlanSet: def(
    'PUT',
    '/admin/api/partners/:id/plan',
    FINANCE,
    PartnerPlanInput,
    PartnerRow,
    "Set a partner's commission plan",
  ),
  memberInviterSet: def(
    'PUT',
    '/admin/api/members/:id/inviter',
    FINANCE,
    InviterInput,
    z.object({ member_id: z.number().int(), inviter_id: z.number().int().nullable() }),
    'Move a member to another partner (or to none); audited',
  ),
  partnerStatements: def(
    'GET',
    '/admin/api/partner-statements',
    FINANCE,
    StatementQueryInput,
    paginator(AdminStatementRow),
    'Monthly partner statements (format=csv: every matching statement as a download)',
  ),
  partnerSettle: def(
    'POST',
    '/admin/api/partner-statements/settle',
    FINANCE,
    SettleInput,
    z.object({ month: z.string(), created: z.number().int() }),
    'Compute the statements of an ended Beijing month (those not yet computed)',
  ),
  partnerStatementPay: def(
    'POST',
    '/admin/api/partner-statements/:id/pay',
    FINANCE,
    AdminEmpty,
    AdminStatementRow,
    "Approve a pending statement: its commission is credited to the partner's central wallet, once",
  ),
} as const satisfies Record<string, AdminEndpointDef>;
