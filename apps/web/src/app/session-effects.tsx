import { lazy, Suspense } from 'react';
import { useBalance, useUserInfo } from '../shared/session/hooks';
import { useSessionStore } from '../shared/session/session-store';

// Only a logged-in member can have set a reminder: a visitor's first download does not carry it.
const SessionReminder = lazy(() =>
  import('../features/responsible/session-reminder').then((m) => ({ default: m.SessionReminder })),
);

/**
 * Keeps the member data live app-wide: balance polled every 4300 ms and user info refreshed while logged in; the
 * 理性娱乐 play-time reminder runs while one is set.
 */
export function SessionEffects() {
  useBalance();
  useUserInfo();
  const token = useSessionStore((s) => s.token);
  return token ? (
    <Suspense fallback={null}>
      <SessionReminder />
    </Suspense>
  ) : null;
}
