import { StatusTag } from '../../shared/ui/status-tag';
import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Grid, Layout, Menu, Space, Typography } from 'antd';
import { type ReactNode, Suspense, useState } from 'react';
import type { OperatorRoleName } from '@h5/contract';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useLogout } from '../../features/auth/api';
import { useMe } from '../../shared/session/use-me';
import { useIdleTimeout } from '../../shared/session/use-idle-timeout';
import { useSessionStore } from '../../shared/session/session-store';
import { ROLE_LABEL } from '../../shared/roles';
import { PageLoading } from '../../shared/ui/page-loading';
import { canSee, consoleRoutes } from '../routes';
import { BrandMark } from '../../shared/ui/brand-mark';
import './console-layout.css';

const { Header, Sider, Content } = Layout;

/** The menu entry a path belongs to: '/members/12' is under 会员管理. */
function selectedKey(pathname: string): string {
  const match = consoleRoutes
    .filter((r) => !r.hidden && r.path !== '/' && (pathname === r.path || pathname.startsWith(`${r.path}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0];
  return match?.path ?? '/';
}

type MenuEntry = { key: string; icon: ReactNode; label: ReactNode };
type MenuGroup = { type: 'group'; key: string; label: string; children: MenuEntry[] };

/** The screens the role may use, in route order; grouped ones under their group's heading where it first appears. */
function menuItems(role: OperatorRoleName): (MenuEntry | MenuGroup)[] {
  const items: (MenuEntry | MenuGroup)[] = [];
  const groups = new Map<string, MenuGroup>();
  for (const r of consoleRoutes) {
    if (r.hidden || !canSee(role, r)) continue;
    const entry = { key: r.path, icon: r.icon, label: <Link to={r.path}>{r.label}</Link> };
    if (!r.group) {
      items.push(entry);
      continue;
    }
    let group = groups.get(r.group);
    if (!group) {
      group = { type: 'group', key: `group:${r.group}`, label: r.group, children: [] };
      groups.set(r.group, group);
      items.push(group);
    }
    group.children.push(entry);
  }
  return items;
}

export function ConsoleLayout() {
  const session = useSessionStore((s) => s.session);
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  // Desktop first (1280 px); below lg (a tablet held upright) the menu folds to its icons.
  const narrow = screens.lg === false;
  const [folded, setFolded] = useState<boolean | null>(null);
  const collapsed = folded ?? narrow;
  const logout = useLogout();
  const me = useMe();
  useIdleTimeout(me.data?.idle_minutes, () => logout.mutate('长时间未操作，已自动退出登录'));
  if (!session) return null;
  // The site requires two factors and this operator has none yet: the server refuses everything else until then.
  if (me.data?.must_enroll && location.pathname !== '/security') return <Navigate to="/security" replace />;
  const items = menuItems(session.role);
  return (
    <Layout className="console">
      <Sider collapsible collapsed={collapsed} trigger={null} width={208} className="console-sider" theme="dark">
        <BrandMark compact={collapsed} />
        <nav aria-label="主菜单">
          <Menu theme="dark" mode="inline" selectedKeys={[selectedKey(location.pathname)]} items={items} />
        </nav>
      </Sider>
      <Layout>
        <Header className="console-header">
          <Button
            type="text"
            aria-label={collapsed ? '展开菜单' : '收起菜单'}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setFolded(!collapsed)}
          />
          <Space size="middle">
            <Space size={6}>
              <UserOutlined aria-hidden />
              <Typography.Text strong>{session.username}</Typography.Text>
              <StatusTag tone="info">{ROLE_LABEL[session.role]}</StatusTag>
            </Space>
            <Button icon={<LogoutOutlined />} loading={logout.isPending} onClick={() => logout.mutate(undefined)}>
              退出登录
            </Button>
          </Space>
        </Header>
        <Content className="console-content">
          {/* Screens wait for the operator's state: one who must enrol two factors is refused everything else. */}
          {me.isPending ? (
            <PageLoading />
          ) : (
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          )}
        </Content>
      </Layout>
    </Layout>
  );
}
