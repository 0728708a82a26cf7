/** docs/member-app.md "Validation rules": every input has maxlength 32, the captcha 6. */
export const MAX_INPUT = 32;
export const CAPTCHA_LENGTH = 6;

/** Code tables of docs/member-app.md "States and transitions" and "Constants and limits", with their Chinese labels. */

const UNDEFINED_LABEL = '未定义';

/**
 * Ours: where a member's partner application stands (/api/agentapplystate): 0 none yet, then the review states of
 * the back office's 代理申请 (1 pending, 2 approved, 3 refused).
 */
export const AGENT_APPLY_STATE = { 0: '未申请', 1: '审核中', 2: '已通过', 3: '未通过' } as const;

/** docs/member-app.md "States and transitions": bet status 0 invalid, 1 settled, 2 unsettled. */
export const BET_STATUS = { 0: '无效', 1: '已结算', 2: '未结算' } as const;

/** docs/member-app.md "States and transitions": promotion application 1 pending, 2 approved, 3 rejected (0, 4 shown as unspecified). */
export const PROMOTION_APPLY_STATE = { 1: '待审核', 2: '已通过', 3: '已拒绝' } as const;

/** docs/member-app.md "States and transitions": deposit and withdrawal states (transaction types 1 and 2). */
export const DEPOSIT_WITHDRAW_STATE = { 0: '未定义', 1: '待审核', 2: '审核通过', 3: '审核拒绝' } as const;

/**
 * Ours: where a deposit is in its life, in the member's words (交易记录 and payInfo). The wire `state` keeps the
 * codes of docs/member-app.md "States and transitions" for existing clients (1 pending, 2 approved, 3 rejected); `status` tells them apart further: a gateway order
 * open for payment, one whose 60-minute window closed unpaid, money that arrived after that waiting for finance.
 */
export const DEPOSIT_STATUSES = [
  'awaiting_payment',
  'pending_review',
  'credited',
  'rejected',
  'expired',
  'late_review',
] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const DEPOSIT_STATUS: Readonly<Record<DepositStatus, string>> = {
  awaiting_payment: '待支付',
  pending_review: '待审核',
  credited: '已到账',
  rejected: '审核拒绝',
  expired: '已过期',
  late_review: '到账审核中',
};

/** The Chinese label of a deposit status, or of its state (docs/member-app.md "States and transitions") when the status is missing (an older server). */
export function depositStatusLabel(status: string | undefined, state: number): string {
  return (status && DEPOSIT_STATUS[status as DepositStatus]) || label(DEPOSIT_WITHDRAW_STATE, state);
}

/** docs/member-app.md "States and transitions": transfer states (transaction types 3 and 4). */
export const TRANSFER_STATE = { 0: '失败', 1: '成功', 2: '待结算', 3: '未定义' } as const;

/** docs/member-app.md "Constants and limits": transaction type codes. */
export const TRANSACTION_TYPE = { 1: '存款', 2: '取款', 3: '转入', 4: '转出' } as const;

/** docs/member-app.md "Constants and limits": period filter codes (default 4 for rebates, 1 elsewhere). */
export const PERIOD = { 1: '今天', 2: '近7天', 3: '近15天', 4: '近30天' } as const;

function label(table: Readonly<Record<number, string>>, code: number): string {
  return table[code] ?? UNDEFINED_LABEL;
}

export const betStatusLabel = (status: number) => label(BET_STATUS, status);
export const promotionApplyStateLabel = (state: number) => label(PROMOTION_APPLY_STATE, state);
export const transactionTypeLabel = (type: number) => label(TRANSACTION_TYPE, type);
export const periodLabel = (period: number) => label(PERIOD, period);

/** Types 1 and 2 (deposit, withdrawal) use one state table, 3 and 4 (transfers) the other. */
export function transactionStateLabel(type: number, state: number): string {
  if (type === 1 || type === 2) return label(DEPOSIT_WITHDRAW_STATE, state);
  if (type === 3 || type === 4) return label(TRANSFER_STATE, state);
  return UNDEFINED_LABEL;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;
const PERIOD_DAYS: Readonly<Record<number, number>> = { 1: 1, 2: 7, 3: 15, 4: 30 };

/** Start of the Beijing (UTC+8, no daylight saving) calendar day containing `at`. */
export function beijingDayStart(at: Date): Date {
  const shifted = at.getTime() + BEIJING_OFFSET_MS;
  return new Date(Math.floor(shifted / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS);
}

/**
 * The time range of a period code: today counts from the start of the Beijing day; "last N days" from the start
 * of the Beijing day N-1 days earlier, so today is one of the N. An unknown code is treated as 1 (today).
 */
export function periodRange(period: number, now: Date): { from: Date; to: Date } {
  const days = PERIOD_DAYS[period] ?? 1;
  const from = new Date(beijingDayStart(now).getTime() - (days - 1) * DAY_MS);
  return { from, to: new Date(now.getTime()) };
}

export type GameCategoryId = 'realbet' | 'sport' | 'gaming' | 'joker' | 'concise' | 'lottery';

export interface GameCategory {
  id: GameCategoryId;
  name: string;
  /** Unit after the tile's random decorative count (docs/member-app.md "Product and home page": tables, matches, kinds). */
  unit: string;
}

/** docs/member-app.md "Entities and fields": sidebar index 0 to 5 is live casino, sports, esports, board games, slots, lottery. */
export const GAME_CATEGORIES: readonly GameCategory[] = [
  { id: 'realbet', name: '真人视讯', unit: '桌' },
  { id: 'sport', name: '体育赛事', unit: '场' },
  { id: 'gaming', name: '电子竞技', unit: '场' },
  { id: 'joker', name: '棋牌游戏', unit: '桌' },
  { id: 'concise', name: '电子游艺', unit: '款' },
  { id: 'lottery', name: '彩票游戏', unit: '款' },
];

/** Sidebar index of a game's category_id, or -1 when unknown. */
export function gameCategoryIndex(id: string): number {
  return GAME_CATEGORIES.findIndex((category) => category.id === id);
}

/** docs/member-app.md "Server calls": the platform (central) wallet's name in transfers. */
export const VENUE_WALLET = 'userbalance';

/** docs/member-app.md "Constants and limits" and docs/wire-rules.md "Withdrawals": the USDT protocols and their card `bank` value. */
export const USDT_PROTOCOLS = ['TRC20', 'ERC20'] as const;
export type UsdtProtocol = (typeof USDT_PROTOCOLS)[number];
export const USDT_BANK = 'USDT';

/** docs/member-app.md "Constants and limits" limits. */
export const MIN_WITHDRAWAL_YUAN = 100;
export const MAX_CARDS_PER_KIND = 5;
export const DEFAULT_DEPOSIT_RANGE = { min: 100, max: 10000 } as const;
export const DEPOSIT_WINDOW_MINUTES = 60;
export const VIP_LEVELS = 10;

/** docs/member-app.md "Server calls" getcard: type 1 bank cards, type 2 USDT. */
export const CARD_TYPE = { bank: 1, usdt: 2 } as const;

/** docs/wire-rules.md "Wire details", /api/payinfo: the pay type carried in `message`. */
export const PAYINFO_TYPES = ['bankpay', 'alipay', 'wxpay', 'usdtpay', 'ebpay'] as const;

/** docs/member-app.md "Server calls" getPayRange types. */
export const PAY_RANGE_TYPES = ['bank', 'wechat', 'alipay', 'ebpay', 'usdt-erc20', 'usdt-trc20'] as const;
export type PayRangeType = (typeof PAY_RANGE_TYPES)[number];
/**
 * The getPayRange types of each pay way (our codes: get_pay_way's card is bank): one per way, and one per protocol
 * for USDT, whose recharge screen offers TRC20 and ERC20. A type without a range is closed to deposits.
 */
export const PAY_WAY_RANGE_TYPES = {
  bank: ['bank'],
  wechat: ['wechat'],
  alipay: ['alipay'],
  ebpay: ['ebpay'],
  usdt: ['usdt-trc20', 'usdt-erc20'],
} as const satisfies Record<string, readonly PayRangeType[]>;
/** The most ranges one pay-way update carries (as many as there are types). */
export const MAX_PAY_RANGES = PAY_RANGE_TYPES.length;
