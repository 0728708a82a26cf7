import { FIRST_SCREEN_MSG } from '@h5/contract/first-screen-messages';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from '../router/router';
import { getToken } from '../session/session-store';
import { siteInfoQuery } from '../site/use-site-info';
import { showToast } from '../ui/feedback';
import { confirmLoginInvite } from './login-invite';

/** Paths that invite a visitor to log in with a dialog instead of opening (docs/member-app.md "Runtime navigation rules"). */
const INVITE_PATHS = new Set(['/hongbao', '/transfer']);

function pathnameOf(to: string): string {
  const end = to.search(/[?#]/);
  return end === -1 ? to : to.slice(0, end);
}

/**
 * Whether the server has the red packets switched on. Asked before leaving the current screen; when the site info
 * cannot be had, the red-packet page itself has the last word.
 */
async function redpacketOpen(queryClient: QueryClient): Promise<boolean> {
  try {
    return (await queryClient.fetchQuery(siteInfoQuery)).redpacket_switch === 1;
  } catch {
    return true;
  }
}

/**
 * Navigation for taps in the app (tab bar, header, menus), applying docs/member-app.md "Runtime navigation rules":
 * the current path shows 已在当前页面！; /hongbao with redpacket_switch 0 shows 红包已关闭 and stays; /mine without a
 * token goes to /login; /hongbao and /transfer without a token ask first. Route guards still cover addresses typed
 * or linked directly.
 */
export function useAppNavigate() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const current = `${location.pathname}${location.search}`;

  return useCallback(
    async (to: string) => {
      if (to === current) {
        showToast(FIRST_SCREEN_MSG.alreadyOnPage);
        return;
      }
      const pathname = pathnameOf(to);
      if (pathname === '/hongbao' && !(await redpacketOpen(queryClient))) {
        showToast(FIRST_SCREEN_MSG.redpacketClosed);
        return;
      }
      if (!getToken()) {
        if (pathname === '/mine') {
          navigate('/login');
          return;
        }
        if (INVITE_PATHS.has(pathname)) {
          if (await confirmLoginInvite()) navigate('/login');
          return;
        }
      }
      navigate(to);
    },
    [current, navigate, queryClient],
  );
}
