// One call over HTTP through inject(), by either transport, so a test can put a procedure's answer
// beside its REST path's.
import type { FastifyInstance } from "fastify";

/** A REST call with an optional session cookie and JSON body. */
export function injectRest(
  app: FastifyInstance,
  call: { method: "GET" | "POST" | "PUT" | "DELETE"; url: string; payload?: unknown; cookie?: string },
) {
  return app.inject({
    method: call.method,
    url: call.url,
    headers: {
      ...(call.cookie ? { cookie: call.cookie } : {}),
      ...(call.payload !== undefined ? { "content-type": "application/json" } : {}),
    },
    payload: call.payload === undefined ? undefined : JSON.stringify(call.payload),
  });
}

export type TrpcAnswer = { statusCode: number; data: unknown; message: string | undefined; body: string };

/**
 * A tRPC call as the browser's client makes it (superjson envelope, GET for a query, POST for a
 * mutation), with the answer unwrapped: `data` on success, the status and message on failure.
 */
export async function injectTrpc(
  app: FastifyInstance,
  call: { path: string; type?: "query" | "mutation"; input?: unknown; cookie?: string },
): Promise<TrpcAnswer> {
  const envelope = JSON.stringify({ json: call.input });
  const cookie = call.cookie ? { cookie: call.cookie } : {};
  const response =
    call.type === "mutation"
      ? await app.inject({
          method: "POST",
          url: `/api/trpc/${call.path}`,
          headers: { ...cookie, "content-type": "application/json" },
          payload: envelope,
        })
      : await app.inject({
          method: "GET",
          url: `/api/trpc/${call.path}${call.input === undefined ? "" : `?input=${encodeURIComponent(envelope)}`}`,
          headers: cookie,
        });
  const body = response.json() as { result?: { data?: { json?: unknown } }; error?: { json?: { message?: string } } };
  return {
    statusCode: response.statusCode,
    data: body.result?.data?.json,
    message: body.error?.json?.message,
    body: response.body,
  };
}
