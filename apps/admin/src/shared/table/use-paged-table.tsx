import type { Paginator } from '@h5/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { emptyLocale } from '../ui/empty';

export const PAGE_SIZES = [10, 20, 50] as const; // the server pages at most 50 rows
const DEFAULT_SIZE = 20;

export interface PageRequest {
  page: number;
  pagesize: number;
}

const positive = (text: string | null, fallback: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * Filters of a list kept in the address (`?state=0&page=2`), so the back button and a shared link return to the
 * same rows. Changing a filter goes back to page 1.
 */
export function useListParams<F extends Record<string, string>>(defaults: F) {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => {
    const values = { ...defaults };
    for (const key of Object.keys(defaults) as (keyof F & string)[]) {
      const value = search.get(key);
      if (value !== null) values[key] = value as F[typeof key];
    }
    return values;
    // The defaults are a literal per page; their content, not their identity, matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, JSON.stringify(defaults)]);
  const page: PageRequest = {
    page: positive(search.get('page'), 1),
    pagesize: Math.min(positive(search.get('size'), DEFAULT_SIZE), 50),
  };
  const write = useCallback(
    (next: Record<string, string>, paging: PageRequest | null) => {
      setSearch((prev) => {
        const params = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(next)) {
          if (value === '' || value === defaults[key]) params.delete(key);
          else params.set(key, value);
        }
        if (!paging || paging.page === 1) params.delete('page');
        else params.set('page', String(paging.page));
        if (paging && paging.pagesize !== DEFAULT_SIZE) params.set('size', String(paging.pagesize));
        return params;
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setSearch, JSON.stringify(defaults)],
  );
  const setFilters = useCallback((next: Partial<F>) => write(next as Record<string, string>, null), [write]);
  const setPage = useCallback((paging: PageRequest) => write({}, paging), [write]);
  return { filters, page, setFilters, setPage };
}

export interface PagedTableOptions<Row> {
  /** Query key without the page; it starts with the endpoint's name. */
  queryKey: readonly unknown[];
  fetchPage: (page: PageRequest, signal: AbortSignal) => Promise<Paginator<Row>>;
  page: PageRequest;
  onPage: (page: PageRequest) => void;
  /** What the empty list says (antd Empty). */
  emptyText: string;
  refetchInterval?: number;
  enabled?: boolean;
}

/** Our paginator {current_page, data, last_page, per_page, total} as the props of an antd Table. */
export function usePagedTable<Row>(options: PagedTableOptions<Row>) {
  const { page, onPage } = options;
  const query = useQuery({
    queryKey: [...options.queryKey, page.page, page.pagesize],
    queryFn: ({ signal }) => options.fetchPage(page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval,
    enabled: options.enabled ?? true,
  });
  const paginator = query.data;
  const pagination: TablePaginationConfig = {
    current: paginator?.current_page ?? page.page,
    pageSize: paginator?.per_page ?? page.pagesize,
    total: paginator?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: (total) => `共 ${total} 条`,
    onChange: (current, pageSize) => onPage({ page: pageSize === page.pagesize ? current : 1, pagesize: pageSize }),
  };
  return {
    query,
    rows: paginator?.data ?? [],
    tableProps: {
      dataSource: paginator?.data ?? [],
      // A first load or another page; a background refresh of a queue keeps its rows quietly.
      loading: query.isPending || query.isPlaceholderData,
      pagination,
      locale: emptyLocale(options.emptyText),
    },
  };
}
