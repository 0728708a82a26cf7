import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSiteInfo } from '../../shared/site/use-site-info';
import './auth.css';
import { BACK_ARROW, LineIcon } from '../../shared/ui/line-icon';

/** The full-screen frame of the login and register views: a way home, the site title, the form card. */
export function AuthShell({ heading, children }: { heading: string; children: ReactNode }) {
  const navigate = useNavigate();
  const site = useSiteInfo();
  return (
    <main className="auth-page" aria-label={heading}>
      <button type="button" className="auth-home" aria-label="返回首页" onClick={() => void navigate('/')}>
        <LineIcon d={BACK_ARROW} size={22} strokeWidth={2.4} cap="round" />
      </button>
      <div className="auth-hero">
        <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true">
          <circle cx="32" cy="32" r="29" fill="#13224a" stroke="#e0b64a" strokeWidth="3" />
          <path d="M18 40l7-18 7 12 7-12 7 18z" fill="#e0b64a" />
        </svg>
        <p className="auth-site">{site.title}</p>
      </div>
      <section className="auth-card">{children}</section>
    </main>
  );
}
