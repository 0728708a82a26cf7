import {
  AuditOutlined,
  BankOutlined,
  DashboardOutlined,
  GiftOutlined,
  LockOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserSwitchOutlined,
  WalletOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import { lazy, type ComponentType, type ReactNode } from 'react';
import { adminEndpoints, type OperatorRoleName } from '@h5/contract';

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
}

const e = adminEndpoints;

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
    path: '/security',
    label: '账号安全',
    icon: <LockOutlined />,
    roles: e.me.roles,
    page: lazy(() => import('../features/security/security-page')),
  },
];

export const canSee = (role: OperatorRoleName, route: Pick<ConsoleRoute, 'roles'>) => route.roles.includes(role);
