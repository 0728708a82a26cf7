import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '../../shared/test/render';
import { BANNER_AUTOPLAY_MS, BannerCarousel } from './banner-carousel';

const BANNERS = [1, 2, 3].map((n) => ({ src: `/art/banners/banner-${n}.svg`, pic: `/art/banners/banner-${n}.svg` }));
const WIDTH = 351;

async function renderCarousel() {
  mockApi({ '/api/bannerList': () => ok(BANNERS) });
  renderPage(<BannerCarousel />);
  await screen.findByAltText('活动图片 1/3');
  const track = screen.getByTestId('banner-track');
  Object.defineProperty(track, 'clientWidth', { configurable: true, value: WIDTH });
  const scrollTo = vi.fn((options: ScrollToOptions) => {
    track.scrollLeft = options.left ?? 0;
    fireEvent.scroll(track);
  });
  track.scrollTo = scrollTo as unknown as typeof track.scrollTo;
  return { track, scrollTo };
}

const currentDot = () =>
  within(screen.getByRole('group', { name: '选择轮播图' }))
    .getAllByRole('button')
    .find((b) => b.getAttribute('aria-current') === 'true')
    ?.getAttribute('aria-label');

describe('BannerCarousel (docs/member-app.md "Product and home page": autoplay every 3000 ms, looping)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows every banner, the first fetched first', async () => {
    await renderCarousel();
    expect(screen.getByAltText('活动图片 1/3')).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByAltText('活动图片 3/3')).toHaveAttribute('loading', 'lazy');
    expect(currentDot()).toBe('第1张');
  });

  it('moves on every 3000 ms and comes back to the first after the last', async () => {
    // Fake timers from the start (the autoplay timer starts with the banners), still moving with real time meanwhile.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { scrollTo } = await renderCarousel();
    act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS - 1 - 500));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(500));
    act(() => vi.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: WIDTH }));
    expect(currentDot()).toBe('第2张');
    act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS));
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 2 * WIDTH }));
    act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS));
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 0 }));
    expect(currentDot()).toBe('第1张');
  });

  it('holds the timer while a finger is on the banners', async () => {
    const { track, scrollTo } = await renderCarousel();
    vi.useFakeTimers();
    fireEvent.pointerDown(track);
    act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS * 2));
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.pointerUp(track);
    act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('goes to a banner from its dot', async () => {
    const { scrollTo } = await renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: '第3张' }));
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 2 * WIDTH }));
    expect(currentDot()).toBe('第3张');
  });
});
