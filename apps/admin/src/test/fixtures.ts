// Answers shaped as the contract says (the client parses every answer with the contract's schema).
export const deposit = (over: Record<string, unknown> = {}) => ({
  id: 1,
  deposit_no: 'D202611250001',
  member_id: 7,
  username: 'player01',
  pay_way: 'bank',
  catepay: 'bank',
  amount: '500.00',
  usdt_rate: null,
  usdt_amount: null,
  depositor_name: '王五',
  depositor_bank: '中国银行',
  depositor_bank_no: '6222020200112233',
  depositor_bank_address: '',
  state: 1,
  bonus: '0.00',
  note: '',
  gateway: null,
  gateway_trade_no: null,
  receiving_account_id: null,
  receiving_account: '',
  payer_reference: '',
  first_reviewer_id: null,
  first_reviewed_by: '',
  first_reviewed_at: null,
  needs_second_review: false,
  reviewed_by: '',
  reviewed_at: null,
  created_at: '2026-11-25 10:00:00',
  ...over,
});

export const withdrawal = (over: Record<string, unknown> = {}) => ({
  id: 3,
  order_no: 'W202611250003',
  member_id: 7,
  username: 'player01',
  card_type: 1,
  bank: '中国银行',
  bank_owner: '王五',
  bank_no: '6222020200112233',
  bank_no_masked: '**** 2233',
  bank_address: '上海市浦东新区支行',
  amount: '300.00',
  usdt_rate: null,
  usdt_fee: null,
  usdt_amount: null,
  state: 1,
  note: '',
  first_reviewer_id: null,
  first_reviewed_by: '',
  first_reviewed_at: null,
  reviewed_by: '',
  reviewed_at: null,
  created_at: '2026-11-25 11:00:00',
  turnover_required: '0.00',
  needs_second_review: false,
  ...over,
});

/** A manual adjustment above the line, waiting in 调整复核. */
export const adjustment = (over: Record<string, unknown> = {}) => ({
  id: 11,
  member_id: 7,
  username: 'player01',
  amount: '5000.00',
  reference: 'adjust:ref-0001',
  note: '活动补偿',
  state: 1,
  maker_id: 9,
  made_by: 'maker01',
  reviewer_id: null,
  reviewed_by: '',
  review_note: '',
  reviewed_at: null,
  created_at: '2026-11-25 12:00:00',
  ...over,
});

export const memberRow = (over: Record<string, unknown> = {}) => ({
  id: 7,
  username: 'player01',
  realname: '王五',
  mobile: '13800001111',
  register_ip: '10.1.2.3',
  vip: 1,
  state: 1,
  paysum: '500.00',
  balance: '1234.50',
  gameblance: '20.00',
  created_at: '2026-11-20 09:00:00',
  ...over,
});

export const memberDetail = (over: Record<string, unknown> = {}) => ({
  id: 7,
  username: 'player01',
  realname: '王五',
  mobile: '13800001111',
  email: '',
  birthday: '',
  vip: 1,
  state: 1,
  isagent: 0,
  inviter_id: null,
  register_ip: '10.1.2.3',
  created_at: '2026-11-20 09:00:00',
  paysum: '500.00',
  turnover: '800.00',
  turnover_required: '200.00',
  balance: '1234.50',
  gameblance: '20.00',
  venues: [{ code: 'ky', name: '开元棋牌', balance: '20.00' }],
  cards: [
    {
      id: 1,
      type: 1,
      bank: '中国银行',
      bank_owner: '王五',
      bank_no_masked: '**** 2233',
      bank_address: '上海市浦东新区支行',
      created_at: '2026-11-20 09:10:00',
    },
  ],
  ...over,
});

export const operatorRow = (over: Record<string, unknown> = {}) => ({
  id: 2,
  username: 'cashier',
  role: 'finance',
  state: 1,
  totp_enabled: false,
  created_at: '2026-11-20 09:00:00',
  ...over,
});

/** Every site setting as GET /admin/api/settings answers it. */
export const siteSettings = (over: Record<string, unknown> = {}) => ({
  site_state: 1,
  title: '星河体育',
  site_logo: '',
  repair_tips: '',
  redpacket_switch: 1,
  index_modal: 1,
  webcontent: '',
  h5_url: '',
  ios_download_url: '',
  ios_download_qrcode: '',
  fanshui: 1,
  visit_url: '',
  service_url: '',
  agent_login_url: '',
  usdtrate: '7.20',
  withdrawusdtrate: '7.10',
  withdrawcashfee: '1.00',
  withdrawfeeusdttrc: '1.00',
  withdraw_min: 100,
  withdraw_max: 50000,
  withdraw_daily_count: 5,
  turnover_multiple: 1,
  deposit_bonus_percent: 0,
  deposit_bonus_max: 1888,
  min_fanshui_money: 1,
  withdraw_second_review_above: 5000,
  adjust_second_review_above: 1000,
  deposit_second_review_above: 5000,
  adjust_second_review_daily_operator: 5000,
  adjust_second_review_daily_member: 2000,
  withdraw_second_review_daily_operator: 50000,
  withdraw_second_review_daily_member: 10000,
  deposit_second_review_daily_operator: 20000,
  deposit_second_review_daily_member: 10000,
  operator_totp_required: 0,
  ...over,
});

/** Deposits and withdrawals as the daily and the member report count them, all zero. */
const cashFigures = { deposits_count: 0, deposits_amount: '0.00', withdrawals_count: 0, withdrawals_amount: '0.00' };
/** Settled bets as every report counts them, all zero. */
const settledFigures = { bets_count: 0, stake: '0.00', valid_stake: '0.00', payout: '0.00', ggr: '0.00' };

/** The figures of a day (or a range's total) of the daily report, all zero unless given. */
export const dailyFigures = (over: Record<string, unknown> = {}) => ({
  new_members: 0,
  first_depositors: 0,
  depositors: 0,
  ...cashFigures,
  net_deposits: '0.00',
  bettors: 0,
  ...settledFigures,
  rebates_paid: '0.00',
  redpackets_paid: '0.00',
  bonuses_paid: '0.00',
  adjustments: '0.00',
  ...over,
});

export const venueFigures = (over: Record<string, unknown> = {}) => ({ bettors: 0, ...settledFigures, ...over });

export const memberReportRow = (over: Record<string, unknown> = {}) => ({
  member_id: 7,
  username: 'player01',
  ...cashFigures,
  ...settledFigures,
  rebates: '0.00',
  bonuses: '0.00',
  adjustments: '0.00',
  balance: '0.00',
  ...over,
});

/** The dashboard's waiting counts: no queue the role sees, unless `over` gives one. */
export const dashboardPending = (over: Record<string, unknown> = {}) => ({
  deposits: null,
  withdrawals: null,
  activity_applications: null,
  agent_applications: null,
  adjustments: null,
  integration_changes: null,
  ledger: null,
  ...over,
});

export const dashboardDay = (over: Record<string, unknown> = {}) => ({
  day: '2026-11-25',
  deposits: '0.00',
  withdrawals: '0.00',
  net: '0.00',
  new_members: 0,
  first_depositors: 0,
  bettors: 0,
  ggr: '0.00',
  ...over,
});

const noLimit = { value: null, pending: null };

/** A member's responsible-gaming limits as the member beside a desk shows them: none set unless given, no break. */
export const memberLimits = (over: Record<string, unknown> = {}) => ({
  limits: {
    deposit_day: noLimit,
    deposit_week: noLimit,
    deposit_month: noLimit,
    loss_day: noLimit,
    session_minutes: noLimit,
    ...over,
  },
  break: null,
});

/** The member beside a 客服 conversation or a 工单 (docs/operators.md "The support desk"): nothing on record. */
export const memberContext = (over: Record<string, unknown> = {}) => ({
  username: 'player01',
  vip: 2,
  registered_at: '2026-01-01 10:00:00',
  balance: '1234.56',
  deposits: [],
  withdrawals: [],
  transfers: [],
  risk_flags: [],
  responsible: memberLimits(),
  earlier: [],
  ...over,
});

/** A pending change (待审批变更) as the queue lists it and a proposal answers it: by default a venue's integration. */
export const integrationChange = (over: Record<string, unknown> = {}) => ({
  id: 7,
  target_kind: 'venue',
  target: 'XHZR',
  action: 'update',
  before: { wallet_mode: 'transfer', api_base_url: 'https://old.example.com', api_secret: '********', currency: 'CNY' },
  after: { wallet_mode: 'transfer', api_base_url: 'https://new.example.com', api_secret: '********', currency: 'CNY' },
  state: 1,
  maker_id: 2,
  made_by: 'alice',
  checked_by: '',
  note: '',
  decided_at: null,
  created_at: '2026-11-25 10:00:00',
  ...over,
});

/** A venue of the console's 场馆 resource: a transfer-wallet venue speaking our own protocol. */
export const venueRow = (over: Record<string, unknown> = {}) => ({
  id: 5,
  code: 'XHZR',
  name: '新濠真人',
  platname: 'XHZR',
  category_id: 'realbet',
  sort: 1,
  enabled: 1,
  wallet_mode: 'transfer',
  api_base_url: 'https://api.venue.example.com',
  api_secret_set: true,
  currency: 'CNY',
  protocol: 'h5',
  operator_id: '',
  aggregator_public_key: '',
  private_key_set: false,
  public_key: '',
  pending_change: false,
  ...over,
});
