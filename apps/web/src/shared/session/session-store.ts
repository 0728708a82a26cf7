import type { UserInfo } from '@h5/contract';
import { create } from 'zustand';
import { clearStoredSession, readToken, readUserInfo, writeToken, writeUserInfo } from './storage';

interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  setToken: (token: string) => void;
  setUserInfo: (info: UserInfo) => void;
  clear: () => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  token: readToken(),
  userInfo: readToken() ? readUserInfo() : null,
  setToken: (token) => {
    writeToken(token);
    set({ token });
  },
  setUserInfo: (userInfo) => {
    writeUserInfo(userInfo);
    set({ userInfo });
  },
  clear: () => {
    clearStoredSession();
    set({ token: null, userInfo: null });
  },
}));

export function getToken(): string | null {
  return useSessionStore.getState().token;
}
