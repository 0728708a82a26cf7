import { EmptyState } from '../../shared/ui/empty-state';
import { SafeHtml } from '../../shared/ui/safe-html';
import { Skeleton, SkeletonGroup } from '../../shared/ui/skeleton';
import { useArticle } from './api';
import './help.css';

/** One help article: its title (ours from docs/member-app.md "Screens by route", else the server's) and its sanitised HTML. */
export function ArticleView({ type, title }: { type: number; title?: string }) {
  const { data: article, isPending, isError } = useArticle(type);
  if (!Number.isInteger(type) || type <= 0) return <EmptyState />;
  if (isPending) {
    return (
      <SkeletonGroup className="article-skeleton" label="文章加载中">
        <Skeleton className="article-skeleton-title" />
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="article-skeleton-line" />
        ))}
      </SkeletonGroup>
    );
  }
  if (isError || !article || !article.content) return <EmptyState />;
  return (
    <article className="article">
      <h2 className="article-title">{title ?? article.title}</h2>
      <SafeHtml html={article.content} className="rich-text" />
    </article>
  );
}
