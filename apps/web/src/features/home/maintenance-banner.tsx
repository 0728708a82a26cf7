import type { SiteInfo } from '@h5/contract';

export const MAINTENANCE_FALLBACK = '系统维护中，请稍后再访问';

/** SPEC 1: a site-wide maintenance banner shows repair_tips when site_state is off (0). */
export function MaintenanceBanner({ site }: { site: Pick<SiteInfo, 'site_state' | 'repair_tips'> }) {
  if (site.site_state !== 0) return null;
  return (
    <div className="maintenance-banner" role="alert">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M12 3l10 18H2zM12 10v5M12 18h.01" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <p>{site.repair_tips || MAINTENANCE_FALLBACK}</p>
    </div>
  );
}
