import { lazy, Suspense } from 'react';
import { Skeleton, SkeletonGroup } from '../../shared/ui/skeleton';
import { useBanners } from './api';

// Swiper and its gesture library arrive after first paint; until then the first banner stands still in its place.
const BannerSwiper = lazy(() => import('./banner-swiper'));

export function BannerCarousel() {
  const { data: banners, isPending } = useBanners();
  if (isPending) {
    return (
      <SkeletonGroup className="banner-box" label="轮播图加载中">
        <Skeleton className="banner-skeleton" />
      </SkeletonGroup>
    );
  }
  const first = banners?.[0];
  if (!banners || !first) {
    return (
      <div className="banner-box banner-fallback" role="img" aria-label="暂无活动图片">
        <span>精彩活动 敬请期待</span>
      </div>
    );
  }
  return (
    <section className="banner-box" aria-label="活动轮播" aria-roledescription="carousel">
      <Suspense
        fallback={
          // The largest thing the first screen paints: fetched ahead of the other images.
          <img
            className="banner-image"
            src={first.src}
            alt={`活动图片 1/${banners.length}`}
            draggable={false}
            fetchPriority="high"
          />
        }
      >
        <BannerSwiper banners={banners} />
      </Suspense>
    </section>
  );
}
