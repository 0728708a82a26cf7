import type { PayRangeType } from '@h5/contract';
import { Space } from 'antd';
import type { ReactNode } from 'react';
import { StatusTag, type Tone } from './ui/status-tag';

/** Review states of deposits, withdrawals and applications: 1 pending, 2 approved, 3 rejected. */
export const REVIEW_STATES: StateLabels = {
  1: { text: '待审核', tone: 'warning' },
  2: { text: '已通过', tone: 'success' },
  3: { text: '已拒绝', tone: 'danger' },
};

export type StateLabels = Record<number, { text: string; tone: Tone }>;

/** A numeric state as its tag: its label in its tone, or `状态 N` for a state the console does not know. */
export function StateTag({ states, state }: { states: StateLabels; state: number }) {
  const known = states[state];
  return <StatusTag tone={known?.tone ?? 'neutral'}>{known?.text ?? `状态 ${state}`}</StatusTag>;
}

/** A state filter's choices: the states in the order the list is worked, then 全部. */
export const stateOptions = (states: StateLabels, order: readonly number[]) => [
  ...order.map((state) => ({ value: String(state), label: states[state]?.text ?? String(state) })),
  { value: 'all', label: '全部' },
];

export function ReviewStateTag({ state, closedText }: { state: number; closedText?: string }) {
  if (state === 3 && closedText) return <StatusTag tone="neutral">{closedText}</StatusTag>;
  return <StateTag states={REVIEW_STATES} state={state} />;
}

/**
 * A two-person queue row's state (deposits, withdrawals): the review state, then while it is pending who gave the
 * first approval, or that its amount needs a second one; `children` add the queue's own tags.
 */
export function ReviewQueueState({
  row,
  children,
}: {
  row: { state: number; first_reviewed_by: string; needs_second_review: boolean };
  children?: ReactNode;
}) {
  const pending = row.state === 1;
  return (
    <Space orientation="vertical" size={2}>
      <ReviewStateTag state={row.state} />
      {pending && row.first_reviewed_by ? (
        <StatusTag tone="info">{`待复核（初审 ${row.first_reviewed_by}）`}</StatusTag>
      ) : null}
      {pending && !row.first_reviewed_by && row.needs_second_review ? (
        <StatusTag tone="accent">大额需复核</StatusTag>
      ) : null}
      {children}
    </Space>
  );
}

/** The filter of a review queue: 待审核 first, as the queue is worked. */
export const REVIEW_STATE_OPTIONS = stateOptions(REVIEW_STATES, [1, 2, 3]);

export const PAY_WAYS: Record<string, string> = {
  bank: '银行卡转账',
  wechat: '微信支付',
  alipay: '支付宝',
  usdt: 'USDT',
  ebpay: 'EB支付',
};

export const payWayLabel = (code: string) => PAY_WAYS[code] ?? code;

/** The names of the getPayRange types, as the member app's recharge screen names its ways and protocols. */
export const PAY_RANGE_TYPE_LABELS: Record<PayRangeType, string> = {
  bank: '银行卡',
  wechat: '微信',
  alipay: '支付宝',
  ebpay: 'EB支付',
  'usdt-trc20': 'USDT (TRC20)',
  'usdt-erc20': 'USDT (ERC20)',
};
export const payRangeTypeLabel = (type: string) => PAY_RANGE_TYPE_LABELS[type as PayRangeType] ?? type;

export function MemberStateTag({ state }: { state: number }) {
  return state === 1 ? <StatusTag tone="success">正常</StatusTag> : <StatusTag tone="danger">已禁用</StatusTag>;
}
