import { Skeleton } from '../../shared/ui/skeleton';
import { useHomeNotices } from './api';
import '../../shared/ui/card-surface.css';

const NOTICE_GAP = '\u3000\u3000\u3000';

/**
 * docs/member-app.md "Product and home page": a scrolling notice bar with the homenotice strings. A CSS marquee of our own: antd-mobile's NoticeBar
 * brought its icons and helpers to every first visit.
 */
export function NoticeStrip({ onMenu }: { onMenu: () => void }) {
  const { data: notices, isPending } = useHomeNotices();
  const text = notices?.filter(Boolean).join(NOTICE_GAP) ?? '';
  return (
    <div className="notice-row">
      <button type="button" className="menu-button card-surface" aria-label="打开菜单" onClick={onMenu}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div className="notice-box card-surface" aria-label="公告" role="marquee" aria-busy={isPending}>
        {isPending ? (
          <Skeleton className="notice-skeleton" />
        ) : text ? (
          <>
            <svg className="notice-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d="M4 10v4h3l5 4V6L7 10zM16 9a4 4 0 010 6" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            <div className="notice-viewport">
              {/* Moves at about 40 px a second whatever the length, as antd-mobile's NoticeBar did at speed 40. */}
              <span className="notice-text" style={{ animationDuration: `${Math.max(6, text.length * 0.35)}s` }}>
                {text}
              </span>
            </div>
          </>
        ) : (
          <span className="notice-empty">暂无公告</span>
        )}
      </div>
    </div>
  );
}
