// JSON can carry text that UTF-8 and PostgreSQL cannot: a lone surrogate ("\ud800", half of an
// emoji) or a NUL character ("\u0000"). Prisma's query protocol fails on the first and
// PostgreSQL refuses the second, so either would end as a 500 deep inside a query. Both edges
// (the REST JSON parser and tRPC's input transformer) pass what they parse through here: a lone
// surrogate becomes U+FFFD, as a browser does when it encodes such a string, and a NUL is refused
// with a 400 before any work starts.
import { AppError } from "../errors.ts";

export const INVALID_CHARACTER_MESSAGE = "The request contains an invalid character.";

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

/** JSON.parse, then cleanInput when the text holds an escape that could need it. */
export function parseJsonInput(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return SUSPICIOUS_ESCAPE.test(text) ? cleanInput(value) : value;
}
