import type { Venue } from '@h5/contract';
import { MSG } from '@h5/contract/messages';
import { formatMoney } from '../../shared/format';
import { useBalance, useUserInfo } from '../../shared/session/hooks';
import { Skeleton, SkeletonGroup } from '../../shared/ui/skeleton';
import { sumVenueBalances } from './api';
import '../../shared/ui/card-surface.css';

/**
 * Central and game wallet of the member: the central balance from the 4300 ms balance poll (else user info), the
 * game wallet as the sum of the polled venue balances (else user info's gameblance).
 */
export function useWalletTotals(venues: readonly Venue[] | undefined) {
  const user = useUserInfo();
  const balance = useBalance();
  const central = Number.parseFloat(balance.data ?? user.data?.balance ?? '0') || 0;
  const game = venues ? sumVenueBalances(venues) : Number.parseFloat(user.data?.gameblance ?? '0') || 0;
  return { central, game, total: Math.round((central + game) * 100) / 100, user };
}

export function Amount({
  value,
  label,
  className,
  describedBy,
}: {
  value: number | string;
  label: string;
  className?: string;
  /** The id of a note about this amount (e.g. that it is not live), read after it. */
  describedBy?: string;
}) {
  return (
    <output className={className} aria-label={label} aria-describedby={describedBy}>
      {formatMoney(value)}
    </output>
  );
}

/** The central and the game wallet side by side, under 钱包 and 转账's headings. */
export function WalletSplit({ central, game }: { central: number; game: number }) {
  return (
    <div className="wallet-hero-split">
      <div>
        <span className="wallet-hero-sub">中心钱包</span>
        <Amount label="中心钱包余额" value={central} />
      </div>
      <div>
        <span className="wallet-hero-sub">游戏钱包</span>
        <Amount label="游戏钱包余额" value={game} />
      </div>
    </div>
  );
}

const staleHintId = (platname: string) => `venue-stale-${platname}`;

/**
 * Per-venue balances as tiles. A balance the venue did not confirm just now (slow or down: `stale`) is the last one
 * it gave, with a short note under it. data-venue holds the venue code; skeletons while the first answer loads.
 */
export function VenueGrid({
  venues,
  loading,
  failed,
}: {
  venues: readonly Venue[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  if (!venues && loading) {
    return (
      <SkeletonGroup label="场馆余额加载中" className="venue-grid">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="venue-skeleton" />
        ))}
      </SkeletonGroup>
    );
  }
  if (!venues) {
    return <p className="wallet-note">{failed ? '场馆余额加载失败，稍后自动重试' : MSG.emptyList}</p>;
  }
  return (
    <ul className="venue-grid">
      {venues.map((v) => (
        <li key={v.platname} className="venue-tile card-surface" data-venue={v.platname}>
          <span className="venue-name">{v.name}</span>
          <Amount
            className={Number.parseFloat(v.balance) > 0 ? 'venue-balance positive' : 'venue-balance'}
            label={`${v.name}余额`}
            value={v.balance}
            describedBy={v.stale === 1 ? staleHintId(v.platname) : undefined}
          />
          {v.stale === 1 && (
            <span className="venue-stale" id={staleHintId(v.platname)}>
              {MSG.venueBalanceNotLive}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
