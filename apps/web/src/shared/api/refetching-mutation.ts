import { useMutation, useQueryClient } from '@tanstack/react-query';

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
