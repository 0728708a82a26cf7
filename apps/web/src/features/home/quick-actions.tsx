import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { RECHARGE_ICON, TRANSFER_ICON, WITHDRAWAL_ICON, VIP_ICON } from '../../shared/ui/action-icons';

const ACTIONS = [
  { to: '/recharge', label: '存款', icon: RECHARGE_ICON },
  { to: '/transfer', label: '转账', icon: TRANSFER_ICON },
  { to: '/withdrawal', label: '取款', icon: WITHDRAWAL_ICON },
  { to: '/vip', label: 'VIP', icon: VIP_ICON },
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
