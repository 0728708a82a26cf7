import { apiRoutes } from '@h5/contract/routes';
import { useState } from 'react';
import { callApi, callApiWithMessage } from '../../shared/api/client';
import { formatMoney } from '../../shared/format';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { useBalance, useSession } from '../../shared/session/hooks';
import { useSessionStore } from '../../shared/session/session-store';
import { useSiteInfo } from '../../shared/site/use-site-info';
import { showToast } from '../../shared/ui/feedback';
import { BRAND_MARK } from '../../shared/ui/brand-mark';

const RELOAD_AFTER_MS = 1200; // long enough to read the server message before the page reloads

function MemberActions() {
  const { userInfo } = useSession();
  const balance = useBalance();
  const setUserInfo = useSessionStore((s) => s.setUserInfo);
  const [refreshing, setRefreshing] = useState(false);
  const [recycling, setRecycling] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      const [info] = await Promise.all([callApi(apiRoutes.refreshUserMoney, {}), balance.refetch()]);
      setUserInfo(info);
    } catch {
      // The client has shown the message.
    } finally {
      setRefreshing(false);
    }
  };

  // docs/member-app.md "States and transitions": one-click recycle shows the server message; the header variant then reloads the page.
  const recycle = async () => {
    setRecycling(true);
    try {
      const { message } = await callApiWithMessage(apiRoutes.transAll, {});
      showToast({ icon: 'success', content: message });
      setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
    } catch {
      setRecycling(false);
    }
  };

  return (
    <div className="header-actions">
      <span className="header-balance">
        <span aria-hidden="true">¥</span>
        <output aria-label="账户余额">{formatMoney(balance.data ?? userInfo?.balance)}</output>
      </span>
      <button
        type="button"
        className={refreshing ? 'icon-button spinning' : 'icon-button'}
        aria-label="刷新余额"
        aria-busy={refreshing}
        disabled={refreshing}
        onClick={() => void refresh()}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M20 12a8 8 0 11-2.3-5.6M20 4v5h-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <button
        type="button"
        className="pill-button"
        aria-busy={recycling}
        disabled={recycling}
        onClick={() => void recycle()}
      >
        一键回收
      </button>
    </div>
  );
}

function VisitorActions() {
  const go = useAppNavigate();
  return (
    <div className="header-actions">
      <button type="button" className="pill-button outline" onClick={() => void go('/login')}>
        登录
      </button>
      <button type="button" className="pill-button" onClick={() => void go('/login?type=1')}>
        注册
      </button>
    </div>
  );
}

/**
 * docs/member-app.md "Layout": balance, refresh and recycle for members; login and register for visitors. Plain buttons: the header
 * is on the first screen, and antd-mobile's Button would bring its loading spinner and helpers there.
 */
export function AppHeader() {
  const { isLoggedIn } = useSession();
  const site = useSiteInfo();
  return (
    <header className="app-header">
      <div className="app-header-brand">
        {/* The logo is a mark beside the title, which is printed once (alt empty so it is not read twice). */}
        <img src={site.site_logo || BRAND_MARK} alt="" height={28} />
        <span className="app-header-title">{site.title}</span>
      </div>
      {isLoggedIn ? <MemberActions /> : <VisitorActions />}
    </header>
  );
}
