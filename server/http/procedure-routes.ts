// The spec's /api paths as thin mappings onto tRPC procedures. Each row names a path, the
// procedure it is, how the request becomes the procedure's input and how its answer becomes the
// spec's body. The call goes through a server-side caller with the request's context, so input
// validation, the role checks, rate limits and error texts are the procedure's: written once for
// both transports. tests/integration/rest-parity.int.test.ts walks every row and compares the two.
import { TRPCError } from "@trpc/server";
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import { ZodError } from "zod";
import type { Env } from "../env.ts";
import { type AppServices, createContextFactory } from "../trpc/context.ts";
import { createCaller } from "../trpc/root.ts";

type Caller = ReturnType<typeof createCaller>;
type Procedure = (...args: never[]) => Promise<unknown>;

/** "admin.bookings.list": every procedure's dotted path, read from the caller's type. */
type PathsOf<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends Procedure ? `${Prefix}${K}` : PathsOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type ProcedurePath = PathsOf<Caller>;

type At<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? At<T[Head & keyof T], Rest>
  : T[Path & keyof T];
type OutputOf<P extends ProcedurePath> = At<Caller, P> extends (...args: never[]) => Promise<infer O> ? O : never;

/** What a row reads of the request: the path's parameters, the query string and the JSON body. */
export type RestRequest = {
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  body: unknown;
};

export type ProcedureRoute = {
  method: HTTPMethods;
  url: string;
  /** The procedure, or (for one path with two payloads) the one this request's body is for. */
  procedure: ProcedurePath | ((request: RestRequest) => ProcedurePath);
  input?: (request: RestRequest) => unknown;
  body?: (output: never, http: RestResponse) => unknown;
};

/** What a row's `body` may use besides the answer: the reply (a status, a cookie) and the env. */
export type RestResponse = { reply: FastifyReply; env: Env };

/**
 * One row. `input` gathers the procedure's input from the request (untyped: it is what a client
 * sent, and the procedure's schema judges it); none by default. `body` shapes the answer (the
 * procedure's as it is by default) and may set a status or a cookie on the reply.
 */
export function route<P extends ProcedurePath>(
  method: HTTPMethods,
  url: string,
  procedure: P,
  shape: {
    input?: (request: RestRequest) => unknown;
    body?: (output: OutputOf<P>, http: RestResponse) => unknown;
  } = {},
): ProcedureRoute {
  return { method, url, procedure, ...shape } as ProcedureRoute;
}

/**
 * A query-string flag as the procedure's boolean: "true" and "false" become booleans; anything
 * else is passed on for the procedure's schema to refuse.
 */
export const queryFlag = (value: string | undefined): unknown =>
  value === "true" ? true : value === "false" ? false : value;

/** A row's procedure for this request. */
export const procedureOf = (row: ProcedureRoute, request: RestRequest): ProcedurePath =>
  typeof row.procedure === "function" ? row.procedure(request) : row.procedure;

/** Calls the procedure at `path` through a caller (whose proxy resolves any path). */
export function callProcedure(caller: Caller, path: ProcedurePath, input: unknown): Promise<unknown> {
  const procedure = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
    input: unknown,
  ) => Promise<unknown>;
  return procedure(input);
}

/** The names of a URL's path parameters: "/bookings/:id" -> ["id"]. */
const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]);

/**
 * A path parameter the procedure refuses (an id that is no id) names no resource: the answer is
 * the 404 any unknown path gets, not a 400 about the input.
 */
function asNotFound(error: unknown, params: readonly string[]): unknown {
  if (!(error instanceof TRPCError) || !(error.cause instanceof ZodError)) return error;
  const field = error.cause.issues[0]?.path[0];
  if (typeof field === "string" && params.includes(field)) {
    return new TRPCError({ code: "NOT_FOUND", message: "Not found." });
  }
  return error;
}

/** Registers the rows on `app`; errors reach the app's error handler as TRPCErrors. */
export function registerProcedureRoutes(
  app: FastifyInstance,
  services: AppServices,
  routes: readonly ProcedureRoute[],
) {
  const contextOf = createContextFactory(services);
  for (const row of routes) {
    const params = paramNames(row.url);
    app.route({
      method: row.method,
      url: row.url,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const caller = createCaller(contextOf({ req: request, res: reply }));
        const rest: RestRequest = {
          params: request.params as Record<string, string>,
          query: request.query as Record<string, string | undefined>,
          body: request.body ?? {},
        };
        try {
          const output = await callProcedure(caller, procedureOf(row, rest), row.input?.(rest));
          return row.body ? row.body(output as never, { reply, env: services.env }) : output;
        } catch (error) {
          throw asNotFound(error, params);
        }
      },
    });
  }
}
