import { NoticeBar } from 'antd-mobile';
import { useSiteInfo } from '../../shared/site/use-site-info';
import './home.css';

/** The home page for now: a welcome with the site title; banners, games and the rest come in a later issue. */
export function HomePage() {
  const site = useSiteInfo();
  return (
    <main className="page home-page" aria-labelledby="home-title">
      {site.site_state === 0 && (
        <div role="alert">
          <NoticeBar color="alert" content={site.repair_tips || '系统维护中'} wrap />
        </div>
      )}
      <section className="home-hero">
        <svg className="home-hero-art" viewBox="0 0 320 140" aria-hidden="true">
          <defs>
            <linearGradient id="home-gold" x1="0" x2="1" y1="0" y2="1">
              <stop offset="0" stopColor="#f3d67a" />
              <stop offset="1" stopColor="#b8862b" />
            </linearGradient>
          </defs>
          <path d="M0 110 C80 70 160 140 320 90 V140 H0z" fill="#13224a" />
          <circle cx="250" cy="52" r="34" fill="none" stroke="url(#home-gold)" strokeWidth="4" />
          <path d="M250 18 l10 22 -10 12 -10 -12z M216 52 h68" fill="none" stroke="url(#home-gold)" strokeWidth="3" />
          <path d="M40 40 l12 -20 12 20 -12 8z" fill="url(#home-gold)" opacity="0.85" />
          <path d="M90 70 h50 M100 82 h30" stroke="#e0b64a" strokeWidth="3" strokeLinecap="round" opacity="0.5" />
        </svg>
        <h1 id="home-title" className="home-title">
          欢迎来到{site.title}
        </h1>
        <p className="home-subtitle">体育赛事 · 真人娱乐 · 电子游戏，精彩内容即将上线</p>
      </section>
    </main>
  );
}
