/**
 * The endpoint registry: every row of docs/member-app.md "Server calls" with its schemas. The server registers routes from it and
 * the web client calls through it, so a missing route or a misspelt call fails the type check.
 * For GET endpoints `body` describes the query string. Paths are matched without regard to case by the server.
 */
import { z } from 'zod';
import type { ZodType } from 'zod';
import * as B from './bodies';
import { Flag, Money, paginator } from './common';
import * as E from './entities';
import { AgentDownlineRow, AgentStatement, AgentSummary } from './partners';
import { RgBreakBody, RgInfo, RgSetBody } from './responsible';
import {
  SupportAfterBody,
  SupportCloseBody,
  SupportConversation,
  SupportMessage,
  SupportRateBody,
  SupportSendBody,
  SupportThread,
  SupportUpload,
  SupportVisitorAfterBody,
  SupportVisitorBody,
  SupportVisitorCloseBody,
  SupportVisitorRateBody,
  SupportVisitorSendBody,
} from './support';
import { TicketCreateBody, TicketDetail, TicketDetailBody, TicketListBody, TicketPage } from './tickets';

export interface EndpointDef {
  method: 'GET' | 'POST';
  path: string;
  auth: 'member' | 'public';
  body: ZodType;
  data: ZodType;
  summary: string;
}

export function defineEndpoint<const T extends EndpointDef>(def: T): T {
  return def;
}

/** Answers whose data carries nothing: the client shows the message only. */
const Nothing = z.null();

const route =
  <const M extends EndpointDef['method']>(method: M) =>
  <const P extends string, A extends EndpointDef['auth'], Body extends ZodType, Data extends ZodType>(
    path: P,
    auth: A,
    body: Body,
    data: Data,
    summary: string,
  ) => ({ method, path, auth, body, data, summary });

const post = route('POST');
const get = route('GET');

export const endpoints = {
  // Accounts and session
  register: post('/api/register', 'public', B.RegisterBody, E.ApiToken, 'Register a member; answers the token'),
  loginPc: post('/api/login_pc', 'public', B.LoginBody, E.ApiToken, 'Log in; answers the token'),
  login: post('/api/login', 'public', B.LoginBody, E.ApiToken, 'Log in (same as /api/login_pc)'),
  logoff: post('/api/logoff', 'member', B.EmptyBody, Nothing, 'Log out: the token is deleted'),
  user: post('/api/user', 'member', B.EmptyBody, E.UserInfo, 'Member summary'),
  refreshUserMoney: post(
    '/api/refreshusermoney',
    'member',
    B.EmptyBody,
    E.UserInfo,
    'Member summary, message 刷新成功',
  ),
  balance: post('/api/balance', 'member', B.EmptyBody, E.Balance, 'Central wallet balance, polled every 4300 ms'),
  updateUserInfo: post('/api/updateuserinfo', 'member', B.ProfileBody, Nothing, 'Save email, mobile, birthday'),
  // The file arrives as multipart form data; the route reads it, so the body schema is empty.
  uploadImg: post(
    '/api/uploadimg',
    'member',
    B.EmptyBody,
    z.object({ avatar: z.string() }),
    'Upload the avatar (gif or png)',
  ),
  editPassword: post('/api/editPassword', 'member', B.PasswordBody, Nothing, 'Change the login password'),
  editPayPassword: post('/api/editPayPassword', 'member', B.PasswordBody, Nothing, 'Change the pay password'),
  applyAgentDo: post('/api/applyagentdo', 'member', B.AgentApplyBody, Nothing, 'Apply to the partner programme'),
  // Ours: where the member's application stands, so /applyagent shows it instead of a blank form (AGENT_APPLY_STATE).
  agentApplyState: post(
    '/api/agentapplystate',
    'member',
    B.EmptyBody,
    z.object({ state: z.number().int() }),
    "The caller's partner application: 0 none, 1 under review, 2 approved, 3 refused",
  ),
  // Ours: docs/member-app.md "Screens by route" names /referral only as a navigation target; this gives it the member's invite link.
  referralInfo: post('/api/referralinfo', 'member', B.EmptyBody, E.ReferralInfo, 'Referral link and invitee count'),
  // Ours: the agent centre (docs/partners.md "Partner programme"); a member who is not a partner hears 403 MSG.notPartner.
  agentSummary: post('/api/agent/summary', 'member', B.EmptyBody, AgentSummary, "A partner's month so far and link"),
  agentDownline: post(
    '/api/agent/downline',
    'member',
    B.PagedBody,
    paginator(AgentDownlineRow),
    "A partner's downline, newest first, with this month's deposits and valid stake",
  ),
  agentStatements: post(
    '/api/agent/statements',
    'member',
    B.PagedBody,
    paginator(AgentStatement),
    "A partner's statements, newest first",
  ),
  // Ours: responsible gambling (理性娱乐): limits, breaks and their history.
  responsible: post(
    '/api/responsible',
    'member',
    B.EmptyBody,
    RgInfo,
    'Responsible-gambling limits, break and history',
  ),
  responsibleSet: post(
    '/api/responsible/set',
    'member',
    RgSetBody,
    RgInfo,
    'Set or remove a limit: tightening at once, loosening after 24 hours',
  ),
  responsibleBreak: post(
    '/api/responsible/break',
    'member',
    RgBreakBody,
    RgInfo,
    'Start a cool-off or a self-exclusion',
  ),

  // 在线客服, ours (docs/member-app.md "在线客服"): the live socket pushes what these answer
  supportOpen: post('/api/support/open', 'member', B.EmptyBody, SupportThread, 'Open or resume my conversation'),
  supportSend: post('/api/support/send', 'member', SupportSendBody, SupportMessage, 'Send a line to the desk'),
  supportMessages: post(
    '/api/support/messages',
    'member',
    SupportAfterBody,
    z.array(SupportMessage),
    'Messages of my conversation after an id (the polling fallback)',
  ),
  // The file arrives as multipart form data (a png or gif of at most 1 MB, as an avatar); the body schema is empty.
  supportUpload: post(
    '/api/support/upload',
    'member',
    B.EmptyBody,
    SupportUpload,
    "Upload an image for the desk: a chat line's or a ticket's",
  ),
  supportClose: post('/api/support/close', 'member', SupportCloseBody, SupportConversation, 'End my conversation'),
  supportRate: post('/api/support/rate', 'member', SupportRateBody, SupportConversation, 'Rate an ended conversation'),

  // A visitor's chat, by the device id the chat page keeps (docs/member-app.md "在线客服"): only that device's own.
  supportVisitorOpen: post(
    '/api/support/visitor/open',
    'public',
    SupportVisitorBody,
    SupportThread,
    "Open or resume a visitor's conversation",
  ),
  supportVisitorSend: post(
    '/api/support/visitor/send',
    'public',
    SupportVisitorSendBody,
    SupportMessage,
    'A visitor sends a line',
  ),
  supportVisitorMessages: post(
    '/api/support/visitor/messages',
    'public',
    SupportVisitorAfterBody,
    z.array(SupportMessage),
    "A visitor's messages after an id",
  ),
  supportVisitorClose: post(
    '/api/support/visitor/close',
    'public',
    SupportVisitorCloseBody,
    SupportConversation,
    "End a visitor's conversation",
  ),
  supportVisitorRate: post(
    '/api/support/visitor/rate',
    'public',
    SupportVisitorRateBody,
    SupportConversation,
    "Rate a visitor's ended conversation",
  ),

  // 意见反馈 (docs/member-app.md "意见反馈"): tickets to the desk
  ticketCreate: post('/api/tickets/create', 'member', TicketCreateBody, TicketDetail, 'File a ticket'),
  ticketList: post('/api/tickets/list', 'member', TicketListBody, TicketPage, 'My tickets, newest first'),
  ticketDetail: post(
    '/api/tickets/detail',
    'member',
    TicketDetailBody,
    TicketDetail,
    'One of my tickets and its replies',
  ),

  // Site and content
  app: post('/api/app', 'public', B.EmptyBody, E.SiteInfo, 'Site info'),
  // 200 with data.url only when an operator set a visit URL; otherwise 202 with data null.
  getVisitUrl: get('/api/getVisitUrl', 'public', B.EmptyBody, E.Url.nullable(), 'Domain to move to, if any'),
  bannerList: post('/api/bannerList', 'public', B.BannerListBody, z.array(E.Banner), 'Home banners'),
  homeNotice: post('/api/homenotice', 'public', B.EmptyBody, z.array(z.string()), 'Marquee lines'),
  getServicerUrl: post('/api/getservicerurl', 'public', B.EmptyBody, E.Url, 'Customer-service URL'),
  article: post('/api/article', 'public', B.ArticleBody, E.Article, 'Help article of a type'),
  noticeList: post(
    '/api/noticeList',
    'member',
    B.NoticeListBody,
    paginator(E.InboxMessage),
    'Announcements (type 1) or the inbox (type 2), newest first',
  ),

  // Games and venues
  gameList: get('/api/game/list', 'public', B.GameListBody, z.array(E.Game), 'Home games (bare array)'),
  gamelistByCode: post(
    '/api/gamelistBycode',
    'public',
    B.GameListByCodeBody,
    z.array(E.SlotGame),
    'Slot games of a venue',
  ),
  getGameUrl: post('/api/getGameUrl', 'member', B.GameUrlBody, E.GameUrl, 'Launch URL of a game, and its venue'),
  getAgentLoginUrl: get('/api/getAgentLoginUrl', 'member', B.EmptyBody, E.Url, 'Agent back-office login URL'),
  balanceList: post('/api/balancelist', 'member', B.EmptyBody, z.array(E.Venue), 'Venue wallet balances'),
  transAll: post('/api/transall', 'member', B.EmptyBody, E.Balance, 'Recycle every venue into the central wallet'),
  transfer: post('/api/transfer', 'member', B.TransferBody, E.Balance, 'Move money between central and venue'),
  upTransferStatus: post(
    '/api/uptransferstatus',
    'member',
    B.TransferStatusBody,
    z.object({ transferstatus: Flag }),
    'Auto-transfer switch',
  ),

  // Red packets
  userRedpacket: get('/api/userredpacket', 'member', B.PagedBody, E.RedpacketInfo, 'Red-packet claims left and rules'),
  doUserRedpacket: post('/api/douserredpacket', 'member', B.EmptyBody, E.RedpacketClaim, 'Grab a red packet'),
  redpacket: post('/api/redpacket', 'member', B.PagedBody, paginator(E.RedpacketRecord), 'Red-packet records'),

  // Promotions and VIP
  activityType: post('/api/activitytype', 'public', B.EmptyBody, z.array(E.PromotionType), 'Promotion types'),
  activityList: post('/api/activitylist', 'public', B.ActivityListBody, paginator(E.Promotion), 'Promotions'),
  activityDetail: post('/api/activitydeatil', 'public', B.IdBody, E.PromotionDetail, 'Promotion detail (path sic)'),
  doActivityApply: post('/api/doactivityapply', 'member', B.ActivityApplyBody, Nothing, 'Apply for a promotion'),
  activityApplyLog: post(
    '/api/activityApplyLog',
    'member',
    B.PagedBody,
    paginator(E.PromotionApplication),
    'Promotion applications',
  ),
  userVip: post('/api/uservip', 'public', B.EmptyBody, z.array(E.VipLevel), 'VIP levels (bare array)'),

  // Rebates
  getFanshui: post('/api/getfanshui', 'member', B.RebateListBody, E.RebateList, 'Rebate rows and totals'),
  doFanshui: post('/api/dofanshui', 'member', B.EmptyBody, z.object({ money: Money }), 'Claim every pending rebate'),

  // Cards
  getCard: post('/api/getcard', 'member', B.CardListBody, z.array(E.Card), 'Bound cards (bare array)'),
  delCard: post('/api/delcard', 'member', B.IdBody, Nothing, 'Unbind a card'),
  bankList: post('/api/banklist', 'member', B.EmptyBody, z.array(E.BankName), 'Banks to pick from'),
  bindCard: post('/api/bindcard', 'member', B.BindCardBody, Nothing, 'Bind a bank card or USDT address'),

  // Records
  betRecord: post('/api/betrecord', 'member', B.BetRecordBody, paginator(E.BetRecord), 'Bet history'),
  getTransRecord: post('/api/gettransrecord', 'member', B.TransRecordBody, paginator(E.TransRecord), 'Transactions'),

  // Deposits and withdrawals
  getPayWay: get('/api/get_pay_way', 'member', B.EmptyBody, E.PayWays, 'Enabled pay ways'),
  getPayRange: post('/api/getPayRange', 'member', B.PayRangeBody, E.PayRange, 'Amount range of a pay way'),
  getPayBank: post('/api/getpaybank', 'member', B.EmptyBody, z.array(E.ReceivingBank), 'Receiving bank accounts'),
  // The deposit number is also the message (docs/wire-rules.md "Wire details").
  recharge: post('/api/recharge', 'member', B.RechargeBody, z.object({ deposit_no: z.string() }), 'Create a deposit'),
  // The pay type (bankpay, alipay, wxpay, usdtpay, ebpay) is the message.
  payInfo: post('/api/payinfo', 'member', B.PayInfoBody, E.PayInfo, 'Payment instructions of a deposit'),
  getBetAmount: post(
    '/api/getBetAmount',
    'member',
    B.EmptyBody,
    z.object({ bet_amount: Money }),
    'Valid turnover since the last withdrawal',
  ),
  withdraw: post('/api/withdraw', 'member', B.WithdrawBody, z.object({ order_no: z.string() }), 'Request a withdrawal'),
} as const satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointKey = keyof Endpoints;
/** What a caller sends. */
export type BodyOf<E extends EndpointDef> = z.input<E['body']>;
/** The body after parsing, as the server sees it. */
export type ParsedBodyOf<E extends EndpointDef> = z.output<E['body']>;
/** The answer's data as the client reads it. */
export type DataOf<E extends EndpointDef> = z.output<E['data']>;

export function endpointList(): Array<EndpointDef & { key: string }> {
  return Object.entries(endpoints).map(([key, def]) => ({ key, ...def }));
}
