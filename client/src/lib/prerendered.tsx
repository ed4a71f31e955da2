// The public pages (`/`, `/book`, `/book/pricing`, `/privacy`) arrive as HTML rendered on the
// server (server/features/pages/prerender.ts renders client/src/entry-server.tsx), with the data
// they show inlined beside it. The client reads that data back and hydrates the HTML: its first
// render must be the server's, so whatever only the browser knows (session storage, the clock,
// the viewport) waits for `useHydrated()`.
import type { QueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";

/** What a prerendered page carries: the footer's contact details and the queries' results. */
export type Prerendered = {
  contact?: { email: string; phone: string };
  /** The React Query results the page shows, superjson-encoded by procedure path (data-providers.tsx). */
  queries?: string;
  /** On the server only: the request's query cache, already given the results. */
  queryClient?: QueryClient;
};

/** The id of the `<script type="application/json">` holding a prerendered page's data. */
export const PRERENDERED_ID = "prerendered-data";

const PrerenderedContext = createContext<Prerendered>({});

export function PrerenderedProvider({ value, children }: { value: Prerendered; children: ReactNode }) {
  return <PrerenderedContext.Provider value={value}>{children}</PrerenderedContext.Provider>;
}

export function usePrerendered(): Prerendered {
  return useContext(PrerenderedContext);
}

/** The data inlined by the server, or null on a page the browser renders alone. */
export function readPrerendered(): Prerendered | null {
  const script = document.getElementById(PRERENDERED_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as Prerendered;
  } catch {
    return null;
  }
}

const noSubscription = () => () => {};

/**
 * False on the server and while React hydrates the server's HTML, true from the render after
 * that (and at once on a page the browser renders alone): read browser-only state behind it, so
 * hydration matches the HTML and the browser's value follows a moment later.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
