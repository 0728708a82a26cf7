import { MSG } from '@h5/contract/messages';
import { Button, Toast } from 'antd-mobile';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { useRecycleAll, useVenueBalances, VENUE_POLL_MS } from './api';
import { Amount, useWalletTotals, VenueGrid, WalletSplit } from './wallet-summary';
import './wallet.css';
import { LineIcon } from '../../shared/ui/line-icon';

const SHORTCUTS = [
  { to: '/recharge', label: '存款', icon: 'M12 4v12M7 11l5 5 5-5M5 20h14' },
  { to: '/transfer', label: '转账', icon: 'M4 8h14l-4-4M20 16H6l4 4' },
  { to: '/withdrawal', label: '取款', icon: 'M12 20V8M7 13l5-5 5 5M5 4h14' },
  { to: '/wallet', label: '卡片', icon: 'M3 6h18v12H3zM3 10h18M7 15h4' },
] as const;

/** /money (docs/member-app.md "Screens and routes"): total assets, central and game wallet, shortcuts, per-venue balances and one-tap recover. */
export function MoneyPage() {
  const venues = useVenueBalances({ pollMs: VENUE_POLL_MS.money });
  const { central, game, total } = useWalletTotals(venues.data);
  const recycle = useRecycleAll();
  const go = useAppNavigate();

  // docs/member-app.md "States and transitions": the server message is shown, then balances and user info refresh (no page reload, unlike the header).
  const recover = () => {
    recycle.mutate(undefined, {
      onSuccess: (message) => {
        Toast.show({ icon: message === MSG.recycleOk ? 'success' : undefined, content: message });
      },
    });
  };

  return (
    <main className="page wallet-page" aria-label="我的钱包">
      <section className="wallet-hero" aria-label="资产总览">
        <p className="wallet-hero-label">总资产（元）</p>
        <Amount className="wallet-hero-total" label="总资产" value={total} />
        <WalletSplit central={central} game={game} />
      </section>

      <nav className="wallet-shortcuts" aria-label="钱包快捷入口">
        {SHORTCUTS.map((s) => (
          <button key={s.to} type="button" className="wallet-shortcut" onClick={() => void go(s.to)}>
            <LineIcon d={s.icon} size={22} strokeWidth={1.9} cap="round" join="round" />
            <span>{s.label}</span>
          </button>
        ))}
      </nav>

      <section className="wallet-venues" aria-labelledby="money-venues-title">
        <header className="wallet-section-head">
          <h2 id="money-venues-title">场馆余额</h2>
          <Button
            size="small"
            color="primary"
            loading={recycle.isPending}
            disabled={recycle.isPending}
            onClick={recover}
          >
            一键回收
          </Button>
        </header>
        <VenueGrid venues={venues.data} loading={venues.isPending} failed={venues.isError} />
      </section>
    </main>
  );
}
