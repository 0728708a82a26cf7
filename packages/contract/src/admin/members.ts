/** The back-office calls about one member: search, profile and tabs, adjustments, state, responsible gambling, risk flags. */
import { z } from 'zod';
import { Money, paginator, Timestamp } from '../common';
import { RgBreakBody, RgInfo, RgSetBody, RiskFlagRow } from '../responsible';
import {
  ADMIN,
  blankIsAbsent,
  CONTENT_FINANCE,
  def,
  FINANCE,
  NoteInput,
  Paging,
  searchText,
  VenueNamed,
} from './atoms';
import { AdminEmpty, type AdminEndpointDef } from './define';
import { StateInput } from './operators';
import { AdjustInput, AdjustResult, AdminDeposit, AdminWithdrawal } from './payments';

export const MemberSearchInput = z.object({
  ...Paging,
  /** Part of the name, any case. */
  username: searchText(32),
  /** Exact or the beginning of the real name. */
  realname: searchText(32),
  /** Exact or the beginning of the mobile number. */
  mobile: searchText(32),
  /** Exact or the beginning of the registration address ('10.1.' finds a subnet). */
  register_ip: searchText(64),
});
export const AdminMemberRow = z.object({
  id: z.number().int(),
  username: z.string(),
  realname: z.string(),
  mobile: z.string(),
  register_ip: z.string(),
  vip: z.number().int(),
  state: z.number().int(),
  paysum: Money,
  balance: Money,
  gameblance: Money,
  created_at: Timestamp,
});
export const AdminMemberCard = z.object({
  id: z.number().int(),
  /** 1 bank card, 2 USDT address. */
  type: z.number().int(),
  bank: z.string(),
  bank_owner: z.string(),
  /** Only the last 4 characters are shown. */
  bank_no_masked: z.string(),
  bank_address: z.string(),
  created_at: Timestamp,
});
export const AdminMemberDetail = z.object({
  id: z.number().int(),
  username: z.string(),
  realname: z.string(),
  mobile: z.string(),
  email: z.string(),
  birthday: z.string(),
  vip: z.number().int(),
  state: z.number().int(),
  isagent: z.number().int(),
  inviter_id: z.number().int().nullable(),
  register_ip: z.string(),
  created_at: Timestamp,
  paysum: Money,
  /** Lifetime valid turnover. */
  turnover: Money,
  /** Withdrawal turnover still owed (a withdrawal needs it at zero). */
  turnover_required: Money,
  /** Central wallet. */
  balance: Money,
  gameblance: Money,
  /** The venues holding money for the member: code, display name, balance. */
  venues: z.array(z.object({ code: z.string(), name: z.string(), balance: Money })),
  cards: z.array(AdminMemberCard),
});
export const MemberTabInput = z.object(Paging);
export const AdminLedgerEntry = z.object({
  id: z.number().int(),
  transaction_id: z.number().int(),
  /** The movement's kind: deposit, withdrawal_request, transfer_in, adjustment, ... */
  kind: z.string(),
  reference: z.string(),
  /** The movement's note; for a transfer to or from a remote venue, that venue's name. */
  memo: z.string(),
  /** The member's account moved: 'wallet' (central) or 'venue'. */
  account_kind: z.string(),
  /** The venue's code and display name for venue accounts, both '' for the central wallet. */
  ...VenueNamed,
  /** Signed: positive credits the account. */
  amount: Money,
  created_at: Timestamp,
});
export const AdminTransfer = z.object({
  id: z.number().int(),
  reference: z.string(),
  /** transfer_in (central to venue) or transfer_out (venue to central), recycling included. */
  kind: z.string(),
  ...VenueNamed,
  /** Positive: the amount moved. */
  amount: Money,
  created_at: Timestamp,
});
export const AdminBet = z.object({
  id: z.number().int(),
  bet_id: z.string(),
  ...VenueNamed,
  category: z.string(),
  game_code: z.string(),
  bet_amount: Money,
  valid_amount: Money,
  win_loss: Money,
  status: z.number().int(),
  created_at: Timestamp,
  settled_at: Timestamp.nullable(),
});
export const MemberLogin = z.object({
  id: z.number().int(),
  ip: z.string(),
  device: z.string(),
  created_at: Timestamp,
});

/** What links two members (docs/responsible-and-risk.md "Linked accounts"). */
export const MEMBER_LINK_KINDS = ['ip', 'device', 'bank_card', 'usdt_address'] as const;
export type MemberLinkKind = (typeof MEMBER_LINK_KINDS)[number];
export const MEMBER_LINK_LABELS: Record<MemberLinkKind, string> = {
  ip: '同IP',
  device: '同设备',
  bank_card: '同银行卡',
  usdt_address: '同USDT地址',
};
/** A value the member under review shares with the linked member. */
export const MemberLinkEvidence = z.object({
  kind: z.enum(MEMBER_LINK_KINDS),
  /** As the 风控 screen shows it: the IP in full, the device shortened, a card or address masked (4****4). */
  value: z.string(),
  /** The last time the linked member was seen with it: a sign-in, their registration, the binding of the card. */
  seen_at: Timestamp.nullable(),
});
/** Deposits credited and withdrawals paid over the member's whole history, as the reports count them. */
const LinkFigures = {
  deposits: Money,
  withdrawals: Money,
  /** deposits - withdrawals: what the site kept (negative when more was paid out than came in). */
  net: Money,
};
export const LinkedMember = z.object({
  id: z.number().int(),
  username: z.string(),
  /** 1 active, 0 frozen. */
  state: z.number().int(),
  links: z.array(MemberLinkEvidence),
  ...LinkFigures,
});
export const MemberLinks = z.object({
  /** The member under review, with their own figures. */
  member: z.object({ id: z.number().int(), username: z.string(), state: z.number().int(), ...LinkFigures }),
  /** At most 50, the strongest links first (most kinds of evidence, then most values, then most recent). */
  linked: z.array(LinkedMember),
  /** Linked members beyond the list. */
  more: z.number().int(),
  /**
   * Values shared with more than 50 other members (a carrier's address, a stock browser): not evidence of one
   * person, so no member is linked by them alone; listed so a farm of accounts behind one value is still seen.
   */
  common: z.array(z.object({ kind: z.enum(MEMBER_LINK_KINDS), value: z.string() })),
  /** The member under review and the listed members together. */
  total: z.object({ members: z.number().int(), ...LinkFigures }),
});
export type MemberLinks = z.infer<typeof MemberLinks>;

/** 风控 list: open flags by default; state 'all' shows cleared and frozen ones too. */
export const RiskFlagQueryInput = z.object({
  state: z.preprocess(blankIsAbsent, z.enum(['open', 'all']).default('open')),
  ...Paging,
});

/** Members and risk flags (风控). */
export const adminMemberCalls = {
  members: def(
    'GET',
    '/admin/api/members',
    CONTENT_FINANCE,
    MemberSearchInput,
    paginator(AdminMemberRow),
    'Find members',
  ),
  member: def(
    'GET',
    '/admin/api/members/:id',
    CONTENT_FINANCE,
    AdminEmpty,
    AdminMemberDetail,
    'One member: profile, balances, cards',
  ),
  memberLedger: def(
    'GET',
    '/admin/api/members/:id/ledger',
    FINANCE,
    MemberTabInput,
    paginator(AdminLedgerEntry),
    "A member's ledger entries",
  ),
  memberDeposits: def(
    'GET',
    '/admin/api/members/:id/deposits',
    FINANCE,
    MemberTabInput,
    paginator(AdminDeposit),
    "A member's deposits",
  ),
  memberWithdrawals: def(
    'GET',
    '/admin/api/members/:id/withdrawals',
    FINANCE,
    MemberTabInput,
    paginator(AdminWithdrawal),
    "A member's withdrawals",
  ),
  memberTransfers: def(
    'GET',
    '/admin/api/members/:id/transfers',
    FINANCE,
    MemberTabInput,
    paginator(AdminTransfer),
    "A member's venue transfers",
  ),
  memberBets: def(
    'GET',
    '/admin/api/members/:id/bets',
    CONTENT_FINANCE,
    MemberTabInput,
    paginator(AdminBet),
    "A member's bets",
  ),
  memberLogins: def(
    'GET',
    '/admin/api/members/:id/logins',
    CONTENT_FINANCE,
    MemberTabInput,
    paginator(MemberLogin),
    "A member's sign-ins",
  ),
  memberAdjust: def(
    'POST',
    '/admin/api/members/:id/adjust',
    FINANCE,
    AdjustInput,
    AdjustResult,
    'Credit or debit the central wallet (not a deposit); above adjust_second_review_above it waits for another operator',
  ),
  memberRecycle: def(
    'POST',
    '/admin/api/members/:id/recycle',
    FINANCE,
    AdminEmpty,
    z.object({ recycled: Money, balance: Money }),
    'Bring every venue balance back to the central wallet',
  ),
  memberState: def(
    'POST',
    '/admin/api/members/:id/state',
    ADMIN,
    StateInput,
    z.object({ state: z.number().int() }),
    'Disable (0) or enable (1) a member',
  ),
  memberLinks: def(
    'GET',
    '/admin/api/members/:id/links',
    FINANCE,
    AdminEmpty,
    MemberLinks,
    "The members linked to this one by IP, device, bank card or USDT address, with each one's deposits and withdrawals",
  ),
  memberResponsible: def(
    'GET',
    '/admin/api/members/:id/responsible',
    CONTENT_FINANCE,
    AdminEmpty,
    RgInfo,
    "A member's responsible-gambling settings",
  ),
  memberResponsibleSet: def(
    'POST',
    '/admin/api/members/:id/responsible',
    FINANCE,
    RgSetBody,
    RgInfo,
    "Tighten a member's limit (never loosen)",
  ),
  memberResponsibleBreak: def(
    'POST',
    '/admin/api/members/:id/responsible/break',
    FINANCE,
    RgBreakBody,
    RgInfo,
    'Put a member on a cool-off or self-exclusion (never shorten)',
  ),

  // Risk flags (风控)
  riskFlags: def(
    'GET',
    '/admin/api/risk-flags',
    FINANCE,
    RiskFlagQueryInput,
    paginator(RiskFlagRow),
    'Risk flags with their members',
  ),
  riskFlagClear: def('POST', '/admin/api/risk-flags/:id/clear', FINANCE, NoteInput, RiskFlagRow, 'Clear a flag'),
  riskFlagMemberFreeze: def(
    'POST',
    '/admin/api/risk-flags/:id/members/:member_id/freeze',
    ADMIN,
    NoteInput,
    RiskFlagRow,
    'Freeze one member of a flag (ends their sessions); the others stay as they are',
  ),
} as const satisfies Record<string, AdminEndpointDef>;
