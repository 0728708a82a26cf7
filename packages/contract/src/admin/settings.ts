/** Site settings (admin), the withdrawals' second-review line, and the audit log. */
import { z } from 'zod';
import { paginator, Timestamp } from '../common';
import { ADMIN, DateRange, def, FINANCE, Paging } from './atoms';
import { AdminEmpty, type AdminEndpointDef } from './define';

const flagValue = z.union([z.literal(0), z.literal(1)]);
/** Every site setting as GET /admin/api/settings answers it. */
export const AdminSettings = z.object({
  site_state: flagValue,
  title: z.string(),
  site_logo: z.string(),
  repair_tips: z.string(),
  redpacket_switch: flagValue,
  index_modal: flagValue,
  webcontent: z.string(),
  h5_url: z.string(),
  ios_download_url: z.string(),
  ios_download_qrcode: z.string(),
  fanshui: flagValue,
  visit_url: z.string(),
  service_url: z.string(),
  agent_login_url: z.string(),
  usdtrate: z.string(),
  withdrawusdtrate: z.string(),
  withdrawcashfee: z.string(),
  withdrawfeeusdttrc: z.string(),
  withdraw_min: z.number(),
  withdraw_max: z.number(),
  withdraw_daily_count: z.number(),
  turnover_multiple: z.number(),
  /** Percent of an approved deposit (0-100), at most deposit_bonus_max yuan on one deposit: both wait for a second admin. */
  deposit_bonus_percent: z.number(),
  deposit_bonus_max: z.number(),
  min_fanshui_money: z.number(),
  /** Yuan: an approved withdrawal above it needs a second approval by another operator (never 0: 1.00-100,000.00). */
  withdraw_second_review_above: z.number(),
  /** Yuan: a manual adjustment above it (either sign) waits for another operator's approval (1.00-100,000.00). */
  adjust_second_review_above: z.number(),
  /** Yuan: a manual deposit (no gateway) above it needs a second approval by another operator (1.00-100,000.00). */
  deposit_second_review_above: z.number(),
  /**
   * Yuan, the daily totals of the three lines (1.00-1,000,000.00): what one operator applies or approves alone in a
   * Beijing day, and what one member receives (or is paid) that way; past one, the item waits for a second person.
   */
  adjust_second_review_daily_operator: z.number(),
  adjust_second_review_daily_member: z.number(),
  withdraw_second_review_daily_operator: z.number(),
  withdraw_second_review_daily_member: z.number(),
  deposit_second_review_daily_operator: z.number(),
  deposit_second_review_daily_member: z.number(),
  /** 1: every operator must enrol two-factor sign-in before anything else. */
  operator_totp_required: flagValue,
});
/**
 * Any subset of the settings; the server checks key by key (flags 0/1, rates two-decimal, URLs, text lengths) and
 * refuses an unknown key, each with its own message, so the body is open here.
 */
export const SettingsPatchInput = z.record(z.string(), z.unknown());
export const WithdrawReviewSetting = z.object({ withdraw_second_review_above: z.number() });
export const WithdrawReviewSettingInput = z.object({ withdraw_second_review_above: z.unknown() });

export const AuditQueryInput = z.object({
  ...Paging,
  /** An operator id or username. */
  operator: z.string().trim().max(32).default(''),
  /** Exact action, e.g. member.adjust. */
  action: z.string().trim().max(64).default(''),
  /** The beginning of the target, e.g. 'member:12' or 'withdrawal:'. */
  target: z.string().trim().max(128).default(''),
  ...DateRange,
});
export const AuditRow = z.object({
  id: z.number().int(),
  operator_id: z.number().int().nullable(),
  /** The operator's username, null for a failed sign-in under an unknown name. */
  operator: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  request_id: z.string(),
  created_at: Timestamp,
});

/** Settings and audit. */
export const adminSettingsCalls = {
  settings: def('GET', '/admin/api/settings', ADMIN, AdminEmpty, AdminSettings, 'Site settings'),
  settingsUpdate: def(
    'PUT',
    '/admin/api/settings',
    ADMIN,
    SettingsPatchInput,
    AdminSettings,
    'Change any subset of the site settings',
  ),
  withdrawReviewSetting: def(
    'GET',
    '/admin/api/settings/withdraw-review',
    FINANCE,
    AdminEmpty,
    WithdrawReviewSetting,
    'The second-review line of withdrawals (finance reads it; only admin sets it)',
  ),
  withdrawReviewSettingUpdate: def(
    'PUT',
    '/admin/api/settings/withdraw-review',
    ADMIN,
    WithdrawReviewSettingInput,
    WithdrawReviewSetting,
    'Set the second-review line of withdrawals (admin only; 1.00-100,000.00, never off)',
  ),
  audit: def('GET', '/admin/api/audit', ADMIN, AuditQueryInput, paginator(AuditRow), 'The audit log'),
} as const satisfies Record<string, AdminEndpointDef>;
