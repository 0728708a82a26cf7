import { useSyncExternalStore } from 'react';

/**
 * The app's location lives in the hash, query included: `#/password?type=1`, `#/concise?type=HQDZ`, `#/`
 * (docs/member-app.md "Our own components"). wouter's own hash hook would read the query from `location.search`, the
 * part before the `#`, so the router reads and writes both here.
 */

/**
 * What each history entry holds: `idx`, the entry's place in the app's history (0 for the entry the app was opened
 * on), so that a back bar knows whether going back stays inside the app; `usr`, the state a link gave. The shape
 * React Router wrote, so that entries written before are read alike.
 */
interface EntryState {
  idx?: number;
  usr?: unknown;
}

export interface HashNavigateOptions {
  replace?: boolean;
  state?: unknown;
}

const entry = (): EntryState | null => window.history.state as EntryState | null;

/** `#/password?type=1` -> `['/password', 'type=1']`; an empty hash is home, `['/', '']`. */
export function splitHash(hash: string): [path: string, search: string] {
  const body = hash.replace(/^#?\/?/, '');
  const at = body.indexOf('?');
  return at === -1 ? [`/${body}`, ''] : [`/${body.slice(0, at)}`, body.slice(at + 1)];
}

let listeners: Array<() => void> = [];
const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void): () => void {
  listeners = [...listeners, listener];
  if (listeners.length === 1) window.addEventListener('hashchange', notify);
  return () => {
    listeners = listeners.filter((other) => other !== listener);
    if (listeners.length === 0) window.removeEventListener('hashchange', notify);
  };
}

const currentPath = () => splitHash(window.location.hash)[0];
const currentSearch = () => splitHash(window.location.hash)[1];

/**
 * Goes to `to` (a path with its query, `/login?redirect=%2Fmine`): a new history entry, or the current one replaced
 * with `{ replace: true }`.
 */
export function navigateHash(to: string, { replace = false, state = null }: HashNavigateOptions = {}): void {
  const idx = historyIndex();
  const next: EntryState = { usr: state, idx: replace ? idx : idx + 1 };
  const url = `#${to.startsWith('/') ? to : `/${to}`}`;
  if (replace) window.history.replaceState(next, '', url);
  else window.history.pushState(next, '', url);
  // pushState and replaceState fire no hashchange.
  notify();
}

/** wouter's location hook: the path from the hash, and how to go elsewhere. */
export function useHashLocation(): [string, typeof navigateHash] {
  return [useSyncExternalStore(subscribe, currentPath), navigateHash];
}

/** wouter's search hook: the query inside the hash, without its `?`. */
export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, currentSearch);
}

/** Link hrefs point into the hash. */
export const hashHref = (href: string) => `#${href}`;

/** The state the link to the current entry gave (`null` when none). */
export const hashState = (): unknown => entry()?.usr ?? null;

/** The current entry's place in the app's history: 0 when the app was opened on it, so back would leave the app. */
export const historyIndex = (): number => entry()?.idx ?? 0;
