import { useSessionReminder } from '../features/responsible/session-reminder';
import { useBalance, useUserInfo } from '../shared/session/hooks';

/**
 * Keeps the member data live app-wide: balance polled every 4300 ms and user info refreshed while logged in; the
 * 理性娱乐 play-time reminder runs while one is set.
 */
export function SessionEffects() {
  useBalance();
  useUserInfo();
  useSessionReminder();
  return null;
}
