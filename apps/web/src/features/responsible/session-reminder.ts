import { apiRoutes } from '@h5/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../shared/api/client';
import { useSessionStore } from '../../shared/session/session-store';
import { showAlert } from '../../shared/ui/feedback';

/** When this browser tab's session of use began (kept across reloads of the tab). */
export const SESSION_START_KEY = 'rg-session-start';

function sessionStart(): number {
  const stored = Number(sessionStorage.getItem(SESSION_START_KEY));
  if (Number.isFinite(stored) && stored > 0) return stored;
  const now = Date.now();
  sessionStorage.setItem(SESSION_START_KEY, String(now));
  return now;
}

/**
 * 理性娱乐 游戏时长提醒: with a reminder set, every that many minutes since the tab's session began an alert says
 * how long the member has been here. The settings are read quietly: a failure shows nothing.
 */
export function useSessionReminder() {
  const token = useSessionStore((s) => s.token);
  const { data } = useQuery({
    queryKey: ['responsible'],
    queryFn: () => callApi(apiRoutes.responsible, {}, { silent: true }),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const minutes = Number(data?.limits.session_minutes.value ?? 0);
  useEffect(() => {
    if (!token || !(minutes > 0)) return;
    const start = sessionStart();
    const period = minutes * 60_000;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = (delay: number) => {
      timer = setTimeout(() => {
        const used = Math.round((Date.now() - start) / 60_000);
        void showAlert({
          title: '温馨提示',
          content: `您已连续使用${used}分钟，请注意休息，理性娱乐。`,
          confirmText: '我知道了',
        });
        schedule(period);
      }, delay);
    };
    schedule(period - ((Date.now() - start) % period));
    return () => clearTimeout(timer);
  }, [token, minutes]);
}

/** The reminder as a component: the app loads it lazily, once a member is logged in (app/session-effects.tsx). */
export function SessionReminder() {
  useSessionReminder();
  return null;
}
