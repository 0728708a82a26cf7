import { NoticeBar } from 'antd-mobile';
import { Skeleton } from '../../shared/ui/skeleton';
import { useHomeNotices } from './api';

const NOTICE_GAP = '\u3000\u3000\u3000';

/** SPEC 1: a scrolling notice bar with the homenotice strings. */
export function NoticeStrip({ onMenu }: { onMenu: () => void }) {
  const { data: notices, isPending } = useHomeNotices();
  const text = notices?.filter(Boolean).join(NOTICE_GAP) ?? '';
  return (
    <div className="notice-row">
      <button type="button" className="menu-button" aria-label="打开菜单" onClick={onMenu}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div className="notice-box" aria-label="公告" role="marquee" aria-busy={isPending}>
        {isPending ? (
          <Skeleton className="notice-skeleton" />
        ) : text ? (
          <NoticeBar
            content={text}
            color="default"
            speed={40}
            icon={
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path d="M4 10v4h3l5 4V6L7 10zM16 9a4 4 0 010 6" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            }
          />
        ) : (
          <span className="notice-empty">暂无公告</span>
        )}
      </div>
    </div>
  );
}
