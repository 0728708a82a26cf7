import {
  Children,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  type AnchorHTMLAttributes,
  type ReactNode,
} from 'react';
import {
  Link as WouterLink,
  Redirect,
  Router,
  matchRoute,
  useLocation as useWouterLocation,
  useRouter,
  useSearch,
  useSearchParams as useWouterSearchParams,
} from 'wouter';
import { hashHref, hashState, historyIndex, useHashLocation, useHashSearch } from './hash-location';

export { historyIndex } from './hash-location';

/**
 * The app's routing, over wouter (docs/member-app.md "Our own components"): screens import these, never wouter
 * itself, so the router stays replaceable in this one folder. The API is the one the screens were written against.
 */

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/**
 * What a router gives beyond wouter's path and query: the entry's state, its place in the app's history, and going
 * back and forth in history.
 */
export interface HistoryAccess {
  state: () => unknown;
  /** 0 when the app was opened on this entry, so back would leave the app. */
  index: () => number;
  go: (delta: number) => void;
}

const hashHistory: HistoryAccess = {
  state: hashState,
  index: historyIndex,
  go: (delta) => window.history.go(delta),
};
export const HistoryContext = createContext<HistoryAccess>(hashHistory);

/** The app's router: the path and its query both inside the hash (shared/router/hash-location). */
export function HashRouter({ children }: { children: ReactNode }) {
  return (
    <Router hook={useHashLocation} searchHook={useHashSearch} hrefs={hashHref}>
      {children}
    </Router>
  );
}

export interface Location {
  pathname: string;
  /** The query with its `?`, or `''`. */
  search: string;
  /** The state the link here gave, or `null`. */
  state: unknown;
}

export function useLocation(): Location {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  const { state } = useContext(HistoryContext);
  return { pathname, search: search ? `?${search}` : '', state: state() };
}

/**
 * The current entry's place in this router's history, read when called: whether back stays inside the app. Screens
 * ask the router, never `window.history`, which a test's memory router does not use.
 */
export function useHistoryIndex(): () => number {
  return useContext(HistoryContext).index;
}

export type Navigate = (to: string | number, options?: NavigateOptions) => void;

/** `navigate('/login?type=1')`, `navigate(to, { replace: true, state })`, `navigate(-1)` for back. */
export function useNavigate(): Navigate {
  const [, navigate] = useWouterLocation();
  const { go } = useContext(HistoryContext);
  return useCallback<Navigate>(
    (to, options = {}) => {
      if (typeof to === 'number') go(to);
      else navigate(to, { replace: options.replace ?? false, state: options.state ?? null });
    },
    [go, navigate],
  );
}

/** The query's parameters and a setter (`setParams({ type: '1' }, { replace: true })`, or from the current ones). */
export const useSearchParams = useWouterSearchParams;

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path with its query: `/abouts?type=5`. */
  to: string;
  replace?: boolean;
  /** The state the target reads from `useLocation().state`. */
  state?: unknown;
};

/** A link into the app. A link to where the member already is replaces the entry rather than adding one. */
export function Link({ state = null, replace, ...props }: LinkProps) {
  const { pathname, search } = useLocation();
  return <WouterLink {...props} state={state} replace={replace ?? props.to === `${pathname}${search}`} />;
}

/** Goes to `to` once rendered: a redirect. */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  return <Redirect to={to} replace={replace} state={null} />;
}

export interface RouteProps {
  /** A path (`/wallet`), or `*` for any. */
  path?: string;
  /** The home path `/`, inside a layout. */
  index?: boolean;
  element?: ReactNode;
  /** A layout's routes: the layout (`element`) shows the one that matches where it renders `<Outlet />`. */
  children?: ReactNode;
}

/** A route of `<Routes>`, which reads its props: rendered alone it shows nothing. */
export function Route(_props: RouteProps): ReactNode {
  return null;
}

const OutletContext = createContext<ReactNode>(null);

/** Where a layout route's element shows the child route that matches. */
export function Outlet() {
  return useContext(OutletContext);
}

type Parser = ReturnType<typeof useRouter>['parser'];

function pick(children: ReactNode, pathname: string, parser: Parser): ReactNode | undefined {
  for (const child of Children.toArray(children)) {
    if (!isValidElement<RouteProps>(child)) continue;
    const { path, index, element = null, children: nested } = child.props;
    if (path === undefined && !index) {
      const inner = pick(nested, pathname, parser);
      if (inner !== undefined) return <OutletContext.Provider value={inner}>{element}</OutletContext.Provider>;
    } else if (index ? pathname === '/' : path === '*' || matchRoute(parser, path ?? '', pathname)[0]) {
      return element;
    }
  }
  return undefined;
}

/** Shows the first route (in order, layouts' children included) that matches the path. */
export function Routes({ children }: { children: ReactNode }) {
  const [pathname] = useWouterLocation();
  const { parser } = useRouter();
  return pick(children, pathname, parser) ?? null;
}
