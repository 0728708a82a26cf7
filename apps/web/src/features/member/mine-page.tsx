import { useState } from 'react';
import { formatMoney } from '../../shared/format';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { useBalance, useUserInfo } from '../../shared/session/hooks';
import { logout } from '../../shared/session/session-actions';
import { PageLoading } from '../../shared/ui/page-loading';
import { useRefreshUserMoney, useVipLevels } from './api';
import { vipNumber, vipProgress } from '../../shared/vip/vip-progress';
import '../../shared/ui/panel.css';
import '../../shared/ui/card-surface.css';
import './mine.css';
import { Button } from '../../shared/ui/button';
import { askConfirm, showToast } from '../../shared/ui/feedback';
import { CHEVRON, LineIcon, WALLET_ICON } from '../../shared/ui/line-icon';
import { RECHARGE_ICON, TRANSFER_ICON, WITHDRAWAL_ICON } from '../../shared/ui/action-icons';
import { Detail } from '../../shared/ui/detail';

/** The generated default avatar (apps/server/public/art), shown while a member has none. */
export const DEFAULT_AVATAR = '/art/avatar-default.svg';

/** docs/member-app.md "Screens by route" /mine: "a fixed target text of 3000 for next-level deposit and turnover". */
const NEXT_LEVEL_TARGET = '3000';

const QUICK_LINKS = [
  { to: '/recharge', label: '存款', icon: RECHARGE_ICON },
  { to: '/withdrawal', label: '取款', icon: WITHDRAWAL_ICON },
  { to: '/transfer', label: '转账', icon: TRANSFER_ICON },
  { to: '/money', label: '钱包', icon: WALLET_ICON },
] as const;

/** Every member screen of docs/member-app.md "Screens and routes" reachable from the member centre. */
const MENU = [
  { to: '/userInfo', label: '个人资料' },
  { to: '/userCent', label: '安全中心' },
  { to: '/wallet', label: '卡片管理' },
  { to: '/betRecord', label: '投注记录' },
  { to: '/transRecord', label: '交易记录' },
  { to: '/activityRecord', label: '活动记录' },
  { to: '/welfare', label: '福利中心' },
  { to: '/fanshui', label: '返水中心' },
  { to: '/message', label: '消息中心' },
  { to: '/vip', label: 'VIP特权' },
  { to: '/referral', label: '推荐好友' },
  { to: '/kefu', label: '在线客服' },
  { to: '/boutBallBet', label: '帮助中心' },
] as const;

/** /mine (docs/member-app.md "Screens and routes"): the member centre. */
export function MinePage() {
  const user = useUserInfo();
  const balance = useBalance();
  const levels = useVipLevels();
  const refresh = useRefreshUserMoney();
  const go = useAppNavigate();
  const [leaving, setLeaving] = useState(false);

  // docs/member-app.md "States and transitions": logout asks first, calls logoff, and ends the session even when that call fails.
  const confirmLogout = async () => {
    const ok = await askConfirm({ content: '确定要退出登录吗？', confirmText: '确定', cancelText: '取消' });
    if (!ok) return;
    setLeaving(true);
    await logout();
  };

  const refreshMoney = async () => {
    try {
      const { message } = await refresh.mutateAsync();
      showToast({ icon: 'success', content: message });
    } catch {
      // The client has shown the server's message.
    }
  };

  if (!user.data) return <PageLoading />;
  const info = user.data;
  const level = vipNumber(info.current_vip) || info.vip;
  const percent = vipProgress(info.paysum, level, levels.data ?? []);
  // docs/member-app.md "Screens and routes": 加入我们 only while isagent is 0; an agent gets 代理登录 instead, the agent login URL in the frame.
  const entries = [
    ...MENU,
    info.isagent === 0 ? { to: '/applyagent', label: '加入我们' } : { to: '/gamePage?dailiD=1', label: '代理登录' },
  ];

  return (
    <main className="page mine-page" aria-labelledby="mine-title">
      <h1 id="mine-title" className="sr-only">
        我的
      </h1>
      <section className="mine-card" aria-label="账户信息">
        <img className="mine-avatar" src={info.avatar || DEFAULT_AVATAR} alt="头像" width={60} height={60} />
        <div className="mine-who">
          <p className="mine-username">{info.username}</p>
          <p className="mine-meta">
            <span className="mine-vip" aria-label="VIP等级">
              {info.current_vip}
            </span>
            <span>加入第 {info.joinday} 天</span>
          </p>
        </div>
      </section>

      <section className="mine-progress card-surface" aria-label="晋级进度">
        <div className="mine-progress-head">
          <span>
            {info.current_vip} → {info.next_vip}
          </span>
          <span className="mine-progress-value">{percent}%</span>
        </div>
        <div
          className="mine-progress-bar"
          role="progressbar"
          aria-label="VIP晋级进度"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="mine-progress-fill" style={{ width: `${percent}%` }} />
        </div>
        <dl className="mine-targets">
          <Detail term="晋级存款">
            {formatMoney(info.paysum)}/{NEXT_LEVEL_TARGET}
          </Detail>
          <Detail term="晋级流水">{NEXT_LEVEL_TARGET}</Detail>
        </dl>
      </section>

      <section className="mine-balance card-surface" aria-label="中心钱包">
        <span className="mine-balance-label">中心钱包</span>
        <span className="mine-balance-value">
          ¥<output aria-label="中心钱包余额">{formatMoney(balance.data ?? info.balance)}</output>
        </span>
        <button
          type="button"
          className="mine-refresh"
          aria-label="刷新余额"
          disabled={refresh.isPending}
          onClick={() => void refreshMoney()}
        >
          <LineIcon
            d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5"
            size={18}
            strokeWidth={2.2}
            cap="round"
            join="round"
            className={refresh.isPending ? 'spin' : ''}
          />
        </button>
      </section>

      <nav className="mine-quick" aria-label="快捷入口">
        {QUICK_LINKS.map((q) => (
          <button key={q.to} type="button" className="mine-quick-item" onClick={() => void go(q.to)}>
            <span className="mine-quick-glyph" aria-hidden="true">
              <LineIcon d={q.icon} size={18} strokeWidth={1.8} cap="round" join="round" />
            </span>
            {q.label}
          </button>
        ))}
      </nav>

      <nav aria-label="会员中心">
        <ul className="menu-panel">
          {entries.map((entry) => (
            <li key={entry.to}>
              <button type="button" className="mine-menu-item" onClick={() => void go(entry.to)}>
                <span>{entry.label}</span>
                <LineIcon d={CHEVRON} size={16} strokeWidth={2.2} cap="round" />
              </button>
            </li>
          ))}
        </ul>
      </nav>

      <Button block size="large" className="mine-logout" loading={leaving} onClick={() => void confirmLogout()}>
        退出登录
      </Button>
    </main>
  );
}
