import { useSiteInfoQuery } from '../../shared/site/use-site-info';
import './maintenance.css';

export const MAINTENANCE_FALLBACK = '系统维护中，请稍后再访问';

/**
 * docs/member-app.md "Product and home page": "a site-wide maintenance banner shows when site_state is off", and visitors may still browse home,
 * promotions, help and customer service (docs/member-app.md "Roles and permissions"): the banner sits above every screen and replaces none. The server
 * refuses the money calls meanwhile, with repair_tips as their message. Only the server's answer shows the banner,
 * never the stand-in default.
 */
export function MaintenanceBanner() {
  const site = useSiteInfoQuery();
  if (!(site.dataUpdatedAt > 0 && site.data?.site_state === 0)) return null;
  return (
    <aside className="maintenance-banner" aria-label="系统维护公告">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="10" cy="11" r="5" fill="none" stroke="currentColor" strokeWidth="2.4" />
        <path d="M14 15l6 6" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p role="alert">
        <strong>系统维护中</strong>
        {site.data.repair_tips || MAINTENANCE_FALLBACK}
      </p>
    </aside>
  );
}
