import type { adminEndpoints } from '@h5/contract';
import { App, Button, DatePicker, Descriptions, Form, type TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { RowOf } from '../../shared/api/client';
import { formatMoney } from '../../shared/format';
import { usePagedList } from '../../shared/table/use-paged-list';
import { ListTable } from '../../shared/ui/list-table';
import { VenueFilterBar } from '../../shared/ui/filter-bar';
import { PageTitle } from '../../shared/ui/page-title';
import { ReasonDialog } from '../../shared/ui/reason-dialog';
import { StatusTag } from '../../shared/ui/status-tag';
import { afterResolve, fetchReconDifferences, resolveReconDifference } from './api';

type Row = RowOf<typeof adminEndpoints.venueReconDifferences>;

/** What differs, in finance's words (docs/venues.md "Hub88 reconciliation"). */
const DIFFERENCES: Record<string, string> = {
  missing_ours: '我方缺失',
  missing_theirs: '场馆缺失',
  amount: '金额不符',
  kind: '类型不符',
};
const KINDS: Record<string, string> = { bet: '下注', win: '派彩', rollback: '撤销' };
const STATE_OPTIONS = [
  { value: 'open', label: '待核实' },
  { value: 'resolved', label: '已核实' },
  { value: 'all', label: '全部' },
];

const side = (record: Row['ours'] | Row['theirs']) =>
  record === null ? (
    <span>无记录</span>
  ) : (
    <span>
      {`${KINDS[record.kind] ?? record.kind} ${formatMoney(record.amount)}`}
      <br />
      <small>{record.player}</small>
    </span>
  );

/**
 * 场馆对账: what the daily reconciliation of hub88 venues found to differ from the aggregator's records, the ones
 * not yet checked first. Nothing here moves money: 已核实 records that finance has looked into it, with a note.
 */
export default function VenueReconciliationPage() {
  const { filters, setFilters, tableProps } = usePagedList({
    name: 'venueReconDifferences',
    defaults: { state: 'open', venue: '', day: '' },
    fetchPage: fetchReconDifferences,
    emptyText: (f) => (f.state === 'open' ? '暂无待核实的对账差异' : '没有符合条件的对账差异'),
  });
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [resolving, setResolving] = useState<Row | null>(null);

  const columns: TableColumnsType<Row> = [
    { title: '日期', dataIndex: 'day', width: 110 },
    { title: '场馆', dataIndex: 'venue_name', width: 110 },
    { title: '交易号', dataIndex: 'transaction_id', width: 220, render: (v: string) => <code>{v}</code> },
    {
      title: '差异',
      dataIndex: 'difference',
      width: 100,
      render: (v: string) => <StatusTag tone="warning">{DIFFERENCES[v] ?? v}</StatusTag>,
    },
    { title: '我方记录', key: 'ours', width: 150, render: (_v, row) => side(row.ours) },
    { title: '场馆记录', key: 'theirs', width: 150, render: (_v, row) => side(row.theirs) },
    {
      title: '处理',
      width: 170,
      fixed: 'right',
      render: (_v, row) =>
        row.state === 'open' ? (
          <Button size="small" onClick={() => setResolving(row)}>
            已核实
          </Button>
        ) : (
          <span>{`已核实（${row.resolved_by}）：${row.note}`}</span>
        ),
    },
  ];

  return (
    <>
      <PageTitle>场馆对账</PageTitle>
      <VenueFilterBar id="venue-recon" filters={filters} options={STATE_OPTIONS} onChange={setFilters}>
        <Form.Item label="日期" htmlFor="venue-recon-day">
          <DatePicker
            id="venue-recon-day"
            value={filters.day ? dayjs(filters.day) : null}
            placeholder="对账日期"
            onChange={(d) => setFilters({ day: d ? d.format('YYYY-MM-DD') : '' })}
          />
        </Form.Item>
      </VenueFilterBar>
      <ListTable<Row> label="场馆对账差异列表" columns={columns} width={1010} {...tableProps} />
      <ReasonDialog
        open={resolving !== null}
        title="标记为已核实"
        label="核实说明"
        okText="确认已核实"
        summary={
          resolving === null ? null : (
            <Descriptions column={1} size="small">
              <Descriptions.Item label="场馆">{resolving.venue_name}</Descriptions.Item>
              <Descriptions.Item label="交易号">{resolving.transaction_id}</Descriptions.Item>
              <Descriptions.Item label="差异">{DIFFERENCES[resolving.difference]}</Descriptions.Item>
            </Descriptions>
          )
        }
        onClose={() => setResolving(null)}
        onSubmit={async (note) => {
          if (resolving === null) return;
          try {
            const answer = await resolveReconDifference(resolving.id, note);
            void message.success(answer.message);
          } catch {
            // the client has shown why
          } finally {
            await Promise.all(afterResolve.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
          }
        }}
      />
    </>
  );
}
