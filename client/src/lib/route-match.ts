// Path matching for the client's router (lib/router.tsx), kept free of React so it is unit-tested
// on its own. Patterns are React Router's: static segments, `:name` parameters, a trailing `*`
// that takes the rest of the path, index routes; the most specific pattern wins.

export type RouteConfig<T> = {
  path?: string;
  index?: boolean;
  children?: T[];
};

export type Params = Record<string, string>;

/** One way to reach a leaf: the routes from the root to it, and the whole pattern they spell. */
export type Branch<T> = { pattern: string; routes: T[]; score: number; order: number };

export type Match<T> = { routes: T[]; params: Params };

const segmentsOf = (path: string) => path.split("/").filter(Boolean);

function join(parent: string, child: string): string {
  if (child.startsWith("/")) return child;
  return `${parent.replace(/\/+$/, "")}/${child}`;
}

/** React Router's ranking: static segments beat parameters, which beat a splat; index routes win ties. */
function score(pattern: string, index: boolean): number {
  const segments = segmentsOf(pattern);
  let total = segments.length + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") total -= 2;
    else if (segment.startsWith(":")) total += 3;
    else total += 10;
  }
  return total;
}

/** Every leaf of the route tree (and every route with a path of its own), best first. */
export function flattenRoutes<T extends RouteConfig<T>>(routes: T[]): Branch<T>[] {
  const branches: Branch<T>[] = [];
  const visit = (list: T[], parentPattern: string, parents: T[]) => {
    for (const route of list) {
      const pattern = route.path === undefined ? parentPattern : join(parentPattern, route.path);
      const chain = [...parents, route];
      if (route.children?.length) visit(route.children, pattern, chain);
      if (route.index || route.path !== undefined) {
        branches.push({
          pattern: pattern || "/",
          routes: chain,
          score: score(pattern, Boolean(route.index)),
          order: branches.length,
        });
      }
    }
  };
  visit(routes, "", []);
  return branches.sort((a, b) => b.score - a.score || a.order - b.order);
}

/** The parameters a pattern takes from a pathname, or null when it does not match. Static segments ignore case. */
export function matchPattern(pattern: string, pathname: string): Params | null {
  const wanted = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  const params: Params = {};
  for (const [i, segment] of wanted.entries()) {
    if (segment === "*") {
      params["*"] = actual.slice(i).map(decode).join("/");
      return params;
    }
    const part = actual[i];
    if (part === undefined) return null;
    if (segment.startsWith(":")) params[segment.slice(1)] = decode(part);
    else if (segment.toLowerCase() !== part.toLowerCase()) return null;
  }
  return actual.length === wanted.length ? params : null;
}

export function matchBranches<T>(branches: Branch<T>[], pathname: string): Match<T> | null {
  for (const branch of branches) {
    const params = matchPattern(branch.pattern, pathname);
    if (params) return { routes: branch.routes, params };
  }
  return null;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
