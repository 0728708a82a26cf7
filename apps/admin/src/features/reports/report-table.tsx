import { REPORT_TOTAL_LABEL, type ReportColumns } from '@h5/contract';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { formatMoney } from '../../shared/format';
import './reports.css';

/**
 * A figure as the server answered it: a count as is, money as its two-decimal string with thousands separators
 * (the digits are the server's; nothing is added up or rounded here).
 */
export const figure = (value: unknown): string =>
  typeof value === 'number' ? String(value) : formatMoney(value as string);

/**
 * The table columns of a report from the contract's column list, so a title is the CSV header of the same figure.
 * `labels` are the columns that name the row (a day, a venue, a member); every other column is a figure, right-aligned.
 */
export function reportColumns<Row>(
  columns: ReportColumns<Row>,
  labels: readonly (keyof Row & string)[],
  render: Partial<Record<keyof Row & string, (value: unknown, row: Row) => ReactNode>> = {},
): TableColumnsType<Row> {
  return columns.map(([key, header]) =>
    labels.includes(key)
      ? { key, title: header, dataIndex: key, fixed: key === labels[0] ? 'left' : undefined, render: render[key] }
      : { key, title: header, dataIndex: key, align: 'right', render: render[key] ?? figure },
  );
}

/** A part of a wide report shown as a table of its own: its heading and the figures it holds. */
export interface ReportSection<Row> {
  title: string;
  keys: readonly (keyof Row & string)[];
}

/**
 * A report too wide for 1280 px as several tables one above the other, each with the row-naming columns first:
 * every figure of the contract's list in exactly one of them, in the contract's order (a figure no section names
 * goes to the last, so a new column is never left out).
 */
export function splitReport<Row>(
  columns: ReportColumns<Row>,
  labels: readonly (keyof Row & string)[],
  sections: readonly ReportSection<Row>[],
): { title: string; columns: ReportColumns<Row> }[] {
  const named = new Set(sections.flatMap((section) => section.keys));
  const labelColumns = columns.filter(([key]) => labels.includes(key));
  return sections.map((section, index) => ({
    title: section.title,
    columns: [
      ...labelColumns,
      ...columns.filter(
        ([key]) =>
          !labels.includes(key) && (section.keys.includes(key) || (index === sections.length - 1 && !named.has(key))),
      ),
    ],
  }));
}

/** The total of a report as the table's last row (in the table's footer), set apart from the days or venues above. */
export function TotalRow<Row>({
  columns,
  labels,
  total,
}: {
  columns: ReportColumns<Row>;
  labels: readonly (keyof Row & string)[];
  total: Partial<Record<keyof Row & string, unknown>>;
}) {
  return (
    <Table.Summary>
      <Table.Summary.Row className="report-total">
        {columns.map(([key], index) => (
          <Table.Summary.Cell key={key} index={index} align={labels.includes(key) ? undefined : 'right'}>
            {index === 0 ? REPORT_TOTAL_LABEL : key in total ? figure(total[key]) : ''}
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
}

/**
 * 导出 CSV: the server's own download of the whole report (`format=csv`), saved as `filename`. The client shows a
 * refusal's Chinese message; the button spins while the file comes.
 */
export function ExportButton({ download }: { download: () => Promise<void> }) {
  const exporting = useMutation({ mutationFn: download });
  return (
    <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
      导出 CSV
    </Button>
  );
}
