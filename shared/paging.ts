// Paging of the admin lists: the spec's own `limit` and `offset` query parameters, checked with
// messages a person can act on, and the `total` every paged answer carries beside its rows.
import { z } from "zod";

export const PAGE_LIMIT_MAX = 200;
/** Far past five years of any list, and small enough that PostgreSQL's OFFSET stays cheap to refuse. */
export const PAGE_OFFSET_MAX = 10_000_000;

export const limitMessage = (max: number) => `The page size (limit) must be a whole number from 1 to ${max}.`;
export const offsetMessage = (name = "offset") =>
  `The page start (${name}) must be a whole number from 0 to ${PAGE_OFFSET_MAX}.`;

/** A query-string number: "25" and 25 alike; "", "abc", "2.5", "-1" and "1e3" are refused. */
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error: message })
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));

export function pageLimit(defaultLimit: number, max = PAGE_LIMIT_MAX) {
  return wholeNumber(limitMessage(max), 1, max).default(defaultLimit);
}
export function optionalPageLimit(max = PAGE_LIMIT_MAX) {
  return wholeNumber(limitMessage(max), 1, max).optional();
}
export function pageOffset(name = "offset") {
  return wholeNumber(offsetMessage(name), 0, PAGE_OFFSET_MAX).default(0);
}

/** `limit` and `offset` with the defaults of a list; spread into the list's own schema. */
export function pagingFields(defaultLimit: number, max = PAGE_LIMIT_MAX) {
  return { limit: pageLimit(defaultLimit, max), offset: pageOffset() };
}
export type Paging = { limit: number; offset: number };
