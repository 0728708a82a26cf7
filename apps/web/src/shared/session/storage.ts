import type { UserInfo } from '@h5/contract';

// The keys existing clients of this API use: the token lives for the tab, the user info survives reloads.
export const TOKEN_KEY = 'token';
export const USER_INFO_KEY = 'userInfo';

export function readToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY) || null;
}

export function writeToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
}

export function readUserInfo(): UserInfo | null {
  const raw = localStorage.getItem(USER_INFO_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as UserInfo;
  } catch {
    return null;
  }
}

export function writeUserInfo(info: UserInfo): void {
  localStorage.setItem(USER_INFO_KEY, JSON.stringify(info));
}

export function clearStoredSession(): void {
  for (const storage of [sessionStorage, localStorage]) {
    storage.removeItem(TOKEN_KEY);
    storage.removeItem(USER_INFO_KEY);
  }
}
