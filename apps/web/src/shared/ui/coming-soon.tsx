import { EmptyState } from './empty-state';

/**
 * Placeholder for a screen a later issue builds: the screen's title and 即将开放.
 * showTitle is off where a back bar already carries the title.
 */
export function ComingSoon({ title, showTitle = true }: { title: string; showTitle?: boolean }) {
  return (
    <main className="page coming-soon" aria-label={title}>
      {showTitle && <h1 className="page-title">{title}</h1>}
      <EmptyState title="即将开放">
        <p className="empty-state-note">{title}页面正在建设中，敬请期待</p>
      </EmptyState>
    </main>
  );
}
