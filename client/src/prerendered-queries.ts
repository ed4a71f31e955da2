// The query results a prerendered page shows (lib/prerendered.tsx): the server loads them with the
// same procedures the browser would call, and both sides put them in React Query's cache under
// the browser's own keys, so the first render on each side finds the same data.
import type { QueryClient } from "@tanstack/react-query";
import superjson from "superjson";
import { type RouterOutputs, trpc } from "./trpc.ts";

/** The procedures a public page may carry the results of, by path. */
export type PrerenderedResults = Partial<{
  "booking.packages": RouterOutputs["booking"]["packages"];
  "booking.teachers": RouterOutputs["booking"]["teachers"];
  "booking.publicContact": RouterOutputs["booking"]["publicContact"];
}>;
export type PrerenderedQuery = keyof PrerenderedResults;

const KEYS: Record<PrerenderedQuery, readonly unknown[]> = {
  "booking.packages": trpc.booking.packages.queryKey(),
  "booking.teachers": trpc.booking.teachers.queryKey(),
  "booking.publicContact": trpc.booking.publicContact.queryKey(),
};

/** The results as the page inlines them (superjson keeps what JSON would lose, such as dates). */
export function encodeResults(results: PrerenderedResults): string {
  return superjson.stringify(results);
}

/** Puts inlined results into a query cache, as if the browser had just fetched them. */
export function seedQueries(client: QueryClient, encoded: string): void {
  const results = superjson.parse<PrerenderedResults>(encoded);
  for (const [path, data] of Object.entries(results) as [PrerenderedQuery, unknown][]) {
    if (data !== undefined && path in KEYS) client.setQueryData(KEYS[path], data);
  }
}
