/** VIP levels (a finance resource) and the quarterly retention review. */
import { z } from 'zod';
import { Money, paginator, Timestamp } from '../common';
import { MSG } from '../messages';
import { centsInput, def, FINANCE, flag01, Paging, wholeNumber } from './atoms';
import { AdminEmpty, type AdminEndpointDef } from './define';
import { proposedResource } from './integrations';
import { rebateRate } from './money-caps';

export const RetentionReviewResult = z.object({
  quarter: z.string(),
  reviewed: z.number().int(),
  dropped: z.number().int(),
});
export const RetentionReviewsInput = z.object({
  ...Paging,
  /** 1: only the reviews that dropped a level. */
  dropped: flag01.default(0),
});
export const RetentionReviewRow = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  username: z.string(),
  quarter: z.string(),
  from_level: z.number().int(),
  to_level: z.number().int(),
  retention: Money,
  turnover: Money,
  reviewed_at: Timestamp,
});

/** A rebate rate, percent of valid stake: at most 3.00 (docs/operators.md "Caps on money settings"). */
const percent = rebateRate;
export const VipLevelInput = z.object({
  level: wholeNumber(MSG.vipLevelInvalid, 1, 99),
  name: z.string().trim().max(16, { message: MSG.inputTooLong }).default(''),
  recharge: centsInput,
  flow: centsInput,
  /** Turnover needed within 90 days to keep the level (0 = none). Left out: a new level has none, an edit keeps it. */
  retention: centsInput.optional(),
  realperson: percent,
  sport: percent,
  e_sport: percent,
  joker: percent,
  electron: percent,
  lottery: percent,
  enabled: flag01.default(1),
});
export const AdminVipLevel = z.object({
  id: z.number().int(),
  level: z.number().int(),
  name: z.string(),
  recharge: Money,
  flow: Money,
  retention: Money,
  realperson: Money,
  sport: Money,
  e_sport: Money,
  joker: Money,
  electron: Money,
  lottery: Money,
  enabled: z.number().int(),
  /** A change of its thresholds or rates waits for a second admin. */
  pending_change: z.boolean(),
});

/** The level number, thresholds and rebate rates move money: a new level or a change of them waits for a second admin. */
export const vipLevelResource = proposedResource(
  '/admin/api/vip-levels',
  FINANCE,
  VipLevelInput,
  AdminVipLevel,
  'VIP levels',
  'VIP等级',
);

/** The VIP retention review. */
export const adminVipCalls = {
  vipRetentionReview: def(
    'POST',
    '/admin/api/vip/retention-review',
    FINANCE,
    AdminEmpty,
    RetentionReviewResult,
    'Run the VIP retention review now',
  ),
  vipRetentionReviews: def(
    'GET',
    '/admin/api/vip/retention-reviews',
    FINANCE,
    RetentionReviewsInput,
    paginator(RetentionReviewRow),
    'VIP retention reviews',
  ),
} as const satisfies Record<string, AdminEndpointDef>;
