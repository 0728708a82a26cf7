import { useRef } from 'react';
import { EmptyState } from '../../shared/ui/empty-state';
import { Skeleton, SkeletonGroup } from '../../shared/ui/skeleton';
import { useGameSections } from './api';
import { CATEGORY_ICONS } from './category-icons';
import { GameTile } from './game-tile';
import { useCategoryScrollSync } from './use-category-scroll-sync';
import '../../shared/ui/card-surface.css';

function GameBrowserSkeleton() {
  return (
    <SkeletonGroup className="game-browser" label="游戏列表加载中">
      <div className="category-bar">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="category-skeleton" />
        ))}
      </div>
      <div className="game-list">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="tile-skeleton" />
        ))}
      </div>
    </SkeletonGroup>
  );
}

/** docs/member-app.md "Product and home page" and "States and transitions": the category sidebar and the scrolling tile list, kept in sync both ways. */
export function GameBrowser() {
  const { data: sections, isPending, isError } = useGameSections();
  const listRef = useRef<HTMLDivElement>(null);
  const { active, select, onScroll } = useCategoryScrollSync(listRef);

  if (isPending) return <GameBrowserSkeleton />;
  if (isError || !sections) return <EmptyState />;

  return (
    <section className="game-browser" aria-label="游戏大厅">
      <nav className="category-bar" aria-label="游戏分类">
        {sections.map((section, index) => (
          <button
            key={section.id}
            type="button"
            className={index === active ? 'category-item card-surface active' : 'category-item card-surface'}
            aria-current={index === active ? 'true' : undefined}
            onClick={() => select(index)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                d={CATEGORY_ICONS[section.id]}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.7"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span>{section.name}</span>
          </button>
        ))}
      </nav>
      <div className="game-list" ref={listRef} onScroll={onScroll} data-testid="game-list">
        {sections.map((section) => (
          <section key={section.id} data-section={section.id} className="game-section" aria-label={section.name}>
            <h2 className="game-section-title">{section.name}</h2>
            {section.games.length === 0 ? (
              <EmptyState />
            ) : (
              <div className="game-section-tiles">
                {section.games.map((game) => (
                  <GameTile key={game.id} game={game} unit={section.unit} />
                ))}
              </div>
            )}
          </section>
        ))}
      </div>
    </section>
  );
}
