/** The review queues of members' applications: promotions (优惠申请) and the partner programme (代理申请). */
import { z } from 'zod';
import { paginator, Timestamp } from '../common';
import { blankIsAbsent, CONTENT_FINANCE, DateRange, def, FINANCE, pageField, Paging, reviewed } from './atoms';
import { type AdminEndpointDef } from './define';

export const ActivityApplicationQueueInput = z.object({
  ...Paging,
  state: z.preprocess(blankIsAbsent, z.coerce.number().int().min(1).max(3).optional()),
  ...DateRange,
});
export const AgentApplicationQueueInput = z.object({
  page: pageField,
  pagesize: z.coerce.number().int().optional(),
  state: z.preprocess(blankIsAbsent, z.coerce.number().int().min(1).max(3).optional()),
  ...DateRange,
});
/** A member's application as its review queue lists it: who applied, what for (`asked`) and how it was decided. */
const application = <const A extends z.ZodRawShape>(asked: A) =>
  z.object({
    id: z.number().int(),
    member_id: z.number().int(),
    username: z.string().optional(),
    ...asked,
    state: z.number().int(),
    note: z.string(),
    reviewed_by: z.string(),
    reviewed_at: Timestamp.nullable(),
    created_at: Timestamp,
  });
export const AdminActivityApplication = application({
  promotion_id: z.number().int().nullable(),
  activity_name: z.string(),
});
export const AdminAgentApplication = application({ mobile: z.string(), apply_info: z.string() });

const activityReview = reviewed(
  '/admin/api/activity-applications',
  'id',
  CONTENT_FINANCE,
  AdminActivityApplication,
  'a promotion application',
);
const agentReview = reviewed(
  '/admin/api/agent-applications',
  'id',
  FINANCE,
  AdminAgentApplication,
  'a partner application',
);

/** Application queues. */
export const adminApplicationCalls = {
  activityApplications: def(
    'GET',
    '/admin/api/activity-applications',
    CONTENT_FINANCE,
    ActivityApplicationQueueInput,
    paginator(AdminActivityApplication),
    'Promotion application queue',
  ),
  activityApplicationApprove: activityReview.approve,
  activityApplicationReject: activityReview.reject,
  agentApplications: def(
    'GET',
    '/admin/api/agent-applications',
    FINANCE,
    AgentApplicationQueueInput,
    paginator(AdminAgentApplication),
    'Partner application queue',
  ),
  agentApplicationApprove: agentReview.approve,
  agentApplicationReject: agentReview.reject,
} as const satisfies Record<string, AdminEndpointDef>;
