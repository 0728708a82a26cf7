import { useLocation } from '../../shared/router/router';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';

const TABS = [
  { path: '/', label: '首页', icon: 'M4 11l8-7 8 7v9h-5v-6H9v6H4z' },
  {
    path: '/activity',
    label: '优惠',
    icon: 'M4 9h16v4H4zM6 13h12v7H6zM12 9v11M12 9c-2-4-6-4-6-1s6 1 6 1zm0 0c2-4 6-4 6-1s-6 1-6 1z',
  },
  { path: '/kefu', label: '客服', icon: 'M5 14v-2a7 7 0 0114 0v2M5 14h3v5H5zM16 14h3v5h-3zM19 19c0 1.5-2 2-5 2' },
  { path: '/mine', label: '我的', icon: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c0-4 4-6 8-6s8 2 8 6' },
] as const;

/** docs/member-app.md "Layout": bottom tab bar with home, promotions, customer service, mine. */
export function TabBar() {
  const { pathname } = useLocation();
  const go = useAppNavigate();
  return (
    <nav className="tab-bar" aria-label="主导航">
      {TABS.map((tab) => {
        const active = pathname === tab.path;
        return (
          <button
            key={tab.path}
            type="button"
            className={active ? 'tab-bar-item active' : 'tab-bar-item'}
            aria-current={active ? 'page' : undefined}
            onClick={() => void go(tab.path)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d={tab.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
            </svg>
            <span>{tab.label}</span>
          </button>
        );
      })}
    </nav>
  );
}
