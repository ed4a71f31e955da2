// tRPC and React Query for every area but the landing page, which needs neither: loaded with the
// first route that does, so a visitor's first page downloads none of it.
import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "./lib/router.tsx";
import { queryClient } from "./trpc.ts";

export function DataProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
