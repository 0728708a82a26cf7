import type { Paginator } from '@h5/contract';

const DEFAULT_PER_PAGE = 10;
const MAX_PER_PAGE = 50;

export interface PageWindow {
  page: number;
  perPage: number;
  offset: number;
}

/** docs/wire-rules.md "Wire details": 10 a page by default, `pagesize` or `limit` may change it, capped at 50; pages start at 1. */
export function pageWindow(query: {
  page?: number;
  pagesize?: number | undefined;
  limit?: number | undefined;
}): PageWindow {
  const page = Math.max(1, Math.min(query.page ?? 1, 1_000_000));
  const asked = query.pagesize ?? query.limit ?? DEFAULT_PER_PAGE;
  const perPage = Math.max(1, Math.min(asked, MAX_PER_PAGE));
  return { page, perPage, offset: (page - 1) * perPage };
}

/** The paginator shape existing clients read: {current_page, data, last_page, per_page, total, from, to}. */
export function toPaginator<T>(rows: T[], total: number, window: PageWindow): Paginator<T> {
  const from = rows.length ? window.offset + 1 : null;
  return {
    current_page: window.page,
    data: rows,
    last_page: Math.max(1, Math.ceil(total / window.perPage)),
    per_page: window.perPage,
    total,
    from,
    to: from === null ? null : from + rows.length - 1,
  };
}
