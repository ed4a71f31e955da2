// The client's router: the part of React Router's API this app uses (route objects with lazy
// components, nested layouts, <Routes> below a splat, links, navigation state, search params),
// in about 3 KB instead of React Router's 30 KB gzip — every public page downloads it first
// (issue 7's front-end budget). Matching lives in route-match.ts.
//
// As with React Router's data router, a navigation first loads the lazy components it needs (and
// the message areas its routes name) and only then changes the URL and the page, so the old page
// stays up while the next chunk arrives. A `basename` (`/it` for the Italian pages) is the
// address's prefix: routes, locations and links inside the app never spell it.
import {
  type AnchorHTMLAttributes,
  Children,
  Component as ClassComponent,
  type ComponentType,
  createContext,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
} from "react";
import { isTranslated } from "../../../shared/i18n/locales.ts";
import type { PageArea } from "../../../shared/i18n/messages.ts";
import { type Branch, flattenRoutes, matchBranches, type Params } from "./route-match.ts";

export type RouteObject = {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType;
  lazy?: () => Promise<{ Component: ComponentType }>;
  children?: RouteObject[];
  errorElement?: ReactNode;
  /** The message areas the route's pages show (lib/i18n.tsx), loaded with its component. */
  messages?: readonly PageArea[];
};

export type RouterOptions = {
  /** The address prefix the app's paths live under ("" or "/it"). */
  basename?: string;
  /** Loads message areas before a page that shows them renders. */
  loadMessages?: (areas: readonly PageArea[]) => Promise<void>;
};

export type Location = { pathname: string; search: string; hash: string; state: unknown; key: string };
export type NavigateOptions = { replace?: boolean; state?: unknown };
export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

type RouterState = {
  location: Location;
  routes: RouteObject[] | null;
  params: Params;
  /** A lazy component that failed to load (a deploy replaced its chunk, the network dropped). */
  error: unknown;
  /** Scroll to the top once this state is on screen (a new page, not back/forward). */
  scrollToTop: boolean;
};

const loaded = new WeakMap<RouteObject, ComponentType>();

function loadRoute(route: RouteObject): Promise<unknown> | undefined {
  if (!route.lazy || loaded.has(route)) return undefined;
  return route.lazy().then((module) => loaded.set(route, module.Component));
}

/** The app's path of an address's `pathname`: without the basename, when it has it. */
function withoutBase(pathname: string, basename: string): string {
  if (!basename) return pathname;
  if (pathname === basename) return "/";
  return pathname.startsWith(`${basename}/`) ? pathname.slice(basename.length) : pathname;
}

/**
 * The address of an app path (a `to` starting with "/"): under the basename when the page exists
 * in the basename's language, else its own (an untranslated page, shared/i18n/locales.ts);
 * anything else as it is.
 */
export function withBase(to: string, basename: string): string {
  if (!basename || !to.startsWith("/") || to.startsWith("//") || !isTranslated(to)) return to;
  return to === "/" ? basename : /^\/[?#]/.test(to) ? `${basename}${to.slice(1)}` : `${basename}${to}`;
}

function currentLocation(basename: string): Location {
  const { pathname, search, hash } = window.location;
  const state = window.history.state as { usr?: unknown; key?: string } | null;
  return {
    pathname: withoutBase(pathname, basename),
    search,
    hash,
    state: state?.usr ?? null,
    key: state?.key ?? "default",
  };
}

function locationOf(address: string, basename: string): Location {
  const url = new URL(address, "http://localhost");
  return {
    pathname: withoutBase(url.pathname, basename),
    search: url.search,
    hash: url.hash,
    state: null,
    key: "default",
  };
}

export class Router {
  state: RouterState;
  /** Settles once the first location's lazy components are loaded and its state is set. */
  readonly ready: Promise<void>;
  private readonly branches: Branch<RouteObject>[];
  private readonly listeners = new Set<() => void>();
  private navigations = 0;
  readonly basename: string;

  /** In the browser, the window's location; on the server (prerendering), the address asked for. */
  constructor(
    routes: RouteObject[],
    at: string | undefined,
    private readonly options: RouterOptions = {},
  ) {
    this.basename = options.basename ?? "";
    this.branches = flattenRoutes(routes);
    const location = at === undefined ? currentLocation(this.basename) : locationOf(at, this.basename);
    this.state = { location, routes: null, params: {}, error: null, scrollToTop: false };
    if (at === undefined) {
      window.addEventListener("popstate", () => void this.commit(currentLocation(this.basename), null));
    }
    this.ready = this.commit(location, null);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  navigate: NavigateFunction = (to, options = {}) => {
    const url = new URL(to, window.location.href);
    // The router moves within the site only: a `to` built from a crafted address (`next`) must
    // never take anyone to another origin. Links to other sites are plain <a href>s.
    if (url.origin !== window.location.origin) {
      console.error("Refused to navigate to another origin", { to });
      return;
    }
    const pathname = withoutBase(url.pathname, this.basename);
    // A page not in this language yet: its own address, a document of its own language.
    if (this.basename && !isTranslated(pathname)) {
      window.location.assign(`${pathname}${url.search}${url.hash}`);
      return;
    }
    const key = Math.random().toString(36).slice(2, 10);
    const location = { pathname, search: url.search, hash: url.hash, state: options.state ?? null, key };
    void this.commit(location, options.replace ? "replace" : "push");
  };

  /** Loads what the location needs, then (unless a newer navigation started meanwhile) shows it. */
  private async commit(location: Location, action: "push" | "replace" | null) {
    const id = ++this.navigations;
    const match = matchBranches(this.branches, location.pathname);
    let error: unknown = null;
    const areas = [...new Set(match?.routes.flatMap((route) => route.messages ?? []) ?? [])];
    const pending = [
      ...(match?.routes.map(loadRoute) ?? []),
      areas.length > 0 ? this.options.loadMessages?.(areas) : undefined,
    ].filter(Boolean);
    if (pending.length > 0) {
      try {
        await Promise.all(pending);
      } catch (failure) {
        error = failure;
      }
    }
    if (id !== this.navigations) return;
    if (action) {
      const url = `${withBase(location.pathname, this.basename)}${location.search}${location.hash}`;
      const entry = { usr: location.state, key: location.key };
      if (action === "replace") window.history.replaceState(entry, "", url);
      else window.history.pushState(entry, "", url);
    }
    // A new page opens at its top, also when it replaces the last one (a booking's confirmation
    // replaces the details step, scrolled down to its button); the same page's address does not.
    const scrollToTop =
      !location.hash &&
      (action === "push" || (action === "replace" && location.pathname !== this.state.location.pathname));
    this.state = { location, routes: match?.routes ?? null, params: match?.params ?? {}, error, scrollToTop };
    for (const listener of this.listeners) listener();
  }
}

export function createBrowserRouter(routes: RouteObject[], options?: RouterOptions): Router {
  return new Router(routes, undefined, options);
}

/** A router fixed at one address, for rendering a page on the server: await `ready`, then render. */
export function createStaticRouter(routes: RouteObject[], address: string, options?: RouterOptions): Router {
  return new Router(routes, address, options);
}

const RouterContext = createContext<Router | null>(null);
type RouteLevel = { params: Params; outlet: ReactNode };
const RouteContext = createContext<RouteLevel>({ params: {}, outlet: null });
const RouteErrorContext = createContext<unknown>(null);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error("Router hooks need a <RouterProvider> above them");
  return router;
}

function useRouterState(): RouterState {
  const router = useRouter();
  return useSyncExternalStore(router.subscribe, router.getState, router.getState);
}

export function RouterProvider({ router }: { router: Router }) {
  const state = useSyncExternalStore(router.subscribe, router.getState, router.getState);
  useLayoutEffect(() => {
    // At once: the page's smooth scrolling (for in-page links) would show the old position first.
    if (state.scrollToTop) window.scrollTo({ top: 0, behavior: "instant" });
  }, [state]);
  let content: ReactNode = null;
  if (state.error) {
    const fallback = state.routes?.find((route) => route.errorElement)?.errorElement ?? null;
    content = <RouteErrorContext.Provider value={state.error}>{fallback}</RouteErrorContext.Provider>;
  } else if (state.routes) {
    content = renderRoutes(state.routes, state.params, state.location.key);
  }
  return <RouterContext.Provider value={router}>{content}</RouterContext.Provider>;
}

/** Renders a matched chain: each route's element gets the next one as its <Outlet />. */
function renderRoutes(routes: RouteObject[], params: Params, resetKey: string): ReactNode {
  let outlet: ReactNode = null;
  for (const route of [...routes].reverse()) {
    const Component = route.Component ?? loaded.get(route);
    const element = route.element ?? (Component ? <Component /> : <Outlet />);
    const level = <RouteContext.Provider value={{ params, outlet }}>{element}</RouteContext.Provider>;
    outlet = route.errorElement ? (
      <RouteErrorBoundary fallback={route.errorElement} resetKey={resetKey}>
        {level}
      </RouteErrorBoundary>
    ) : (
      level
    );
  }
  return outlet;
}

type BoundaryProps = { fallback: ReactNode; resetKey: string; children: ReactNode };
class RouteErrorBoundary extends ClassComponent<BoundaryProps, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    // A new page starts without the last page's error.
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }
  render() {
    if (this.state.error === null) return this.props.children;
    return <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider>;
  }
}

export function Outlet() {
  return useContext(RouteContext).outlet;
}

export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

export function useLocation(): Location {
  return useRouterState().location;
}

/** The address prefix of the page's language ("" or "/it"). */
export function useBasename(): string {
  return useRouter().basename;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

export function useParams(): Params {
  return useContext(RouteContext).params;
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams, options?: NavigateOptions) => void] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (next: URLSearchParams, options?: NavigateOptions) => {
    const query = next.toString();
    navigate(`${pathname}${query ? `?${query}` : ""}`, options);
  };
  return [params, setParams];
}

export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigates once, when rendered, as React Router's does
  useEffect(() => navigate(to, { replace, state }), []);
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  /** Load the page from the server, as a plain link would. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/** A plain link that the router follows without reloading; a modified click or another target still opens a tab. */
export function Link({ to, replace, state, reloadDocument, onClick, target, ...anchor }: LinkProps) {
  const { navigate, basename } = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || reloadDocument) return;
    if (target && target !== "_self") return;
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return <a href={withBase(to, basename)} target={target} onClick={follow} {...anchor} />;
}

type NavLinkProps = Omit<LinkProps, "className"> & {
  /** Active on this exact path only, not on the pages below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A link that knows whether it points at the current page (aria-current="page"). */
export function NavLink({ end, className, ...link }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = link.to.replace(/\/+$/, "") || "/";
  const current = pathname.replace(/\/+$/, "") || "/";
  const isActive = current === target || (!end && current.startsWith(`${target === "/" ? "" : target}/`));
  return (
    <Link
      {...link}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
    />
  );
}

type RouteProps = { path?: string; index?: boolean; element?: ReactNode };

/** Configuration for <Routes>: renders nothing itself. */
export function Route(_props: RouteProps): null {
  return null;
}

/** Routes below the current route's `*`: matched against the rest of the path, parameters added to the parent's. */
export function Routes({ children }: { children: ReactNode }) {
  const parent = useContext(RouteContext);
  useLocation(); // re-render on navigation
  const routes = Children.toArray(children)
    .filter((child): child is ReactElement<RouteProps> => isValidElement(child))
    .map((child) => ({ path: child.props.path, index: child.props.index, element: child.props.element }));
  const match = matchBranches(flattenRoutes(routes), `/${parent.params["*"] ?? ""}`);
  if (!match) return null;
  const route = match.routes[match.routes.length - 1];
  return (
    <RouteContext.Provider value={{ params: { ...parent.params, ...match.params }, outlet: null }}>
      {route.element}
    </RouteContext.Provider>
  );
}
