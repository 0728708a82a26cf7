import { useEffect } from 'react';
import { useLocation } from '../shared/router/router';

/** docs/member-app.md "Screens and routes": after every navigation the page scrolls to the top. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
