import { useBalance, useUserInfo } from '../shared/session/hooks';

/** Keeps the member data live app-wide: balance polled every 4300 ms and user info refreshed while logged in. */
export function SessionEffects() {
  useBalance();
  useUserInfo();
  return null;
}
