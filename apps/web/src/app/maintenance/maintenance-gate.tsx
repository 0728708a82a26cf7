import type { ReactNode } from 'react';
import { useSiteInfoQuery } from '../../shared/site/use-site-info';
import './maintenance.css';

export const MAINTENANCE_FALLBACK = '系统维护中，请稍后再访问';

/** Our own art: a gear and a wrench over the site's navy. */
function MaintenanceArt() {
  return (
    <svg className="maintenance-art" viewBox="0 0 120 120" width="120" height="120" aria-hidden="true">
      <circle cx="60" cy="60" r="56" fill="#13224a" stroke="#e0b64a" strokeWidth="2" />
      <g fill="none" stroke="#f3d67a" strokeWidth="6" strokeLinecap="round">
        <circle cx="52" cy="56" r="14" />
        <path d="M52 30v8M52 74v8M26 56h8M70 56h8M34 38l6 6M64 68l6 6M34 74l6-6M64 44l6-6" />
      </g>
      <path d="M72 80l16 16" stroke="#e0b64a" strokeWidth="8" strokeLinecap="round" />
      <circle cx="70" cy="78" r="7" fill="#13224a" stroke="#e0b64a" strokeWidth="4" />
    </svg>
  );
}

function MaintenanceScreen({ title, tips, onRetry }: { title: string; tips: string; onRetry: () => void }) {
  return (
    <main className="maintenance-screen" aria-labelledby="maintenance-title">
      <MaintenanceArt />
      <h1 id="maintenance-title">{title} 系统维护中</h1>
      <p role="alert">{tips || MAINTENANCE_FALLBACK}</p>
      <button type="button" className="maintenance-retry" onClick={onRetry}>
        刷新看看
      </button>
    </main>
  );
}

/**
 * SPEC 1: with site_state 0 the maintenance notice is site-wide: every screen shows repair_tips in place of the app
 * (the server refuses the money calls meanwhile). Only the server's answer closes the site, never the stand-in default.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const site = useSiteInfoQuery();
  if (site.dataUpdatedAt > 0 && site.data?.site_state === 0) {
    return <MaintenanceScreen title={site.data.title} tips={site.data.repair_tips} onRetry={() => void site.refetch()} />;
  }
  return children;
}
