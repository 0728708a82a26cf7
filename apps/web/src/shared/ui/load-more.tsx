import { useEffect, useRef, useState } from 'react';
import './load-more.css';

/**
 * The foot of a paged list, as antd-mobile's InfiniteScroll was: the next page is asked for when the foot scrolls
 * into view; it says 加载中, 没有更多了, or 加载失败 with a 重新加载 button. Ours: /activity is a first screen
 * (docs/member-app.md "Our own components").
 */
export function LoadMore({ loadMore, hasMore }: { loadMore: () => Promise<void>; hasMore: boolean }) {
  const foot = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [inView, setInView] = useState(false);

  useEffect(() => {
    const element = foot.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false), {
      rootMargin: '0px 0px 250px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const load = async () => {
    setState('loading');
    try {
      await loadMore();
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  useEffect(() => {
    // Asks again after each page while the foot stays in view (a short page leaves it there).
    if (inView && hasMore && state === 'idle') void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load reads the latest props each render
  }, [inView, hasMore, state]);

  return (
    <div ref={foot} className="load-more" aria-live="polite">
      {!hasMore ? (
        '没有更多了'
      ) : state === 'failed' ? (
        <>
          加载失败
          <button type="button" className="load-more-retry" onClick={() => void load()}>
            重新加载
          </button>
        </>
      ) : (
        '加载中'
      )}
    </div>
  );
}
