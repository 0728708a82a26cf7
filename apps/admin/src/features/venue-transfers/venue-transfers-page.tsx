import type { adminEndpoints } from '@h5/contract';
import { Button, Descriptions, type TableColumnsType } from 'antd';
import type { RowOf } from '../../shared/api/client';
import { formatMoney } from '../../shared/format';
import { memberColumn, orderColumn } from '../../shared/table/columns';
import { usePagedList } from '../../shared/table/use-paged-list';
import { useConfirmAction } from '../../shared/ui/confirm-action';
import { ListTable } from '../../shared/ui/list-table';
import { DateRangeFilter, VenueFilterBar } from '../../shared/ui/filter-bar';
import { PageTitle } from '../../shared/ui/page-title';
import { type StateLabels, StateTag, stateOptions } from '../../shared/labels';
import { afterReconcile, fetchVenueTransfers, reconcileVenueTransfer } from './api';

type Row = RowOf<typeof adminEndpoints.venueTransfers>;

const LIST_POLL_MS = 15_000;

/** The transfer states of docs/member-app.md "States and transitions". */
const STATES: StateLabels = {
  0: { text: '失败', tone: 'danger' },
  1: { text: '成功', tone: 'success' },
  2: { text: '处理中', tone: 'warning' },
};
const STATE_OPTIONS = stateOptions(STATES, [2, 1, 0]);

const directionText = (d: string) => (d === 'in' ? '转入场馆' : '转回中心钱包');

/**
 * 场馆转账: transfers to and from remote transfer-wallet venues, the pending ones first. A pending transfer waits
 * for the venue's answer; 对账 asks the venue now, and the transfer finishes as the venue says (the reconciliation
 * job does the same every minute).
 */
export default function VenueTransfersPage() {
  const { filters, setFilters, tableProps } = usePagedList({
    name: 'venueTransfers',
    defaults: { state: '2', venue: '', from: '', to: '' },
    fetchPage: fetchVenueTransfers,
    emptyText: (f) => (f.state === '2' ? '暂无处理中的场馆转账' : '没有符合条件的场馆转账'),
    refetchInterval: LIST_POLL_MS,
  });
  const confirm = useConfirmAction();

  const reconcile = (row: Row) =>
    confirm({
      title: '向场馆查询该转账？',
      content: (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="会员">{row.username ?? row.member_id}</Descriptions.Item>
          <Descriptions.Item label="场馆">{row.venue_name}</Descriptions.Item>
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
    orderColumn<Row>(
      '转账单号 / 发起时间',
      (row) => row.transfer_no,
      (row) => row.created_at,
    ),
    memberColumn<Row>(),
    { title: '场馆', dataIndex: 'venue_name', width: 100 },
    { title: '方向', dataIndex: 'direction', width: 120, render: directionText },
    { title: '金额', dataIndex: 'amount', align: 'right', width: 110, render: (v: string) => formatMoney(v) },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (v: number) => <StateTag states={STATES} state={v} />,
    },
    {
      title: '处理',
      width: 150,
      fixed: 'right',
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
      <VenueFilterBar id="venue-transfer" filters={filters} options={STATE_OPTIONS} onChange={setFilters}>
        <DateRangeFilter from={filters.from} to={filters.to} onChange={setFilters} />
      </VenueFilterBar>
      <ListTable<Row> label="场馆转账列表" columns={columns} width={1000} {...tableProps} />
    </>
  );
}
