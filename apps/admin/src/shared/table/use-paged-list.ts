import type { Paginator } from '@h5/contract';
import { type PageRequest, useListParams, usePagedTable } from './use-paged-table';

export interface PagedListOptions<F extends Record<string, string>, Row> {
  /** The endpoint's name, the start of the query key. */
  name: string;
  /** The filters' values when the address names none. */
  defaults: F;
  fetchPage: (filters: F, page: PageRequest, signal: AbortSignal) => Promise<Paginator<Row>>;
  /** What the empty list says; a queue says one thing while it shows only waiting items and another once filtered. */
  emptyText: string | ((filters: F) => string);
  refetchInterval?: number;
}

/**
 * A list page's rows: the filters kept in the address and the page of rows they select, as antd Table props. Every
 * paged list of the console (the review queues, members, audit, statements) reads its rows through this.
 */
export function usePagedList<F extends Record<string, string>, Row>(options: PagedListOptions<F, Row>) {
  const { filters, page, setFilters, setPage } = useListParams(options.defaults);
  const { emptyText } = options;
  const table = usePagedTable({
    queryKey: [options.name, filters],
    fetchPage: (p, signal) => options.fetchPage(filters, p, signal),
    page,
    onPage: setPage,
    emptyText: typeof emptyText === 'string' ? emptyText : emptyText(filters),
    refetchInterval: options.refetchInterval,
  });
  return { filters, setFilters, ...table };
}
