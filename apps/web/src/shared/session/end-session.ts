import { useSessionStore } from './session-store';

/**
 * Forget the member (storage and store) and show the login page. Member queries are keyed by token,
 * so they stop and their cached answers are no longer read.
 */
export function endSession(): void {
  useSessionStore.getState().clear();
  window.location.hash = '#/login';
}
