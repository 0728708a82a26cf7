import { StatusTag, type Tone } from './ui/status-tag';

/** Review states of deposits, withdrawals and applications: 1 pending, 2 approved, 3 rejected. */
export const REVIEW_STATES: Record<number, { text: string; tone: Tone }> = {
  1: { text: '待审核', tone: 'warning' },
  2: { text: '已通过', tone: 'success' },
  3: { text: '已拒绝', tone: 'danger' },
};

export function ReviewStateTag({ state, closedText }: { state: number; closedText?: string }) {
  const known = REVIEW_STATES[state];
  if (state === 3 && closedText) return <StatusTag tone="neutral">{closedText}</StatusTag>;
  return <StatusTag tone={known?.tone ?? 'neutral'}>{known?.text ?? `状态 ${state}`}</StatusTag>;
}

/** The filter of a review queue: 待审核 first, as the queue is worked. */
export const REVIEW_STATE_OPTIONS = [
  { value: '1', label: '待审核' },
  { value: '2', label: '已通过' },
  { value: '3', label: '已拒绝' },
  { value: 'all', label: '全部' },
];

export const PAY_WAYS: Record<string, string> = {
  bank: '银行卡转账',
  wechat: '微信支付',
  alipay: '支付宝',
  usdt: 'USDT',
  ebpay: 'EB支付',
};

export const payWayLabel = (code: string) => PAY_WAYS[code] ?? code;

export function MemberStateTag({ state }: { state: number }) {
  return state === 1 ? <StatusTag tone="success">正常</StatusTag> : <StatusTag tone="danger">已禁用</StatusTag>;
}
