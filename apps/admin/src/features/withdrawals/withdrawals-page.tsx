import type { adminEndpoints } from '@h5/contract';
import { StatusTag } from '../../shared/ui/status-tag';
import { Alert, Button, Descriptions, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { RowOf } from '../../shared/api/client';
import { formatMoney } from '../../shared/format';
import { LinkedAccountsDrawer } from '../../shared/members/linked-accounts';
import { ReviewQueueState } from '../../shared/labels';
import { amountColumn, memberColumn, orderColumn } from '../../shared/table/columns';
import { type DetailFacts, DetailDrawer } from '../../shared/ui/detail-drawer';
import { ApproveButton, RejectButton, ReviewQueueFrame, useReviewQueueList } from '../../shared/ui/review-queue-frame';
import { useReviewActions } from '../../shared/ui/review-actions';
import { useMe } from '../../shared/session/use-me';
import { fetchWithdrawals, withdrawalReview } from './api';
import { SecondReviewLine } from './second-review-line';

type Row = RowOf<typeof adminEndpoints.withdrawals>;

const account = (row: Row) => (row.card_type === 2 ? `USDT（${row.bank}）` : row.bank);

function describe(row: Row) {
  return (
    <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
      <Descriptions.Item label="会员">{row.username}</Descriptions.Item>
      <Descriptions.Item label="金额">
        {`${formatMoney(row.amount)} 元`}
        {row.usdt_amount ? `（到账 ${row.usdt_amount} USDT）` : ''}
      </Descriptions.Item>
      <Descriptions.Item label="收款账户">{`${account(row)} ${row.bank_owner} ${row.bank_no}`}</Descriptions.Item>
      <Descriptions.Item label="打码">
        {Number(row.turnover_required) > 0 ? `未完成，还需 ${formatMoney(row.turnover_required)}` : '已完成'}
      </Descriptions.Item>
      <Descriptions.Item label="订单号">{row.order_no}</Descriptions.Item>
    </Descriptions>
  );
}

/** The whole withdrawal, as its detail drawer lists it. */
const details = (row: Row): DetailFacts => [
  ['订单号', row.order_no],
  ['会员', row.username],
  ['金额', `${formatMoney(row.amount)} 元${row.usdt_amount ? `（到账 ${row.usdt_amount} USDT）` : ''}`],
  ['收款账户', `${account(row)} ${row.bank_owner}`],
  ['账号', row.bank_no],
  ['打码', <TurnoverTag key="turnover" owed={row.turnover_required} />],
  ['提交时间', row.created_at],
  ['状态', <ReviewQueueState key="state" row={row} />],
  ['审核人', [row.first_reviewed_by, row.reviewed_by].filter(Boolean).join(' / ') || '-'],
  ['备注', row.note || '-'],
];

function TurnoverTag({ owed }: { owed: string }) {
  return Number(owed) > 0 ? (
    <StatusTag tone="warning">{`未完成 还需 ${formatMoney(owed)}`}</StatusTag>
  ) : (
    <StatusTag tone="success">已完成</StatusTag>
  );
}

/**
 * 提款审核: withdrawals to pay out or return; above the second-review line two different operators approve. Each row
 * opens the member's linked accounts (关联账户) beside the review.
 */
export default function WithdrawalsPage() {
  const me = useMe();
  const [linksOf, setLinksOf] = useState<{ id: number; username: string } | null>(null);
  const [shown, setShown] = useState<Row | null>(null);
  const list = useReviewQueueList('withdrawals', fetchWithdrawals, '提款');
  const review = useReviewActions<Row>({
    what: '提款',
    describe,
    ...withdrawalReview,
    approvedText: '已通过，请按收款账户出款',
    approveNote: (row) =>
      row.needs_second_review && !row.first_reviewed_by ? (
        <Alert type="warning" showIcon title="金额超过大额复核线：本次为初审，需另一位操作员复核后才出款。" />
      ) : row.first_reviewed_by ? (
        <Alert type="info" showIcon title={`初审：${row.first_reviewed_by}，本次为复核，通过后出款。`} />
      ) : null,
  });

  const linksButton = (row: Row) => (
    <Button
      type="link"
      size="small"
      className="console-cell-link"
      aria-label={`关联账户 ${row.username}`}
      onClick={() => setLinksOf({ id: row.member_id, username: row.username })}
    >
      关联账户
    </Button>
  );

  const columns: TableColumnsType<Row> = [
    orderColumn<Row>(
      '订单号 / 提交时间',
      (row) => row.order_no,
      (row) => row.created_at,
      setShown,
    ),
    { ...memberColumn<Row>('会员', linksButton), width: 120 },
    { ...amountColumn<Row>((usdt) => `到账 ${usdt} USDT`), width: 110 },
    {
      title: '收款账户',
      render: (_v, row) => (
        <>
          <div>{`${account(row)} ${row.bank_owner}`}</div>
          <div style={{ fontFamily: 'monospace' }}>{row.bank_no}</div>
        </>
      ),
    },
    { title: '打码', dataIndex: 'turnover_required', width: 130, render: (v: string) => <TurnoverTag owed={v} /> },
    {
      title: '状态',
      dataIndex: 'state',
      width: 110,
      render: (_v: number, row) => <ReviewQueueState row={row} />,
    },
    {
      title: '审核',
      width: 170,
      fixed: 'right',
      render: (_v, row) => {
        if (row.state !== 1) {
          const by = [row.first_reviewed_by, row.reviewed_by].filter(Boolean).join(' / ');
          return <span>{`${by || '-'}${row.note ? `：${row.note}` : ''}`}</span>;
        }
        // The second approval must come from someone else; the server refuses it too.
        const mine = row.first_reviewer_id !== null && row.first_reviewer_id === me.data?.id;
        return (
          <Space>
            <ApproveButton
              mine={mine}
              secondReview={Boolean(row.first_reviewed_by)}
              onApprove={() => review.approve(row)}
            />
            <RejectButton onReject={() => review.reject(row)} />
          </Space>
        );
      },
    },
  ];

  return (
    <ReviewQueueFrame
      title="提款审核"
      titleExtra={<SecondReviewLine />}
      stateId="withdrawal-state"
      list={list}
      columns={columns}
      width={1000}
      dialog={review.dialog}
    >
      <DetailDrawer title="提款详情" facts={shown && details(shown)} onClose={() => setShown(null)}>
        {shown ? <div style={{ marginTop: 16 }}>{linksButton(shown)}</div> : null}
      </DetailDrawer>
      <LinkedAccountsDrawer member={linksOf} onClose={() => setLinksOf(null)} />
    </ReviewQueueFrame>
  );
}
