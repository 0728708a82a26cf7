import { useEffect, useRef } from 'react';

const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
const CHECK_MS = 15_000;

/**
 * Calls `onIdle` once the operator has not touched the console for `minutes`. The server ends idle sessions too,
 * but the dashboard's polling keeps calling it, so only the console can tell that nobody is at the desk.
 */
export function useIdleTimeout(minutes: number | undefined, onIdle: () => void) {
  const last = useRef(Date.now());
  const callback = useRef(onIdle);
  useEffect(() => {
    callback.current = onIdle;
  }, [onIdle]);
  useEffect(() => {
    if (!minutes) return undefined;
    last.current = Date.now();
    const touch = () => {
      last.current = Date.now();
    };
    for (const type of ACTIVITY) window.addEventListener(type, touch, { passive: true });
    const timer = window.setInterval(() => {
      if (Date.now() - last.current >= minutes * 60_000) {
        window.clearInterval(timer);
        callback.current();
      }
    }, CHECK_MS);
    return () => {
      window.clearInterval(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, touch);
    };
  }, [minutes]);
}
