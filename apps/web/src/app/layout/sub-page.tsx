import type { ReactNode } from 'react';
import { useHistoryIndex, useNavigate, useSearchParams } from '../../shared/router/router';
import { usePageTitle } from '../../shared/navigation/page-title';

/**
 * A screen outside the tab layout, under a back bar with its title (docs/member-app.md "Screens and routes": /message and /abouts show a back bar).
 * Our own bar rather than antd-mobile's NavBar, whose back control is a div, not a button.
 */
export function SubPage({
  title,
  titleFor,
  children,
}: {
  title: string;
  /** A title that depends on the query (/abouts?type=5 or 6); `title` otherwise. */
  titleFor?: (params: URLSearchParams) => string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const historyIndex = useHistoryIndex();
  const [params] = useSearchParams();
  const own = usePageTitle().title;
  const back = () => {
    // Opened directly (no history inside the app): back goes home instead of leaving the site.
    if (historyIndex() > 0) void navigate(-1);
    else void navigate('/', { replace: true });
  };
  return (
    <div className="sub-page">
      <header className="back-bar">
        <button type="button" className="back-bar-button" aria-label="返回" onClick={back}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M15 4l-8 8 8 8" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
        <h1 className="back-bar-title">{own ?? (titleFor ? titleFor(params) : title)}</h1>
        <span className="back-bar-spacer" aria-hidden="true" />
      </header>
      {children}
    </div>
  );
}
