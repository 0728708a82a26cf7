import { adminEndpoints, venueReportColumns } from '@h5/contract';
import { Alert, Typography } from 'antd';
import { downloadAdmin, type DataOf } from '../../shared/api/client';
import { useListParams } from '../../shared/table/use-paged-table';
import { DataTable } from '../../shared/ui/data-table';
import { emptyLocale } from '../../shared/ui/empty';
import { FilterBar } from '../../shared/ui/filter-bar';
import { PageTitle } from '../../shared/ui/page-title';
import { useVenueReport } from './api';
import { lastSevenDays, ReportRange } from './report-range';
import { ExportButton, reportColumns, TotalRow } from './report-table';

type Row = DataOf<typeof adminEndpoints.reportVenues>['rows'][number];

const LABELS = ['venue_code', 'venue_name'] as const;
const columns = reportColumns<Row>(venueReportColumns, LABELS);

/** 场馆报表: the settled bets of the range per venue, and their total. */
export default function VenueReportPage() {
  const { filters: range, setFilters } = useListParams(lastSevenDays());
  const report = useVenueReport(range);
  const data = report.isError ? undefined : report.data;
  return (
    <>
      <PageTitle
        extra={
          <ExportButton
            download={() =>
              downloadAdmin(adminEndpoints.reportVenues, `场馆报表_${range.from}_${range.to}.csv`, {
                input: { ...range, format: 'csv' },
              })
            }
          />
        }
      >
        场馆报表
      </PageTitle>
      <FilterBar>
        <ReportRange value={range} onChange={setFilters} />
      </FilterBar>
      {report.error && <Alert type="error" showIcon title={report.error.message} style={{ marginBottom: 16 }} />}
      <DataTable<Row>
        label="场馆报表"
        className="report-table"
        rowKey="venue_code"
        size="small"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={report.isPending || report.isPlaceholderData}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={emptyLocale(report.isError ? '报表未能生成' : '该时间段内没有已结算注单')}
        summary={() => (data ? <TotalRow columns={venueReportColumns} labels={LABELS} total={data.total} /> : null)}
      />
      <Typography.Paragraph type="secondary" className="report-notes">
        按注单结算时间（北京时间）统计已结算注单，金额单位为元；平台盈亏 = 投注金额 − 派彩。合计行的投注人数按会员去重。
      </Typography.Paragraph>
    </>
  );
}
