import { MSG } from '@h5/contract/messages';
import { Toast } from 'antd-mobile';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getToken } from '../session/session-store';
import { confirmLoginInvite } from './login-invite';

/** Paths that invite a visitor to log in with a dialog instead of opening (SPEC 2, Runtime navigation rules). */
const INVITE_PATHS = new Set(['/hongbao', '/transfer']);

function pathnameOf(to: string): string {
  const end = to.search(/[?#]/);
  return end === -1 ? to : to.slice(0, end);
}

/**
 * Navigation for taps in the app (tab bar, header, menus), applying SPEC 2's runtime rules:
 * the current path shows 已在当前页面！; /mine without a token goes to /login; /hongbao and /transfer
 * without a token ask first. Route guards still cover addresses typed or linked directly.
 */
export function useAppNavigate() {
  const navigate = useNavigate();
  const location = useLocation();
  const current = `${location.pathname}${location.search}`;

  return useCallback(
    async (to: string) => {
      if (to === current) {
        Toast.show({ content: MSG.alreadyOnPage });
        return;
      }
      const pathname = pathnameOf(to);
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
    [current, navigate],
  );
}
