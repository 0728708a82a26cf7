import type { PayWays } from '@h5/contract';
import { CARD_TYPE } from '@h5/contract/codes';
import { apiRoutes } from '@h5/contract/routes';
import { callApi, callApiWithMessage } from '../../shared/api/client';
import { useMemberQuery, useRefetchingMutation } from '../../shared/api/member-query';

/** docs/member-app.md "Constants and limits": venue balances are polled every 3.5 s on /withdrawal. */
export const WITHDRAWAL_VENUE_POLL_MS = 3500;

/**
 * Our pay way codes; the wire names differ (get_pay_way says card, recharge wants wxpay for wechat). `manual` is the
 * manual option of docs/member-app.md "Server calls", a key of its own: a deposit arranged with customer service, not sent to recharge.
 */
export type PayWay = 'ebpay' | 'bank' | 'usdt' | 'wechat' | 'alipay' | 'manual';

export const PAY_WAY_LABEL: Record<PayWay, string> = {
  ebpay: 'EB支付',
  bank: '银行卡转账',
  usdt: 'USDT',
  wechat: '微信支付',
  alipay: '支付宝',
  manual: '人工充值',
};

/**
 * docs/member-app.md "Server calls" get_pay_way: the ways whose flag is 1, in the server's key order (`card` is bank), then the manual option,
 * whose flag is forced to 1. The first of the list is the one selected, so manual only when nothing else is on.
 */
export function enabledPayWays(flags: PayWays | undefined): PayWay[] {
  const order: [PayWay, keyof PayWays][] = [
    ['ebpay', 'ebpay'],
    ['bank', 'card'],
    ['usdt', 'usdt'],
    ['wechat', 'wechat'],
    ['alipay', 'alipay'],
  ];
  const enabled = order.filter(([, key]) => flags?.[key] === 1).map(([way]) => way);
  return [...enabled, 'manual'];
}

/** The getPayRange type of a pay way (USDT: per protocol); none for the manual option, which has no range. */
export function payRangeType(way: PayWay, protocol: string): string {
  if (way === 'manual') return '';
  return way === 'usdt' ? `usdt-${protocol.toLowerCase()}` : way;
}

/** The recharge paytype of a pay way (docs/member-app.md "Server calls": wechat is sent as wxpay). */
export const rechargePayType = (way: PayWay): string => (way === 'wechat' ? 'wxpay' : way);

export function usePayWays() {
  return useMemberQuery(['get_pay_way'], { queryFn: () => callApi(apiRoutes.getPayWay) });
}

/** POST /api/getPayRange {type}: min_price / max_price of one pay way. */
export function usePayRange(type: string) {
  return useMemberQuery(['getPayRange', type], {
    queryFn: () => callApi(apiRoutes.getPayRange, { type }),
    enabled: type !== '',
    staleTime: 60_000,
  });
}

/** POST /api/getpaybank: the receiving accounts of a bank transfer. */
export function usePayBanks(enabled: boolean) {
  return useMemberQuery(['getpaybank'], { queryFn: () => callApi(apiRoutes.getPayBank, {}), enabled });
}

/**
 * POST /api/getcard {type} (1 bank cards, 2 USDT addresses). The key is shared with the card screens, so a card
 * bound or removed there is seen here.
 */
export function useBoundCards(kind: keyof typeof CARD_TYPE) {
  const type = CARD_TYPE[kind];
  return useMemberQuery(['getcard', type], { queryFn: () => callApi(apiRoutes.getCard, { type }) });
}

export interface RechargeInput {
  paytype: string;
  amount: string;
  bank?: string;
  bank_address?: string;
  bank_no?: string;
  bank_owner?: string;
  catepay?: string;
}

/** POST /api/recharge: answers the deposit number (the server puts it in the message and in data.deposit_no). */
export function useRecharge() {
  return useRefetchingMutation(
    async (body: RechargeInput) => {
      const { data, message } = await callApiWithMessage(apiRoutes.recharge, body);
      return data?.deposit_no || message;
    },
    { refetch: ['getTransRecord'] },
  );
}

/** POST /api/payinfo {deposit_no}: the message is the pay type (bankpay, alipay, wxpay, usdtpay, ebpay). */
export function usePayInfo(depositNo: string) {
  return useMemberQuery(['payinfo', depositNo], {
    queryFn: async () => {
      const { data, message } = await callApiWithMessage(apiRoutes.payInfo, { deposit_no: depositNo });
      return { ...data, paytype: message || data.info.paytype };
    },
    enabled: depositNo !== '',
    retry: false,
  });
}

/** POST /api/getBetAmount: the turnover still owed before a withdrawal, shown on /withdrawal (0.00 when none). */
export function useBetAmount() {
  return useMemberQuery(['getBetAmount'], {
    queryFn: () => callApi(apiRoutes.getBetAmount, {}),
    select: (data) => data.bet_amount,
  });
}

/**
 * POST /api/balancelist every 3.5 s while /withdrawal is open. The wallet screens poll the same key; the hook is
 * repeated here because a feature never imports another feature.
 */
export function useWithdrawalVenues() {
  return useMemberQuery(['balanceList'], {
    queryFn: () => callApi(apiRoutes.balanceList, {}, { silent: true }),
    refetchInterval: WITHDRAWAL_VENUE_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export interface WithdrawInput {
  amount: string;
  /** The card id. */
  bank: number;
  password: string;
  /** One key per user action, reused on a retry of that action (the server moves money once per key). */
  idempotencyKey: string;
}

/** POST /api/withdraw with an Idempotency-Key; the balance, user info and records refetch afterwards. */
export function useWithdraw() {
  return useRefetchingMutation(
    async ({ idempotencyKey, ...body }: WithdrawInput) =>
      (await callApi(apiRoutes.withdraw, body, { idempotencyKey })).order_no,
    { refetch: ['balance', 'user', 'getBetAmount', 'getTransRecord'], after: 'settled', wait: true },
  );
}
