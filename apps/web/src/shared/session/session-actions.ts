import { apiRoutes } from '@h5/contract/routes';
import { callApi } from '../api/client';
import { endSession } from './end-session';
import { useSessionStore } from './session-store';

/** docs/member-app.md "States and transitions": login or register success stores the token, loads the user (balance polling starts with the token). */
export async function login(token: string): Promise<void> {
  const store = useSessionStore.getState();
  store.setToken(token);
  const info = await callApi(apiRoutes.user);
  store.setUserInfo(info);
}

/** docs/member-app.md "States and transitions": logout calls logoff, then clears storage and goes to /login, also when the call fails. */
export async function logout(): Promise<void> {
  try {
    await callApi(apiRoutes.logoff, undefined, { silent: true, onUnauthorized: 'logout' });
  } catch {
    // The session ends either way.
  } finally {
    endSession();
  }
}
