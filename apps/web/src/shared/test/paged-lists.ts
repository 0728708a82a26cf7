import { afterEach, beforeEach } from 'vitest';
import { signIn } from './member';
/**
 * happy-dom lays nothing out and has no offsetParent: InfiniteScroll checks it before loading more. showAll gives
 * every element one, so a list loads page after page as if scrolled to its end; hideAll takes it back.
 */
export const showAll = () =>
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body });
export const hideAll = () => Reflect.deleteProperty(HTMLElement.prototype, 'offsetParent');

/** For a file of member record screens: each test starts signed in, its lists loading page after page. */
export function signedInWithScrollingLists() {
  beforeEach(() => {
    signIn();
    showAll();
  });
  afterEach(hideAll);
}

const PER_PAGE = 10;

/** The Paginator of `data` as page `page` of a list of `total` rows, 10 a page. */
export function paginator(data: unknown[], total = data.length, page = 1) {
  const from = (page - 1) * PER_PAGE;
  return {
    current_page: page,
    data,
    last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
    per_page: PER_PAGE,
    total,
    from: data.length ? from + 1 : null,
    to: data.length ? from + data.length : null,
  };
}

/** Page `page` of a list of `total` rows, the n-th row (from 1) made by `row(n)`. */
export function pageOfRows(total: number, page: number, row: (n: number) => unknown) {
  const from = (page - 1) * PER_PAGE;
  const count = Math.max(0, Math.min(PER_PAGE, total - from));
  return paginator(
    Array.from({ length: count }, (_, i) => row(from + i + 1)),
    total,
    page,
  );
}
