import type { adminEndpoints } from '@h5/contract';
import { App, Button, Descriptions, type TableColumnsType } from 'antd';
import type { RowOf } from '../../shared/api/client';
import { formatMoney } from '../../shared/format';
import { payWayLabel, ReviewStateTag } from '../../shared/labels';
import { amountColumn, memberColumn } from '../../shared/table/columns';
import { ReviewQueueFrame, useReviewQueueList } from '../../shared/ui/review-queue-frame';
import { useReviewActions } from '../../shared/ui/review-actions';
import { reviewedColumn } from '../../shared/ui/review-column';
import { ReviewFacts } from '../../shared/ui/review-facts';
import { useConfirmAction } from '../../shared/ui/confirm-action';
import { afterLateDecision, depositReview, fetchDeposits, queryDeposit } from './api';
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

/**
 * 存款审核: deposits waiting for a finance decision (bank transfers and pay ways without a gateway); 查单 asks a
 * gateway deposit's gateway now; 逾期到账 below holds money paid after its deposit closed.
 */
export default function DepositsPage() {
  const list = useReviewQueueList('deposits', fetchDeposits, '存款');
  const review = useReviewActions<Row>({
    what: '存款',
    describe,
    ...depositReview,
    approvedText: '已通过，金额已入会员中心钱包',
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
    { title: '订单号', dataIndex: 'deposit_no', width: 190 },
    memberColumn<Row>(),
    amountColumn<Row>((usdt) => `${usdt} USDT`),
    { title: '方式', dataIndex: 'pay_way', render: payWayLabel },
    { title: '付款信息', render: (_v, row) => payer(row) },
    { title: '提交时间', dataIndex: 'created_at', width: 170 },
    { title: '状态', dataIndex: 'state', width: 90, render: (v: number) => <ReviewStateTag state={v} /> },
    {
      title: '通道',
      width: 80,
      render: (_v, row) =>
        row.gateway ? (
          <Button size="small" onClick={() => askGateway(row)}>
            查单
          </Button>
        ) : null,
    },
    reviewedColumn<Row>(review),
  ];

  return (
    <ReviewQueueFrame
      title="存款审核"
      stateId="deposit-state"
      list={list}
      columns={columns}
      width={1100}
      dialog={review.dialog}
    >
      <LatePaymentsSection />
    </ReviewQueueFrame>
  );
}
