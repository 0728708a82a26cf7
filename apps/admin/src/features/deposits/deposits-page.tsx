import type { adminEndpoints } from '@h5/contract';
import { App, Button, Descriptions, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { RowOf } from '../../shared/api/client';
import { formatMoney } from '../../shared/format';
import { payWayLabel, ReviewQueueState } from '../../shared/labels';
import { amountColumn, memberColumn, orderColumn } from '../../shared/table/columns';
import { type DetailFacts, DetailDrawer } from '../../shared/ui/detail-drawer';
import { ApproveButton, RejectButton, ReviewQueueFrame, useReviewQueueList } from '../../shared/ui/review-queue-frame';
import { useReviewActions } from '../../shared/ui/review-actions';
import { ReviewFacts } from '../../shared/ui/review-facts';
import { StatusTag } from '../../shared/ui/status-tag';
import { useConfirmAction } from '../../shared/ui/confirm-action';
import { useMe } from '../../shared/session/use-me';
import { afterLateDecision, depositReview, fetchDeposits, queryDeposit } from './api';
import { ApproveDepositDialog } from './approve-deposit-dialog';
import { LatePaymentsSection } from './late-payments-section';

type Row = RowOf<typeof adminEndpoints.deposits>;

function payer(row: Row) {
  if (row.gateway) return `网关 ${row.gateway}${row.gateway_trade_no ? `（${row.gateway_trade_no}）` : ''}`;
  const parts = [row.depositor_name, row.depositor_bank, row.depositor_bank_no].filter(Boolean);
  return parts.length ? parts.join(' / ') : '-';
}

function describe(row: Row) {
  return (
    <ReviewFacts
      facts={[
        ['会员', row.username ?? row.member_id],
        ['金额', `${formatMoney(row.amount)} 元`],
        ['方式', payWayLabel(row.pay_way)],
        ['付款信息', payer(row)],
        ['订单号', row.deposit_no],
      ]}
    />
  );
}

/** The whole deposit, as its detail drawer lists it. */
const details = (row: Row): DetailFacts => [
  ['订单号', row.deposit_no],
  ['会员', row.username ?? row.member_id],
  ['金额', `${formatMoney(row.amount)} 元${row.usdt_amount ? `（${row.usdt_amount} USDT）` : ''}`],
  ['方式', payWayLabel(row.pay_way)],
  ['付款信息', payer(row)],
  ['到账核对', evidence(row)],
  ['提交时间', row.created_at],
  ['状态', <ReviewQueueState key="state" row={row} />],
  ['审核人', [row.first_reviewed_by, row.reviewed_by].filter(Boolean).join(' / ') || '-'],
  ['备注', row.note || '-'],
];

type QueryAnswer = Awaited<ReturnType<typeof queryDeposit>>;

/** What the gateway said, in a dialog: its own words on paid, amount and number beside what was done. */
function answerDetails({ message, data }: QueryAnswer) {
  const a = data.answer;
  return (
    <Descriptions column={1} size="small">
      <Descriptions.Item label="结果">{message}</Descriptions.Item>
      {a && (
        <Descriptions.Item label="通道答复">
          {a.found ? (a.paid ? '已支付' : '未支付') : '查无此订单'}
        </Descriptions.Item>
      )}
      {a?.found && (
        <Descriptions.Item label="通道金额">{a.money === null ? '-' : `${formatMoney(a.money)} 元`}</Descriptions.Item>
      )}
      {a?.found && <Descriptions.Item label="通道单号">{a.trade_no || '-'}</Descriptions.Item>}
      {a?.found && <Descriptions.Item label="答复订单号">{a.order_no || '-'}</Descriptions.Item>}
    </Descriptions>
  );
}

/** What an approval of a deposit without a gateway rested on: the receiving account and the payer's reference. */
const evidence = (row: Row) => (row.payer_reference ? `${row.receiving_account} / ${row.payer_reference}` : '-');

/**
 * 存款审核: deposits waiting for a finance decision (bank transfers and pay ways without a gateway), approved with
 * the receiving account the money reached and the payer's reference; above the line or past a daily total two
 * different operators approve. A gateway deposit is credited only by its gateway: 查单 asks it now, and it can only
 * be rejected here. 逾期到账 below holds money paid after its deposit closed.
 */
export default function DepositsPage() {
  const me = useMe();
  const [approving, setApproving] = useState<Row | null>(null);
  const [shown, setShown] = useState<Row | null>(null);
  const list = useReviewQueueList('deposits', fetchDeposits, '存款');
  const review = useReviewActions<Row>({
    what: '存款',
    describe,
    ...depositReview,
    approve: (row) => depositReview.approve(row, {}),
  });

  const confirm = useConfirmAction();
  const { modal } = App.useApp();
  const askGateway = (row: Row) =>
    confirm({
      title: '向支付通道查询该订单？',
      content: describe(row),
      okText: '查单',
      action: () => queryDeposit(row.deposit_no),
      invalidate: afterLateDecision,
      success: (answer) => answer.message,
      onDone: (answer) =>
        void modal.info({ title: `查单：${row.deposit_no}`, content: answerDetails(answer), okText: '知道了' }),
    });

  const columns: TableColumnsType<Row> = [
    orderColumn<Row>(
      '订单号 / 提交时间',
      (row) => row.deposit_no,
      (row) => row.created_at,
      setShown,
    ),
    { ...memberColumn<Row>(), width: 120 },
    { ...amountColumn<Row>((usdt) => `${usdt} USDT`), width: 120 },
    { title: '方式', dataIndex: 'pay_way', width: 100, render: payWayLabel },
    { title: '付款信息', render: (_v, row) => payer(row) },
    { title: '到账核对', render: (_v, row) => evidence(row) },
    {
      title: '状态',
      dataIndex: 'state',
      width: 130,
      render: (v: number, row) => (
        <ReviewQueueState row={row}>
          {v === 1 && row.gateway ? <StatusTag tone="warning">待支付通道入账</StatusTag> : null}
        </ReviewQueueState>
      ),
    },
    {
      title: '审核',
      width: 200,
      fixed: 'right',
      render: (_v, row) => {
        // A gateway's deposit is asked about (查单) beside the decision.
        const ask = row.gateway ? (
          <Button size="small" onClick={() => askGateway(row)}>
            查单
          </Button>
        ) : null;
        if (row.state !== 1) {
          const by = [row.first_reviewed_by, row.reviewed_by].filter(Boolean).join(' / ');
          return (
            <Space orientation="vertical" size={4}>
              <span>{`${by || '-'}${row.note ? `：${row.note}` : ''}`}</span>
              {ask}
            </Space>
          );
        }
        // Only the gateway credits a gateway deposit; a second approval must come from someone else (the server
        // refuses both too).
        const mine = row.first_reviewer_id !== null && row.first_reviewer_id === me.data?.id;
        return (
          <Space size={4} wrap>
            {ask}
            {row.gateway ? null : (
              <ApproveButton
                mine={mine}
                secondReview={Boolean(row.first_reviewed_by)}
                onApprove={() => setApproving(row)}
              />
            )}
            <RejectButton onReject={() => review.reject(row)} />
          </Space>
        );
      },
    },
  ];

  return (
    <ReviewQueueFrame
      title="存款审核"
      stateId="deposit-state"
      list={list}
      columns={columns}
      width={1000}
      dialog={
        <>
          {review.dialog}
          <ApproveDepositDialog row={approving} describe={describe} onClose={() => setApproving(null)} />
        </>
      }
    >
      <DetailDrawer title="存款详情" facts={shown && details(shown)} onClose={() => setShown(null)} />
      <LatePaymentsSection />
    </ReviewQueueFrame>
  );
}
