// tRPC over Fastify without tRPC's own Fastify adapter. That adapter turns every call into a
// Fetch Request (undici Headers, body stream, AbortSignal wiring) and sends the answer back as a
// web stream written in chunks; a CPU profile of the benchmark put a third of each call there.
// This one hands resolveResponse (tRPC's protocol: batching, transformer, error shapes) a thin
// view of Fastify's request and sends the answer as one string with a Content-Length.
import type { IncomingHttpHeaders } from "node:http";
import { type AnyRouter, type inferRouterContext, TRPCError } from "@trpc/server";
import { type HTTPErrorHandler, resolveResponse } from "@trpc/server/http";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import { jsonNestsDeeperThan, TOO_DEEP_MESSAGE } from "../http/input-text.ts";

/** More calls in one batched request than any page makes; each is still rate limited alone. */
export const MAX_BATCH_SIZE = 20;

/**
 * The input of a call arrives as JSON text (the body, or `?input=` of a query). Deep nesting is
 * refused before tRPC parses it; thrown from createContext, the error reaches every call of a
 * batch in tRPC's own error shape.
 */
function refuseDeepInput(request: FastifyRequest) {
  const query = request.query as { input?: unknown };
  for (const text of [request.body, query.input]) {
    if (typeof text === "string" && jsonNestsDeeperThan(text)) {
      const cause = new AppError("BAD_REQUEST", TOO_DEEP_MESSAGE);
      throw new TRPCError({ code: "BAD_REQUEST", message: cause.message, cause });
    }
  }
}

export type TrpcPluginOptions<TRouter extends AnyRouter> = {
  router: TRouter;
  createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => inferRouterContext<TRouter>;
  onError?: HTTPErrorHandler<TRouter, Request>;
};

/** The part of the Fetch Headers interface that resolveResponse reads, over Node's headers. */
class HeadersView {
  constructor(private readonly raw: IncomingHttpHeaders) {}
  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(", ") : value;
  }
  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }
  *[Symbol.iterator](): IterableIterator<[string, string]> {
    for (const [name, value] of Object.entries(this.raw)) {
      if (value !== undefined) yield [name, Array.isArray(value) ? value.join(", ") : value];
    }
  }
}

/** What resolveResponse reads of a Fetch Request, taken from Fastify's (the body is already a string). */
function requestView(request: FastifyRequest, signal: AbortSignal): Request {
  const body = request.body;
  return {
    method: request.method,
    url: `http://localhost${request.url}`, // resolveResponse reads the path and query only
    headers: new HeadersView(request.headers),
    signal,
    json: async () => JSON.parse(typeof body === "string" ? body : ""),
    // Only JSON reaches tRPC (security.ts answers 415 to anything else that is not a GET).
    formData: async () => {
      throw new Error("tRPC accepts JSON only.");
    },
    body: null,
  } as unknown as Request;
}

export function trpcPlugin<TRouter extends AnyRouter>(opts: TrpcPluginOptions<TRouter>): FastifyPluginAsync {
  return async (app) => {
    // tRPC reads the JSON itself: the body stays a string in this plugin's scope.
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));

    app.all("/:path", async (request, reply) => {
      // Aborted when the client goes away, as a Fetch request's signal would be.
      const abort = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) abort.abort();
      };
      reply.raw.once("close", onClose);
      const response = await resolveResponse<TRouter>({
        router: opts.router,
        req: requestView(request, abort.signal),
        path: (request.params as { path: string }).path,
        error: null,
        maxBatchSize: MAX_BATCH_SIZE,
        createContext: async () => {
          refuseDeepInput(request);
          return opts.createContext({ req: request, res: reply });
        },
        onError: opts.onError,
      });
      reply.code(response.status);
      for (const [name, value] of response.headers) {
        if (name !== "set-cookie") reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      const text = await response.text();
      reply.raw.off("close", onClose);
      return reply.send(text);
    });
  };
}
