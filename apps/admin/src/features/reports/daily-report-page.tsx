import { adminEndpoints, dailyReportColumns } from '@h5/contract';
import { useDailyReport } from './api';
import { RangeReportPage } from './range-report-page';

/** 每日报表: a row per Beijing day of the range (quiet days too) and the range's total, as the server counts them. */
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
      notes="按北京时间自然日统计，金额单位为元。存款按审核通过时间，提款按出款时间，注单按结算时间；平台盈亏 = 投注金额 − 派彩。合计行中的人数按整个区间去重，不是各日相加。"
    />
  );
}
