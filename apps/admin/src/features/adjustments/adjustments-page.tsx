import type { adminEndpoints } from '@h5/contract';
import { Alert, Button, Space, Tooltip, type TableColumnsType } from 'antd';
import type { RowOf } from '../../shared/api/client';
import { formatMoney } from '../../shared/format';
import { REVIEW_STATE_OPTIONS, ReviewStateTag } from '../../shared/labels';
import { useMe } from '../../shared/session/use-me';
import { memberColumn } from '../../shared/table/columns';
import { usePagedList } from '../../shared/table/use-paged-list';
import { ListTable } from '../../shared/ui/list-table';
import { StateFilterBar } from '../../shared/ui/filter-bar';
import { PageTitle } from '../../shared/ui/page-title';
import { useReviewActions } from '../../shared/ui/review-actions';
import { ReviewFacts } from '../../shared/ui/review-facts';
import { QUEUE_POLL_MS } from '../../shared/ui/review-queue-frame';
import { adjustmentReview, fetchAdjustments } from './api';

type Row = RowOf<typeof adminEndpoints.adjustments>;

/** A signed amount as the operator reads it: 加款 or 扣款 and the absolute value. */
const direction = (amount: string) =>
  amount.startsWith('-') ? `扣款 ${formatMoney(amount.slice(1))}` : `加款 ${formatMoney(amount)}`;

function describe(row: Row) {
  return (
    <ReviewFacts
      facts={[
        ['会员', row.username],
        ['金额', `${direction(row.amount)} 元`],
        ['备注', row.note],
        ['提交人', `${row.made_by}（${row.created_at}）`],
      ]}
    />
  );
}

/**
 * 调整复核: manual adjustments above the line, waiting for a second operator. The maker's own row cannot be approved
 * (the server refuses it too); approving applies the amount to the member's central wallet once.
 */
export default function AdjustmentsPage() {
  const me = useMe();
  const { filters, setFilters, tableProps } = usePagedList({
    name: 'adjustments',
    defaults: { state: '1' },
    fetchPage: fetchAdjustments,
    emptyText: (f) => (f.state === '1' ? '暂无待复核的调整' : '没有符合条件的调整'),
    refetchInterval: QUEUE_POLL_MS,
  });
  const review = useReviewActions<Row>({
    what: '调整',
    describe,
    ...adjustmentReview,
    approvedText: '复核通过，已调整会员余额',
    approveNote: () => <Alert type="warning" showIcon title="通过后立即计入会员中心钱包，不可撤回。" />,
  });

  const columns: TableColumnsType<Row> = [
    { title: '编号', dataIndex: 'id', width: 80 },
    memberColumn<Row>(),
    { title: '金额', dataIndex: 'amount', align: 'right', render: (v: string) => direction(v) },
    { title: '备注', dataIndex: 'note' },
    { title: '提交人', dataIndex: 'made_by', width: 140 },
    { title: '提交时间', dataIndex: 'created_at', width: 170 },
    { title: '状态', dataIndex: 'state', width: 100, render: (v: number) => <ReviewStateTag state={v} /> },
    {
      title: '复核',
      width: 170,
      fixed: 'right',
      render: (_v, row) => {
        if (row.state !== 1)
          return <span>{`${row.reviewed_by || '-'}${row.review_note ? `：${row.review_note}` : ''}`}</span>;
        const mine = row.maker_id === me.data?.id;
        return (
          <Space>
            {mine ? (
              // A disabled button takes no hover: the tooltip sits on a wrapper.
              <Tooltip title="不能复核自己提交的调整，须由另一位操作员通过">
                <span>
                  <Button type="primary" size="small" disabled>
                    通过
                  </Button>
                </span>
              </Tooltip>
            ) : (
              <Button type="primary" size="small" onClick={() => review.approve(row)}>
                通过
              </Button>
            )}
            <Button danger size="small" onClick={() => review.reject(row)}>
              拒绝
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <PageTitle>调整复核</PageTitle>
      <StateFilterBar
        id="adjustment-state"
        value={filters.state}
        options={REVIEW_STATE_OPTIONS}
        onChange={setFilters}
      />
      <ListTable<Row> label="调整复核队列" columns={columns} width={1000} {...tableProps} />
      {review.dialog}
    </>
  );
}
