// The app's whole attack surface, enumerated rather than listed by hand: every tRPC procedure
// (from the router definition) and every REST route (from Fastify's route tree), plus a
// fingerprint of every table so a test can prove a request changed nothing at all.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Db } from "../../server/db.ts";
import { appRouter } from "../../server/trpc/root.ts";

export type Procedure = { key: string; type: "query" | "mutation" };
export type Route = { method: string; path: string };

/** A route as the tests name it: "METHOD /path". */
export const routeKey = (r: Route) => `${r.method} ${r.path}`;

export function procedures(): Procedure[] {
  return Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>).map(
    ([key, p]) => ({ key, type: p._def.type as Procedure["type"] }),
  );
}

/**
 * Expects an enumeration (routes as "METHOD /path", procedures by key) to hold every one of
 * `known` and, when `atLeast` is given (more than `known` lists), at least that many entries in
 * all: a sign that the enumeration reads the whole app rather than the entries a test expects.
 */
export function expectEnumerated(listed: string[], known: string[], atLeast?: number) {
  for (const entry of known) expect(listed).toContain(entry);
  if (atLeast !== undefined) expect(listed.length).toBeGreaterThanOrEqual(atLeast);
}

/**
 * Full paths and methods from Fastify's printRoutes tree, without the `skipped` methods (by
 * default HEAD, OPTIONS, TRACE and QUERY: the ones Fastify adds or a client never calls).
 */
export function routeTable(app: FastifyInstance, skipped = ["HEAD", "OPTIONS", "TRACE", "QUERY"]): Route[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const out: Route[] = [];
  for (const line of tree.split("\n")) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack[depth] = (depth > 0 ? stack[depth - 1] : "") + m[2];
    stack.length = depth + 1;
    if (!m[3]) continue;
    for (const method of m[3].split(", ")) {
      if (skipped.includes(method)) continue;
      out.push({ method, path: stack[depth] });
    }
  }
  // The tRPC adapter registers one catch-all route; its procedures are enumerated separately.
  return out.filter((r) => r.path !== "/api/trpc/:path");
}

/** Tables of the current schema (both engines), without Prisma's migration bookkeeping. */
export async function tableNames(db: Db): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ table_name: string }[]>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
     ORDER BY table_name`,
  );
  return rows.map((r) => r.table_name);
}

/**
 * Row count and content hash of every table. `volatile` tables are compared by row count only
 * (a session's expiry is extended on use: an update, never an insert).
 */
export async function fingerprint(db: Db, volatile: string[] = ["Session"]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of await tableNames(db)) {
    const [row] = await db.$queryRawUnsafe<{ n: bigint | number; h: string | null }[]>(
      volatile.includes(table)
        ? `SELECT count(*) AS n, NULL AS h FROM "${table}"`
        : `SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${table}" t`,
    );
    out[table] = `${Number(row.n)}:${row.h ?? ""}`;
  }
  return out;
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}

/** A URL for a route path with its parameters filled in. */
export function fillPath(
  path: string,
  params: Record<string, string> = {},
  fallback = "00000000-0000-4000-8000-000000000000",
) {
  return path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? fallback));
}
