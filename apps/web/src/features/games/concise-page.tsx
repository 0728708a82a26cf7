import type { Game, SlotGame } from '@h5/contract';
import { MSG } from '@h5/contract/messages';
import { Tabs, Toast } from 'antd-mobile';
import { useNavigate, useSearchParams } from '../../shared/router/router';
import { useQuery } from '@tanstack/react-query';
import { gameListQuery } from '../../shared/api/game-list';
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

export interface SlotTab {
  code: string;
  name: string;
}

/**
 * The slot page's tabs: the spec's four in their order, then every other slot venue the home list shows (a shown
 * `concise` tile, by the code its tile opens /concise with, named as the tile is), in the list's order, once each.
 * Codes compare regardless of case, as the server reads them.
 */
export function slotTabs(games: readonly Game[] | undefined): SlotTab[] {
  const tabs: SlotTab[] = [...SLOT_TABS];
  const seen = new Set(tabs.map((tab) => tab.code.toLowerCase()));
  for (const game of games ?? []) {
    const code = game.game_code || game.platform_name;
    if (game.category_id !== 'concise' || game.app_state !== 1 || !code || seen.has(code.toLowerCase())) continue;
    seen.add(code.toLowerCase());
    tabs.push({ code, name: game.name });
  }
  return tabs;
}

function GridLoading() {
  return (
    <SkeletonGroup className="slot-grid" label="游戏加载中">
      {Array.from({ length: 9 }, (_, i) => (
        <Skeleton key={i} className="slot-skeleton" />
      ))}
    </SkeletonGroup>
  );
}

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

  if (isPending) return <GridLoading />;
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
  const requested = (params.get('type') ?? '').toLowerCase();
  const venues = useQuery(gameListQuery);
  const tabs = slotTabs(venues.data);
  const match = tabs.find((tab) => tab.code.toLowerCase() === requested);
  // A type the spec does not name may be a venue the home list names: wait for the list before falling back.
  const waiting = !match && requested !== '' && venues.isPending;
  const active = match?.code ?? DEFAULT_SLOT_TAB;
  return (
    <main className="concise-page">
      <Tabs activeKey={waiting ? null : active} onChange={(key) => setParams({ type: key }, { replace: true })}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.code} title={tab.name} />
        ))}
      </Tabs>
      {waiting ? <GridLoading /> : <SlotGrid key={active} gamecode={active} />}
    </main>
  );
}
