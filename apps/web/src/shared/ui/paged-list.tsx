import { InfiniteScroll } from 'antd-mobile';
import type { Paginator } from '@h5/contract';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { PageLoading } from './page-loading';
// The lists' rows are the record cards most lists draw (`record-list`, `record-card`).
import './record-card.css';
import { LoadFailed } from './load-failed';

/** What PagedList needs of a React Query infinite query. */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
}

export interface PagedListProps<T> {
  query: PagedQuery;
  /** Every row loaded so far, page after page. */
  rows: readonly T[];
  /** The list's accessible name. */
  label: string;
  className: string;
  renderRow: (row: T, index: number) => ReactNode;
  /** What an empty list says (MSG.emptyList by default). */
  emptyTitle?: string;
  /** Shown above a list that has rows (a count, say). */
  header?: ReactNode;
}

/**
 * A server-paged list: loading, a load failure with a retry, the empty state, then the rows with more pages
 * loaded as the list scrolls.
 */
export function PagedList<T>({ query, rows, label, className, renderRow, emptyTitle, header }: PagedListProps<T>) {
  const loadMore = async () => {
    const result = await query.fetchNextPage();
    // InfiniteScroll shows its retry link when loadMore throws; without this it would ask again and again.
    if (result.isError) throw result.error;
  };

  if (query.isPending) return <PageLoading />;
  if (query.isError && rows.length === 0) {
    return <LoadFailed onRetry={() => query.refetch()} />;
  }
  if (rows.length === 0) return <EmptyState {...(emptyTitle ? { title: emptyTitle } : {})} />;
  return (
    <>
      {header}
      <ul className={className} aria-label={label}>
        {rows.map(renderRow)}
      </ul>
      <InfiniteScroll loadMore={loadMore} hasMore={query.hasNextPage} />
    </>
  );
}

/** Every row of an infinite query's pages so far, and the total the last page announced (0 before any). */
export function loadedRows<T>(data: { pages: readonly Paginator<T>[] } | undefined): { rows: T[]; total: number } {
  const pages = data?.pages ?? [];
  return { rows: pages.flatMap((p) => p.data), total: pages[pages.length - 1]?.total ?? 0 };
}
