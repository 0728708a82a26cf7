import { adminEndpoints, dailyReportColumns } from '@h5/contract';
import { Alert, Typography } from 'antd';
import { downloadAdmin, type DataOf } from '../../shared/api/client';
import { useListParams } from '../../shared/table/use-paged-table';
import { DataTable } from '../../shared/ui/data-table';
import { emptyLocale } from '../../shared/ui/empty';
import { FilterBar } from '../../shared/ui/filter-bar';
import { PageTitle } from '../../shared/ui/page-title';
import { useDailyReport } from './api';
import { lastSevenDays, ReportRange } from './report-range';
import { ExportButton, reportColumns, TotalRow } from './report-table';

type Row = DataOf<typeof adminEndpoints.reportDaily>['rows'][number];

const LABELS = ['day'] as const;
const columns = reportColumns<Row>(dailyReportColumns, LABELS);

/** 每日报表: a row per Beijing day of the range (quiet days too) and the range's total, as the server counts them. */
export default function DailyReportPage() {
  const { filters: range, setFilters } = useListParams(lastSevenDays());
  const report = useDailyReport(range);
  const data = report.isError ? undefined : report.data;
  return (
    <>
      <PageTitle
        extra={
          <ExportButton
            download={() =>
              downloadAdmin(adminEndpoints.reportDaily, `每日报表_${range.from}_${range.to}.csv`, {
                input: { ...range, format: 'csv' },
              })
            }
          />
        }
      >
        每日报表
      </PageTitle>
      <FilterBar>
        <ReportRange value={range} onChange={setFilters} />
      </FilterBar>
      {report.error && <Alert type="error" showIcon title={report.error.message} style={{ marginBottom: 16 }} />}
      <DataTable<Row>
        label="每日报表"
        className="report-table"
        rowKey="day"
        size="small"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={report.isPending || report.isPlaceholderData}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={emptyLocale(report.isError ? '报表未能生成' : '暂无数据')}
        summary={() => (data ? <TotalRow columns={dailyReportColumns} labels={LABELS} total={data.total} /> : null)}
      />
      <Typography.Paragraph type="secondary" className="report-notes">
        按北京时间自然日统计，金额单位为元。存款按审核通过时间，提款按出款时间，注单按结算时间；平台盈亏 = 投注金额 −
        派彩。合计行中的人数按整个区间去重，不是各日相加。
      </Typography.Paragraph>
    </>
  );
}
