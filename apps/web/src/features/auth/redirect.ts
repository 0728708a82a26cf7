/** Only in-app paths are followed after login (never another origin, never back to the login page). */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return '/';
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/register')) return '/';
  return target;
}

const PID_KEY = 'pid';

/** SPEC 2: the pid query is a referral code, kept for the visit and sent with register. */
export function rememberReferral(pid: string | null): string | undefined {
  if (pid) sessionStorage.setItem(PID_KEY, pid);
  return pid || sessionStorage.getItem(PID_KEY) || undefined;
}
