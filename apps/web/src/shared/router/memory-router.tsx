import { useMemo, useState, type ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { HistoryContext, type HistoryAccess } from './router';

/**
 * A router whose history is kept in memory, for tests: starts at `path` (with its query) and the `state` a link
 * gave it.
 */
export function MemoryRouter({
  path = '/',
  state = null,
  children,
}: {
  path?: string;
  state?: unknown;
  children: ReactNode;
}) {
  const [location] = useState(() => memoryLocation({ path, state, record: true }));
  const history = useMemo<HistoryAccess>(
    () => ({
      state: () => location.state,
      index: () => Math.max(0, (location.history?.length ?? 1) - 1),
      go: (delta) => {
        const entries = location.history ?? [];
        const target = entries.length - 1 + delta;
        if (delta >= 0 || target < 0) return;
        entries.length = target + 1;
        location.navigate(entries[target] ?? '/', { replace: true, state: null });
      },
    }),
    [location],
  );
  return (
    <HistoryContext.Provider value={history}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {children}
      </Router>
    </HistoryContext.Provider>
  );
}
