/**
 * The back-office API (DESIGN "Operators"): every `/admin/api/*` call with its roles, input and data schemas. The
 * server registers its admin routes from these definitions and the console calls through them, so a path, a field
 * or a role drifting between the two fails the type check.
 *
 * `input` is the query string for GET and DELETE, the JSON body otherwise. `roles` lists every role allowed
 * (admin is listed wherever it may call, which is everywhere). Paths carry `:param`s; `adminPath` fills them.
 */
import { z } from 'zod';
import type { ZodType } from 'zod';
import { GAME_CATEGORIES, MAX_PAY_RANGES, PAY_RANGE_TYPES } from './codes';
import { Money, paginator, Timestamp } from './common';
import { MSG } from './messages';
import { parseMoneyToCents } from './money';
import { AdminStatementRow, CommissionPlan, MonthText, PartnerRow, PlanInput } from './partners';
import { RgInfo, RgSetBody, RgBreakBody, RiskFlagRow } from './responsible';
import { isSiteUrl } from './site-url';

export const OPERATOR_ROLES = ['admin', 'finance', 'content'] as const;
export type OperatorRoleName = (typeof OPERATOR_ROLES)[number];
export const OperatorRole = z.enum(OPERATOR_ROLES, { message: MSG.operatorRoleInvalid });

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface AdminEndpointDef {
  method: AdminMethod;
  path: string;
  /** 'public' only for the sign-in; every other call needs an operator token. */
  auth: 'public' | 'operator';
  roles: readonly OperatorRoleName[];
  /**
   * Open to an operator who has not yet enrolled two-factor sign-in while the site requires it
   * (`operator_totp_required`): the calls needed to enrol or leave. Every other call answers 403 until then.
   */
  beforeTwoFactor?: true;
  /**
   * The body is multipart/form-data (an upload): `input` describes its text fields, and the file travels as the part
   * named `file`. Every other body is JSON.
   */
  multipart?: true;
  input: ZodType;
  data: ZodType;
  summary: string;
}

const ALL = ['admin', 'finance', 'content'] as const;
const ADMIN = ['admin'] as const;
const FINANCE = ['admin', 'finance'] as const;
const CONTENT = ['admin', 'content'] as const;
const CONTENT_FINANCE = ['admin', 'content', 'finance'] as const;

/** No input, or answers whose data carries nothing. */
export const AdminEmpty = z.object({});
const Nothing = z.null();

function def<
  const M extends AdminMethod,
  const P extends string,
  const R extends readonly OperatorRoleName[],
  I extends ZodType,
  D extends ZodType,
>(method: M, path: P, roles: R, input: I, data: D, summary: string) {
  return { method, path, auth: 'operator' as const, roles, input, data, summary };
}

// ---------------------------------------------------------------------------------------------------------------
// Shared input atoms

const flag01 = z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)]));
const pageField = z.coerce.number().int().min(1).default(1);
const pagesizeField = z.coerce.number().int().min(1).max(50).optional();
/** Query strings send '' for a cleared filter: the same as absent. */
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);

/** A Beijing calendar day 'YYYY-MM-DD' (date filters; created_at from its 00:00 to the end of `to`). */
export const BeijingDate = z.preprocess(
  blankIsAbsent,
  z
    .string({ message: MSG.dateInvalid })
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: MSG.dateInvalid })
    .optional(),
);
const DateRange = { from: BeijingDate, to: BeijingDate };


/** A money amount in cents, zero or more (a number or numeric string on the wire). */
const centsInput = z.union([z.string().max(32), z.number()]).transform((v, ctx) => {
  const cents = parseMoneyToCents(v);
  if (cents === null || cents < 0) {
    ctx.addIssue({ code: 'custom', message: MSG.amountInvalid });
    return z.NEVER;
  }
  return cents;
});

const NoteInput = z.object({ note: z.string().max(200).default('') });

/** 风控 list: open flags by default; state 'all' shows cleared and frozen ones too. */
export const RiskFlagQueryInput = z.object({
  state: z.preprocess(blankIsAbsent, z.enum(['open', 'all']).default('open')),
  page: pageField,
  pagesize: pagesizeField,
});

// ---------------------------------------------------------------------------------------------------------------
// Sign-in, session, two factors, operators

export const AdminLoginInput = z.object({
  username: z.string().max(64).default(''),
  password: z.string().max(128).default(''),
  /** 动态验证码: six digits from the authenticator app, once the operator has two-factor sign-in. */
  code: z.string().max(16).default(''),
});
export const AdminSession = z.object({ token: z.string(), role: OperatorRole, username: z.string() });

export const OperatorMe = z.object({
  id: z.number().int(),
  username: z.string(),
  role: OperatorRole,
  totp_enabled: z.boolean(),
  /** The site requires two factors and this operator has none yet: only enrolment calls answer until then. */
  must_enroll: z.boolean(),
  /** Minutes of inactivity after which the session ends (OPERATOR_IDLE_MINUTES). */
  idle_minutes: z.number().int(),
});
export const TotpSetup = z.object({
  /** `otpauth://totp/...`: what the console draws as a QR code. */
  uri: z.string(),
  /** The same secret in base32, for typing in by hand. */
  secret: z.string(),
});
export const TotpConfirmInput = z.object({ code: z.string().max(16).default('') });
export const OperatorPasswordInput = z.object({
  old_password: z.string().max(128).default(''),
  new_password: z.string().max(128).default(''),
});

export const OperatorRow = z.object({
  id: z.number().int(),
  username: z.string(),
  role: OperatorRole,
  state: z.number().int(),
  totp_enabled: z.boolean(),
  created_at: Timestamp,
});
export const OperatorCreateInput = z.object({
  username: z
    .string({ message: MSG.operatorNameInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_]{3,32}$/, { message: MSG.operatorNameInvalid }),
  role: OperatorRole,
});
export const OperatorCreated = z.object({
  id: z.number().int(),
  username: z.string(),
  role: OperatorRole,
  /** Shown once: it is stored only as a hash. */
  password: z.string(),
});
export const OperatorRoleInput = z.object({ role: OperatorRole });
export const StateInput = z.object({ state: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])) });

// ---------------------------------------------------------------------------------------------------------------
// Dashboard

const QueueCount = z.object({
  pending: z.number().int(),
  /** The newest pending item's id (null when none): a higher one than last seen means a new arrival. */
  newest_id: z.number().int().nullable(),
});
const LedgerWatch = z.object({
  /** Null until the first scheduled check has completed. */
  balanced: z.boolean().nullable(),
  /** Accounts the check found wrong. */
  mismatched: z.number().int(),
  checked_at: z.string().nullable(),
});
export const DashboardPending = z.object({
  /** Null where the operator's role may not see that queue. */
  deposits: QueueCount.nullable(),
  withdrawals: QueueCount.nullable(),
  activity_applications: QueueCount.nullable(),
  agent_applications: QueueCount.nullable(),
  /** Manual adjustments above the line, waiting for a second operator (调整复核). */
  adjustments: QueueCount.nullable(),
  /** Integration changes waiting for a second admin (待审批变更). */
  integration_changes: QueueCount.nullable(),
  /** The last scheduled ledger check, for the roles of 账务核对 (null for the others). */
  ledger: LedgerWatch.nullable(),
});

// ---------------------------------------------------------------------------------------------------------------
// Members

const searchText = (max: number) => z.string().trim().max(max).default('');
export const MemberSearchInput = z.object({
  page: pageField,
  pagesize: pagesizeField,
  /** Part of the name, any case. */
  username: searchText(32),
  /** Exact or the beginning of the real name. */
  realname: searchText(32),
  /** Exact or the beginning of the mobile number. */
  mobile: searchText(32),
  /** Exact or the beginning of the registration address ('10.1.' finds a subnet). */
  register_ip: searchText(64),
});
export const AdminMemberRow = z.object({
  id: z.number().int(),
  username: z.string(),
  realname: z.string(),
  mobile: z.string(),
  register_ip: z.string(),
  vip: z.number().int(),
  state: z.number().int(),
  paysum: Money,
  balance: Money,
  gameblance: Money,
  created_at: Timestamp,
});
export const AdminMemberCard = z.object({
  id: z.number().int(),
  /** 1 bank card, 2 USDT address. */
  type: z.number().int(),
  bank: z.string(),
  bank_owner: z.string(),
  /** Only the last 4 characters are shown. */
  bank_no_masked: z.string(),
  bank_address: z.string(),
  created_at: Timestamp,
});
export const AdminMemberDetail = z.object({
  id: z.number().int(),
  username: z.string(),
  realname: z.string(),
  mobile: z.string(),
  email: z.string(),
  birthday: z.string(),
  vip: z.number().int(),
  state: z.number().int(),
  isagent: z.number().int(),
  inviter_id: z.number().int().nullable(),
  register_ip: z.string(),
  created_at: Timestamp,
  paysum: Money,
  /** Lifetime valid turnover. */
  turnover: Money,
  /** Withdrawal turnover still owed (a withdrawal needs it at zero). */
  turnover_required: Money,
  /** Central wallet. */
  balance: Money,
  gameblance: Money,
  venues: z.array(z.object({ code: z.string(), balance: Money })),
  cards: z.array(AdminMemberCard),
});
export const MemberTabInput = z.object({ page: pageField, pagesize: pagesizeField });
export const AdminLedgerEntry = z.object({
  id: z.number().int(),
  transaction_id: z.number().int(),
  /** The movement's kind: deposit, withdrawal_request, transfer_in, adjustment, ... */
  kind: z.string(),
  reference: z.string(),
  memo: z.string(),
  /** The member's account moved: 'wallet' (central) or 'venue'. */
  account_kind: z.string(),
  /** The venue code for venue accounts, '' for the central wallet. */
  venue_code: z.string(),
  /** Signed: positive credits the account. */
  amount: Money,
  created_at: Timestamp,
});
export const AdminTransfer = z.object({
  id: z.number().int(),
  reference: z.string(),
  /** transfer_in (central to venue) or transfer_out (venue to central), recycling included. */
  kind: z.string(),
  venue_code: z.string(),
  /** Positive: the amount moved. */
  amount: Money,
  created_at: Timestamp,
});
/** A transfer to or from a remote transfer-wallet venue, as finance follows it (README "Game venues"). */
export const AdminVenueTransfer = z.object({
  id: z.number().int(),
  /** Our transfer id, the venue's idempotency key. */
  transfer_no: z.string(),
  member_id: z.number().int(),
  username: z.string().optional(),
  venue_code: z.string(),
  /** in: central wallet to the venue; out: the venue back to the central wallet. */
  direction: z.enum(['in', 'out']),
  amount: Money,
  /** SPEC 4: 0 failed, 1 success, 2 pending (the venue's answer is still awaited). */
  state: z.number().int(),
  note: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export const AdminBet = z.object({
  id: z.number().int(),
  bet_id: z.string(),
  venue_code: z.string(),
  category: z.string(),
  game_code: z.string(),
  bet_amount: Money,
  valid_amount: Money,
  win_loss: Money,
  status: z.number().int(),
  created_at: Timestamp,
  settled_at: Timestamp.nullable(),
});
export const MemberLogin = z.object({ id: z.number().int(), ip: z.string(), device: z.string(), created_at: Timestamp });
export const AdjustInput = z.object({
  amount: z.union([z.string().max(32), z.number()]),
  note: z.string().max(200).default(''),
  reference: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
/**
 * A manual adjustment above `adjust_second_review_above`, waiting for (or decided by) a second operator. State 1
 * pending, 2 approved (applied through the ledger), 3 rejected.
 */
export const AdminAdjustment = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  username: z.string(),
  /** Signed: a credit is positive, a debit negative. */
  amount: Money,
  reference: z.string(),
  note: z.string(),
  state: z.number().int(),
  maker_id: z.number().int(),
  made_by: z.string(),
  reviewer_id: z.number().int().nullable(),
  reviewed_by: z.string(),
  review_note: z.string(),
  reviewed_at: Timestamp.nullable(),
  created_at: Timestamp,
});
/**
 * The answer of an adjustment: the central wallet's balance after it, and, when the amount was above the line, the
 * pending adjustment (the balance then is unchanged; null when it was applied at once).
 */
export const AdjustResult = z.object({ balance: Money, pending: AdminAdjustment.nullable() });

// ---------------------------------------------------------------------------------------------------------------
// Money desk

const queueState = (max: number) =>
  z.preprocess(blankIsAbsent, z.coerce.number().int().min(0).max(max).optional());
export const DepositQueueInput = z.object({ page: pageField, pagesize: pagesizeField, state: queueState(3), ...DateRange });
export const WithdrawalQueueInput = DepositQueueInput;
export const AdjustmentQueueInput = z.object({ page: pageField, pagesize: pagesizeField, state: queueState(3) });
export const VenueTransferQueueInput = z.object({
  page: pageField,
  pagesize: pagesizeField,
  state: queueState(2),
  /** A venue code, exactly; blank for all. */
  venue: z.preprocess(blankIsAbsent, z.string().trim().max(32).optional()),
  ...DateRange,
});

export const AdminDeposit = z.object({
  id: z.number().int(),
  deposit_no: z.string(),
  member_id: z.number().int(),
  username: z.string().optional(),
  pay_way: z.string(),
  catepay: z.string(),
  amount: Money,
  usdt_rate: z.string().nullable(),
  usdt_amount: Money.nullable(),
  depositor_name: z.string(),
  depositor_bank: z.string(),
  depositor_bank_no: z.string(),
  depositor_bank_address: z.string(),
  /** 1 pending, 2 approved, 3 rejected. */
  state: z.number().int(),
  bonus: Money,
  note: z.string(),
  gateway: z.string().nullable(),
  gateway_trade_no: z.string().nullable(),
  reviewed_by: z.string(),
  reviewed_at: Timestamp.nullable(),
  created_at: Timestamp,
});
/** What a gateway's order query answered about one deposit (查单). */
export const GatewayOrderAnswer = z.object({
  found: z.boolean(),
  paid: z.boolean(),
  trade_no: z.string(),
  /** The amount the gateway named, or null. */
  money: Money.nullable(),
  /** The order and merchant the answer names: it counts only when they are the deposit's and the gateway's. */
  order_no: z.string(),
  merchant_id: z.string(),
});
/**
 * 查单: the gateway's answer (null when the gateway could not be reached) and what was done with it, as
 * reconciliation would: credited, held (paid after the deposit closed), expired (closed unpaid), duplicate,
 * amount_mismatch or order_mismatch (flagged), or null (nothing to do); the message says it in Chinese.
 */
export const DepositQueryResult = z.object({
  deposit: AdminDeposit,
  answer: GatewayOrderAnswer.nullable(),
  outcome: z.string().nullable(),
});
export const LatePaymentQueueInput = z.object({ page: pageField, pagesize: pagesizeField, state: queueState(3) });
/** Money a gateway reported paid for a closed deposit, held for finance (state 1 held, 2 credited, 3 refused). */
export const AdminLatePayment = z.object({
  id: z.number().int(),
  deposit_no: z.string(),
  member_id: z.number().int(),
  username: z.string(),
  pay_way: z.string(),
  amount: Money,
  gateway: z.string(),
  trade_no: z.string(),
  /** notify (the gateway called us) or query (reconciliation or 查单 asked). */
  source: z.string(),
  /** How the deposit had closed: expired (its window passed) or rejected. */
  closed_as: z.enum(['expired', 'rejected']),
  state: z.number().int(),
  note: z.string(),
  decided_by: z.string(),
  decided_at: Timestamp.nullable(),
  deposit_created_at: Timestamp,
  created_at: Timestamp,
});
export const LatePaymentRefuseInput = z.object({
  note: z
    .string({ message: MSG.latePaymentReasonRequired })
    .trim()
    .min(1, { message: MSG.latePaymentReasonRequired })
    .max(200, { message: MSG.inputTooLong }),
});

export const AdminWithdrawal = z.object({
  id: z.number().int(),
  order_no: z.string(),
  member_id: z.number().int(),
  username: z.string().optional(),
  card_type: z.number().int(),
  bank: z.string(),
  bank_owner: z.string(),
  /** In full: finance pays to it. */
  bank_no: z.string(),
  bank_no_masked: z.string(),
  bank_address: z.string(),
  amount: Money,
  usdt_rate: z.string().nullable(),
  usdt_fee: Money.nullable(),
  usdt_amount: Money.nullable(),
  state: z.number().int(),
  note: z.string(),
  /** The first approval of a withdrawal above `withdraw_second_review_above` (empty/null until then). */
  first_reviewer_id: z.number().int().nullable(),
  first_reviewed_by: z.string(),
  first_reviewed_at: Timestamp.nullable(),
  reviewed_by: z.string(),
  reviewed_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export const AdminWithdrawalRow = AdminWithdrawal.extend({
  username: z.string(),
  /** The member's outstanding withdrawal turnover now (members.turnover_required). */
  turnover_required: Money,
  /** Whether this withdrawal's amount is above the second-review line as it stands now. */
  needs_second_review: z.boolean(),
});

const payWayCode = z.string();
export const PayWayAdmin = z.object({
  code: payWayCode,
  name: z.string(),
  enabled: z.number().int(),
  sort: z.number().int(),
  gateway: z.string().nullable(),
  ranges: z.array(z.object({ type: z.string(), min_price: Money, max_price: Money })),
});
/** One amount range of a pay way: a getPayRange type and its bounds in cents, the lower not above the upper. */
export const PayRangeInput = z.object({
  type: z.enum(PAY_RANGE_TYPES, { message: MSG.payRangeTypeInvalid }),
  min_price: centsInput,
  max_price: centsInput,
});
/**
 * A pay way's ranges as a whole: each type once, at most one per type. The server also checks that every type is one
 * of the way's own (PAY_WAY_RANGE_TYPES), which the path names.
 */
export const PayRangesInput = z
  .array(PayRangeInput, { message: MSG.badInput })
  .min(1, { message: MSG.payRangesEmpty })
  .max(MAX_PAY_RANGES, { message: MSG.payRangesTooMany })
  .superRefine((ranges, ctx) => {
    const seen = new Set<string>();
    ranges.forEach((range, i) => {
      if (seen.has(range.type)) ctx.addIssue({ code: 'custom', path: [i, 'type'], message: MSG.payRangeTypeRepeated });
      seen.add(range.type);
      if (range.min_price > range.max_price) {
        ctx.addIssue({ code: 'custom', path: [i, 'min_price'], message: MSG.payRangeMinAboveMax });
      }
    });
  });
export const PayWayUpdateInput = z.object({
  name: z.string({ message: MSG.nameRequired }).trim().min(1, { message: MSG.nameRequired }).max(32, { message: MSG.inputTooLong }).optional(),
  enabled: flag01.optional(),
  sort: z.coerce.number().int().optional(),
  /** A gateway code, or null: receiving accounts and operator review. */
  gateway: z.string().max(32).nullable().optional(),
  /**
   * Every range of the way: the listed types get these bounds, a type of the way left out loses its range (closed
   * to deposits). Left out altogether: the ranges stay as they are.
   */
  ranges: PayRangesInput.optional(),
});
export const PayWayRow = z.object({
  code: payWayCode,
  name: z.string(),
  enabled: z.number().int(),
  sort: z.number().int(),
  gateway: z.string().nullable(),
});

const accountText = (max: number) => z.string().trim().max(max, { message: MSG.inputTooLong }).default('');
/**
 * Where members pay a deposit of a channel (a getPayRange type). Members are shown a bank account's bank, number,
 * holder and branch (getpaybank, payinfo); for every other channel the collection account or wallet address in
 * `mch_id`, with `content` and the QR image `payimg` (payinfo's cardlist): so a bank account needs its bank, number
 * and holder, any other account its `mch_id`.
 */
export const ReceivingAccountInput = z
  .object({
    channel: z.enum(PAY_RANGE_TYPES, { message: MSG.receivingChannelInvalid }),
    bank_name: accountText(64),
    bank_no: accountText(128),
    bank_owner: accountText(64),
    bank_address: accountText(128),
    mch_id: accountText(128),
    content: accountText(255),
    payimg: z.string().max(200_000, { message: MSG.inputTooLong }).default(''),
    enabled: flag01.default(1),
    sort: z.coerce.number({ message: MSG.sortInvalid }).int({ message: MSG.sortInvalid }).default(0),
  })
  .superRefine((account, ctx) => {
    const need = (field: keyof typeof account, message: string) => {
      if (account[field] === '') ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (account.channel === 'bank') {
      need('bank_name', MSG.receivingBankNameRequired);
      need('bank_no', MSG.receivingBankNoRequired);
      need('bank_owner', MSG.receivingBankOwnerRequired);
    } else {
      need('mch_id', MSG.receivingAccountRequired);
    }
  });
export const ReceivingAccount = z.object({
  id: z.number().int(),
  channel: z.string(),
  bank_name: z.string(),
  bank_no: z.string(),
  bank_owner: z.string(),
  bank_address: z.string(),
  mch_id: z.string(),
  content: z.string(),
  payimg: z.string(),
  enabled: z.number().int(),
  sort: z.number().int(),
});

/** Where the member's browser posts the order: a path of our own site (the sandbox) or an http(s) address. */
const gatewaySubmitUrl = z.string().max(500).refine(isSiteUrl, MSG.gatewayUrlInvalid);
const GatewayFields = {
  name: z.string().trim().min(1, MSG.badInput).max(64),
  merchant_id: z.string().trim().min(1, MSG.gatewayMerchantRequired).max(64),
  secret: z.string().min(8, MSG.gatewaySecretInvalid).max(128, MSG.gatewaySecretInvalid),
  submit_url: gatewaySubmitUrl,
  enabled: flag01,
};
export const GatewayCreateInput = z.object({
  code: z.string().regex(/^[a-z0-9_]{2,32}$/, MSG.gatewayCodeInvalid),
  protocol: z.literal('epay').default('epay'),
  ...GatewayFields,
  enabled: flag01.default(1),
});
export const GatewayUpdateInput = z.object(GatewayFields).partial();
export const PaymentGateway = z.object({
  code: z.string(),
  name: z.string(),
  protocol: z.string(),
  merchant_id: z.string(),
  /** Always '********': the secret is write-only. */
  secret: z.string(),
  submit_url: z.string(),
  enabled: z.number().int(),
  created_at: Timestamp,
  /** A change of merchant, secret or submit_url waits for a second admin. */
  pending_change: z.boolean(),
});
export const NotifyListInput = z.object({
  page: pageField,
  pagesize: pagesizeField,
  flagged: z.preprocess(blankIsAbsent, flag01.optional()),
  deposit_no: z.string().max(64).optional(),
  gateway: z.string().max(32).optional(),
});
export const PaymentNotify = z.object({
  id: z.number().int(),
  gateway: z.string(),
  source: z.string(),
  deposit_no: z.string(),
  trade_no: z.string(),
  money: z.string(),
  trade_status: z.string(),
  params: z.unknown(),
  ip: z.string(),
  valid: z.number().int(),
  outcome: z.string(),
  flagged: z.number().int(),
  created_at: Timestamp,
});

// ---------------------------------------------------------------------------------------------------------------
// Reviews of applications

export const ActivityApplicationQueueInput = z.object({
  page: pageField,
  pagesize: pagesizeField,
  state: z.preprocess(blankIsAbsent, z.coerce.number().int().min(1).max(3).optional()),
  ...DateRange,
});
export const AgentApplicationQueueInput = z.object({
  page: pageField,
  pagesize: z.coerce.number().int().optional(),
  state: z.preprocess(blankIsAbsent, z.coerce.number().int().min(1).max(3).optional()),
  ...DateRange,
});
export const AdminActivityApplication = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  username: z.string().optional(),
  promotion_id: z.number().int().nullable(),
  activity_name: z.string(),
  state: z.number().int(),
  note: z.string(),
  reviewed_by: z.string(),
  reviewed_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export const AdminAgentApplication = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  username: z.string().optional(),
  mobile: z.string(),
  apply_info: z.string(),
  state: z.number().int(),
  note: z.string(),
  reviewed_by: z.string(),
  reviewed_at: Timestamp.nullable(),
  created_at: Timestamp,
});

// ---------------------------------------------------------------------------------------------------------------
// The partner programme (schemas beside the agent centre's in partners.ts)

const PartnerQueryInput = z.object({ username: searchText(32), page: pageField, pagesize: pagesizeField });
const PartnerPlanInput = z.object({ plan_id: z.preprocess(blankIsAbsent, z.coerce.number().int().positive().nullable().default(null)) });
const InviterInput = z.object({ inviter_id: z.preprocess(blankIsAbsent, z.coerce.number().int().positive().nullable().default(null)) });
const StatementQueryInput = z.object({
  month: z.preprocess(blankIsAbsent, MonthText.optional()),
  state: z.preprocess(blankIsAbsent, z.coerce.number().int().min(1).max(2).optional()),
  username: searchText(32),
  format: z.preprocess(blankIsAbsent, z.enum(['json', 'csv'], { message: MSG.badInput }).default('json')),
  page: pageField,
  pagesize: pagesizeField,
});
const SettleInput = z.object({
  month: MonthText,
  /** 1: settle the running month now. Sandbox installs only (demo and journeys); refused elsewhere. */
  early: z.preprocess(blankIsAbsent, flag01.default(0)),
});

// ---------------------------------------------------------------------------------------------------------------
// Reports (finance): Beijing days, figures from the ledger and the bet records (README "Reports")

/** A required Beijing day of a report range. */
const ReportDay = z.preprocess(
  blankIsAbsent,
  z
    .string({ message: MSG.reportRangeRequired })
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: MSG.dateInvalid }),
);
/** `format=csv` answers the whole report as a CSV download (UTF-8 with a byte-order mark) instead of the envelope. */
const ReportFormat = z.preprocess(blankIsAbsent, z.enum(['json', 'csv'], { message: MSG.badInput }).default('json'));
/** The longest range a report covers, both days included (MSG.reportRangeTooLong beyond it). */
export const REPORT_MAX_DAYS = 366;
export const ReportRangeInput = z.object({ from: ReportDay, to: ReportDay, format: ReportFormat });
export const MemberReportInput = z.object({
  from: ReportDay,
  to: ReportDay,
  format: ReportFormat,
  /** Part of the name, any case. */
  username: searchText(32),
  page: pageField,
  pagesize: pagesizeField,
});

const DailyFigures = {
  new_members: z.number().int(),
  first_depositors: z.number().int(),
  depositors: z.number().int(),
  deposits_count: z.number().int(),
  deposits_amount: Money,
  withdrawals_count: z.number().int(),
  withdrawals_amount: Money,
  /** deposits_amount - withdrawals_amount. */
  net_deposits: Money,
  bettors: z.number().int(),
  bets_count: z.number().int(),
  stake: Money,
  valid_stake: Money,
  payout: Money,
  /** stake - payout of the bets settled that day. */
  ggr: Money,
  rebates_paid: Money,
  redpackets_paid: Money,
  bonuses_paid: Money,
  /** Operators' adjustments, signed (credits minus debits). */
  adjustments: Money,
};
export const DailyReportRow = z.object({ day: z.string(), ...DailyFigures });
export const DailyReport = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, oldest first, days without activity included. */
  rows: z.array(DailyReportRow),
  /** The range as a whole: member counts are distinct over the range, not the sum of the days. */
  total: z.object(DailyFigures),
});
const VenueFigures = {
  bettors: z.number().int(),
  bets_count: z.number().int(),
  stake: Money,
  valid_stake: Money,
  payout: Money,
  ggr: Money,
};
export const VenueReportRow = z.object({ venue_code: z.string(), venue_name: z.string(), ...VenueFigures });
export const VenueReport = z.object({ from: z.string(), to: z.string(), rows: z.array(VenueReportRow), total: z.object(VenueFigures) });
export const MemberReportRow = z.object({
  member_id: z.number().int(),
  username: z.string(),
  deposits_count: z.number().int(),
  deposits_amount: Money,
  withdrawals_count: z.number().int(),
  withdrawals_amount: Money,
  bets_count: z.number().int(),
  stake: Money,
  valid_stake: Money,
  payout: Money,
  ggr: Money,
  rebates: Money,
  /** Deposit bonuses and red packets. */
  bonuses: Money,
  adjustments: Money,
  /** Now (central wallet and every venue wallet), not at the end of the range. */
  balance: Money,
});

/** A report's columns in the order of its CSV download: the row's key and the Chinese header. */
export type ReportColumns<Row> = ReadonlyArray<readonly [key: keyof Row & string, header: string]>;

/** The daily report's columns; the download and the console's table share these headers. */
export const dailyReportColumns: ReportColumns<z.output<typeof DailyReportRow>> = [
  ['day', '日期'],
  ['new_members', '新增会员'],
  ['first_depositors', '首存人数'],
  ['depositors', '存款人数'],
  ['deposits_count', '存款笔数'],
  ['deposits_amount', '存款金额'],
  ['withdrawals_count', '提款笔数'],
  ['withdrawals_amount', '提款金额'],
  ['net_deposits', '净存款'],
  ['bettors', '投注人数'],
  ['bets_count', '注单数'],
  ['stake', '投注金额'],
  ['valid_stake', '有效投注'],
  ['payout', '派彩'],
  ['ggr', '平台盈亏'],
  ['rebates_paid', '返水'],
  ['redpackets_paid', '红包'],
  ['bonuses_paid', '存款优惠'],
  ['adjustments', '人工调整'],
];
export const venueReportColumns: ReportColumns<z.output<typeof VenueReportRow>> = [
  ['venue_code', '场馆代码'],
  ['venue_name', '场馆'],
  ['bettors', '投注人数'],
  ['bets_count', '注单数'],
  ['stake', '投注金额'],
  ['valid_stake', '有效投注'],
  ['payout', '派彩'],
  ['ggr', '平台盈亏'],
];
export const memberReportColumns: ReportColumns<z.output<typeof MemberReportRow>> = [
  ['member_id', '会员ID'],
  ['username', '会员账号'],
  ['deposits_count', '存款笔数'],
  ['deposits_amount', '存款金额'],
  ['withdrawals_count', '提款笔数'],
  ['withdrawals_amount', '提款金额'],
  ['bets_count', '注单数'],
  ['stake', '投注金额'],
  ['valid_stake', '有效投注'],
  ['payout', '派彩'],
  ['ggr', '平台盈亏'],
  ['rebates', '返水'],
  ['bonuses', '优惠红包'],
  ['adjustments', '人工调整'],
  ['balance', '当前余额'],
];
/** The first cell of the total row of the daily and venue downloads. */
export const REPORT_TOTAL_LABEL = '合计';

const DashboardDay = z.object({
  day: z.string(),
  deposits: Money,
  withdrawals: Money,
  net: Money,
  new_members: z.number().int(),
  first_depositors: z.number().int(),
  bettors: z.number().int(),
  ggr: Money,
});
export const DashboardFigures = z.object({
  today: DashboardDay,
  yesterday: DashboardDay,
  /** The last 30 Beijing days, oldest first, today included. */
  chart: z.array(z.object({ day: z.string(), deposits: Money, withdrawals: Money, ggr: Money })),
});

// ---------------------------------------------------------------------------------------------------------------
// Messages, VIP, settings, audit, ledger

export const MessageInput = z.object({
  title: z.string().trim().min(1).max(128),
  content: z.string().trim().min(1).max(20_000),
  member_id: z.coerce.number().int().positive().optional(),
  type: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])).default(2),
});
export const SentMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  created_at: Timestamp,
  /** 1 announcement, 2 inbox message. */
  type: z.number().int(),
  /** Null: every member. */
  member_id: z.number().int().nullable(),
});

export const RetentionReviewResult = z.object({ quarter: z.string(), reviewed: z.number().int(), dropped: z.number().int() });
export const RetentionReviewsInput = z.object({
  page: pageField,
  pagesize: pagesizeField,
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
  deposit_bonus_percent: z.number(),
  min_fanshui_money: z.number(),
  /** Yuan: an approved withdrawal above it needs a second approval by another operator (never 0: 1.00-100,000.00). */
  withdraw_second_review_above: z.number(),
  /** Yuan: a manual adjustment above it (either sign) waits for another operator's approval (1.00-100,000.00). */
  adjust_second_review_above: z.number(),
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
  page: pageField,
  pagesize: pagesizeField,
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
export const LedgerCheck = z.object({
  balanced: z.boolean(),
  total: z.string(),
  accounts: z.number().int(),
  mismatched: z.array(z.object({ code: z.string(), balance: z.string(), entries: z.string() })),
});

// ---------------------------------------------------------------------------------------------------------------
// Content resources: list/create/update/delete at `/admin/api/<name>` and `/admin/api/<name>/:id`

const resFlag = z.coerce
  .number({ message: MSG.flagInvalid })
  .pipe(z.union([z.literal(0), z.literal(1)], { message: MSG.flagInvalid }))
  .default(1);
const resSort = z.coerce
  .number({ message: MSG.sortInvalid })
  .int({ message: MSG.sortInvalid })
  .min(-1_000_000)
  .max(1_000_000)
  .default(0);
const imageUrl = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(500, { message: MSG.inputTooLong })
    .refine(isSiteUrl, { message: MSG.urlInvalid });
const category = z.enum(GAME_CATEGORIES.map((c) => c.id) as [string, ...string[]], { message: MSG.gameCategoryInvalid });

export const BannerInput = z.object({ src: imageUrl(MSG.imageUrlRequired), sort: resSort, enabled: resFlag });
export const AdminBanner = z.object({ id: z.number().int(), src: z.string(), sort: z.number().int(), enabled: z.number().int() });

export const NoticeInput = z.object({
  text: z.string({ message: MSG.contentRequired }).trim().min(1, { message: MSG.contentRequired }).max(500, { message: MSG.inputTooLong }),
  sort: resSort,
  enabled: resFlag,
});
export const AdminNotice = z.object({ id: z.number().int(), text: z.string(), sort: z.number().int(), enabled: z.number().int() });

export const VENUE_WALLET_MODES = ['transfer', 'seamless'] as const;
/** A field the call does not take: absent, or the call is refused with its message. */
const integrationField = z.undefined({ message: MSG.venueIntegrationSeparate }).optional();
export const VenueInput = z.object({
  code: z.string({ message: MSG.venueCodeInvalid }).trim().regex(/^[A-Za-z0-9_]{1,32}$/, { message: MSG.venueCodeInvalid }),
  name: z.string({ message: MSG.nameRequired }).trim().min(1, { message: MSG.nameRequired }).max(64, { message: MSG.inputTooLong }),
  /** Shown beside the name; the code when left out. */
  platname: z.string().trim().max(32, { message: MSG.inputTooLong }).default(''),
  category_id: category,
  sort: resSort,
  enabled: resFlag,
  // What lets the venue move money is not edited here (README "Operators"): sent anyway, it is refused.
  wallet_mode: integrationField,
  api_base_url: integrationField,
  api_secret: integrationField,
  currency: integrationField,
});
/**
 * What lets a venue move money, proposed by an admin and applied when a second admin approves (an integration
 * change). A venue created by content has none of it and moves no money until then.
 */
export const VenueIntegrationInput = z.object({
  /**
   * How money reaches the venue (README "Game venues"): 'transfer' (a remote venue's own wallet, money moved in and
   * out over its API) or 'seamless' (the venue calls our wallet API for each bet and win).
   */
  wallet_mode: z.enum(VENUE_WALLET_MODES, { message: MSG.venueWalletModeInvalid }).default('transfer'),
  api_base_url: z
    .string()
    .trim()
    .max(255, { message: MSG.inputTooLong })
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), { message: MSG.venueApiUrlRequired })
    .default(''),
  /** Write-only: never answered; left empty, the stored secret stays (not when the address changes). */
  api_secret: z
    .string()
    .trim()
    .max(128, { message: MSG.inputTooLong })
    .refine((v) => v === '' || v.length >= 16, { message: MSG.venueSecretRequired })
    .default(''),
  currency: z.string().trim().regex(/^[A-Z]{3}$/, { message: MSG.venueCurrencyInvalid }).default('CNY'),
});
export const AdminVenue = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  platname: z.string(),
  category_id: z.string(),
  sort: z.number().int(),
  enabled: z.number().int(),
  wallet_mode: z.enum(VENUE_WALLET_MODES),
  api_base_url: z.string(),
  /** Whether a signing secret is stored (the secret itself is never answered). */
  api_secret_set: z.boolean(),
  currency: z.string(),
  /** A change of the fields above waits for a second admin. */
  pending_change: z.boolean(),
});

export const GameInput = z.object({
  name: z.string({ message: MSG.nameRequired }).trim().min(1, { message: MSG.nameRequired }).max(64, { message: MSG.inputTooLong }),
  category_id: category,
  app_state: resFlag,
  platform_name: z.string({ message: MSG.venueMissing }).trim().min(1, { message: MSG.venueMissing }).max(32, { message: MSG.venueMissing }),
  game_code: z.string().trim().max(64, { message: MSG.inputTooLong }).default(''),
  mobile_img: z
    .string()
    .trim()
    .max(500, { message: MSG.inputTooLong })
    .refine((v) => v === '' || isSiteUrl(v), { message: MSG.urlInvalid })
    .default(''),
  sort: resSort,
});
export const AdminGame = z.object({
  id: z.number().int(),
  name: z.string(),
  category_id: z.string(),
  app_state: z.number().int(),
  platform_name: z.string(),
  game_code: z.string(),
  mobile_img: z.string(),
  sort: z.number().int(),
});

/** `content` is operator HTML: the server cleans it before storing, and refuses it when nothing is left. */
export const ArticleInput = z.object({
  type: z.coerce
    .number({ message: MSG.articleTypeInvalid })
    .int({ message: MSG.articleTypeInvalid })
    .min(1, { message: MSG.articleTypeInvalid })
    .max(8, { message: MSG.articleTypeInvalid }),
  title: z.string({ message: MSG.titleRequired }).trim().min(1, { message: MSG.titleRequired }).max(128, { message: MSG.inputTooLong }),
  content: z.string({ message: MSG.contentRequired }).trim().min(1, { message: MSG.contentRequired }).max(100_000, { message: MSG.inputTooLong }),
});
export const AdminArticle = z.object({ id: z.number().int(), type: z.number().int(), title: z.string(), content: z.string() });

export const PromotionTypeInput = z.object({
  name: z.string({ message: MSG.nameRequired }).trim().min(1, { message: MSG.nameRequired }).max(32, { message: MSG.inputTooLong }),
  sort: z.coerce.number().int().default(0),
  enabled: flag01.default(1),
});
export const AdminPromotionType = z.object({ id: z.number().int(), name: z.string(), sort: z.number().int(), enabled: z.number().int() });

/** `content` and `memo` are operator HTML, cleaned by the server before they are stored. */
export const PromotionInput = z.object({
  type_id: z.coerce.number().int().positive().nullable().default(null),
  title: z.string({ message: MSG.titleRequired }).trim().min(1, { message: MSG.titleRequired }).max(128, { message: MSG.inputTooLong }),
  banner: z.string().max(500).default(''),
  content: z.string().max(100_000).default(''),
  memo: z.string().max(100_000).default(''),
  sort: z.coerce.number().int().default(0),
  enabled: flag01.default(1),
});
export const AdminPromotion = z.object({
  id: z.number().int(),
  type_id: z.number().int().nullable(),
  title: z.string(),
  banner: z.string(),
  content: z.string(),
  memo: z.string(),
  sort: z.number().int(),
  enabled: z.number().int(),
});

/** 'HH:mm' (or 'HH:mm:ss', seconds dropped), Beijing time. */
const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { message: MSG.timeRangeInvalid })
  .transform((v) => v.slice(0, 5));
export const RedpacketRuleInput = z.object({
  start_time: clockTime,
  end_time: clockTime,
  day_flow: centsInput,
  flow_money: centsInput,
  recharge: z.coerce.number().int().min(0).max(1000),
  /** Prize cap in percent of the deposits. */
  money: centsInput.refine((cents) => cents <= 100_00, { message: MSG.amountInvalid }),
  enabled: flag01.default(1),
});
export const AdminRedpacketRule = z.object({
  id: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  day_flow: Money,
  flow_money: Money,
  recharge: z.number().int(),
  money: Money,
  enabled: z.number().int(),
});

const percent = centsInput.refine((cents) => cents <= 100_00, { message: MSG.rebatePercentInvalid });
export const VipLevelInput = z.object({
  level: z.coerce
    .number({ message: MSG.vipLevelInvalid })
    .int({ message: MSG.vipLevelInvalid })
    .min(1, { message: MSG.vipLevelInvalid })
    .max(99, { message: MSG.vipLevelInvalid }),
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
});

// ---------------------------------------------------------------------------------------------------------------
// Image upload (POST /admin/api/files, multipart/form-data)

/**
 * The image types an operator may upload, told by the file's first bytes on the server (never by its name or the
 * type the browser declares). SVG is not among them: served from our own origin it could carry script.
 */
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** 2 MB: a 750×280 banner as JPEG or WebP is a few hundred KB; a larger file is a photo nobody resized. */
export const IMAGE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** What an uploaded image is for: a banner (轮播图, a promotion's 横幅) or an image inside content (tiles, HTML). */
export const IMAGE_UPLOAD_PURPOSES = ['banner', 'content'] as const;
export type ImageUploadPurpose = (typeof IMAGE_UPLOAD_PURPOSES)[number];

/** The form's text fields beside the file part (`file`). */
export const ImageUploadInput = z.object({
  purpose: z.enum(IMAGE_UPLOAD_PURPOSES, { message: MSG.imageUploadPurposeInvalid }).default('banner'),
});
/** The stored image: `path` is a site path (`/uploads/<random>.<ext>`) to put in an image field as it is. */
export const UploadedImage = z.object({
  path: z.string(),
  content_type: z.enum(IMAGE_UPLOAD_TYPES),
  size: z.number().int(),
});

// ---------------------------------------------------------------------------------------------------------------
// Integration changes (README "Operators"): what lets a venue or a gateway move money, made by one admin and
// applied when another approves it. Secrets are shown as ******** (set) or '' (none), never as they are.

export const INTEGRATION_CHANGE_STATES = { pending: 1, applied: 2, rejected: 3, withdrawn: 4, stale: 5 } as const;
export const IntegrationChange = z.object({
  id: z.number().int(),
  target_kind: z.enum(['venue', 'gateway']),
  /** The venue's or gateway's code. */
  target: z.string(),
  /** create: a new gateway; update: a venue's or gateway's integration fields. */
  action: z.enum(['create', 'update']),
  /** The integration fields before (null for a creation) and as proposed. */
  before: z.record(z.string(), z.string()).nullable(),
  after: z.record(z.string(), z.string()),
  /** 1 pending, 2 applied, 3 rejected, 4 withdrawn by its maker, 5 refused as stale. */
  state: z.number().int(),
  maker_id: z.number().int(),
  made_by: z.string(),
  checked_by: z.string(),
  /** The reason of a rejection or withdrawal, or the approver's note. */
  note: z.string(),
  decided_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export const IntegrationChangeQueryInput = z.object({ page: pageField, pagesize: pagesizeField, state: queueState(5) });
export const RejectReasonInput = z.object({
  note: z
    .string({ message: MSG.integrationRejectReasonRequired })
    .trim()
    .min(1, { message: MSG.integrationRejectReasonRequired })
    .max(200, { message: MSG.inputTooLong }),
});

/** The four calls of a list/create/update/delete resource. */
function resource<const P extends string, const R extends readonly OperatorRoleName[], I extends ZodType, D extends ZodType>(
  path: P,
  roles: R,
  input: I,
  item: D,
  what: string,
) {
  return {
    list: def('GET', path, roles, AdminEmpty, z.array(item), `List ${what}`),
    create: def('POST', path, roles, input, item, `Create one of ${what}`),
    update: def('PUT', `${path}/:id`, roles, input, item, `Replace one of ${what}`),
    remove: def('DELETE', `${path}/:id`, roles, AdminEmpty, Nothing, `Delete one of ${what}`),
  };
}

export type AdminResource = ReturnType<typeof resource<string, readonly OperatorRoleName[], ZodType, ZodType>>;

/** The list/create/update/delete resources, each under its own name. */
export const adminResources = {
  banners: resource('/admin/api/banners', CONTENT, BannerInput, AdminBanner, 'home banners'),
  notices: resource('/admin/api/notices', CONTENT, NoticeInput, AdminNotice, 'marquee notices'),
  venues: resource('/admin/api/venues', CONTENT, VenueInput, AdminVenue, 'venues'),
  games: resource('/admin/api/games', CONTENT, GameInput, AdminGame, 'home game tiles'),
  articles: resource('/admin/api/articles', CONTENT, ArticleInput, AdminArticle, 'help articles'),
  promotionTypes: resource('/admin/api/promotion-types', CONTENT, PromotionTypeInput, AdminPromotionType, 'promotion types'),
  promotions: resource('/admin/api/promotions', CONTENT, PromotionInput, AdminPromotion, 'promotions'),
  redpacketRules: resource('/admin/api/redpacket-rules', FINANCE, RedpacketRuleInput, AdminRedpacketRule, 'red-packet rules'),
  vipLevels: resource('/admin/api/vip-levels', FINANCE, VipLevelInput, AdminVipLevel, 'VIP levels'),
};

type Resources = typeof adminResources;
type ResourceName = keyof Resources & string;
/** The resources flattened into the registry: bannersList, bannersCreate, bannersUpdate, bannersRemove, ... */
type ResourceEntries = { [K in ResourceName as `${K}List`]: Resources[K]['list'] } & {
  [K in ResourceName as `${K}Create`]: Resources[K]['create'];
} & { [K in ResourceName as `${K}Update`]: Resources[K]['update'] } & {
  [K in ResourceName as `${K}Remove`]: Resources[K]['remove'];
};

function flattenResources(): ResourceEntries {
  const out: Record<string, AdminEndpointDef> = {};
  for (const [name, calls] of Object.entries(adminResources)) {
    for (const [op, call] of Object.entries(calls)) out[`${name}${op[0]!.toUpperCase()}${op.slice(1)}`] = call;
  }
  return out as ResourceEntries;
}

const reviewed = <const P extends string, const K extends string, const R extends readonly OperatorRoleName[], D extends ZodType>(
  base: P,
  param: K,
  roles: R,
  item: D,
  what: string,
) => ({
  approve: def('POST', `${base}/:${param}/approve` as const, roles, NoteInput, item, `Approve ${what}`),
  reject: def('POST', `${base}/:${param}/reject` as const, roles, NoteInput, item, `Reject ${what} (note: the reason)`),
});

const depositReview = reviewed('/admin/api/deposits', 'deposit_no', FINANCE, AdminDeposit, 'a deposit (credits it)');
const withdrawalReview = reviewed(
  '/admin/api/withdrawals',
  'order_no',
  FINANCE,
  AdminWithdrawal,
  'a withdrawal (above withdraw_second_review_above: a first approval, then a second by another operator)',
);
const adjustmentReview = reviewed(
  '/admin/api/adjustments',
  'id',
  FINANCE,
  AdminAdjustment,
  'a pending manual adjustment (by another operator than its maker; approval applies it once)',
);
const activityReview = reviewed('/admin/api/activity-applications', 'id', CONTENT_FINANCE, AdminActivityApplication, 'a promotion application');
const agentReview = reviewed('/admin/api/agent-applications', 'id', FINANCE, AdminAgentApplication, 'a partner application');

export const adminEndpoints = {
  // Sign-in and one's own account
  login: {
    method: 'POST',
    path: '/admin/api/login',
    auth: 'public',
    roles: ALL,
    input: AdminLoginInput,
    data: AdminSession,
    summary: 'Sign in: username, password and, with two-factor sign-in, the code (231 when missing, 232 when wrong)',
  },
  logout: { ...def('POST', '/admin/api/logout', ALL, AdminEmpty, Nothing, 'End the calling session'), beforeTwoFactor: true },
  me: { ...def('GET', '/admin/api/me', ALL, AdminEmpty, OperatorMe, 'The calling operator'), beforeTwoFactor: true },
  password: def('POST', '/admin/api/password', ALL, OperatorPasswordInput, Nothing, "Change one's own password"),
  totpSetup: {
    ...def('POST', '/admin/api/totp/setup', ALL, AdminEmpty, TotpSetup, 'Start two-factor enrolment: a pending secret and its otpauth URI'),
    beforeTwoFactor: true,
  },
  totpConfirm: {
    ...def('POST', '/admin/api/totp/confirm', ALL, TotpConfirmInput, OperatorMe, 'Finish enrolment with one code from the app'),
    beforeTwoFactor: true,
  },

  // Operators (admin)
  operators: def('GET', '/admin/api/operators', ADMIN, AdminEmpty, z.array(OperatorRow), 'Operators'),
  operatorCreate: def('POST', '/admin/api/operators', ADMIN, OperatorCreateInput, OperatorCreated, 'Create an operator; its password is answered once'),
  operatorUpdate: def('PUT', '/admin/api/operators/:id', ADMIN, OperatorRoleInput, OperatorRow, "Change an operator's role"),
  operatorState: def(
    'POST',
    '/admin/api/operators/:id/state',
    ADMIN,
    StateInput,
    z.object({ state: z.number().int() }),
    'Disable (0) or enable (1) an operator',
  ),
  operatorTotpReset: def('POST', '/admin/api/operators/:id/totp/reset', ADMIN, AdminEmpty, OperatorRow, "Clear an operator's two factors"),

  // Dashboard
  dashboardPending: def(
    'GET',
    '/admin/api/dashboard/pending',
    ALL,
    AdminEmpty,
    DashboardPending,
    'Pending items per review queue the role may see, with the newest id of each',
  ),

  // Members
  members: def('GET', '/admin/api/members', CONTENT_FINANCE, MemberSearchInput, paginator(AdminMemberRow), 'Find members'),
  member: def('GET', '/admin/api/members/:id', CONTENT_FINANCE, AdminEmpty, AdminMemberDetail, 'One member: profile, balances, cards'),
  memberLedger: def('GET', '/admin/api/members/:id/ledger', FINANCE, MemberTabInput, paginator(AdminLedgerEntry), "A member's ledger entries"),
  memberDeposits: def('GET', '/admin/api/members/:id/deposits', FINANCE, MemberTabInput, paginator(AdminDeposit), "A member's deposits"),
  memberWithdrawals: def(
    'GET',
    '/admin/api/members/:id/withdrawals',
    FINANCE,
    MemberTabInput,
    paginator(AdminWithdrawal),
    "A member's withdrawals",
  ),
  memberTransfers: def('GET', '/admin/api/members/:id/transfers', FINANCE, MemberTabInput, paginator(AdminTransfer), "A member's venue transfers"),
  memberBets: def('GET', '/admin/api/members/:id/bets', CONTENT_FINANCE, MemberTabInput, paginator(AdminBet), "A member's bets"),
  memberLogins: def('GET', '/admin/api/members/:id/logins', CONTENT_FINANCE, MemberTabInput, paginator(MemberLogin), "A member's sign-ins"),
  memberAdjust: def(
    'POST',
    '/admin/api/members/:id/adjust',
    FINANCE,
    AdjustInput,
    AdjustResult,
    'Credit or debit the central wallet (not a deposit); above adjust_second_review_above it waits for another operator',
  ),
  memberRecycle: def(
    'POST',
    '/admin/api/members/:id/recycle',
    FINANCE,
    AdminEmpty,
    z.object({ recycled: Money, balance: Money }),
    'Bring every venue balance back to the central wallet',
  ),
  memberState: def('POST', '/admin/api/members/:id/state', ADMIN, StateInput, z.object({ state: z.number().int() }), 'Disable (0) or enable (1) a member'),
  memberResponsible: def('GET', '/admin/api/members/:id/responsible', CONTENT_FINANCE, AdminEmpty, RgInfo, "A member's responsible-gambling settings"),
  memberResponsibleSet: def(
    'POST',
    '/admin/api/members/:id/responsible',
    FINANCE,
    RgSetBody,
    RgInfo,
    "Tighten a member's limit (never loosen)",
  ),
  memberResponsibleBreak: def(
    'POST',
    '/admin/api/members/:id/responsible/break',
    FINANCE,
    RgBreakBody,
    RgInfo,
    'Put a member on a cool-off or self-exclusion (never shorten)',
  ),

  // Risk flags (风控)
  riskFlags: def('GET', '/admin/api/risk-flags', FINANCE, RiskFlagQueryInput, paginator(RiskFlagRow), 'Risk flags with their members'),
  riskFlagClear: def('POST', '/admin/api/risk-flags/:id/clear', FINANCE, NoteInput, RiskFlagRow, 'Clear a flag'),
  riskFlagMemberFreeze: def(
    'POST',
    '/admin/api/risk-flags/:id/members/:member_id/freeze',
    ADMIN,
    NoteInput,
    RiskFlagRow,
    'Freeze one member of a flag (ends their sessions); the others stay as they are',
  ),

  // Money desk
  deposits: def('GET', '/admin/api/deposits', FINANCE, DepositQueueInput, paginator(AdminDeposit), 'Deposit queue'),
  venueTransfers: def('GET', '/admin/api/venue-transfers', FINANCE, VenueTransferQueueInput, paginator(AdminVenueTransfer), 'Transfers to and from remote venues, newest first'),
  venueTransferReconcile: def(
    'POST',
    '/admin/api/venue-transfers/:transfer_no/reconcile',
    FINANCE,
    AdminEmpty,
    AdminVenueTransfer,
    'Ask the venue about a pending transfer now and finish it as its answer says (still pending while it does not answer, answers about another transfer, or confirms another amount: then the note says so)',
  ),
  depositApprove: depositReview.approve,
  depositReject: depositReview.reject,
  depositQuery: def(
    'POST',
    '/admin/api/deposits/:deposit_no/query',
    FINANCE,
    AdminEmpty,
    DepositQueryResult,
    "查单: ask the deposit's gateway about it now and act on the answer as reconciliation does (credit inside the window, hold a late payment, close an unpaid expired order)",
  ),
  latePayments: def('GET', '/admin/api/late-payments', FINANCE, LatePaymentQueueInput, paginator(AdminLatePayment), 'Money paid at a gateway after its deposit closed, held for finance'),
  latePaymentApprove: def(
    'POST',
    '/admin/api/late-payments/:id/approve',
    FINANCE,
    AdminEmpty,
    AdminLatePayment,
    'Credit a held late payment once: its deposit becomes approved through the ledger (a second decision: 409)',
  ),
  latePaymentReject: def('POST', '/admin/api/late-payments/:id/reject', FINANCE, LatePaymentRefuseInput, AdminLatePayment, 'Refuse a held late payment, with the reason; nothing moves'),
  withdrawals: def('GET', '/admin/api/withdrawals', FINANCE, WithdrawalQueueInput, paginator(AdminWithdrawalRow), 'Withdrawal queue'),
  withdrawalApprove: withdrawalReview.approve,
  withdrawalReject: withdrawalReview.reject,
  adjustments: def('GET', '/admin/api/adjustments', FINANCE, AdjustmentQueueInput, paginator(AdminAdjustment), 'Manual adjustments waiting for a second operator, and decided ones'),
  adjustmentApprove: adjustmentReview.approve,
  adjustmentReject: adjustmentReview.reject,
  payWays: def('GET', '/admin/api/pay-ways', FINANCE, AdminEmpty, z.array(PayWayAdmin), 'Pay ways with their ranges'),
  payWayUpdate: def('PUT', '/admin/api/pay-ways/:code', FINANCE, PayWayUpdateInput, PayWayRow, 'Change a pay way'),
  receivingAccounts: def('GET', '/admin/api/receiving-accounts', FINANCE, AdminEmpty, z.array(ReceivingAccount), 'Receiving accounts'),
  receivingAccountCreate: def('POST', '/admin/api/receiving-accounts', FINANCE, ReceivingAccountInput, ReceivingAccount, 'Add a receiving account'),
  receivingAccountUpdate: def(
    'PUT',
    '/admin/api/receiving-accounts/:id',
    FINANCE,
    ReceivingAccountInput,
    ReceivingAccount,
    'Replace a receiving account',
  ),
  receivingAccountDelete: def('DELETE', '/admin/api/receiving-accounts/:id', FINANCE, AdminEmpty, Nothing, 'Delete a receiving account'),
  paymentGateways: def('GET', '/admin/api/payment-gateways', ADMIN, AdminEmpty, z.array(PaymentGateway), 'Payment gateways'),
  paymentGatewayCreate: def(
    'POST',
    '/admin/api/payment-gateways',
    ADMIN,
    GatewayCreateInput,
    IntegrationChange,
    'Propose a payment gateway: it is created when a second admin approves',
  ),
  paymentGatewayUpdate: def(
    'PUT',
    '/admin/api/payment-gateways/:code',
    ADMIN,
    GatewayUpdateInput,
    PaymentGateway,
    'Change a gateway: name and switch at once; merchant, secret and submit_url wait for a second admin (a new address needs a new secret)',
  ),
  paymentGatewayDelete: def('DELETE', '/admin/api/payment-gateways/:code', ADMIN, AdminEmpty, Nothing, 'Delete an unused gateway'),
  paymentNotifies: def('GET', '/admin/api/payment-notifies', FINANCE, NotifyListInput, paginator(PaymentNotify), 'Gateway notifies'),
  ledgerCheck: def('GET', '/admin/api/ledger/check', FINANCE, AdminEmpty, LedgerCheck, 'Verify the ledger invariants'),

  // Reports (format=csv: the whole report as a CSV download)
  reportDaily: def('GET', '/admin/api/reports/daily', FINANCE, ReportRangeInput, DailyReport, 'Daily figures of a range of Beijing days, with a total'),
  reportVenues: def('GET', '/admin/api/reports/venues', FINANCE, ReportRangeInput, VenueReport, 'Bets per venue over a range of Beijing days'),
  reportMembers: def(
    'GET',
    '/admin/api/reports/members',
    FINANCE,
    MemberReportInput,
    paginator(MemberReportRow),
    'Figures per member with activity in a range of Beijing days',
  ),
  dashboardFigures: def('GET', '/admin/api/dashboard/figures', FINANCE, AdminEmpty, DashboardFigures, 'Today against yesterday, and 30 days'),

  // Applications
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

  // The partner programme (README "Partner programme"): plans, partners, downline moves and monthly statements
  commissionPlans: def('GET', '/admin/api/commission-plans', FINANCE, AdminEmpty, z.array(CommissionPlan), 'Commission plans'),
  commissionPlanCreate: def('POST', '/admin/api/commission-plans', FINANCE, PlanInput, CommissionPlan, 'Create a commission plan'),
  commissionPlanUpdate: def('PUT', '/admin/api/commission-plans/:id', FINANCE, PlanInput, CommissionPlan, 'Change a commission plan'),
  partners: def('GET', '/admin/api/partners', FINANCE, PartnerQueryInput, paginator(PartnerRow), 'Partners (members with isagent 1)'),
  partnerPlanSet: def('PUT', '/admin/api/partners/:id/plan', FINANCE, PartnerPlanInput, PartnerRow, "Set a partner's commission plan"),
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

  // Messages, VIP, settings, audit
  messageSend: def('POST', '/admin/api/messages', CONTENT, MessageInput, SentMessage, 'Send an inbox message or an announcement'),
  messageDelete: def('DELETE', '/admin/api/messages/:id', CONTENT, AdminEmpty, Nothing, 'Delete a message'),
  vipRetentionReview: def('POST', '/admin/api/vip/retention-review', FINANCE, AdminEmpty, RetentionReviewResult, 'Run the VIP retention review now'),
  vipRetentionReviews: def(
    'GET',
    '/admin/api/vip/retention-reviews',
    FINANCE,
    RetentionReviewsInput,
    paginator(RetentionReviewRow),
    'VIP retention reviews',
  ),
  settings: def('GET', '/admin/api/settings', ADMIN, AdminEmpty, AdminSettings, 'Site settings'),
  settingsUpdate: def('PUT', '/admin/api/settings', ADMIN, SettingsPatchInput, AdminSettings, 'Change any subset of the site settings'),
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

  // Integration changes: what lets a venue or a gateway move money takes two admins
  venueIntegration: def(
    'POST',
    '/admin/api/venues/:id/integration',
    ADMIN,
    VenueIntegrationInput,
    IntegrationChange,
    "Propose a venue's wallet mode, API address, secret and currency (a new address needs a new secret)",
  ),
  integrationChanges: def(
    'GET',
    '/admin/api/integration-changes',
    ADMIN,
    IntegrationChangeQueryInput,
    paginator(IntegrationChange),
    'Integration changes, pending first',
  ),
  integrationChangeApprove: def(
    'POST',
    '/admin/api/integration-changes/:id/approve',
    ADMIN,
    NoteInput,
    IntegrationChange,
    'Apply a pending change (another admin than its maker; refused as stale when the target changed since)',
  ),
  integrationChangeReject: def(
    'POST',
    '/admin/api/integration-changes/:id/reject',
    ADMIN,
    RejectReasonInput,
    IntegrationChange,
    'Reject a pending change with a reason (its maker withdraws it)',
  ),

  // Files
  imageUpload: {
    ...def(
      'POST',
      '/admin/api/files',
      CONTENT,
      ImageUploadInput,
      UploadedImage,
      'Upload an image (multipart/form-data: the part `file`, and `purpose`): PNG, JPEG, GIF or WebP by its content, at most 2 MB; answers its /uploads/ path',
    ),
    multipart: true,
  },

  ...flattenResources(),
} as const satisfies Record<string, AdminEndpointDef>;

export type AdminEndpoints = typeof adminEndpoints;
export type AdminEndpointKey = keyof AdminEndpoints;
/** What the console sends (query for GET and DELETE, body otherwise). */
export type AdminInputOf<E extends AdminEndpointDef> = z.input<E['input']>;
/** The input after parsing, as the server sees it. */
export type AdminParsedInputOf<E extends AdminEndpointDef> = z.output<E['input']>;
/** The answer's data as the console reads it. */
export type AdminDataOf<E extends AdminEndpointDef> = z.output<E['data']>;

/** The `:param` names of a path, e.g. 'id' of '/admin/api/members/:id/adjust'. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The concrete path of a call: each `:param` replaced by its value, URL-encoded. */
export function adminPath<E extends AdminEndpointDef>(
  endpoint: E,
  ...params: PathParams<E['path']> extends never ? [] : [Record<PathParams<E['path']>, string | number>]
): string {
  const values = (params[0] ?? {}) as Record<string, string | number>;
  return endpoint.path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.path}: missing :${name}`);
    return encodeURIComponent(String(value));
  });
}

export function adminEndpointList(): Array<AdminEndpointDef & { key: string }> {
  return Object.entries(adminEndpoints).map(([key, value]) => ({ key, ...(value as AdminEndpointDef) }));
}
