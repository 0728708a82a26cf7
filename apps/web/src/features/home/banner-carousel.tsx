import type { Banner } from '@h5/contract';
import { useEffect, useRef, useState } from 'react';
import { Skeleton, SkeletonGroup } from '../../shared/ui/skeleton';
import { useBanners } from './api';

/** docs/member-app.md "Product and home page" and "Constants and limits": banner autoplay every 3000 ms, looping. */
export const BANNER_AUTOPLAY_MS = 3000;

export function bannerAlt(index: number, total: number): string {
  return `活动图片 ${index + 1}/${total}`;
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

function scrollToSlide(track: HTMLElement | null, index: number) {
  track?.scrollTo({ left: index * track.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
}

/**
 * Our own carousel: a row of slides snapping into place under the finger, moved on by a timer. antd-mobile's Swiper
 * would bring its gesture and animation libraries to every first visit (bench/page-weight.ts); the browser's scroll
 * snapping does the same work for free.
 */
function BannerSlides({ banners }: { banners: readonly Banner[] }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [held, setHeld] = useState(false);
  const total = banners.length;

  useEffect(() => {
    if (total < 2 || held) return;
    // From the last banner the next one is the first again: the carousel loops.
    const timer = setInterval(() => scrollToSlide(trackRef.current, (current + 1) % total), BANNER_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [current, total, held]);

  const onScroll = () => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    const index = Math.round(track.scrollLeft / track.clientWidth);
    if (index !== current && index >= 0 && index < total) setCurrent(index);
  };

  return (
    <>
      <div
        ref={trackRef}
        className="banner-track"
        onScroll={onScroll}
        // A finger on the banners holds the timer, so it never pulls a slide away mid-swipe.
        onPointerDown={() => setHeld(true)}
        onPointerUp={() => setHeld(false)}
        onPointerCancel={() => setHeld(false)}
        data-testid="banner-track"
      >
        {banners.map((banner, index) => (
          <div
            key={`${banner.src}-${index}`}
            className="banner-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1}/${total}`}
          >
            <img
              className="banner-image"
              src={banner.src}
              alt={bannerAlt(index, total)}
              draggable={false}
              // The first banner is the largest thing the first screen paints: fetched ahead of the other images.
              fetchPriority={index === 0 ? 'high' : 'low'}
              loading={index === 0 ? 'eager' : 'lazy'}
            />
          </div>
        ))}
      </div>
      {total > 1 && (
        <div className="banner-dots" role="group" aria-label="选择轮播图">
          {banners.map((banner, index) => (
            <button
              key={`${banner.src}-${index}`}
              type="button"
              className={index === current ? 'banner-dot active' : 'banner-dot'}
              aria-label={`第${index + 1}张`}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => scrollToSlide(trackRef.current, index)}
            />
          ))}
        </div>
      )}
    </>
  );
}

export function BannerCarousel() {
  const { data: banners, isPending } = useBanners();
  if (isPending) {
    return (
      <SkeletonGroup className="banner-box" label="轮播图加载中">
        <Skeleton className="banner-skeleton" />
      </SkeletonGroup>
    );
  }
  if (!banners || banners.length === 0) {
    return (
      <div className="banner-box banner-fallback" role="img" aria-label="暂无活动图片">
        <span>精彩活动 敬请期待</span>
      </div>
    );
  }
  return (
    <section className="banner-box" aria-label="活动轮播" aria-roledescription="carousel">
      <BannerSlides banners={banners} />
    </section>
  );
}
