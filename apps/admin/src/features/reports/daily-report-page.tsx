import { adminEndpoints, dailyReportColumns } from '@h5/contract';
import { useDailyReport } from './api';
import { RangeReportPage } from './range-report-page';

/**
 * 每日报表: a row per Beijing day of the range (quiet days too) and the range's total, as the server counts them; its
 * eighteen figures in two tables, members and money in and out above, bets and what was paid out below, so that
 * each fits 1280 px with its total.
 */
export default function DailyReportPage() {
  return (
    <RangeReportPage
      title="每日报表"
      endpoint={adminEndpoints.reportDaily}
      useReport={useDailyReport}
      columns={dailyReportColumns}
      labels={['day']}
      rowKey="day"
      empty="暂无数据"
      sections={[
        {
          title: '会员与存提',
          keys: [
            'new_members',
            'first_depositors',
            'depositors',
            'deposits_count',
            'deposits_amount',
            'withdrawals_count',
            'withdrawals_amount',
            'net_deposits',
          ],
        },
        {
          title: '投注与派发',
          keys: [
            'bettors',
            'bets_count',
            'stake',
            'valid_stake',
            'payout',
            'ggr',
            'rebates_paid',
            'redpackets_paid',
            'bonuses_paid',
            'adjustments',
          ],
        },
      ]}
      notes="按北京时间自然日统计，金额单位为元。存款按审核通过时间，提款按出款时间，注单按结算时间；平台盈亏 = 投注金额 − 派彩。合计行中的人数按整个区间去重，不是各日相加。"
    />
  );
}
