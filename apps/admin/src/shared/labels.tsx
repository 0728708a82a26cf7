import { Tag } from 'antd';

/** Review states of deposits, withdrawals and applications: 1 pending, 2 approved, 3 rejected. */
export const REVIEW_STATES: Record<number, { text: string; color: string }> = {
  1: { text: '待审核', color: 'gold' },
  2: { text: '已通过', color: 'green' },
  3: { text: '已拒绝', color: 'red' },
};

export function ReviewStateTag({ state, closedText }: { state: number; closedText?: string }) {
  const known = REVIEW_STATES[state];
  if (state === 3 && closedText) return <Tag color="default">{closedText}</Tag>;
  return <Tag color={known?.color ?? 'default'}>{known?.text ?? `状态 ${state}`}</Tag>;
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
  return state === 1 ? <Tag color="green">正常</Tag> : <Tag color="red">已禁用</Tag>;
}
