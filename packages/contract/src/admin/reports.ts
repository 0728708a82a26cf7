/**
 * Reports (finance): Beijing days, figures from the ledger and the bet records (docs/reports.md "Reports"), and the
 * dashboard's pending queues and figures.
 */
import { z } from 'zod';
import { Money, paginator } from '../common';
import { MSG } from '../messages';
import { ALL, blankIsAbsent, def, FINANCE, Paging, ReportFormat, searchText, VenueNamed } from './atoms';
import { AdminEmpty, type AdminEndpointDef } from './define';

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

/** A required Beijing day of a report range. */
const ReportDay = z.preprocess(
  blankIsAbsent,
  z
    .string({ message: MSG.reportRangeRequired })
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: MSG.dateInvalid }),
);
/** `format=csv` answers the whole report as a CSV download (UTF-8 with a byte-order mark) instead of the envelope. */
/** The longest range a report covers, both days included (MSG.reportRangeTooLong beyond it). */
export const REPORT_MAX_DAYS = 366;
export const ReportRangeInput = z.object({ from: ReportDay, to: ReportDay, format: ReportFormat });
export const MemberReportInput = z.object({
  from: ReportDay,
  to: ReportDay,
  format: ReportFormat,
  /** Part of the name, any case. */
  username: searchText(32),
  ...Paging,
});

/** Approved deposits and withdrawals, as the daily and the member report count them. */
const CashFigures = {
  deposits_count: z.number().int(),
  deposits_amount: Money,
  withdrawals_count: z.number().int(),
  withdrawals_amount: Money,
};
/** Settled bets, as every report counts them. */
const SettledFigures = {
  bets_count: z.number().int(),
  stake: Money,
  valid_stake: Money,
  payout: Money,
  /** stake - payout of the bets settled in the period. */
  ggr: Money,
};
/** The players of a day or a venue and their settled bets. */
const VenueFigures = { bettors: z.number().int(), ...SettledFigures };
const DailyFigures = {
  new_members: z.number().int(),
  first_depositors: z.number().int(),
  depositors: z.number().int(),
  ...CashFigures,
  /** deposits_amount - withdrawals_amount. */
  net_deposits: Money,
  ...VenueFigures,
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
export const VenueReportRow = z.object({ ...VenueNamed, ...VenueFigures });
export const VenueReport = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(VenueReportRow),
  total: z.object(VenueFigures),
});
export const MemberReportRow = z.object({
  member_id: z.number().int(),
  username: z.string(),
  ...CashFigures,
  ...SettledFigures,
  rebates: Money,
  /** Deposit bonuses and red packets. */
  bonuses: Money,
  adjustments: Money,
  /** Now (central wallet and every venue wallet), not at the end of the range. */
  balance: Money,
});

/** A report's columns in the order of its CSV download: the row's key and the Chinese header. */
export type ReportColumns<Row> = ReadonlyArray<readonly [key: keyof Row & string, header: string]>;

const cashColumns = [
  ['deposits_count', '存款笔数'],
  ['deposits_amount', '存款金额'],
  ['withdrawals_count', '提款笔数'],
  ['withdrawals_amount', '提款金额'],
] as const;
const settledColumns = [
  ['bets_count', '注单数'],
  ['stake', '投注金额'],
  ['valid_stake', '有效投注'],
  ['payout', '派彩'],
  ['ggr', '平台盈亏'],
] as const;

/** The daily report's columns; the download and the console's table share these headers. */
export const dailyReportColumns: ReportColumns<z.output<typeof DailyReportRow>> = [
  ['day', '日期'],
  ['new_members', '新增会员'],
  ['first_depositors', '首存人数'],
  ['depositors', '存款人数'],
  ...cashColumns,
  ['net_deposits', '净存款'],
  ['bettors', '投注人数'],
  ...settledColumns,
  ['rebates_paid', '返水'],
  ['redpackets_paid', '红包'],
  ['bonuses_paid', '存款优惠'],
  ['adjustments', '人工调整'],
];
export const venueReportColumns: ReportColumns<z.output<typeof VenueReportRow>> = [
  ['venue_code', '场馆代码'],
  ['venue_name', '场馆'],
  ['bettors', '投注人数'],
  ...settledColumns,
];
export const memberReportColumns: ReportColumns<z.output<typeof MemberReportRow>> = [
  ['member_id', '会员ID'],
  ['username', '会员账号'],
  ...cashColumns,
  ...settledColumns,
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

/** The dashboard and the reports (format=csv: the whole report as a CSV download). */
export const adminReportCalls = {
  dashboardPending: def(
    'GET',
    '/admin/api/dashboard/pending',
    ALL,
    AdminEmpty,
    DashboardPending,
    'Pending items per review queue the role may see, with the newest id of each',
  ),
  reportDaily: def(
    'GET',
    '/admin/api/reports/daily',
    FINANCE,
    ReportRangeInput,
    DailyReport,
    'Daily figures of a range of Beijing days, with a total',
  ),
  reportVenues: def(
    'GET',
    '/admin/api/reports/venues',
    FINANCE,
    ReportRangeInput,
    VenueReport,
    'Bets per venue over a range of Beijing days',
  ),
  reportMembers: def(
    'GET',
    '/admin/api/reports/members',
    FINANCE,
    MemberReportInput,
    paginator(MemberReportRow),
    'Figures per member with activity in a range of Beijing days',
  ),
  dashboardFigures: def(
    'GET',
    '/admin/api/dashboard/figures',
    FINANCE,
    AdminEmpty,
    DashboardFigures,
    'Today against yesterday, and 30 days',
  ),
} as const satisfies Record<string, AdminEndpointDef>;
