import { useAppNavigate } from '../../shared/navigation/use-app-navigate';

const ACTIONS = [
  { to: '/recharge', label: '存款', icon: 'M4 7h16v11H4zM4 11h16M8 15h3M15 4l2 3M9 4L7 7' },
  { to: '/transfer', label: '转账', icon: 'M5 9h13l-3-3M19 15H6l3 3' },
  { to: '/withdrawal', label: '取款', icon: 'M4 6h16v9H4zM12 8v5M9.5 10.5L12 13l2.5-2.5M8 19h8' },
  { to: '/vip', label: 'VIP', icon: 'M4 8l4 3 4-6 4 6 4-3-2 10H6zM6 20h12' },
] as const;

/** docs/member-app.md "Screens and routes": quick actions (deposit, transfer, withdrawal, VIP) through the nav helper, so the runtime rules apply. */
export function QuickActions() {
  const go = useAppNavigate();
  return (
    <nav className="quick-actions" aria-label="快捷入口">
      {ACTIONS.map((action) => (
        <button key={action.to} type="button" className="quick-action" onClick={() => void go(action.to)}>
          <span className="quick-action-icon">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                d={action.icon}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </span>
          <span>{action.label}</span>
        </button>
      ))}
    </nav>
  );
}
