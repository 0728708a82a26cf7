/** Answer shapes of docs/member-app.md "Entities and fields" and docs/wire-rules.md "Wire details". API shape, not table shape. */
import { z } from 'zod';
import { DEPOSIT_STATUSES } from './codes';
import { DecimalString, Flag, Money, Timestamp, paginator } from './common';

const id = z.number().int();

export const ApiToken = z.object({ api_token: z.string() });

export const UserInfo = z.object({
  username: z.string(),
  realname: z.string(),
  mobile: z.string(),
  email: z.string(),
  /** 'YYYY-MM-DD', '' when unset. */
  birthday: z.string(),
  /** Full URL, '' when unset. */
  avatar: z.string(),
  /** Central wallet. */
  balance: Money,
  /** Sum of the venue wallets (the spelling is the wire's). */
  gameblance: Money,
  /** Claimable rebates. */
  fanshui: Money,
  /** Auto-transfer switch. */
  transferstatus: Flag,
  usdtrate: DecimalString,
  withdrawusdtrate: DecimalString,
  /** The names are crossed on the wire: withdrawcashfee is the ERC20 fee, withdrawfeeusdttrc the TRC20 fee. */
  withdrawcashfee: Money,
  withdrawfeeusdttrc: Money,
  vip: z.number().int(),
  /** e.g. 'VIP3'. */
  current_vip: z.string(),
  next_vip: z.string(),
  /** Cumulative approved deposits. */
  paysum: Money,
  /** Days since registration. */
  joinday: z.number().int(),
  /** 0 means the member may apply as agent. */
  isagent: Flag,
});
export type UserInfo = z.infer<typeof UserInfo>;

export const SiteInfo = z.object({
  /** 0 shows the maintenance banner. */
  site_state: Flag,
  title: z.string(),
  site_logo: z.string(),
  repair_tips: z.string(),
  redpacket_switch: Flag,
  index_modal: Flag,
  /** HTML of the welcome modal. */
  webcontent: z.string(),
  h5_url: z.string(),
  ios_download_url: z.string(),
  ios_download_qrcode: z.string(),
  /** The rebate switch. */
  fanshui: Flag,
});
export type SiteInfo = z.infer<typeof SiteInfo>;

export const Url = z.object({ url: z.string() });
/**
 * A launch (getGameUrl): the game's address and, ours, its venue's name for the person playing (the game frame's
 * title), every venue, seamless ones too, which /api/balancelist does not list.
 */
export const GameUrl = Url.extend({ venue_name: z.string().optional() });
export const Balance = z.object({ balance: Money });

export const Banner = z.object({ src: z.string(), pic: z.string() });
export type Banner = z.infer<typeof Banner>;

/** Home list game: category_id is one of GAME_CATEGORIES' ids; app_state 1 = shown. */
export const Game = z.object({
  id,
  name: z.string(),
  category_id: z.string(),
  app_state: Flag,
  platform_name: z.string(),
  game_code: z.string(),
  mobile_img: z.string(),
});
export type Game = z.infer<typeof Game>;

/** Slot list game (gamelistBycode). */
export const SlotGame = z.object({
  catecode: z.string(),
  gamecode: z.string(),
  gamepic: z.string(),
  gamename: z.string(),
});
export type SlotGame = z.infer<typeof SlotGame>;

export const PromotionType = z.object({ id, name: z.string() });
export type PromotionType = z.infer<typeof PromotionType>;

/** content and memo are operator HTML (sanitised in the browser). */
export const Promotion = z.object({
  id,
  title: z.string(),
  banner: z.string(),
  content: z.string(),
  memo: z.string(),
});
export type Promotion = z.infer<typeof Promotion>;

/** docs/member-app.md "Server calls": the detail's shape beyond these fields is not shown, so extra fields pass. */
export const PromotionDetail = Promotion.loose();

export const PromotionApplication = z.object({
  id,
  activity_name: z.string(),
  created_at: Timestamp,
  /** PROMOTION_APPLY_STATE. */
  state: z.number().int(),
});
export type PromotionApplication = z.infer<typeof PromotionApplication>;

export const VipLevel = z.object({
  id,
  /** e.g. 'VIP3'. */
  name: z.string(),
  /** Cumulative deposit needed. */
  recharge: Money,
  /** Turnover needed. */
  flow: Money,
  // Rebate percentages per category.
  realperson: DecimalString,
  sport: DecimalString,
  e_sport: DecimalString,
  joker: DecimalString,
  electron: DecimalString,
  lottery: DecimalString,
  fish: DecimalString.optional(),
});
export type VipLevel = z.infer<typeof VipLevel>;

export const RedpacketRule = z.object({
  /** Daily window, Beijing time, 'HH:mm' (start inclusive, end exclusive). */
  start_time: z.string(),
  end_time: z.string(),
  /** Band of today's approved deposits: day_flow <= deposits <= flow_money. */
  day_flow: Money,
  flow_money: Money,
  /** Grabs allowed today. */
  recharge: z.number().int(),
  /** Prize cap as a percentage of today's deposits. */
  money: DecimalString,
});

export const RedpacketInfo = z.object({
  sendnums: z.number().int(),
  acquirednum: z.number().int(),
  max_times: z.number().int(),
  rules: z.array(RedpacketRule),
});
export type RedpacketInfo = z.infer<typeof RedpacketInfo>;

export const RedpacketClaim = z.object({
  redpacketmoney: Money,
  sendnums: z.number().int(),
  acquirednum: z.number().int(),
});

export const RedpacketRecord = z.object({
  /** That day's deposits. */
  money: Money,
  redpacketmoney: Money,
  created_at: Timestamp,
  usetime: Timestamp.nullable(),
});
export type RedpacketRecord = z.infer<typeof RedpacketRecord>;

export const RebateRecord = z.object({
  id,
  gamename: z.string(),
  money: Money,
  created_at: Timestamp,
  /** The claim time once state is 1. */
  updated_at: Timestamp.nullable(),
  /** 0 unclaimed, 1 claimed. */
  state: Flag,
});
export type RebateRecord = z.infer<typeof RebateRecord>;

export const RebateList = z.object({
  list: paginator(RebateRecord),
  /** Claimed total. */
  jisuan: Money,
  /** Claimable total. */
  nojisuan: Money,
});

/**
 * A venue wallet of /api/balancelist. `stale: 1` (present only then) marks a balance the venue did not confirm just
 * now (slow or down): the last one it gave, shown rather than holding the whole list.
 */
export const Venue = z.object({
  name: z.string(),
  platname: z.string(),
  balance: Money,
  stale: z.literal(1).optional(),
});
export type Venue = z.infer<typeof Venue>;

/** A bound card. USDT cards: bank 'USDT', bank_owner the protocol. bank_no is masked except its last 4. */
export const Card = z.object({
  id,
  bank: z.string(),
  bank_owner: z.string(),
  bank_no: z.string(),
  /** Last 4 characters of bank_no. */
  bank_not: z.string(),
  bank_address: z.string(),
  ico: z.string(),
});
export type Card = z.infer<typeof Card>;

export const BankName = z.object({ id, bank_name: z.string() });

export const BetRecord = z.object({
  bet_id: z.string(),
  /** Venue code of the bet. */
  Code: z.string(),
  /** Ours: the venue's name, for the person reading (every venue, seamless ones too); the code when it is gone. */
  venue_name: z.string().optional(),
  bet_amount: Money,
  valid_amount: Money,
  win_loss: Money,
  /** BET_STATUS. */
  status: z.number().int(),
  created_at: Timestamp,
});
export type BetRecord = z.infer<typeof BetRecord>;

export const TransRecord = z.object({
  /** Deposit or withdrawal number; the transfer id for transfers. */
  out_trade_no: z.string(),
  /** TRANSACTION_TYPE, needed to label `state` (transactionStateLabel). */
  type: z.number().int(),
  amount: Money,
  pay_way: z.string(),
  state: z.number().int(),
  /** Deposits only (ours): DEPOSIT_STATUS, what `state` means for this deposit now. */
  status: z.enum(DEPOSIT_STATUSES).optional(),
  created_at: Timestamp,
});
export type TransRecord = z.infer<typeof TransRecord>;

export const InboxMessage = z.object({ id, title: z.string(), content: z.string(), created_at: Timestamp });
export type InboxMessage = z.infer<typeof InboxMessage>;

/** Ours (/referral): the member's referral code (pid), the register link carrying it, members registered with it. */
export const ReferralInfo = z.object({ pid: z.number().int(), link: z.string(), invited: z.number().int() });
export type ReferralInfo = z.infer<typeof ReferralInfo>;

/** docs/member-app.md "Entities and fields": article fields are not shown; title and HTML content are ours, extra fields pass. */
export const Article = z.object({ type: z.number().int(), title: z.string(), content: z.string() }).loose();

/** Keys in this order: clients pick the first key whose flag is 1. */
export const PayWays = z.object({ ebpay: Flag, card: Flag, usdt: Flag, wechat: Flag, alipay: Flag });
export type PayWays = z.infer<typeof PayWays>;

export const PayRange = z.object({ min_price: Money, max_price: Money });

export const ReceivingBank = z.object({
  id,
  bank_no: z.string(),
  bank_owner: z.string(),
  bank_address: z.string(),
  bank_data: z.object({ bank_name: z.string() }),
});
export type ReceivingBank = z.infer<typeof ReceivingBank>;

/** docs/wire-rules.md "Deposits", payinfo; the USDT fields are ours (the rate and amount / usdtrate floored to 2 decimals, docs/member-app.md "Constants and limits"). */
export const PayInfo = z
  .object({
    deposit_no: z.string(),
    info: z
      .object({
        amount: Money,
        created_at: Timestamp,
        paytype: z.string(),
        usdtrate: DecimalString.optional(),
        usdt_amount: Money.optional(),
        /** docs/member-app.md "States and transitions" state: 1 pending, 2 approved, 3 rejected or closed. */
        state: z.number().int().optional(),
        /** Ours: DEPOSIT_STATUS (待支付, 已过期, 已到账 ...). */
        status: z.enum(DEPOSIT_STATUSES).optional(),
        /** Ours: when the payment window closes (created_at + 60 minutes), Beijing time. */
        expires_at: Timestamp.optional(),
      })
      .loose(),
    cardlist: z.array(z.object({ mch_id: z.string(), content: z.string(), payimg: z.string() }).loose()),
  })
  .loose();
export type PayInfo = z.infer<typeof PayInfo>;
