import type { adminEndpoints } from '@h5/contract';
import { Form, Select, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { RowOf } from '../../shared/api/client';
import { formatMoney } from '../../shared/format';
import { payWayLabel, type StateLabels, StateTag, stateOptions } from '../../shared/labels';
import { memberColumn, orderColumn } from '../../shared/table/columns';
import { type PageRequest, usePagedTable } from '../../shared/table/use-paged-table';
import { ListTable } from '../../shared/ui/list-table';
import { useReviewActions } from '../../shared/ui/review-actions';
import { ReviewFacts } from '../../shared/ui/review-facts';
import { reviewColumn } from '../../shared/ui/review-column';
import { afterLateDecision, creditLatePayment, fetchLatePayments, refuseLatePayment } from './api';

type Row = RowOf<typeof adminEndpoints.latePayments>;

const POLL_MS = 15_000;
const STATES: StateLabels = {
  1: { text: '待确认', tone: 'warning' },
  2: { text: '已入账', tone: 'success' },
  3: { text: '已拒绝', tone: 'danger' },
};
const STATE_OPTIONS = stateOptions(STATES, [1, 2, 3]);
const closedAs = (row: Row) => (row.closed_as === 'expired' ? '订单已过期' : '订单已拒绝');

function describe(row: Row) {
  return (
    <ReviewFacts
      facts={[
        ['会员', row.username],
        ['金额', `${formatMoney(row.amount)} 元`],
        ['订单号', row.deposit_no],
        ['通道单号', row.trade_no || '-'],
        ['到账时', closedAs(row)],
      ]}
    />
  );
}

/**
 * 逾期到账: money a gateway reported paid after its deposit had closed (its window passed, or it was rejected). Nothing
 * was credited; finance credits it once (通过, confirmed: the deposit becomes approved) or refuses it with a reason.
 */
export function LatePaymentsSection() {
  const [state, setState] = useState('1');
  const [page, setPage] = useState<PageRequest>({ page: 1, pagesize: 10 });
  const { tableProps } = usePagedTable({
    queryKey: ['latePayments', state],
    fetchPage: (p, signal) => fetchLatePayments(state, p, signal),
    page,
    onPage: setPage,
    emptyText: state === '1' ? '暂无待确认的逾期到账' : '没有符合条件的逾期到账',
    refetchInterval: POLL_MS,
  });
  const review = useReviewActions<Row>({
    what: '逾期到账',
    describe,
    approve: (row) => creditLatePayment(row.id),
    reject: (row, reason) => refuseLatePayment(row.id, reason),
    invalidate: afterLateDecision,
  });

  const columns: TableColumnsType<Row> = [
    orderColumn<Row>(
      '订单号 / 到账时间',
      (row) => row.deposit_no,
      (row) => row.created_at,
    ),
    { ...memberColumn<Row>(), width: 120 },
    { title: '金额', dataIndex: 'amount', align: 'right', width: 110, render: (v: string) => formatMoney(v) },
    { title: '方式', dataIndex: 'pay_way', width: 100, render: payWayLabel },
    { title: '通道', render: (_v, row) => `${row.gateway}${row.trade_no ? `（${row.trade_no}）` : ''}` },
    { title: '到账时', render: (_v, row) => closedAs(row) },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (v: number) => <StateTag states={STATES} state={v} />,
    },
    reviewColumn<Row>({
      title: '处理',
      review,
      waiting: (row) => row.state === 1,
      decidedBy: (row) => row.decided_by,
      note: (row) => row.note,
    }),
  ];

  return (
    <section aria-labelledby="late-payments-title" style={{ marginTop: 32 }}>
      <Typography.Title level={4} id="late-payments-title">
        逾期到账
      </Typography.Title>
      <Form.Item label="状态" htmlFor="late-payment-state">
        <Select
          id="late-payment-state"
          value={state}
          options={STATE_OPTIONS}
          onChange={(next) => {
            setState(next);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          style={{ width: 120 }}
        />
      </Form.Item>
      <ListTable<Row> label="逾期到账列表" columns={columns} width={1000} {...tableProps} />
      {review.dialog}
    </section>
  );
}
