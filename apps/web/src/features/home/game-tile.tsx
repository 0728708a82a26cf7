import type { Game } from '@h5/contract';
import { FIRST_SCREEN_MSG } from '@h5/contract/first-screen-messages';
import { useState } from 'react';
import { useNavigate } from '../../shared/router/router';
import { useSession } from '../../shared/session/hooks';
import { showToast } from '../../shared/ui/feedback';
import { randomDecorativeCount } from './decorative-count';
import '../../shared/ui/card-surface.css';

/**
 * Where a tile leads: slot venues to their list, every other venue straight into the game frame. The launch carries
 * the tile's game code as both game_type and game_code, as the existing client sends it (its backend reads the game
 * from game_type); a lobby tile without a code launches with game_type 0, the default of docs/member-app.md "Server calls".
 */
export function tileTarget(game: Game): string {
  if (game.category_id === 'concise')
    return `/concise?type=${encodeURIComponent(game.game_code || game.platform_name)}`;
  const query = new URLSearchParams({ name: game.platform_name, type: game.game_code, code: game.game_code });
  return `/gamePage?${query.toString()}`;
}

export function GameTile({ game, unit }: { game: Game; unit: string }) {
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  // Fixed for the tile's (and so the page's) life.
  const [count] = useState(() => randomDecorativeCount());

  const open = () => {
    // docs/member-app.md "Screens and routes": opening a game without a session token shows 请登录！
    if (!isLoggedIn) {
      showToast(FIRST_SCREEN_MSG.pleaseLogin);
      return;
    }
    void navigate(tileTarget(game));
  };

  return (
    <button
      type="button"
      className="game-tile card-surface"
      onClick={open}
      aria-label={`${game.name}，${count}${unit}`}
    >
      <img className="game-tile-art" src={game.mobile_img} alt={game.name} loading="lazy" />
      {/* The venue art carries the name; the badge adds the decorative count. */}
      <span className="game-tile-count" aria-hidden="true">
        <span className="game-tile-dot" />
        {`${count}${unit}`}
      </span>
    </button>
  );
}
