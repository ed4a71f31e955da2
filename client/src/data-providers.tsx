// tRPC and React Query for every area but the landing page, which needs neither: loaded with the
// first route that does, so a visitor's first page downloads none of it.
import { QueryClientProvider } from "@tanstack/react-query";
import { type Prerendered, usePrerendered } from "./lib/prerendered.tsx";
import { Outlet } from "./lib/router.tsx";
import { seedQueries } from "./prerendered-queries.ts";
import { queryClient } from "./trpc.ts";

const seeded = new WeakSet<Prerendered>();

export function DataProviders() {
  // On the server, the request's own cache (entry-server.tsx); in the browser, the app's one,
  // given once the results the server's HTML was rendered from.
  const prerendered = usePrerendered();
  const client = prerendered.queryClient ?? queryClient;
  if (prerendered.queries && !seeded.has(prerendered)) {
    seeded.add(prerendered);
    seedQueries(client, prerendered.queries);
  }
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
