const PID_KEY = 'pid';

/** docs/member-app.md "Screens and routes": the pid query is a referral code, kept for the visit and sent with register. */
export function rememberReferral(pid: string | null): string | undefined {
  if (pid) sessionStorage.setItem(PID_KEY, pid);
  return pid || sessionStorage.getItem(PID_KEY) || undefined;
}
