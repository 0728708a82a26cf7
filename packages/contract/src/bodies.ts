/**
 * Request bodies (query for GET). Lenient atoms: text fields accept strings or numbers, missing becomes '' so the
 * rule functions of validation.ts answer the documented messages; unknown fields are stripped, never an error.
 */
import { z } from 'zod';
import {
  CAPTCHA_LENGTH,
  MAX_INPUT,
  PageQuery,
  Period,
  intWithDefault,
  moneyInput,
  optionalInt,
  requiredInt,
  text,
} from './common';
import { MSG } from './messages';

const field = () => text(MAX_INPUT);
/** Long enough for an ERC20 address (42) or a branch name; the maxlength 32 of docs/member-app.md "Constants and limits" would cut them. */
const longField = () => text(128);

export const EmptyBody = z.object({});

export const LoginBody = z.object({ name: field(), password: field() });

export const RegisterBody = z.object({
  name: field(),
  password: field(),
  confirmPass: field(),
  realname: field(),
  paypassword: field(),
  code: text(CAPTCHA_LENGTH),
  /** Referral: the inviter's id or username. */
  pid: field(),
});

export const PagedBody = z.object(PageQuery);

/** docs/member-app.md "Screens by route" /message: type 1 announcements, 2 (default) the member's inbox. */
export const NoticeListBody = z.object({ ...PageQuery, type: intWithDefault(2) });

export const GameListBody = z.object({ category: field() });

/** docs/member-app.md "Server calls": bannerList is called with type 2. */
export const BannerListBody = z.object({ type: intWithDefault(2) });

export const GameUrlBody = z.object({
  plat_name: field(),
  // Text, not a number: clients pass the game type of the tile, which may be a category name; blank means 0.
  game_type: field(),
  game_code: field(),
  is_mobile_url: intWithDefault(1),
});

export const ActivityListBody = z.object({ ...PageQuery, type: optionalInt() });
export const IdBody = z.object({ id: requiredInt() });
export const ActivityApplyBody = z.object({ activityid: requiredInt() });

export const AgentApplyBody = z.object({ mobile: field(), apply_info: text(500) });

export const ArticleBody = z.object({ type: requiredInt() });

/** docs/member-app.md "Constants and limits": rebate period defaults to 4 (last 30 days). */
export const RebateListBody = z.object({
  ...PageQuery,
  date: intWithDefault(4),
  api_type: field(),
  type: field(),
});

export const ProfileBody = z.object({ email: field(), mobile: field(), birthday: field() });

/** docs/member-app.md "Server calls" getcard: type 1 bank cards, 2 USDT; absent lists both. */
export const CardListBody = z.object({ type: optionalInt() });

/** For USDT: bank 'USDT', bank_owner the protocol, the address in bank_no. */
export const BindCardBody = z.object({
  bank: field(),
  bank_owner: field(),
  bank_address: longField(),
  bank_no: longField(),
  pay_pass: field(),
});

/** `password` is the old one, `paypassword` the new one (both for login and pay passwords). */
export const PasswordBody = z.object({ password: field(), paypassword: field() });

export const BetRecordBody = z.object({ ...PageQuery, date: Period, api_type: field() });

/** type: TRANSACTION_TYPE, absent lists all. */
export const TransRecordBody = z.object({ ...PageQuery, date: Period, type: optionalInt(), api_type: field() });

export const PayRangeBody = z.object({ type: field() });

export const RechargeBody = z.object({
  /** wechat is sent as wxpay. */
  paytype: field(),
  amount: moneyInput(),
  bank: field(),
  bank_address: longField(),
  bank_no: field(),
  /** Depositor name for bank transfers. */
  bank_owner: field(),
  /** USDT protocol. */
  catepay: field(),
});

export const PayInfoBody = z.object({ deposit_no: text(64) });

/** bank is the card id. */
export const WithdrawBody = z.object({ amount: moneyInput(), bank: optionalInt(), password: field() });

export const TransferBody = z.object({ amount: moneyInput(), sourcetype: field(), targettype: field() });

export const TransferStatusBody = z.object({
  transferstatus: requiredInt().pipe(z.union([z.literal(0), z.literal(1)], { error: MSG.badInput })),
});

export const GameListByCodeBody = z.object({ gamecode: field() });
