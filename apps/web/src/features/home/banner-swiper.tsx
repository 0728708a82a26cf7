import type { Banner } from '@h5/contract';
import { Swiper } from 'antd-mobile';

/** SPEC 1 and 9: banner autoplay every 3000 ms, looping. */
export const BANNER_AUTOPLAY_MS = 3000;

export function bannerAlt(index: number, total: number): string {
  return `活动图片 ${index + 1}/${total}`;
}

/** The carousel itself; loaded after the first banner is on screen (it brings Swiper and its gesture library). */
export default function BannerSwiper({ banners }: { banners: readonly Banner[] }) {
  return (
    <Swiper
      autoplay
      autoplayInterval={BANNER_AUTOPLAY_MS}
      loop={banners.length > 1}
      indicatorProps={{ color: 'white' }}
    >
      {banners.map((banner, index) => (
        <Swiper.Item key={`${banner.src}-${index}`}>
          <img
            className="banner-image"
            src={banner.src}
            alt={bannerAlt(index, banners.length)}
            draggable={false}
            fetchPriority={index === 0 ? 'high' : 'auto'}
          />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
