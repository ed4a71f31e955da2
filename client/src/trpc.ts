import { QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import superjson from "superjson";
import type { AppRouter } from "../../server/trpc/root.ts";
import { pageLanguageHeader } from "./lib/i18n.tsx";

/** What each procedure takes and returns, read from the server's router: the client's only data types. */
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

type BatchedError = { error?: { json?: { message?: string } } };

/**
 * Spec §7: a failed call is logged with its endpoint, message, status and time, as the REST client
 * does (lib/api.ts); the caller still gets the error. Done on the HTTP response, so a failure that
 * is not tRPC's own (a proxy's 502, an empty 503) is logged with its real status too.
 */
async function loggedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const endpoint = new URL(input instanceof Request ? input.url : String(input), window.location.origin).pathname;
  const log = (message: string, status: number) =>
    console.error("API request failed", { endpoint, message, status, time: new Date().toISOString() });
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    log(error instanceof Error ? error.message : "Network error", 0);
    throw error;
  }
  if (!response.ok) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as BatchedError | BatchedError[] | null;
    const first = Array.isArray(body) ? body.find((item) => item?.error) : body;
    log(first?.error?.json?.message ?? `HTTP error! status: ${response.status}`, response.status);
  }
  return response;
}

const transport = {
  url: "/api/trpc",
  transformer: superjson,
  fetch: loggedFetch,
  headers: pageLanguageHeader,
} as const;

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      // Who is signed in is asked on its own: a batch fails as a whole, and a data call that fails
      // (a proxy's 503) must not read as a failed status check, which leaves the page signed out.
      condition: (op) => op.path.startsWith("auth."),
      true: httpLink(transport),
      false: httpBatchLink(transport),
    }),
  ],
});

/**
 * Query and mutation options for React Query (`useQuery(trpc.booking.packages.queryOptions())`),
 * and their keys for invalidation. The app renders only in the browser, so one client and one
 * proxy serve it (tRPC's singleton setup for client-only apps); no provider of its own.
 */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
