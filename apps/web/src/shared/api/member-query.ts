import type { Paginator } from '@h5/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useSessionStore } from '../session/session-store';

/** A query's name and its parameters: the cache key is the name, the member's token, then the parameters. */
export type MemberKey = readonly [name: string, ...params: unknown[]];

const memberKey = ([name, ...params]: MemberKey, token: string | null) => [name, token, ...params];

/**
 * A query of the member's own data: keyed by the session token (a new login never sees the last member's answers)
 * and off while logged out. `enabled` adds the caller's own condition.
 */
export function useMemberQuery<TData, TSelected = TData>(
  key: MemberKey,
  {
    enabled = true,
    ...options
  }: Omit<UseQueryOptions<TData, Error, TSelected>, 'queryKey' | 'enabled'> & {
    enabled?: boolean;
  },
) {
  const token = useSessionStore((s) => s.token);
  return useQuery({ ...options, queryKey: memberKey(key, token), enabled: Boolean(token) && enabled });
}

/** The next page to load, or undefined once the loaded count reaches the total (docs/member-app.md "States and transitions": lists load from page 1). */
export function nextPageOf<T>(pages: readonly Paginator<T>[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last) return 1;
  const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
  // An empty page also ends the list: a total that never arrives must not page forever.
  if (loaded >= last.total || last.data.length === 0) return undefined;
  return pages.length + 1;
}

interface MemberPagesOptions<TPage> {
  /** One page of the list, from 1. */
  fetchPage: (page: number, signal: AbortSignal) => Promise<TPage>;
  /** Where the paginator sits in an answer (the answer itself by default). */
  paginatorOf?: (page: TPage) => Paginator<unknown>;
  enabled?: boolean;
  /**
   * 0 for a filtered list: a filter's pages are dropped once it is left, so coming back starts again at page 1.
   * React Query's default otherwise.
   */
  gcTime?: number;
}

/**
 * A server-paged list of the member's own records, page after page from 1, always fetched afresh (staleTime 0).
 * A filter is part of the key, so a filter change starts the list again at page 1.
 */
export function useMemberPages<TPage>(
  key: MemberKey,
  { fetchPage, paginatorOf = (page) => page as Paginator<unknown>, enabled = true, gcTime }: MemberPagesOptions<TPage>,
) {
  const token = useSessionStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: memberKey(key, token),
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageOf(pages.map(paginatorOf)),
    enabled: Boolean(token) && enabled,
    ...(gcTime === undefined ? {} : { gcTime }),
    staleTime: 0,
  });
}

interface RefetchAfter {
  /** The queries, by the first part of their key, that refetch after the change. */
  refetch: readonly string[];
  /** 'settled': after a failure too (money may have moved though its answer was lost). 'success' by default. */
  after?: 'success' | 'settled';
  /** The mutation's promise waits for those refetches, for a screen that reads the fresh data next. */
  wait?: boolean;
}

/** A change on the server after which the screens' copies of what it touched refetch. */
export function useRefetchingMutation<TVars = void, TData = unknown>(
  mutationFn: (vars: TVars) => Promise<TData>,
  { refetch, after = 'success', wait = false }: RefetchAfter,
) {
  const queryClient = useQueryClient();
  const invalidate = () => {
    const done = Promise.all(refetch.map((name) => queryClient.invalidateQueries({ queryKey: [name] })));
    return wait ? done : undefined;
  };
  return useMutation(
    after === 'settled' ? { mutationFn, onSettled: invalidate } : { mutationFn, onSuccess: invalidate },
  );
}
