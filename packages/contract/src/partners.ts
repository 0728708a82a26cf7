/**
 * The partner programme (docs/partners.md "Partner programme"): the agent centre's answers and the back office's plans,
 * partners and monthly statements. Months are Beijing months 'YYYY-MM'.
 */
import { z } from 'zod';
import { Money, Timestamp } from './common';
import { MSG } from './messages';
import { MONEY_CAPS } from './admin/money-caps';
import { parseMoneyToCents } from './money';

/** A Beijing month 'YYYY-MM'. */
export const MonthText = z
  .string({ message: MSG.monthInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: MSG.monthInvalid });

/** The figures of a partner's downline over a month (so far, for the running month). */
export const PartnerFigures = z.object({
  /** Downline members with a settled bet of valid stake above zero in the month. */
  active_members: z.number().int(),
  deposits: Money,
  withdrawals: Money,
  valid_stake: Money,
  /** Stake minus payout of the bets settled in the month (the reports' 平台盈亏). */
  ggr: Money,
  rebates: Money,
  /** Deposit bonuses and red packets. */
  bonuses: Money,
  /** The plan's share of payment fees: fee_share % of deposits plus withdrawals. */
  fees: Money,
  /** ggr - rebates - bonuses - fees. */
  net_revenue: Money,
});
export type PartnerFigures = z.infer<typeof PartnerFigures>;

/**
 * A month's figures worked through the rule above, as the wire carries them: GGR 350.00 less rebates 12.34, bonuses
 * 13.88 and fees 11.00 (1.00 % of 1,000.00 deposited and 100.00 withdrawn) is a net revenue of 312.78. The server's
 * tests make these movements and expect these figures; the agent centre and the console draw them.
 */
export const PARTNER_MONTH_EXAMPLE: PartnerFigures = {
  active_members: 2,
  deposits: '1000.00',
  withdrawals: '100.00',
  valid_stake: '1200.00',
  ggr: '350.00',
  rebates: '12.34',
  bonuses: '13.88',
  fees: '11.00',
  net_revenue: '312.78',
};

/** One tier of a plan: reached when the month's net revenue (after carry-over) and the active members both reach it. */
export const PlanTier = z.object({ min_net_revenue: Money, min_active: z.number().int(), rate: z.string() });

export const AgentSummary = z.object({
  month: z.string(),
  figures: PartnerFigures,
  /** The previous statement's carry-over (zero or negative), counted against this month. */
  carry_in: Money,
  plan: z.object({ name: z.string(), tiers: z.array(PlanTier) }).nullable(),
  downline_total: z.number().int(),
  pid: z.number().int(),
  link: z.string(),
});
export type AgentSummary = z.infer<typeof AgentSummary>;

export const AgentDownlineRow = z.object({
  /** Partly masked: the first two and the last characters. */
  username: z.string(),
  created_at: Timestamp,
  deposits: Money,
  valid_stake: Money,
});
export type AgentDownlineRow = z.infer<typeof AgentDownlineRow>;

export const StatementFields = {
  id: z.number().int(),
  month: z.string(),
  ...PartnerFigures.shape,
  carry_in: Money,
  /** net_revenue + carry_in: what the tier and the commission are figured on. */
  commission_base: Money,
  /** The tier reached (1 = lowest), 0 for none. */
  tier: z.number().int(),
  rate: z.string(),
  commission: Money,
  /** Zero, or the negative commission_base carried into the next month. */
  carry_out: Money,
  /** 1 pending review, 2 paid. */
  state: z.number().int(),
  paid_by: z.string(),
  paid_at: Timestamp.nullable(),
  created_at: Timestamp,
};
export const AgentStatement = z.object(StatementFields);
export type AgentStatement = z.infer<typeof AgentStatement>;

/**
 * The statement of PARTNER_MONTH_EXAMPLE with nothing carried in, under a plan paying 20 % from 0.00 net revenue and
 * one active member and 30 % from 300.00 and two: the second tier's 30 % of 312.78 is a commission of 93.83. The
 * server's tests expect it; the agent centre and the console draw it.
 */
export const PARTNER_STATEMENT_EXAMPLE = {
  ...PARTNER_MONTH_EXAMPLE,
  carry_in: '0.00',
  commission_base: '312.78',
  tier: 2,
  rate: '30.00',
  commission: '93.83',
  carry_out: '0.00',
} satisfies Partial<AgentStatement>;

// Back office

const percentInput = (message: string, max = 100_00) =>
  z.union([z.string().max(16), z.number()]).transform((v, ctx) => {
    const cents = parseMoneyToCents(v);
    if (cents === null || cents < 0 || cents > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

const moneyCents = z.union([z.string().max(32), z.number()]).transform((v, ctx) => {
  const cents = parseMoneyToCents(v);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: MSG.amountInvalid });
    return z.NEVER;
  }
  return cents;
});

export const PlanTierInput = z.object({
  min_net_revenue: moneyCents,
  min_active: z.coerce
    .number({ message: MSG.countInvalid })
    .int({ message: MSG.countInvalid })
    .min(0, { message: MSG.countInvalid }),
  /** Percent with up to two decimals, stored as hundredths of a percent: at most 60 (docs/operators.md "Caps on money settings"). */
  rate: percentInput(MSG.planTierRateInvalid, MONEY_CAPS.commissionRate),
});

export const PlanInput = z.object({
  name: z.string({ message: MSG.nameRequired }).trim().min(1, { message: MSG.nameRequired }).max(64),
  fee_share: percentInput(MSG.planFeeShareInvalid),
  tiers: z
    .array(PlanTierInput, { message: MSG.planTiersEmpty })
    .min(1, { message: MSG.planTiersEmpty })
    .max(10)
    .refine((tiers) => tiers.every((t, i) => i === 0 || t.min_net_revenue > (tiers[i - 1]?.min_net_revenue ?? 0)), {
      message: MSG.planTiersOrder,
    }),
});

export const CommissionPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  fee_share: z.string(),
  tiers: z.array(PlanTier),
  partners: z.number().int(),
  created_at: Timestamp,
  /** A change of its fee share or tiers waits for a second admin. */
  pending_change: z.boolean(),
});

export const PartnerRow = z.object({
  member_id: z.number().int(),
  username: z.string(),
  plan_id: z.number().int().nullable(),
  plan_name: z.string().nullable(),
  downline: z.number().int(),
});

export const AdminStatementRow = z.object({ ...StatementFields, partner_id: z.number().int(), username: z.string() });

/** The statements download's columns, in order, with their Chinese headers. */
export const statementColumns: ReadonlyArray<readonly [keyof z.output<typeof AdminStatementRow> & string, string]> = [
  ['id', '结算单号'],
  ['month', '月份'],
  ['username', '代理账号'],
  ['active_members', '活跃会员'],
  ['deposits', '存款'],
  ['withdrawals', '提款'],
  ['valid_stake', '有效投注'],
  ['ggr', '平台盈亏'],
  ['rebates', '返水'],
  ['bonuses', '优惠红包'],
  ['fees', '支付手续费'],
  ['net_revenue', '净盈利'],
  ['carry_in', '上月结转'],
  ['commission_base', '佣金基数'],
  ['tier', '档位'],
  ['rate', '佣金比例(%)'],
  ['commission', '佣金'],
  ['carry_out', '结转下月'],
  ['state', '状态(1待审核 2已派发)'],
  ['paid_by', '审核人'],
  ['paid_at', '派发时间'],
];

/** Masks a member name for a partner's eyes: the first two and the last characters show. */
export function maskUsername(name: string): string {
  if (name.length <= 3) return `${name.slice(0, 1)}***`;
  return `${name.slice(0, 2)}***${name.slice(-1)}`;
}
