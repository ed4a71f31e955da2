// The public pages rendered on the server (server/features/pages/prerender.ts): the same routes
// and components as the browser's, at one address, with the data the server loaded. Built on its
// own into dist/server/prerender/ (scripts/build-server.ts) and loaded on the first page asked for.
import { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { ToastProvider } from "./components/ui/toaster.tsx";
import { type Prerendered, PrerenderedProvider } from "./lib/prerendered.tsx";
import { createStaticRouter, RouterProvider } from "./lib/router.tsx";
import { encodeResults, type PrerenderedQuery, type PrerenderedResults, seedQueries } from "./prerendered-queries.ts";
import { routes } from "./router.tsx";

export type { PrerenderedResults };

/** The pages that need no account, with the results each one shows. */
export const PRERENDERED_PAGES: Record<string, readonly PrerenderedQuery[]> = {
  "/": ["booking.publicContact"],
  "/book": [],
  "/book/pricing": ["booking.packages", "booking.teachers", "booking.publicContact"],
  // The step's frame: the week's times depend on the package and teacher kept in the session.
  "/book/schedule": [],
  "/privacy": ["booking.publicContact", "booking.teachers"],
};

export type RenderedPage = {
  /** The markup of `#root`. */
  html: string;
  /** What the page inlines for the browser's first render (lib/prerendered.tsx). */
  data: Prerendered;
};

/** Renders the page at `address` (a path and query) from the results its queries returned. */
export async function renderPage(address: string, results: PrerenderedResults): Promise<RenderedPage> {
  const pathname = new URL(address, "http://localhost").pathname;
  if (!(pathname in PRERENDERED_PAGES)) throw new Error(`${pathname} is not a prerendered page`);
  const router = createStaticRouter(routes, address);
  await router.ready;
  if (router.state.error) throw router.state.error;

  // The landing page carries no query library: it gets the contact details alone.
  const contact = results["booking.publicContact"];
  const data: Prerendered =
    pathname !== "/"
      ? { queries: encodeResults(results) }
      : contact
        ? { contact: { email: contact.email, phone: contact.phone } }
        : {};
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  if (data.queries) seedQueries(queryClient, data.queries);

  const html = renderToString(
    <StrictMode>
      <PrerenderedProvider value={{ ...data, queryClient }}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </PrerenderedProvider>
    </StrictMode>,
  );
  return { html, data };
}
