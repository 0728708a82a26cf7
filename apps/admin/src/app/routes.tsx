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
} from '@ant-design/icons';
import { lazy, type ComponentType, type ReactNode } from 'react';
import type * as Screens from '../features/content/resource-screens';
import { adminEndpoints, adminResources, type OperatorRoleName } from '@h5/contract';

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

/** Every screen of the console, in menu order: the one place the menu and the role guard read. */
export const consoleRoutes: readonly ConsoleRoute[] = [
  {
    path: '/',
    label: '仪表盘',
    icon: <DashboardOutlined />,
    roles: e.dashboardPending.roles,
    page: lazy(() => import('../features/dashboard/dashboard-page')),
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
  {
    path: '/banners',
    label: '轮播图',
    icon: <PictureOutlined />,
    roles: r.banners.list.roles,
    page: resourceScreen('BannersPage'),
    group: '内容管理',
  },
  {
    path: '/notices',
    label: '公告',
    icon: <NotificationOutlined />,
    roles: r.notices.list.roles,
    page: resourceScreen('NoticesPage'),
    group: '内容管理',
  },
  {
    path: '/venues',
    label: '场馆',
    icon: <AppstoreOutlined />,
    roles: r.venues.list.roles,
    page: resourceScreen('VenuesPage'),
    group: '内容管理',
  },
  {
    path: '/games',
    label: '游戏',
    icon: <RocketOutlined />,
    roles: r.games.list.roles,
    page: resourceScreen('GamesPage'),
    group: '内容管理',
  },
  {
    path: '/promotions',
    label: '优惠活动',
    icon: <GiftOutlined />,
    roles: r.promotions.list.roles,
    page: resourceScreen('PromotionsPage'),
    group: '内容管理',
  },
  {
    path: '/promotion-types',
    label: '活动类型',
    icon: <TagsOutlined />,
    roles: r.promotionTypes.list.roles,
    page: resourceScreen('PromotionTypesPage'),
    group: '内容管理',
  },
  {
    path: '/articles',
    label: '帮助文章',
    icon: <ReadOutlined />,
    roles: r.articles.list.roles,
    page: resourceScreen('ArticlesPage'),
    group: '内容管理',
  },
  {
    path: '/vip-levels',
    label: 'VIP等级',
    icon: <CrownOutlined />,
    roles: r.vipLevels.list.roles,
    page: resourceScreen('VipLevelsPage'),
    group: '财务设置',
  },
  {
    path: '/redpacket-rules',
    label: '红包规则',
    icon: <RedEnvelopeOutlined />,
    roles: r.redpacketRules.list.roles,
    page: resourceScreen('RedpacketRulesPage'),
    group: '财务设置',
  },
  {
    path: '/pay-ways',
    label: '支付方式',
    icon: <CreditCardOutlined />,
    roles: e.payWays.roles,
    page: resourceScreen('PayWaysPage'),
    group: '财务设置',
  },
  {
    path: '/receiving-accounts',
    label: '收款账户',
    icon: <BankOutlined />,
    roles: e.receivingAccounts.roles,
    page: resourceScreen('ReceivingAccountsPage'),
    group: '财务设置',
  },
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
