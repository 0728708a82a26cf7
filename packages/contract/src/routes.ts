/**
 * The endpoint registry without its schemas: method, path and auth of every endpoint, keyed as `endpoints`.
 * zod-free on purpose: the web app's entry calls through this table so zod stays out of the first download;
 * `endpoints` (schemas) remains the source of truth, and the `satisfies` below plus routes.test.ts keep the two
 * equal key for key.
 */
import type { EndpointDef, EndpointKey, Endpoints } from './endpoints';

export type ApiRoute = Pick<EndpointDef, 'method' | 'path' | 'auth'>;

export const apiRoutes = {
  // Accounts and session
  register: { method: 'POST', path: '/api/register', auth: 'public' },
  loginPc: { method: 'POST', path: '/api/login_pc', auth: 'public' },
  login: { method: 'POST', path: '/api/login', auth: 'public' },
  logoff: { method: 'POST', path: '/api/logoff', auth: 'member' },
  user: { method: 'POST', path: '/api/user', auth: 'member' },
  refreshUserMoney: { method: 'POST', path: '/api/refreshusermoney', auth: 'member' },
  balance: { method: 'POST', path: '/api/balance', auth: 'member' },
  updateUserInfo: { method: 'POST', path: '/api/updateuserinfo', auth: 'member' },
  uploadImg: { method: 'POST', path: '/api/uploadimg', auth: 'member' },
  editPassword: { method: 'POST', path: '/api/editPassword', auth: 'member' },
  editPayPassword: { method: 'POST', path: '/api/editPayPassword', auth: 'member' },
  applyAgentDo: { method: 'POST', path: '/api/applyagentdo', auth: 'member' },
  agentApplyState: { method: 'POST', path: '/api/agentapplystate', auth: 'member' },
  referralInfo: { method: 'POST', path: '/api/referralinfo', auth: 'member' },
  agentSummary: { method: 'POST', path: '/api/agent/summary', auth: 'member' },
  agentDownline: { method: 'POST', path: '/api/agent/downline', auth: 'member' },
  agentStatements: { method: 'POST', path: '/api/agent/statements', auth: 'member' },
  responsible: { method: 'POST', path: '/api/responsible', auth: 'member' },
  responsibleSet: { method: 'POST', path: '/api/responsible/set', auth: 'member' },
  responsibleBreak: { method: 'POST', path: '/api/responsible/break', auth: 'member' },
  supportOpen: { method: 'POST', path: '/api/support/open', auth: 'member' },
  supportSend: { method: 'POST', path: '/api/support/send', auth: 'member' },
  supportMessages: { method: 'POST', path: '/api/support/messages', auth: 'member' },
  supportUpload: { method: 'POST', path: '/api/support/upload', auth: 'member' },
  supportClose: { method: 'POST', path: '/api/support/close', auth: 'member' },
  supportRate: { method: 'POST', path: '/api/support/rate', auth: 'member' },
  supportVisitorOpen: { method: 'POST', path: '/api/support/visitor/open', auth: 'public' },
  supportVisitorSend: { method: 'POST', path: '/api/support/visitor/send', auth: 'public' },
  supportVisitorMessages: { method: 'POST', path: '/api/support/visitor/messages', auth: 'public' },
  supportVisitorClose: { method: 'POST', path: '/api/support/visitor/close', auth: 'public' },
  supportVisitorRate: { method: 'POST', path: '/api/support/visitor/rate', auth: 'public' },
  ticketCreate: { method: 'POST', path: '/api/tickets/create', auth: 'member' },
  ticketList: { method: 'POST', path: '/api/tickets/list', auth: 'member' },
  ticketDetail: { method: 'POST', path: '/api/tickets/detail', auth: 'member' },

  // Site and content
  app: { method: 'POST', path: '/api/app', auth: 'public' },
  getVisitUrl: { method: 'GET', path: '/api/getVisitUrl', auth: 'public' },
  bannerList: { method: 'POST', path: '/api/bannerList', auth: 'public' },
  homeNotice: { method: 'POST', path: '/api/homenotice', auth: 'public' },
  getServicerUrl: { method: 'POST', path: '/api/getservicerurl', auth: 'public' },
  article: { method: 'POST', path: '/api/article', auth: 'public' },
  noticeList: { method: 'POST', path: '/api/noticeList', auth: 'member' },

  // Games and venues
  gameList: { method: 'GET', path: '/api/game/list', auth: 'public' },
  gamelistByCode: { method: 'POST', path: '/api/gamelistBycode', auth: 'public' },
  getGameUrl: { method: 'POST', path: '/api/getGameUrl', auth: 'member' },
  getAgentLoginUrl: { method: 'GET', path: '/api/getAgentLoginUrl', auth: 'member' },
  balanceList: { method: 'POST', path: '/api/balancelist', auth: 'member' },
  transAll: { method: 'POST', path: '/api/transall', auth: 'member' },
  transfer: { method: 'POST', path: '/api/transfer', auth: 'member' },
  upTransferStatus: { method: 'POST', path: '/api/uptransferstatus', auth: 'member' },

  // Red packets
  userRedpacket: { method: 'GET', path: '/api/userredpacket', auth: 'member' },
  doUserRedpacket: { method: 'POST', path: '/api/douserredpacket', auth: 'member' },
  redpacket: { method: 'POST', path: '/api/redpacket', auth: 'member' },

  // Promotions and VIP
  activityType: { method: 'POST', path: '/api/activitytype', auth: 'public' },
  activityList: { method: 'POST', path: '/api/activitylist', auth: 'public' },
  activityDetail: { method: 'POST', path: '/api/activitydeatil', auth: 'public' },
  doActivityApply: { method: 'POST', path: '/api/doactivityapply', auth: 'member' },
  activityApplyLog: { method: 'POST', path: '/api/activityApplyLog', auth: 'member' },
  userVip: { method: 'POST', path: '/api/uservip', auth: 'public' },

  // Rebates
  getFanshui: { method: 'POST', path: '/api/getfanshui', auth: 'member' },
  doFanshui: { method: 'POST', path: '/api/dofanshui', auth: 'member' },

  // Cards
  getCard: { method: 'POST', path: '/api/getcard', auth: 'member' },
  delCard: { method: 'POST', path: '/api/delcard', auth: 'member' },
  bankList: { method: 'POST', path: '/api/banklist', auth: 'member' },
  bindCard: { method: 'POST', path: '/api/bindcard', auth: 'member' },

  // Records
  betRecord: { method: 'POST', path: '/api/betrecord', auth: 'member' },
  getTransRecord: { method: 'POST', path: '/api/gettransrecord', auth: 'member' },

  // Deposits and withdrawals
  getPayWay: { method: 'GET', path: '/api/get_pay_way', auth: 'member' },
  getPayRange: { method: 'POST', path: '/api/getPayRange', auth: 'member' },
  getPayBank: { method: 'POST', path: '/api/getpaybank', auth: 'member' },
  recharge: { method: 'POST', path: '/api/recharge', auth: 'member' },
  payInfo: { method: 'POST', path: '/api/payinfo', auth: 'member' },
  getBetAmount: { method: 'POST', path: '/api/getBetAmount', auth: 'member' },
  withdraw: { method: 'POST', path: '/api/withdraw', auth: 'member' },
} as const satisfies { readonly [K in EndpointKey]: Pick<Endpoints[K], 'method' | 'path' | 'auth'> };

export type ApiRoutes = typeof apiRoutes;

/** The full endpoint (schemas included, as types only) a route stands for, found by its path. */
export type EndpointOfRoute<R extends ApiRoute> = {
  [K in EndpointKey]: Endpoints[K]['path'] extends R['path'] ? Endpoints[K] : never;
}[EndpointKey];
