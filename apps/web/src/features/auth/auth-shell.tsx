import type { ReactNode } from 'react';
import { useNavigate } from '../../shared/router/router';
import { useSiteInfo } from '../../shared/site/use-site-info';
import { BRAND_MARK } from '../../shared/ui/brand-mark';
import './auth-shell.css';

/**
 * The full-screen frame of the login and register views: a way home, the site title, the form card. It is part of
 * the entry (app/routes.tsx), so the title, the largest thing these views paint, shows before the form's chunk and
 * its antd-mobile pieces arrive (bench/lighthouse.ts). The way home is the back bar's button (styles and arrow),
 * placed over the frame.
 */
export function AuthShell({ heading, children }: { heading: string; children: ReactNode }) {
  const navigate = useNavigate();
  const site = useSiteInfo();
  return (
    <main className="auth-page" aria-label={heading}>
      <button
        type="button"
        className="back-bar-button auth-home"
        aria-label="返回首页"
        onClick={() => void navigate('/')}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M15 4l-8 8 8 8" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </button>
      <div className="auth-hero">
        <img src={BRAND_MARK} width={56} height={56} alt="" />
        <p className="auth-site">{site.title}</p>
      </div>
      <section className="auth-card">{children}</section>
    </main>
  );
}
