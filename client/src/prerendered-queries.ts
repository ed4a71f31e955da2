// The query results a prerendered page shows (lib/prerendered.tsx): the server loads them with the
// same procedures the browser would call, and both sides put them in React Query's cache under
// the browser's own keys, so the first render on each side finds the same data.
import type { QueryClient } from "@tanstack/react-query";
import superjson from "superjson";
import { learnZoneOffsets } from "./lib/zoned-date.ts";
import { type RouterInputs, type RouterOutputs, trpc } from "./trpc.ts";

type Booking = RouterOutputs["booking"];

/** A query a public page may carry the result of: its procedure, and its input where it takes one. */
export type PrerenderedQuery =
  | { path: "booking.packages" }
  | { path: "booking.teachers" }
  | { path: "booking.publicContact" }
  | { path: "booking.availability"; input: NonNullable<RouterInputs["booking"]["availability"]> };
export type PrerenderedPath = PrerenderedQuery["path"];

type Outputs = {
  "booking.packages": Booking["packages"];
  "booking.teachers": Booking["teachers"];
  "booking.publicContact": Booking["publicContact"];
  "booking.availability": Booking["availability"];
};

/** A query with the result it gave. */
export type PrerenderedResult = {
  [P in PrerenderedPath]: Extract<PrerenderedQuery, { path: P }> & { data: Outputs[P] };
}[PrerenderedPath];

/** The result of the query at `path` among `results`, if the page carries it. */
export function resultOf<P extends PrerenderedPath>(results: readonly PrerenderedResult[], path: P) {
  return results.find((result): result is Extract<PrerenderedResult, { path: P }> => result.path === path);
}

/** The browser's cache key of a query. */
function keyOf(query: PrerenderedQuery): readonly unknown[] {
  switch (query.path) {
    case "booking.packages":
      return trpc.booking.packages.queryKey();
    case "booking.teachers":
      return trpc.booking.teachers.queryKey();
    case "booking.publicContact":
      return trpc.booking.publicContact.queryKey();
    case "booking.availability":
      return trpc.booking.availability.queryKey(query.input);
  }
}

/** The results as the page inlines them (superjson keeps what JSON would lose, such as dates). */
export function encodeResults(results: readonly PrerenderedResult[]): string {
  return superjson.stringify(results);
}

/** Puts inlined results into a query cache, as if the browser had just fetched them. */
export function seedQueries(client: QueryClient, encoded: string): void {
  const results = superjson.parse<PrerenderedResult[]>(encoded);
  if (!Array.isArray(results)) return;
  for (const result of results) {
    if (result?.data === undefined) continue;
    // The week's times are then written without Intl, in the first render already.
    if (result.path === "booking.availability") learnZoneOffsets(result.data);
    client.setQueryData(keyOf(result), result.data);
  }
}
