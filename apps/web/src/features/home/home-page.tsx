import { lazy, memo, Suspense, useCallback, useState } from 'react';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { useSiteInfo } from '../../shared/site/use-site-info';
import { BannerCarousel } from './banner-carousel';
import { GameBrowser } from './game-browser';
import { NoticeStrip } from './notice-strip';
import { QuickActions } from './quick-actions';
// In the entry, not lazy: it opens on most first visits, and as a chunk of its own it would wait for the site info
// before its download began.
import WelcomeModal from './welcome-modal';
import './home.css';

// Loaded on the first tap of the menu button: it brings antd-mobile's Popup.
const SideDrawer = lazy(() => import('./side-drawer'));

function RedPacketButton() {
  const go = useAppNavigate();
  return (
    <button type="button" className="redpacket-float" aria-label="抢红包" onClick={() => void go('/hongbao')}>
      <svg viewBox="0 0 48 56" width="48" height="56" aria-hidden="true">
        <rect x="4" y="6" width="40" height="46" rx="6" fill="#d93a3a" />
        <path d="M4 14c8 8 32 8 40 0V12a6 6 0 00-6-6H10a6 6 0 00-6 6z" fill="#b32626" />
        <circle cx="24" cy="21" r="7" fill="#f3d67a" />
        <path d="M21 19l3 3 3-3M24 22v4M21.5 24h5" stroke="#8a5a00" strokeWidth="1.5" fill="none" />
      </svg>
      <span className="redpacket-float-label">红包</span>
    </button>
  );
}

/**
 * The screen's sections, each fed by its own query. Kept apart from the site info: when that answers (on every first
 * visit, after the sections have rendered), only the title, the red packet and the welcome modal render again, not
 * every game tile with them.
 */
const HomeSections = memo(function HomeSections({ onMenu }: { onMenu: () => void }) {
  return (
    <>
      <BannerCarousel />
      <NoticeStrip onMenu={onMenu} />
      <QuickActions />
      <GameBrowser />
    </>
  );
});

export function HomePage() {
  const site = useSiteInfo();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const openDrawer = useCallback(() => {
    setDrawerUsed(true);
    setDrawerOpen(true);
  }, []);
  return (
    <main className="home-page" aria-label="首页">
      <h1 className="sr-only">{site.title}</h1>
      <HomeSections onMenu={openDrawer} />
      {drawerUsed && (
        <Suspense fallback={null}>
          <SideDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} title={site.title} />
        </Suspense>
      )}
      {site.redpacket_switch === 1 && <RedPacketButton />}
      {site.index_modal === 1 && site.webcontent && <WelcomeModal html={site.webcontent} title={site.title} />}
    </main>
  );
}
