import { OPERATOR_ROLES, type OperatorRoleName } from '@h5/contract';
import { create } from 'zustand';

export type OperatorRole = OperatorRoleName;

export interface OperatorSession {
  token: string;
  username: string;
  role: OperatorRole;
}

const KEY = 'admin.session';

function readStored(): OperatorSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<OperatorSession>;
    if (typeof value.token !== 'string' || typeof value.username !== 'string') return null;
    if (!(OPERATOR_ROLES as readonly unknown[]).includes(value.role)) return null;
    return { token: value.token, username: value.username, role: value.role as OperatorRole };
  } catch {
    return null;
  }
}

interface SessionState {
  session: OperatorSession | null;
  /** Why the last session ended, shown once on the sign-in page (an expired session, not a sign-out). */
  endedBecause: string | null;
  /** The operator chose 退出登录 (rather than the session ending by itself). */
  signedOut: boolean;
  signIn(session: OperatorSession): void;
  signOut(reason?: string): void;
}

/**
 * The operator's session. Kept in localStorage so a second tab (a member page opened beside a queue) is signed in
 * too; the server ends idle sessions, and its 401 clears this everywhere.
 */
export const useSessionStore = create<SessionState>((set) => ({
  session: readStored(),
  endedBecause: null,
  signedOut: false,
  signIn(session) {
    localStorage.setItem(KEY, JSON.stringify(session));
    set({ session, endedBecause: null, signedOut: false });
  },
  signOut(reason) {
    localStorage.removeItem(KEY);
    set({ session: null, endedBecause: reason ?? null, signedOut: reason === undefined });
  },
}));

export const getToken = () => useSessionStore.getState().session?.token ?? null;

// Signing out in one tab signs out the others.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY) useSessionStore.setState({ session: readStored() });
  });
}
