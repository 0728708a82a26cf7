import type { adminEndpoints } from '@h5/contract';
import { Button, Descriptions, Form, Input, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { RowOf } from '../../shared/api/client';
import { formatMoney } from '../../shared/format';
import { useListParams, usePagedTable } from '../../shared/table/use-paged-table';
import { useConfirmAction } from '../../shared/ui/confirm-action';
import { DataTable } from '../../shared/ui/data-table';
import { DateRangeFilter, FilterBar, StateFilter } from '../../shared/ui/filter-bar';
import { PageTitle } from '../../shared/ui/page-title';
import { StatusTag, type Tone } from '../../shared/ui/status-tag';
import { afterReconcile, fetchVenueTransfers, reconcileVenueTransfer } from './api';

type Row = RowOf<typeof adminEndpoints.venueTransfers>;

const LIST_POLL_MS = 15_000;

/** SPEC 4's transfer states. */
const STATES: Record<number, { text: string; tone: Tone }> = {
  0: { text: '失败', tone: 'danger' },
  1: { text: '成功', tone: 'success' },
  2: { text: '处理中', tone: 'warning' },
};
const STATE_OPTIONS = [
  { value: '2', label: '处理中' },
  { value: '1', label: '成功' },
  { value: '0', label: '失败' },
  { value: 'all', label: '全部' },
];

const directionText = (d: string) => (d === 'in' ? '转入场馆' : '转回中心钱包');

/**
 * 场馆转账: transfers to and from remote transfer-wallet venues, the pending ones first. A pending transfer waits
 * for the venue's answer; 对账 asks the venue now, and the transfer finishes as the venue says (the reconciliation
 * job does the same every minute).
 */
export default function VenueTransfersPage() {
  const { filters, page, setFilters, setPage } = useListParams({ state: '2', venue: '', from: '', to: '' });
  const { tableProps } = usePagedTable({
    queryKey: ['venueTransfers', filters],
    fetchPage: (p, signal) => fetchVenueTransfers(filters, p, signal),
    page,
    onPage: setPage,
    emptyText: filters.state === '2' ? '暂无处理中的场馆转账' : '没有符合条件的场馆转账',
    refetchInterval: LIST_POLL_MS,
  });
  const confirm = useConfirmAction();

  const reconcile = (row: Row) =>
    confirm({
      title: '向场馆查询该转账？',
      content: (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="会员">{row.username ?? row.member_id}</Descriptions.Item>
          <Descriptions.Item label="场馆">{row.venue_code}</Descriptions.Item>
          <Descriptions.Item label="方向">{directionText(row.direction)}</Descriptions.Item>
          <Descriptions.Item label="金额">{`${formatMoney(row.amount)} 元`}</Descriptions.Item>
          <Descriptions.Item label="转账单号">{row.transfer_no}</Descriptions.Item>
        </Descriptions>
      ),
      okText: '查询并处理',
      action: () => reconcileVenueTransfer(row.transfer_no),
      invalidate: afterReconcile,
      success: (answer) => answer.message,
    });

  const columns: TableColumnsType<Row> = [
    { title: '转账单号', dataIndex: 'transfer_no', width: 210 },
    {
      title: '会员',
      dataIndex: 'username',
      render: (name: string | undefined, row) => <Link to={`/members/${row.member_id}`}>{name ?? row.member_id}</Link>,
    },
    { title: '场馆', dataIndex: 'venue_code', width: 100 },
    { title: '方向', dataIndex: 'direction', width: 120, render: directionText },
    { title: '金额', dataIndex: 'amount', align: 'right', render: (v: string) => formatMoney(v) },
    { title: '发起时间', dataIndex: 'created_at', width: 170 },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (v: number) => <StatusTag tone={STATES[v]?.tone ?? 'neutral'}>{STATES[v]?.text ?? `状态 ${v}`}</StatusTag>,
    },
    {
      title: '处理',
      width: 150,
      render: (_v, row) =>
        row.state === 2 ? (
          <Button size="small" onClick={() => reconcile(row)}>
            对账
          </Button>
        ) : (
          <span>{row.note || row.updated_at}</span>
        ),
    },
  ];

  return (
    <>
      <PageTitle>场馆转账</PageTitle>
      <FilterBar>
        <StateFilter
          id="venue-transfer-state"
          value={filters.state}
          options={STATE_OPTIONS}
          onChange={(state) => setFilters({ state })}
        />
        <Form.Item label="场馆代码" htmlFor="venue-transfer-venue">
          <Input.Search
            id="venue-transfer-venue"
            defaultValue={filters.venue}
            allowClear
            enterButton="查询"
            onSearch={(venue) => setFilters({ venue })}
            style={{ width: 220 }}
          />
        </Form.Item>
        <DateRangeFilter from={filters.from} to={filters.to} onChange={setFilters} />
      </FilterBar>
      <DataTable<Row> label="场馆转账列表" rowKey="id" columns={columns} size="middle" scroll={{ x: 1100 }} {...tableProps} />
    </>
  );
}
