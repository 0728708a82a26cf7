import { adminEndpoints, venueReportColumns } from '@h5/contract';
import { useVenueReport } from './api';
import { RangeReportPage } from './range-report-page';

/** 场馆报表: the settled bets of the range per venue, and their total. */
export default function VenueReportPage() {
  return (
    <RangeReportPage
      title="场馆报表"
      endpoint={adminEndpoints.reportVenues}
      useReport={useVenueReport}
      columns={venueReportColumns}
      labels={['venue_code', 'venue_name']}
      rowKey="venue_code"
      empty="该时间段内没有已结算注单"
      notes="按注单结算时间（北京时间）统计已结算注单，金额单位为元；平台盈亏 = 投注金额 − 派彩。合计行的投注人数按会员去重。"
    />
  );
}
