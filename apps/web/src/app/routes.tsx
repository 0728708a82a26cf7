import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useSearchParams } from '../shared/router/router';
import { PageLoading } from '../shared/ui/page-loading';
import { useAfterFirstPaint } from '../shared/ui/use-after-first-paint';
import { AuthShell } from '../features/auth/auth-shell';
import { InviteToLogin, RequireAuth, RequireTokenOrLogin } from './guards';
import { SubPage } from './layout/sub-page';
import { TabLayout } from './layout/tab-layout';
// The landing screen is in the entry, not lazy: a first visit would otherwise wait one more round trip for it.
import { HomePage } from '../features/home/home-page';
import { ABOUTS_TITLES, aboutsType } from '../features/help/abouts';

/**
 * A lazy screen, shown once antd-mobile's Toast and Dialog can render (React 19, shared/ui/antd-render). Installed
 * alongside the screen's own chunk rather than at start-up, so that a first visit to home carries no antd-mobile.
 */
function lazyScreen<M extends Record<K, ComponentType>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  const antdRender = () => import('../shared/ui/antd-render').then((m) => m.installAntdRender());
  return lazy(() => Promise.all([load(), antdRender()]).then(([module]) => ({ default: module[name] })));
}

/**
 * A lazy screen built of our own components only (docs/member-app.md "Our own components"): its toasts and dialogs
 * go through shared/ui/feedback, which installs the render itself on first use, so nothing of antd-mobile loads
 * with it.
 */
function ownScreen<M extends Record<K, ComponentType>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const LoginPage = ownScreen(() => import('../features/auth/login-page'), 'LoginPage');
const RegisterPage = ownScreen(() => import('../features/auth/register-page'), 'RegisterPage');
const MinePage = ownScreen(() => import('../features/member/mine-page'), 'MinePage');
const GamePage = lazyScreen(() => import('../features/games/game-page'), 'GamePage');
const ConcisePage = lazyScreen(() => import('../features/games/concise-page'), 'ConcisePage');
const VipPage = lazyScreen(() => import('../features/vip/vip-page'), 'VipPage');
const KefuPage = lazyScreen(() => import('../features/service/kefu-page'), 'KefuPage');
const FeedbackPage = lazyScreen(() => import('../features/feedback/feedback-page'), 'FeedbackPage');
const AppDownloadPage = lazyScreen(() => import('../features/service/app-download-page'), 'AppDownloadPage');
const HelpListPage = lazyScreen(() => import('../features/help/help-list-page'), 'HelpListPage');
const HelpArticlePage = lazyScreen(() => import('../features/help/help-article-page'), 'HelpArticlePage');
const AboutsPage = lazyScreen(() => import('../features/help/help-article-page'), 'AboutsPage');
const UsdtMorePage = lazyScreen(() => import('../features/help/usdt-more-page'), 'UsdtMorePage');
const SponsorPage = lazyScreen(() => import('../features/help/sponsor-pages'), 'SponsorPage');
const SponsorDetailPage = lazyScreen(() => import('../features/help/sponsor-pages'), 'SponsorDetailPage');
const MoneyPage = lazyScreen(() => import('../features/wallet/money-page'), 'MoneyPage');
const TransferPage = lazyScreen(() => import('../features/wallet/transfer-page'), 'TransferPage');
const BetRecordPage = lazyScreen(() => import('../features/records/bet-record-page'), 'BetRecordPage');
const TransRecordPage = lazyScreen(() => import('../features/records/trans-record-page'), 'TransRecordPage');
const ResponsiblePage = lazyScreen(() => import('../features/responsible/responsible-page'), 'ResponsiblePage');
const RechargePage = lazyScreen(() => import('../features/payments/recharge-page'), 'RechargePage');
const PayInfoPage = ownScreen(() => import('../features/payments/pay-info-page'), 'PayInfoPage');
const WithdrawalPage = lazyScreen(() => import('../features/payments/withdrawal-page'), 'WithdrawalPage');
const promotionPages = () => import('../features/promotions/pages');
// /activity, a tab of the bar, loads on its own: the other two screens of the area use antd-mobile.
const ActivityPage = ownScreen(() => import('../features/promotions/activity-page'), 'ActivityPage');
const ActivityInfoPage = lazyScreen(promotionPages, 'ActivityInfoPage');
const ActivityRecordPage = lazyScreen(promotionPages, 'ActivityRecordPage');
const redpacketPages = () => import('../features/redpacket/pages');
const HongbaoPage = lazyScreen(redpacketPages, 'HongbaoPage');
const WelfarePage = lazyScreen(redpacketPages, 'WelfarePage');
const FanshuiPage = lazyScreen(() => import('../features/rebates/fanshui-page'), 'FanshuiPage');
const MessagePage = lazyScreen(() => import('../features/messages/message-page'), 'MessagePage');
const UserInfoPage = lazyScreen(() => import('../features/profile/user-info-page'), 'UserInfoPage');
const UserCentPage = lazyScreen(() => import('../features/profile/user-cent-page'), 'UserCentPage');
const PasswordPage = lazyScreen(() => import('../features/profile/password-page'), 'PasswordPage');
const ApplyAgentPage = lazyScreen(() => import('../features/agent/apply-agent-page'), 'ApplyAgentPage');
const ReferralPage = lazyScreen(() => import('../features/referral/referral-page'), 'ReferralPage');
const AgentCentrePage = lazyScreen(() => import('../features/agent-centre/agent-centre-page'), 'AgentCentrePage');
const WalletPage = lazyScreen(() => import('../features/cards/wallet-page'), 'WalletPage');
const AddBankCardPage = lazyScreen(() => import('../features/cards/add-bank-card-page'), 'AddBankCardPage');
const AddUsdtCardPage = lazyScreen(() => import('../features/cards/add-usdt-card-page'), 'AddUsdtCardPage');

/**
 * member: docs/member-app.md "Routes needing login" (anonymous -> /login?redirect=...); public: "Public routes".
 * tabs: children of the layout (header + bottom tab bar); sub: own page with a back bar; auth: the full-screen login
 * frame, drawn from the entry while the form's chunk loads.
 * gate: the rules of docs/member-app.md "Runtime navigation rules" that apply on top of the table (mine -> /login, invite -> confirm dialog).
 */
export interface RouteDef {
  path: string;
  title: string;
  /** A back-bar title that depends on the query; `title` names the route elsewhere. */
  titleFor?: (params: URLSearchParams) => string;
  access: 'member' | 'public';
  chrome: 'tabs' | 'sub' | 'auth';
  screen: ComponentType;
  gate?: 'mine' | 'invite';
}

export const ROUTES: readonly RouteDef[] = [
  // Layout children: '/', '/hongbao', '/activity', '/zhanzhu', '/mine', '/app', '/kefu'
  { path: '/', title: '首页', access: 'public', chrome: 'tabs', screen: HomePage },
  { path: '/hongbao', title: '红包', access: 'public', chrome: 'tabs', screen: HongbaoPage, gate: 'invite' },
  { path: '/activity', title: '优惠活动', access: 'public', chrome: 'tabs', screen: ActivityPage },
  { path: '/zhanzhu', title: '赞助', access: 'public', chrome: 'tabs', screen: SponsorPage },
  { path: '/mine', title: '我的', access: 'public', chrome: 'tabs', screen: MinePage, gate: 'mine' },
  { path: '/app', title: 'APP下载', access: 'member', chrome: 'tabs', screen: AppDownloadPage },
  { path: '/kefu', title: '客服', access: 'public', chrome: 'tabs', screen: KefuPage },

  // Routes needing login
  { path: '/message', title: '消息中心', access: 'member', chrome: 'sub', screen: MessagePage },
  { path: '/fanshui', title: '返水中心', access: 'member', chrome: 'sub', screen: FanshuiPage },
  { path: '/userInfo', title: '个人资料', access: 'member', chrome: 'sub', screen: UserInfoPage },
  { path: '/userCent', title: '安全中心', access: 'member', chrome: 'sub', screen: UserCentPage },
  // Ours: 理性娱乐, reached from the security centre.
  { path: '/responsible', title: '理性娱乐', access: 'member', chrome: 'sub', screen: ResponsiblePage },
  { path: '/wallet', title: '卡片管理', access: 'member', chrome: 'sub', screen: WalletPage },
  { path: '/addBankCard', title: '添加银行卡', access: 'member', chrome: 'sub', screen: AddBankCardPage },
  { path: '/addUsdtCard', title: '添加USDT地址', access: 'member', chrome: 'sub', screen: AddUsdtCardPage },
  { path: '/password', title: '修改密码', access: 'member', chrome: 'sub', screen: PasswordPage },
  { path: '/welfare', title: '福利中心', access: 'member', chrome: 'sub', screen: WelfarePage },
  { path: '/betRecord', title: '投注记录', access: 'member', chrome: 'sub', screen: BetRecordPage },
  { path: '/activityRecord', title: '活动记录', access: 'member', chrome: 'sub', screen: ActivityRecordPage },
  { path: '/transRecord', title: '交易记录', access: 'member', chrome: 'sub', screen: TransRecordPage },
  { path: '/money', title: '我的钱包', access: 'member', chrome: 'sub', screen: MoneyPage },
  { path: '/recharge', title: '存款', access: 'member', chrome: 'sub', screen: RechargePage },
  { path: '/withdrawal', title: '取款', access: 'member', chrome: 'sub', screen: WithdrawalPage },
  { path: '/transfer', title: '额度转换', access: 'member', chrome: 'sub', screen: TransferPage },
  // Ours: 意见反馈, the member's tickets to the desk, reached from /kefu and the transaction records.
  { path: '/feedback', title: '意见反馈', access: 'member', chrome: 'sub', screen: FeedbackPage },

  // Public routes
  {
    path: '/login',
    title: '登录',
    titleFor: (params) => (params.get('type') === '1' ? '注册' : '登录'),
    access: 'public',
    chrome: 'auth',
    screen: LoginPage,
  },
  { path: '/register', title: '注册', access: 'public', chrome: 'auth', screen: RegisterPage },
  { path: '/gamePage', title: '游戏', access: 'public', chrome: 'sub', screen: GamePage },
  { path: '/activityInfo', title: '活动详情', access: 'public', chrome: 'sub', screen: ActivityInfoPage },
  { path: '/zhanzhuye', title: '赞助详情', access: 'public', chrome: 'sub', screen: SponsorDetailPage },
  { path: '/vip', title: 'VIP特权', access: 'public', chrome: 'sub', screen: VipPage },
  { path: '/applyagent', title: '合营计划', access: 'public', chrome: 'sub', screen: ApplyAgentPage },
  { path: '/boutBallBet', title: '帮助中心', access: 'public', chrome: 'sub', screen: HelpListPage },
  { path: '/boutBallBetInfo', title: '帮助详情', access: 'public', chrome: 'sub', screen: HelpArticlePage },
  { path: '/usdtmore', title: 'USDT协议说明', access: 'public', chrome: 'sub', screen: UsdtMorePage },
  { path: '/payInfo', title: '支付信息', access: 'public', chrome: 'sub', screen: PayInfoPage },
  { path: '/concise', title: '电子游戏', access: 'public', chrome: 'sub', screen: ConcisePage },
  // Navigation targets outside the route table (docs/member-app.md "Screens by route")
  {
    path: '/abouts',
    title: '代理加盟',
    titleFor: (params) => ABOUTS_TITLES[aboutsType(params)],
    access: 'public',
    chrome: 'sub',
    screen: AboutsPage,
  },
  { path: '/referral', title: '推荐好友', access: 'member', chrome: 'sub', screen: ReferralPage },
  // Ours: the agent centre that getAgentLoginUrl answers (docs/partners.md "Partner programme"); partners only.
  { path: '/agentCenter', title: '代理中心', access: 'member', chrome: 'sub', screen: AgentCentrePage },
];

function AuthFrame({ def, children }: { def: RouteDef; children: ReactNode }) {
  const [params] = useSearchParams();
  const painted = useAfterFirstPaint();
  return (
    <AuthShell heading={def.titleFor ? def.titleFor(params) : def.title}>
      {painted ? children : <PageLoading />}
    </AuthShell>
  );
}

function guarded(def: RouteDef, node: ReactNode): ReactNode {
  let element = node;
  if (def.gate === 'mine') element = <RequireTokenOrLogin>{element}</RequireTokenOrLogin>;
  if (def.gate === 'invite') element = <InviteToLogin>{element}</InviteToLogin>;
  if (def.access === 'member') element = <RequireAuth>{element}</RequireAuth>;
  return element;
}

function elementFor(def: RouteDef): ReactNode {
  const Screen = def.screen;
  const page = (
    <Suspense fallback={<PageLoading />}>
      <Screen />
    </Suspense>
  );
  const framed =
    def.chrome === 'sub' ? (
      <SubPage title={def.title} titleFor={def.titleFor}>
        {page}
      </SubPage>
    ) : def.chrome === 'auth' ? (
      <AuthFrame def={def}>{page}</AuthFrame>
    ) : (
      page
    );
  return guarded(def, framed);
}

export function AppRoutes() {
  const tabs = ROUTES.filter((r) => r.chrome === 'tabs');
  const others = ROUTES.filter((r) => r.chrome !== 'tabs');
  return (
    <Routes>
      <Route element={<TabLayout />}>
        {tabs.map((def) =>
          def.path === '/' ? (
            <Route key={def.path} index element={elementFor(def)} />
          ) : (
            <Route key={def.path} path={def.path} element={elementFor(def)} />
          ),
        )}
      </Route>
      {others.map((def) => (
        <Route key={def.path} path={def.path} element={elementFor(def)} />
      ))}
      {/* docs/member-app.md "Screens and routes": unknown paths redirect to / */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
