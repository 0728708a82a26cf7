/**
 * The money desk's back-office calls: deposits (and 查单), late payments, withdrawals, manual adjustments, pay ways,
 * receiving accounts, payment gateways, notifies and the ledger check.
 */
import { z } from 'zod';
import { MAX_PAY_RANGES, PAY_RANGE_TYPES } from '../codes';
import { Money, paginator, Timestamp } from '../common';
import { MSG } from '../messages';
import { isSiteUrl } from '../site-url';
import {
  ADMIN,
  blankIsAbsent,
  centsInput,
  DateRange,
  def,
  FINANCE,
  flag01,
  Nothing,
  Paging,
  queueFilters,
  reasonInput,
  requiredText,
  resource,
  reviewed,
} from './atoms';
import { AdminEmpty, type AdminEndpointDef } from './define';
import { IntegrationChange } from './integrations';
import { MONEY_CAPS } from './money-caps';
import { DEFAULT_PAYMENT_PROTOCOL, PAYMENT_PROTOCOLS } from '../payment-protocols';

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

export const DepositQueueInput = z.object({ ...queueFilters(3), ...DateRange });
export const WithdrawalQueueInput = DepositQueueInput;
export const AdjustmentQueueInput = z.object(queueFilters(3));

/**
 * Who approved a deposit or withdrawal: the first approval of one above its second-review line
 * (`deposit_second_review_above`, `withdraw_second_review_above`) or past a daily total (empty/null until then), and
 * the approval or rejection that decided it.
 */
const twoPersonReview = {
  first_reviewer_id: z.number().int().nullable(),
  first_reviewed_by: z.string(),
  first_reviewed_at: Timestamp.nullable(),
  reviewed_by: z.string(),
  reviewed_at: Timestamp.nullable(),
};

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
  /**
   * What an operator's approval rests on (a deposit without a gateway): the receiving account the money reached (its
   * id, and its name and number as recorded) and the payer's reference found on it; empty until approved.
   */
  receiving_account_id: z.number().int().nullable(),
  receiving_account: z.string(),
  payer_reference: z.string(),
  ...twoPersonReview,
  created_at: Timestamp,
});
export const AdminDepositRow = AdminDeposit.extend({
  username: z.string(),
  /** Whether an operator's approval of it is a first one by the line as it stands now (a daily total may add more). */
  needs_second_review: z.boolean(),
});
/**
 * An operator's approval of a deposit without a gateway: the receiving account (one of the site's, of the deposit's
 * channel) the money reached and the payer's reference (the transfer's serial, the payer's name) found on it, both
 * required on a first (or only) approval; a second approval rests on what the first recorded (sent again, they must be
 * the same).
 */
export const DepositApproveInput = z.object({
  note: z.string().max(200).default(''),
  receiving_account_id: z
    .number({ message: MSG.depositReceivingAccountRequired })
    .int({ message: MSG.depositReceivingAccountRequired })
    .positive({ message: MSG.depositReceivingAccountRequired })
    .optional(),
  payer_reference: z
    .string({ message: MSG.depositPayerReferenceRequired })
    .max(128, { message: MSG.inputTooLong })
    .default(''),
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
export const LatePaymentQueueInput = z.object(queueFilters(3));
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
export const LatePaymentRefuseInput = reasonInput(MSG.latePaymentReasonRequired, 200);

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
  ...twoPersonReview,
  created_at: Timestamp,
});
export const AdminWithdrawalRow = AdminWithdrawal.extend({
  username: z.string(),
  /** The member's outstanding withdrawal turnover now (members.turnover_required). */
  turnover_required: Money,
  /** Whether this withdrawal's amount is above the second-review line as it stands now. */
  needs_second_review: z.boolean(),
});

/** A pay way as a change of it answers. */
export const PayWayRow = z.object({
  code: z.string(),
  name: z.string(),
  enabled: z.number().int(),
  sort: z.number().int(),
  gateway: z.string().nullable(),
});
/** A pay way as the list shows it: with its ranges. */
export const PayWayAdmin = PayWayRow.extend({
  ranges: z.array(z.object({ type: z.string(), min_price: Money, max_price: Money })),
  /** A change of its ranges waits for a second admin. */
  pending_change: z.boolean(),
});
/**
 * One amount range of a pay way: a getPayRange type and its bounds in cents, the lower not above the upper, the
 * upper at most 1,000,000.00 (docs/operators.md "Caps on money settings").
 */
export const PayRangeInput = z.object({
  type: z.enum(PAY_RANGE_TYPES, { message: MSG.payRangeTypeInvalid }),
  min_price: centsInput,
  max_price: centsInput.refine((cents) => cents <= MONEY_CAPS.payRangeMax, { message: MSG.payRangeMaxTooHigh }),
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
  name: requiredText(MSG.nameRequired, 32).optional(),
  enabled: flag01.optional(),
  sort: z.coerce.number().int().optional(),
  /** A gateway code, or null: receiving accounts and operator review. */
  gateway: z.string().max(32).nullable().optional(),
  /**
   * Every range of the way: the listed types get these bounds, a type of the way left out loses its range (closed
   * to deposits). Left out altogether: the ranges stay as they are. A change of them waits for a second admin.
   */
  ranges: PayRangesInput.optional(),
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

/**
 * Where the member's browser posts the order: an http(s) address. A path of our own site passes this shape only so
 * the sandbox's seeded gateway edits as it is; the server takes no new one (docs/payments.md "Payment gateways").
 */
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
  protocol: z.enum(PAYMENT_PROTOCOLS).default(DEFAULT_PAYMENT_PROTOCOL),
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
  ...Paging,
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

/**
 * sealed, broken, off (no key) or wrong-key (nothing else wrong, but the server's key id is not the latest key
 * period's; or its key was never a period's and verifies nothing: not tampering).
 */
const SealState = z.enum(['sealed', 'broken', 'off', 'wrong-key']);
/**
 * What a seal check counts: movements whose seal verified, movements from before sealing began, movements not chained
 * yet, and problems (movements that fail, and for one member accounts whose balance is not the sum of their entries).
 */
const SealCounts = {
  verified: z.number().int(),
  legacy: z.number().int(),
  unchained: z.number().int(),
  problems: z.number().int(),
};

export const LedgerCheck = z.object({
  balanced: z.boolean(),
  total: z.string(),
  accounts: z.number().int(),
  mismatched: z.array(z.object({ code: z.string(), balance: z.string(), entries: z.string() })),
  /**
   * The sealed ledger (server docs/money.md "Sealed ledger"): sealed (every movement's MAC and the chain verify), broken
   * (`first` names the first movement that does not), off (no key) or wrong-key (see SealState).
   */
  seal: z.object({
    state: SealState,
    keyId: z.string().nullable(),
    periodKeyId: z.string().nullable(),
    ...SealCounts,
    first: z
      .object({
        movementId: z.number().int(),
        reference: z.string().nullable(),
        problem: z.enum(['mac', 'unsealed', 'unknown-key', 'refused', 'unchained', 'chain', 'missing', 'digest']),
      })
      .nullable(),
    lastSealed: z
      .object({ movementId: z.number().int(), chainSeq: z.number().int(), chainHash: z.string(), at: Timestamp })
      .nullable(),
  }),
});

/** 核对单个会员: the member, by the exact username (any case). */
export const LedgerMemberCheckInput = z.object({
  username: requiredText(MSG.ledgerMemberRequired, 32, MSG.ledgerMemberUnknown),
});

/**
 * One member's history verified alone (server docs/money.md "Sealed ledger", "Verifying one member"): every movement with a
 * leg on one of the member's accounts, or posted for the member, has a seal that verifies with a key configured on
 * the server, was not refused by the chaining job, is chained (a minute after it was written) with a link that follows
 * from the chained movement before it, and its legs sum to zero; each of the member's
 * accounts holds the sum of its entries. `ok` only when all of that holds and the seal state is `sealed` (with
 * sealing off or a wrong key the seals cannot be verified: not ok, though `problems` may be 0).
 */
export const LedgerMemberCheck = z.object({
  member: z.object({ id: z.number().int(), username: z.string() }),
  ok: z.boolean(),
  /** As the whole check's seal state: sealed, broken (a problem below), off (no key) or wrong-key (not tampering). */
  state: SealState,
  /** Movements checked; of them, the counts of SealCounts. */
  movements: z.number().int(),
  ...SealCounts,
  first: z
    .object({
      movementId: z.number().int(),
      reference: z.string(),
      problem: z.enum(['mac', 'unsealed', 'unknown-key', 'unbalanced', 'refused', 'unchained', 'chain', 'missing']),
      at: Timestamp,
    })
    .nullable(),
  /** The member's accounts: central wallet first, then venue wallets by venue code. */
  accounts: z.array(
    z.object({
      code: z.string(),
      kind: z.string(),
      venue_code: z.string(),
      balance: Money,
      entries: Money,
      matches: z.boolean(),
    }),
  ),
});

/** The chain head kept at a Beijing midnight, for an operator to copy elsewhere. */
export const LedgerSealDigest = z.object({
  day: z.string(),
  chainSeq: z.number().int(),
  chainHash: z.string(),
  movementId: z.number().int().nullable(),
  recordedAt: Timestamp,
});

const depositReview = reviewed(
  '/admin/api/deposits',
  'deposit_no',
  FINANCE,
  AdminDeposit,
  'a deposit (credits nothing)',
);
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

/** Where members pay deposits without a gateway: a resource of its own, under the money desk's names. */
export const receivingAccountResource = resource(
  '/admin/api/receiving-accounts',
  FINANCE,
  ReceivingAccountInput,
  ReceivingAccount,
  'receiving accounts',
  '收款账户',
);

/** The money desk. */
export const adminPaymentCalls = {
  deposits: def('GET', '/admin/api/deposits', FINANCE, DepositQueueInput, paginator(AdminDepositRow), 'Deposit queue'),
  depositApprove: def(
    'POST',
    '/admin/api/deposits/:deposit_no/approve',
    FINANCE,
    DepositApproveInput,
    AdminDeposit,
    'Approve a deposit paid to a receiving account, with its evidence (a gateway deposit: 403, only its gateway credits it); above deposit_second_review_above or past a daily total a first approval, then a second by another person',
  ),
  depositReject: depositReview.reject,
  depositQuery: def(
    'POST',
    '/admin/api/deposits/:deposit_no/query',
    FINANCE,
    AdminEmpty,
    DepositQueryResult,
    "查单: ask the deposit's gateway about it now and act on the answer as reconciliation does (credit inside the window, hold a late payment, close an unpaid expired order)",
  ),
  latePayments: def(
    'GET',
    '/admin/api/late-payments',
    FINANCE,
    LatePaymentQueueInput,
    paginator(AdminLatePayment),
    'Money paid at a gateway after its deposit closed, held for finance',
  ),
  latePaymentApprove: def(
    'POST',
    '/admin/api/late-payments/:id/approve',
    FINANCE,
    AdminEmpty,
    AdminLatePayment,
    'Credit a held late payment once: its deposit becomes approved through the ledger (a second decision: 409)',
  ),
  latePaymentReject: def(
    'POST',
    '/admin/api/late-payments/:id/reject',
    FINANCE,
    LatePaymentRefuseInput,
    AdminLatePayment,
    'Refuse a held late payment, with the reason; nothing moves',
  ),
  withdrawals: def(
    'GET',
    '/admin/api/withdrawals',
    FINANCE,
    WithdrawalQueueInput,
    paginator(AdminWithdrawalRow),
    'Withdrawal queue',
  ),
  withdrawalApprove: withdrawalReview.approve,
  withdrawalReject: withdrawalReview.reject,
  adjustments: def(
    'GET',
    '/admin/api/adjustments',
    FINANCE,
    AdjustmentQueueInput,
    paginator(AdminAdjustment),
    'Manual adjustments waiting for a second operator, and decided ones',
  ),
  adjustmentApprove: adjustmentReview.approve,
  adjustmentReject: adjustmentReview.reject,
  payWays: def('GET', '/admin/api/pay-ways', FINANCE, AdminEmpty, z.array(PayWayAdmin), 'Pay ways with their ranges'),
  payWayUpdate: def(
    'PUT',
    '/admin/api/pay-ways/:code',
    FINANCE,
    PayWayUpdateInput,
    PayWayRow,
    'Change a pay way: name, switch, sort and gateway at once; ranges when a second admin approves',
  ),
  receivingAccounts: receivingAccountResource.list,
  receivingAccountCreate: receivingAccountResource.create,
  receivingAccountUpdate: receivingAccountResource.update,
  receivingAccountDelete: receivingAccountResource.remove,
  paymentGateways: def(
    'GET',
    '/admin/api/payment-gateways',
    ADMIN,
    AdminEmpty,
    z.array(PaymentGateway),
    'Payment gateways',
  ),
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
  paymentGatewayDelete: def(
    'DELETE',
    '/admin/api/payment-gateways/:code',
    ADMIN,
    AdminEmpty,
    Nothing,
    'Delete an unused gateway',
  ),
  paymentNotifies: def(
    'GET',
    '/admin/api/payment-notifies',
    FINANCE,
    NotifyListInput,
    paginator(PaymentNotify),
    'Gateway notifies',
  ),
  ledgerCheck: def(
    'GET',
    '/admin/api/ledger/check',
    FINANCE,
    AdminEmpty,
    LedgerCheck,
    'Verify the ledger invariants and its seal',
  ),
  ledgerMemberCheck: def(
    'GET',
    '/admin/api/ledger/member-check',
    FINANCE,
    LedgerMemberCheckInput,
    LedgerMemberCheck,
    "Verify one member's history alone: seals, legs and balances of every movement touching the member's accounts",
  ),
  ledgerDigests: def(
    'GET',
    '/admin/api/ledger/digests',
    FINANCE,
    AdminEmpty,
    z.array(LedgerSealDigest),
    "The sealed ledger's daily digests, newest first",
  ),
} as const satisfies Record<string, AdminEndpointDef>;
