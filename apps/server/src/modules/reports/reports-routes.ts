import { Readable } from 'node:stream';
import { adminEndpoints } from '@h5/contract';
import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { adminRoute, type AuthenticateOperator, type FileReply } from '../../http/admin-route';
import type { Clock } from '../../lib/time';
import {
  dailyReport,
  dashboardFigures,
  dayRange,
  memberReportPage,
  memberReportRows,
  venueReport,
} from './reports-service';

export interface ReportsDeps {
  db: Db;
  clock: Clock;
}

/** Column keys and their Chinese headers, in the order of the download. */
type Columns = ReadonlyArray<readonly [key: string, header: string]>;

const DAILY_COLUMNS: Columns = [
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
const VENUE_COLUMNS: Columns = [
  ['venue_code', '场馆代码'],
  ['venue_name', '场馆'],
  ['bettors', '投注人数'],
  ['bets_count', '注单数'],
  ['stake', '投注金额'],
  ['valid_stake', '有效投注'],
  ['payout', '派彩'],
  ['ggr', '平台盈亏'],
];
const MEMBER_COLUMNS: Columns = [
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

/**
 * A CSV download: UTF-8 with a byte-order mark (so spreadsheet programs read the Chinese headers), rows written as
 * the source yields them.
 */
function csvFile(name: string, columns: Columns, rows: Iterable<object> | AsyncIterable<object>): FileReply {
  const csv = stringify({ bom: true, header: true, columns: columns.map(([key, header]) => ({ key, header })) });
  const source = Readable.from(rows);
  // A read failing halfway ends the download rather than leaving it hanging.
  source.on('error', (err) => csv.destroy(err));
  source.pipe(csv);
  return { file: { stream: csv, contentType: 'text/csv; charset=utf-8', filename: `${name}.csv` } };
}

/** GET /admin/api/reports/* and /admin/api/dashboard/figures (finance): README "Reports". */
export function reportsRoutes(app: FastifyInstance, deps: ReportsDeps, authenticate: AuthenticateOperator) {
  const { db } = deps;

  adminRoute(app, authenticate, adminEndpoints.reportDaily, async ({ input }) => {
    const report = await dailyReport(db, dayRange(input.from, input.to));
    if (input.format === 'csv') {
      return csvFile(`daily-${input.from}-${input.to}`, DAILY_COLUMNS, [
        ...report.rows,
        { day: '合计', ...report.total },
      ]);
    }
    return { data: report };
  });

  adminRoute(app, authenticate, adminEndpoints.reportVenues, async ({ input }) => {
    const report = await venueReport(db, dayRange(input.from, input.to));
    if (input.format === 'csv') {
      return csvFile(`venues-${input.from}-${input.to}`, VENUE_COLUMNS, [
        ...report.rows,
        { venue_code: '合计', venue_name: '', ...report.total },
      ]);
    }
    return { data: report };
  });

  adminRoute(app, authenticate, adminEndpoints.reportMembers, async ({ input }) => {
    const range = dayRange(input.from, input.to);
    if (input.format === 'csv') {
      return csvFile(`members-${input.from}-${input.to}`, MEMBER_COLUMNS, memberReportRows(db, range, input.username));
    }
    return { data: await memberReportPage(db, range, input) };
  });

  adminRoute(app, authenticate, adminEndpoints.dashboardFigures, async () => ({
    data: await dashboardFigures(db, deps.clock.now()),
  }));
}
