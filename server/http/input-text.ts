// JSON can carry text that UTF-8 and PostgreSQL cannot: a lone surrogate ("\ud800", half of an
// emoji) or a NUL character ("\u0000"). Prisma's query protocol fails on the first and
// PostgreSQL refuses the second, so either would end as a 500 deep inside a query. Both edges
// (the REST JSON parser and tRPC's input transformer) pass what they parse through here: a lone
// surrogate becomes U+FFFD, as a browser does when it encodes such a string, and a NUL is refused
// with a 400 before any work starts.
import { AppError } from "../errors.ts";

export const INVALID_CHARACTER_MESSAGE = "The request contains an invalid character.";
export const TOO_DEEP_MESSAGE = "The request is nested too deeply to be read.";
export const UNREADABLE_MESSAGE = "The request could not be read. Please check it and try again.";

/**
 * No input of this app nests deeper than a few levels. Deeper JSON is refused before it is
 * parsed: its depth would otherwise reach recursive code (the input checks, superjson, zod,
 * Prisma's query builder) and end as a 500 or a runtime's "Maximum call stack size exceeded".
 */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text opens more than `max` arrays or objects inside each other (strings skipped). */
export function jsonNestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  if (text.length <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}

/** JSON text that may hold a lone surrogate or a NUL as an escape: worth a full check. */
const SUSPICIOUS_ESCAPE = /\\u(?:d[89a-f]|0000)/i;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

const isClean = (text: string) => !text.includes("\0") && text.isWellFormed();

function allClean(value: unknown): boolean {
  if (typeof value === "string") return isClean(value);
  if (Array.isArray(value)) return value.every(allClean);
  if (isPlainObject(value)) return Object.entries(value).every(([key, item]) => isClean(key) && allClean(item));
  return true;
}

function cleanString(text: string): string {
  if (text.includes("\0")) throw new AppError("BAD_REQUEST", INVALID_CHARACTER_MESSAGE);
  return text.toWellFormed();
}

function rebuild(value: unknown): unknown {
  if (typeof value === "string") return cleanString(value);
  if (Array.isArray(value)) return value.map(rebuild);
  if (isPlainObject(value)) {
    // fromEntries defines own properties, as JSON.parse does: a "__proto__" key stays a plain key.
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [cleanString(key), rebuild(item)]));
  }
  return value;
}

/**
 * `value` itself when every string in it (keys included) is well-formed and NUL-free; else a copy
 * with lone surrogates replaced by U+FFFD. Throws BAD_REQUEST on a NUL character.
 */
export function cleanInput<T>(value: T): T {
  return allClean(value) ? value : (rebuild(value) as T);
}

/** JSON.parse (refusing deep nesting first), then cleanInput when the text holds an escape that could need it. */
export function parseJsonInput(text: string): unknown {
  if (jsonNestsDeeperThan(text)) throw new AppError("BAD_REQUEST", TOO_DEEP_MESSAGE);
  const value: unknown = JSON.parse(text);
  return SUSPICIOUS_ESCAPE.test(text) ? cleanInput(value) : value;
}
