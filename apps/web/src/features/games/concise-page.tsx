import type { SlotGame } from '@h5/contract';
import { MSG } from '@h5/contract/messages';
import { Tabs, Toast } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../shared/session/hooks';
import { EmptyState } from '../../shared/ui/empty-state';
import { Skeleton, SkeletonGroup } from '../../shared/ui/skeleton';
import { useSlotGames } from './api';
import './games.css';

/** docs/member-app.md "Screens by route" /concise: slot venues in this order, obgdy by default. */
export const SLOT_TABS = [
  { code: 'obgdy', name: '鸥鹏电子' },
  { code: 'fgdz', name: '飞鸽电子' },
  { code: 'pp', name: '璞品电子' },
  { code: 'ae', name: '爱亿电子' },
] as const;
export const DEFAULT_SLOT_TAB = 'obgdy';

function SlotGrid({ gamecode }: { gamecode: string }) {
  const { data: games, isPending } = useSlotGames(gamecode);
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();

  const open = (game: SlotGame) => {
    if (!isLoggedIn) {
      Toast.show({ content: MSG.pleaseLogin });
      return;
    }
    const query = new URLSearchParams({ name: game.catecode, code: game.gamecode });
    void navigate(`/gamePage?${query.toString()}`);
  };

  if (isPending) {
    return (
      <SkeletonGroup className="slot-grid" label="游戏加载中">
        {Array.from({ length: 9 }, (_, i) => (
          <Skeleton key={i} className="slot-skeleton" />
        ))}
      </SkeletonGroup>
    );
  }
  if (!games || games.length === 0) return <EmptyState />;
  return (
    <ul className="slot-grid" aria-label="游戏列表">
      {games.map((game) => (
        <li key={`${game.catecode}-${game.gamecode}`}>
          <button type="button" className="slot-tile" onClick={() => open(game)}>
            <img src={game.gamepic} alt="" loading="lazy" />
            <span>{game.gamename}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function ConcisePage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('type') ?? '';
  const active = SLOT_TABS.some((t) => t.code === requested) ? requested : DEFAULT_SLOT_TAB;
  return (
    <main className="concise-page">
      <Tabs activeKey={active} onChange={(key) => setParams({ type: key }, { replace: true })}>
        {SLOT_TABS.map((tab) => (
          <Tabs.Tab key={tab.code} title={tab.name} />
        ))}
      </Tabs>
      <SlotGrid key={active} gamecode={active} />
    </main>
  );
}
