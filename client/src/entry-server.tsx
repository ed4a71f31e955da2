// The public pages rendered on the server (server/features/pages/prerender.ts): the same routes
// and components as the browser's, at one address, with the data the server loaded. Built on its
// own into dist/server/prerender/ (scripts/build-server.ts) and loaded on the first page asked for.

import { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { compileCatalogue } from "../../shared/i18n/compile.ts";
import { LOCALES, type Locale, localePath, localePrefix, splitLocalePath } from "../../shared/i18n/locales.ts";
import { AREAS } from "../../shared/i18n/messages.ts";
import { ToastProvider } from "./components/ui/toaster.tsx";
import { choiceInAddress, firstWeekInput, SCHEDULE_PATH } from "./features/booking/schedule-address.ts";
import { type Catalogue, createCatalogue, I18nProvider, loadAreas } from "./lib/i18n.tsx";
import { type Prerendered, PrerenderedProvider } from "./lib/prerendered.tsx";
import { createStaticRouter, RouterProvider } from "./lib/router.tsx";
import {
  encodeResults,
  type PrerenderedQuery,
  type PrerenderedResult,
  resultOf,
  seedQueries,
} from "./prerendered-queries.ts";
import { routes } from "./route-table.tsx";

export type { PrerenderedQuery, PrerenderedResult };

const PACKAGES = { path: "booking.packages" } as const;
const TEACHERS = { path: "booking.teachers" } as const;
const CONTACT = { path: "booking.publicContact" } as const;

/** The pages that need no account, with the results each one shows whatever its address says. */
const PAGES: Record<string, readonly PrerenderedQuery[]> = {
  "/": [CONTACT],
  "/book": [],
  "/book/pricing": [PACKAGES, TEACHERS, CONTACT],
  // The package and teacher the address names (features/booking/schedule-address.ts) are looked
  // up in these; their week follows (weekQuery).
  [SCHEDULE_PATH]: [PACKAGES, TEACHERS],
  "/privacy": [CONTACT, TEACHERS],
};

/**
 * The address a page is rendered for, or null when it is not prerendered: its path (`/it/...` for
 * the Italian page, rendered in Italian); for the
 * booking pages whether a referral code came with it (the intro then says it was saved); for the
 * schedule the package and teacher it names, unless `withChoice` is false. Other query parameters
 * (utm_source...) do not change the page, so they share its HTML.
 */
export function pageAddress(url: string, withChoice = true): string | null {
  const { pathname, searchParams } = new URL(url, "http://localhost");
  const { locale, path: page } = splitLocalePath(pathname);
  const path = page.length > 1 ? page.replace(/\/+$/, "") : page;
  if (!pageQueries(path)) return null;
  const kept = new URLSearchParams();
  const choice = path === SCHEDULE_PATH && withChoice ? choiceInAddress(searchParams.toString()) : null;
  if (choice) kept.set("package", choice.packageId);
  if (choice?.teacherId) kept.set("teacher", choice.teacherId);
  if (path.startsWith("/book") && searchParams.get("ref")) kept.set("ref", "1");
  return localePath(locale, kept.size > 0 ? `${path}?${kept}` : path);
}

/** The queries the page at `pathname` (in either language) shows first, or null when it is not prerendered. */
export function pageQueries(pathname: string): readonly PrerenderedQuery[] | null {
  const { path } = splitLocalePath(pathname);
  return Object.hasOwn(PAGES, path) ? PAGES[path] : null;
}

/** The prerendered pages' paths, in every language: `/book/pricing` and `/it/book/pricing`. */
export const PAGE_PATHS: readonly string[] = LOCALES.flatMap((locale) =>
  Object.keys(PAGES).map((path) => localePath(locale, path)),
);

/** Every language's messages, all areas, compiled once on first use (the renderer has no build step for them). */
const catalogues = new Map<Locale, Promise<Catalogue>>();
function catalogueOf(locale: Locale): Promise<Catalogue> {
  let catalogue = catalogues.get(locale);
  if (!catalogue) {
    // Vitest and tsx hand over the raw JSON; the build's catalogues would already be compiled.
    const created = createCatalogue(locale, (messages) => compileCatalogue(messages as Record<string, string>));
    catalogue = loadAreas(created, AREAS).then(() => created);
    catalogues.set(locale, catalogue);
  }
  return catalogue;
}

/**
 * The schedule's first week, when `address` names a package and a teacher that `results` offer;
 * null otherwise (then the page is the step's frame, and the browser sends the visitor back to
 * the pricing step, or on with the choice kept in the session).
 */
export function weekQuery(address: string, results: readonly PrerenderedResult[], now = new Date()) {
  const { pathname, search } = new URL(address, "http://localhost");
  const { locale, path } = splitLocalePath(pathname);
  const choice = path === SCHEDULE_PATH ? choiceInAddress(search) : null;
  if (!choice) return null;
  const packages = resultOf(results, "booking.packages")?.data ?? [];
  const teachers = resultOf(results, "booking.teachers")?.data ?? [];
  const offered =
    packages.some((p) => p.id === choice.packageId) &&
    (choice.teacherId === null || teachers.some((t) => t.id === choice.teacherId));
  return offered
    ? ({ path: "booking.availability", input: firstWeekInput(choice.teacherId, now, locale) } as const)
    : null;
}

export type RenderedPage = {
  /** The markup of `#root`. */
  html: string;
  /** What the page inlines for the browser's first render (lib/prerendered.tsx). */
  data: Prerendered;
};

/** Renders the page at `address` (a path and query) from the results its queries returned. */
export async function renderPage(address: string, results: readonly PrerenderedResult[]): Promise<RenderedPage> {
  const { locale, path: pathname } = splitLocalePath(new URL(address, "http://localhost").pathname);
  if (!pageQueries(pathname)) throw new Error(`${pathname} is not a prerendered page`);
  const catalogue = await catalogueOf(locale);
  const router = createStaticRouter(routes, address, { basename: localePrefix(locale) });
  await router.ready;
  if (router.state.error) throw router.state.error;

  // The landing page carries no query library: it gets the contact details alone.
  const contact = resultOf(results, "booking.publicContact")?.data;
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
      <I18nProvider catalogue={catalogue}>
        <PrerenderedProvider value={{ ...data, queryClient }}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </PrerenderedProvider>
      </I18nProvider>
    </StrictMode>,
  );
  return { html, data };
}
