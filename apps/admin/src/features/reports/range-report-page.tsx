import { Alert, Typography } from 'antd';
import type { ReactNode } from 'react';
import { downloadAdmin, type AdminEndpoint } from '../../shared/api/client';
import { useListParams } from '../../shared/table/use-paged-table';
import { DataTable } from '../../shared/ui/data-table';
import { emptyLocale } from '../../shared/ui/empty';
import { FilterBar } from '../../shared/ui/filter-bar';
import { PageTitle } from '../../shared/ui/page-title';
import type { DayRange } from './api';
import { lastSevenDays, ReportRange } from './report-range';
import { type ReportColumns } from '@h5/contract';
import { ExportButton, reportColumns, type ReportSection, splitReport, TotalRow } from './report-table';

interface RangeReport<Row> {
  rows: Row[];
  total: Partial<Row>;
}

interface Props<Row> {
  /** The screen's name, also the CSV's name: `<title>_<from>_<to>.csv`. */
  title: string;
  endpoint: AdminEndpoint;
  useReport: (range: DayRange) => {
    data?: RangeReport<Row>;
    error: Error | null;
    isError: boolean;
    isPending: boolean;
    isPlaceholderData: boolean;
  };
  columns: ReportColumns<Row>;
  /** The columns that name a row (the total row spans them with 合计). */
  labels: readonly (keyof Row & string)[];
  rowKey: keyof Row & string;
  empty: string;
  notes: ReactNode;
  /** A report too wide for one table at 1280 px: its figures in these parts, one table each. */
  sections?: readonly ReportSection<Row>[];
}

/**
 * A report over a range of Beijing days without paging (每日报表, 场馆报表): the range in the address, the server's
 * rows and total as they come, the CSV of the same range, a refusal in the server's words.
 */
export function RangeReportPage<Row extends object>({
  title,
  endpoint,
  useReport,
  columns,
  labels,
  rowKey,
  empty,
  notes,
  sections,
}: Props<Row>) {
  const { filters: range, setFilters } = useListParams(lastSevenDays());
  const report = useReport(range);
  const data = report.isError ? undefined : report.data;
  const parts = sections ? splitReport(columns, labels, sections) : [{ title: '', columns }];
  return (
    <>
      <PageTitle
        extra={
          <ExportButton
            download={() =>
              (downloadAdmin as (e: AdminEndpoint, name: string, args: object) => Promise<void>)(
                endpoint,
                `${title}_${range.from}_${range.to}.csv`,
                {
                  input: { ...range, format: 'csv' },
                },
              )
            }
          />
        }
      >
        {title}
      </PageTitle>
      <FilterBar>
        <ReportRange value={range} onChange={setFilters} />
      </FilterBar>
      {report.error && <Alert type="error" showIcon title={report.error.message} style={{ marginBottom: 16 }} />}
      {parts.map((part) => (
        <section key={part.title} aria-label={part.title}>
          {part.title ? (
            <Typography.Title level={2} className="report-section-title">
              {part.title}
            </Typography.Title>
          ) : null}
          <DataTable<Row>
            label={part.title ? `${title}：${part.title}` : title}
            className="report-table"
            rowKey={rowKey}
            size="small"
            columns={reportColumns<Row>(part.columns, labels)}
            dataSource={data?.rows ?? []}
            loading={report.isPending || report.isPlaceholderData}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={emptyLocale(report.isError ? '报表未能生成' : empty)}
            summary={() => (data ? <TotalRow columns={part.columns} labels={labels} total={data.total} /> : null)}
          />
        </section>
      ))}
      <Typography.Paragraph type="secondary" className="report-notes">
        {notes}
      </Typography.Paragraph>
    </>
  );
}
