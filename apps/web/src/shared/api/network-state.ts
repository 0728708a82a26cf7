/**
 * Whether the network is down, as far as the app can tell: the browser says it is offline, or the last API request
 * failed before any answer came back (a phone can report a connection that carries nothing). The next answer clears it.
 */
let failed = false;
const listeners = new Set<() => void>();

export function reportNetwork(reached: boolean) {
  if (failed === !reached) return;
  failed = !reached;
  listeners.forEach((listener) => listener());
}

export const isNetworkDown = () => failed || !navigator.onLine;

export function subscribeNetwork(listener: () => void) {
  listeners.add(listener);
  addEventListener('online', listener);
  addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    removeEventListener('online', listener);
    removeEventListener('offline', listener);
  };
}
