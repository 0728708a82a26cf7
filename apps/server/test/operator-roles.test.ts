import { adminEndpointList, adminEndpoints, BizCode, MSG, type OperatorRoleName } from '@h5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from './helper';

// Who may call each back-office endpoint, written out here on its own rather than read from the contract's
// `roles`: a role widened by mistake in the contract then fails this test. Every endpoint has its row (the key
// set is asserted), so none ships without someone deciding who may call it.

const A = ['admin'] as const;
const AF = ['admin', 'finance'] as const;
const AC = ['admin', 'content'] as const;
const ALL = ['admin', 'finance', 'content'] as const;
// The support desk signs in and keeps its own account, and calls the desk alone (docs/operators.md "The support desk").
const SIGNED_IN = [...ALL, 'support'] as const;
const AS = ['admin', 'support'] as const;

const WHO_MAY_CALL: Record<string, readonly OperatorRoleName[]> = {
  // Sign-in and one's own account
  login: SIGNED_IN,
  logout: SIGNED_IN,
  me: SIGNED_IN,
  password: SIGNED_IN,
  totpSetup: SIGNED_IN,
  totpConfirm: SIGNED_IN,
  // Operators
  operators: A,
  operatorCreate: A,
  operatorUpdate: A,
  operatorState: A,
  operatorTotpReset: A,
  dashboardPending: ALL,
  // Members
  members: ALL,
  member: ALL,
  memberLedger: AF,
  memberDeposits: AF,
  memberWithdrawals: AF,
  memberTransfers: AF,
  memberBets: ALL,
  memberLogins: ALL,
  memberLinks: AF,
  memberAdjust: AF,
  memberRecycle: AF,
  memberState: A,
  memberResponsible: ALL,
  memberResponsibleSet: AF,
  memberResponsibleBreak: AF,
  // Risk
  riskFlags: AF,
  riskFlagClear: AF,
  riskFlagMemberFreeze: A,
  // Money desk
  deposits: AF,
  venueTransfers: AF,
  venueTransferReconcile: AF,
  venueReconDifferences: AF,
  venueReconResolve: AF,
  depositApprove: AF,
  depositReject: AF,
  depositQuery: AF,
  latePayments: AF,
  latePaymentApprove: AF,
  latePaymentReject: AF,
  withdrawals: AF,
  withdrawalApprove: AF,
  withdrawalReject: AF,
  adjustments: AF,
  adjustmentApprove: AF,
  adjustmentReject: AF,
  payWays: AF,
  // Finance edits a pay way's name, switch, sort and ranges; its gateway is refused to finance by the handler.
  payWayUpdate: AF,
  receivingAccounts: AF,
  receivingAccountCreate: AF,
  receivingAccountUpdate: AF,
  receivingAccountDelete: AF,
  // Gateways decide where deposits are paid and which notifies credit: admin's alone.
  paymentGateways: A,
  paymentGatewayCreate: A,
  paymentGatewayUpdate: A,
  paymentGatewayDelete: A,
  paymentNotifies: AF,
  ledgerCheck: AF,
  ledgerDigests: AF,
  ledgerMemberCheck: AF,
  // Reports
  reportDaily: AF,
  reportVenues: AF,
  reportMembers: AF,
  dashboardFigures: AF,
  // Applications
  activityApplications: ALL,
  activityApplicationApprove: ALL,
  activityApplicationReject: ALL,
  agentApplications: AF,
  agentApplicationApprove: AF,
  agentApplicationReject: AF,
  // Partner programme
  commissionPlans: AF,
  commissionPlanCreate: AF,
  commissionPlanUpdate: AF,
  partners: AF,
  partnerPlanSet: AF,
  memberInviterSet: AF,
  partnerStatements: AF,
  partnerSettle: AF,
  partnerStatementPay: AF,
  // Messages, VIP, settings, audit, files
  messageSend: AC,
  messageDelete: AC,
  vipRetentionReview: AF,
  vipRetentionReviews: AF,
  settings: A,
  settingsUpdate: A,
  withdrawReviewSetting: AF,
  // The two-person lines are admin's alone: finance reads the withdrawal line, never moves it.
  withdrawReviewSettingUpdate: A,
  audit: A,
  imageUpload: AC,
  // Integration changes: what lets a venue or a gateway move money is proposed by one admin, applied by another.
  venueIntegration: A,
  integrationChanges: A,
  integrationChangeApprove: A,
  integrationChangeReject: A,
  // Content resources (a venue's money fields are refused to content by the handler: integration changes)
  bannersList: AC,
  bannersCreate: AC,
  bannersUpdate: AC,
  bannersRemove: AC,
  noticesList: AC,
  noticesCreate: AC,
  noticesUpdate: AC,
  noticesRemove: AC,
  venuesList: AC,
  venuesCreate: AC,
  venuesUpdate: AC,
  venuesRemove: AC,
  // A hub88 venue's 同步游戏: whoever manages the games (docs/venues.md "Hub88 catalogue").
  venueCatalogueSync: AC,
  gamesList: AC,
  gamesCreate: AC,
  gamesUpdate: AC,
  gamesRemove: AC,
  articlesList: AC,
  articlesCreate: AC,
  articlesUpdate: AC,
  articlesRemove: AC,
  promotionTypesList: AC,
  promotionTypesCreate: AC,
  promotionTypesUpdate: AC,
  promotionTypesRemove: AC,
  promotionsList: AC,
  promotionsCreate: AC,
  promotionsUpdate: AC,
  promotionsRemove: AC,
  redpacketRulesList: AF,
  redpacketRulesCreate: AF,
  redpacketRulesUpdate: AF,
  redpacketRulesRemove: AF,
  vipLevelsList: AF,
  vipLevelsCreate: AF,
  vipLevelsUpdate: AF,
  vipLevelsRemove: AF,
  // The support desk: chats with members; never moves money nor reads secrets.
  supportQueue: AS,
  supportConversation: AS,
  supportConversationMessages: AS,
  supportClaim: AS,
  supportTransfer: AS,
  supportRelease: AS,
  supportReply: AS,
  supportTyping: AS,
  supportDeskUpload: AS,
  supportClose: AS,
  supportReopen: AS,
  supportDeskOperators: AS,
  // 快捷回复: the content role keeps them, the desk reads them.
  cannedReplies: ['admin', 'content', 'support'],
  cannedReplyCreate: AC,
  cannedReplyUpdate: AC,
  cannedReplyDelete: AC,
  // The desk's figures on 仪表盘: the ratings of the last 7 days and who waits.
  supportDeskStats: AS,
  // 意见反馈: the desk's tickets (docs/operators.md "Tickets").
  ticketQueue: AS,
  ticketDetail: AS,
  ticketReply: AS,
  ticketResolve: AS,
  ticketClose: AS,
};

const ROLES = ['admin', 'finance', 'content', 'support'] as const;
const FORBIDDEN = { code: BizCode.FORBIDDEN, message: MSG.operatorForbidden, data: null };
const UNAUTHENTICATED = { code: BizCode.UNAUTHORIZED, message: MSG.notLoggedIn, data: null };

let t: TestApp;
const tokens = {} as Record<OperatorRoleName, string>;

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ROLES) tokens[role] = await operatorToken(t, role);
});
afterAll(() => t?.close());

/** The endpoint's path aimed at nothing: every `:param` names a row that does not exist. */
const missingTarget = (path: string) =>
  path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => (name === 'id' ? '999999999' : 'zz_missing'));

/**
 * One call with an empty body or query: it is refused as bad input, finds nothing, or changes nothing that
 * matters, so every role may be walked through every endpoint in one app. Signing out ends the token used.
 */
async function send(key: string, token: string | undefined) {
  const ep = adminEndpoints[key as keyof typeof adminEndpoints];
  const res = await t.app.inject({
    method: ep.method,
    url: missingTarget(ep.path),
    payload: ep.method === 'GET' || ep.method === 'DELETE' ? undefined : {},
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: unknown } };
}

describe('who may call each back-office endpoint', () => {
  it('has one row per endpoint of the contract, and each row is the contract roles', () => {
    expect(Object.keys(WHO_MAY_CALL).sort()).toEqual(Object.keys(adminEndpoints).sort());
    for (const ep of adminEndpointList())
      expect([...ep.roles].sort(), ep.key).toEqual([...(WHO_MAY_CALL[ep.key] ?? [])].sort());
  });

  const operatorKeys = Object.keys(WHO_MAY_CALL).filter((key) => key !== 'login' && key !== 'logout');

  it('answers 401 to every call without a token', async () => {
    for (const key of [...operatorKeys, 'logout']) {
      const { status, body } = await send(key, undefined);
      expect({ key, status, body }).toEqual({ key, status: 200, body: UNAUTHENTICATED });
    }
  });

  it.each(ROLES)(
    'answers 403 to %s exactly where its row leaves it out, and lets it through elsewhere',
    async (role) => {
      for (const key of operatorKeys) {
        const { body } = await send(key, tokens[role]);
        if (WHO_MAY_CALL[key]!.includes(role))
          expect([BizCode.UNAUTHORIZED, BizCode.FORBIDDEN], `${key}: ${body.message}`).not.toContain(body.code);
        else expect({ key, body }).toEqual({ key, body: FORBIDDEN });
      }
      // Signing out ends the session: a token of its own.
      const { body } = await send('logout', await operatorToken(t, role));
      expect(body.code).toBe(200);
    },
  );
});
