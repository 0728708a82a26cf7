/** 理性娱乐 and 风控 constants, zod-free so the web app's screens can read them without pulling zod in. */

/** Limits a member sets: three deposit windows and the daily loss in money, the session reminder in minutes. */
export const RG_LIMIT_KINDS = ['deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'session_minutes'] as const;
export type RgLimitKind = (typeof RG_LIMIT_KINDS)[number];

export const RG_LIMIT_LABELS: Record<RgLimitKind, string> = {
  deposit_day: '每日存款限额',
  deposit_week: '每周存款限额',
  deposit_month: '每月存款限额',
  loss_day: '每日亏损限额',
  session_minutes: '游戏时长提醒',
};

/** Breaks: a cool-off from 24 hours to 6 weeks, a self-exclusion of 6 months, 1 year or for good. */
export const RG_BREAKS = {
  cooloff_1d: { kind: 'cooloff', label: '冷静期24小时', days: 1 },
  cooloff_3d: { kind: 'cooloff', label: '冷静期3天', days: 3 },
  cooloff_7d: { kind: 'cooloff', label: '冷静期1周', days: 7 },
  cooloff_14d: { kind: 'cooloff', label: '冷静期2周', days: 14 },
  cooloff_42d: { kind: 'cooloff', label: '冷静期6周', days: 42 },
  exclude_6m: { kind: 'exclusion', label: '自我排除6个月', months: 6 },
  exclude_1y: { kind: 'exclusion', label: '自我排除1年', months: 12 },
  exclude_forever: { kind: 'exclusion', label: '永久自我排除' },
} as const satisfies Record<string, { kind: 'cooloff' | 'exclusion'; label: string; days?: number; months?: number }>;
export type RgBreakPeriod = keyof typeof RG_BREAKS;

/** The session reminder's bounds, minutes. */
export const RG_SESSION_MIN = 15;
export const RG_SESSION_MAX = 1440;

/** Loosening (raising, removing) waits this long; tightening applies at once. */
export const RG_LOOSEN_DELAY_HOURS = 24;

/** Risk flags (风控). */
export const RISK_FLAG_KINDS = ['same_ip', 'same_device', 'shared_card', 'flagged_claim', 'quick_withdrawal'] as const;
export type RiskFlagKind = (typeof RISK_FLAG_KINDS)[number];
export const RISK_FLAG_LABELS: Record<RiskFlagKind, string> = {
  same_ip: '同IP多账号注册',
  same_device: '同设备多账号注册',
  shared_card: '银行卡/USDT地址多人绑定',
  flagged_claim: '风险会员领取红包/优惠',
  quick_withdrawal: '领取奖金后少量投注即提现',
};
/** 0 open, 1 cleared, 2 members frozen. */
export const RISK_FLAG_STATES = { open: 0, cleared: 1, frozen: 2 } as const;
