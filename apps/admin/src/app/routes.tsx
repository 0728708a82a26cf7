import {
  AccountBookOutlined,
  AlertOutlined,
  ApiOutlined,
  PercentageOutlined,
  BarChartOutlined,
  IdcardOutlined,
  PieChartOutlined,
  AppstoreOutlined,
  CreditCardOutlined,
  CrownOutlined,
  NotificationOutlined,
  PictureOutlined,
  ReadOutlined,
  RedEnvelopeOutlined,
  RocketOutlined,
  TagsOutlined,
  AuditOutlined,
  BankOutlined,
  DashboardOutlined,
  DiffOutlined,
  GiftOutlined,
  LockOutlined,
  MailOutlined,
  SettingOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserSwitchOutlined,
  WalletOutlined,
  SolutionOutlined,
  SwapOutlined,
  ReconciliationOutlined,
  CustomerServiceOutlined,
  FormOutlined,
  MessageOutlined,
} from '@ant-design/icons';
import { lazy, type ComponentType, type ReactNode } from 'react';
import type * as Screens from '../features/content/resource-screens';
import {
  adminEndpoints,
  adminResources,
  type AdminResource,
  type OperatorRoleName,
  receivingAccountResource,
  cannedReplyResource,
} from '@h5/contract';

export interface ConsoleRoute {
  path: string;
  /** The menu's name of the screen (and the page title). */
  label: string;
  icon: ReactNode;
  /** Who sees it: the roles the contract allows on the call the screen is built on. */
  roles: readonly OperatorRoleName[];
  page: ComponentType;
  /** Not in the side menu (a detail page reached from a list). */
  hidden?: boolean;
  /** The menu group it is listed under (content resources, finance settings). */
  group?: '报表' | '代理' | '内容管理' | '财务设置' | '系统设置';
}

const e = adminEndpoints;
const r = adminResources;

/** A resource screen of the generic page, loaded with its route. */
const resourceScreen = (name: keyof typeof Screens) =>
  lazy(() => import('../features/content/resource-screens').then((m) => ({ default: m[name] })));

/**
 * The menu entry of a contract resource's screen: named as the contract names the resource, at the path of its calls
 * without /admin/api (/admin/api/vip-levels: /vip-levels), for the roles of its list.
 */
const resourceRoute = (
  resource: Pick<AdminResource, 'name' | 'list'>,
  icon: ReactNode,
  page: keyof typeof Screens,
  group: ConsoleRoute['group'],
): ConsoleRoute => ({
  path: resource.list.path.replace(/^\/admin\/api/, ''),
  label: resource.name,
  icon,
  roles: resource.list.roles,
  page: resourceScreen(page),
  group,
});

/** Every screen of the console, in menu order: the one place the menu and the role guard read. */
export const consoleRoutes: readonly ConsoleRoute[] = [
  {
    path: '/',
    label: '仪表盘',
    icon: <DashboardOutlined />,
    // The review queues' roles, and the support desk for its own figures.
    roles: [...new Set([...e.dashboardPending.roles, ...e.supportDeskStats.roles])],
    page: lazy(() => import('../features/dashboard/dashboard-page')),
  },
  {
    path: '/support',
    label: '客服',
    icon: <CustomerServiceOutlined />,
    roles: e.supportQueue.roles,
    page: lazy(() => import('../features/support/support-page')),
  },
  {
    path: '/tickets',
    label: '工单',
    icon: <FormOutlined />,
    roles: e.ticketQueue.roles,
    page: lazy(() => import('../features/tickets/tickets-page')),
  },
  {
    path: '/members',
    label: '会员管理',
    icon: <TeamOutlined />,
    roles: e.members.roles,
    page: lazy(() => import('../features/members/members-page')),
  },
  {
    path: '/members/:id',
    label: '会员详情',
    icon: <TeamOutlined />,
    roles: e.member.roles,
    page: lazy(() => import('../features/members/member-detail-page')),
    hidden: true,
  },
  {
    path: '/deposits',
    label: '存款审核',
    icon: <BankOutlined />,
    roles: e.deposits.roles,
    page: lazy(() => import('../features/deposits/deposits-page')),
  },
  {
    path: '/withdrawals',
    label: '提款审核',
    icon: <WalletOutlined />,
    roles: e.withdrawals.roles,
    page: lazy(() => import('../features/withdrawals/withdrawals-page')),
  },
  {
    path: '/adjustments',
    label: '调整复核',
    icon: <DiffOutlined />,
    roles: e.adjustments.roles,
    page: lazy(() => import('../features/adjustments/adjustments-page')),
  },
  {
    path: '/venue-transfers',
    label: '场馆转账',
    icon: <SwapOutlined />,
    roles: e.venueTransfers.roles,
    page: lazy(() => import('../features/venue-transfers/venue-transfers-page')),
  },
  {
    path: '/venue-reconciliation',
    label: '场馆对账',
    icon: <ReconciliationOutlined />,
    roles: e.venueReconDifferences.roles,
    page: lazy(() => import('../features/venue-reconciliation/venue-reconciliation-page')),
  },
  {
    path: '/risk',
    label: '风控',
    icon: <AlertOutlined />,
    roles: e.riskFlags.roles,
    page: lazy(() => import('../features/risk/risk-page')),
  },
  {
    path: '/promotion-applications',
    label: '优惠申请',
    icon: <GiftOutlined />,
    roles: e.activityApplications.roles,
    page: lazy(() => import('../features/applications/promotion-applications-page')),
  },
  {
    path: '/agent-applications',
    label: '代理申请',
    icon: <SolutionOutlined />,
    roles: e.agentApplications.roles,
    page: lazy(() => import('../features/applications/agent-applications-page')),
  },
  {
    path: '/audit',
    label: '操作日志',
    icon: <AuditOutlined />,
    roles: e.audit.roles,
    page: lazy(() => import('../features/audit/audit-page')),
  },
  {
    path: '/ledger',
    label: '账务核对',
    icon: <SafetyCertificateOutlined />,
    roles: e.ledgerCheck.roles,
    page: lazy(() => import('../features/ledger/ledger-page')),
  },
  {
    path: '/operators',
    label: '管理员',
    icon: <UserSwitchOutlined />,
    roles: e.operators.roles,
    page: lazy(() => import('../features/operators/operators-page')),
  },
  {
    path: '/reports/daily',
    label: '每日报表',
    icon: <BarChartOutlined />,
    roles: e.reportDaily.roles,
    page: lazy(() => import('../features/reports/daily-report-page')),
    group: '报表',
  },
  {
    path: '/reports/venues',
    label: '场馆报表',
    icon: <PieChartOutlined />,
    roles: e.reportVenues.roles,
    page: lazy(() => import('../features/reports/venue-report-page')),
    group: '报表',
  },
  {
    path: '/reports/members',
    label: '会员报表',
    icon: <IdcardOutlined />,
    roles: e.reportMembers.roles,
    page: lazy(() => import('../features/reports/member-report-page')),
    group: '报表',
  },
  {
    path: '/partners',
    label: '代理管理',
    icon: <TeamOutlined />,
    roles: e.partners.roles,
    page: lazy(() => import('../features/partners/partners-page')),
    group: '代理',
  },
  {
    path: '/partner-plans',
    label: '佣金方案',
    icon: <PercentageOutlined />,
    roles: e.commissionPlans.roles,
    page: lazy(() => import('../features/partners/plans-page')),
    group: '代理',
  },
  {
    path: '/partner-statements',
    label: '代理结算',
    icon: <AccountBookOutlined />,
    roles: e.partnerStatements.roles,
    page: lazy(() => import('../features/partners/statements-page')),
    group: '代理',
  },
  resourceRoute(r.banners, <PictureOutlined />, 'BannersPage', '内容管理'),
  resourceRoute(r.notices, <NotificationOutlined />, 'NoticesPage', '内容管理'),
  resourceRoute(cannedReplyResource, <MessageOutlined />, 'CannedRepliesPage', '内容管理'),
  resourceRoute(r.venues, <AppstoreOutlined />, 'VenuesPage', '内容管理'),
  resourceRoute(r.games, <RocketOutlined />, 'GamesPage', '内容管理'),
  resourceRoute(r.promotions, <GiftOutlined />, 'PromotionsPage', '内容管理'),
  resourceRoute(r.promotionTypes, <TagsOutlined />, 'PromotionTypesPage', '内容管理'),
  resourceRoute(r.articles, <ReadOutlined />, 'ArticlesPage', '内容管理'),
  resourceRoute(r.vipLevels, <CrownOutlined />, 'VipLevelsPage', '财务设置'),
  resourceRoute(r.redpacketRules, <RedEnvelopeOutlined />, 'RedpacketRulesPage', '财务设置'),
  {
    path: '/pay-ways',
    label: '支付方式',
    icon: <CreditCardOutlined />,
    roles: e.payWays.roles,
    page: resourceScreen('PayWaysPage'),
    group: '财务设置',
  },
  resourceRoute(receivingAccountResource, <BankOutlined />, 'ReceivingAccountsPage', '财务设置'),
  {
    path: '/gateways',
    label: '支付通道',
    icon: <ApiOutlined />,
    roles: e.paymentGateways.roles,
    page: resourceScreen('GatewaysPage'),
    group: '财务设置',
  },
  {
    path: '/messages',
    label: '站内信',
    icon: <MailOutlined />,
    roles: e.messageSend.roles,
    page: lazy(() => import('../features/messages/messages-page')),
    group: '内容管理',
  },
  {
    path: '/integration-changes',
    label: '待审批变更',
    icon: <SafetyCertificateOutlined />,
    roles: e.integrationChanges.roles,
    page: lazy(() => import('../features/integrations/integration-changes-page')),
    group: '系统设置',
  },
  {
    path: '/settings',
    label: '站点设置',
    icon: <SettingOutlined />,
    roles: e.settings.roles,
    page: lazy(() => import('../features/settings/settings-page')),
    group: '系统设置',
  },
  {
    path: '/security',
    label: '账号安全',
    icon: <LockOutlined />,
    roles: e.me.roles,
    page: lazy(() => import('../features/security/security-page')),
  },
];

export const canSee = (role: OperatorRoleName, route: Pick<ConsoleRoute, 'roles'>) => route.roles.includes(role);
