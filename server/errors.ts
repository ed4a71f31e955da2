// Transport-free errors thrown by services; tRPC and Fastify each map them once, in the language
// of the request (issue 29).
import type { CalendarFailureKey } from "../shared/calendar-failures.ts";
import { DEFAULT_LOCALE, type Locale } from "../shared/i18n/locales.ts";
import type { MessageKey, MessageValues } from "../shared/i18n/messages.ts";
import { translateSentence, translator } from "./i18n.ts";

export type AppErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "TOO_MANY_REQUESTS"
  | "UNAVAILABLE";

export const HTTP_STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
};

/**
 * A message of the errors catalogue with placeholders, and their values in each language (a date, an
 * amount); or one of the quiz catalogue's messages (§8's refusals, which the quiz pages also say); or why one
 * of the teacher's calendars could not be read, as her calendars card says it.
 */
export type LocalisedText = {
  key: Extract<MessageKey, `errors.${string}` | `quiz.message.${string}`> | CalendarFailureKey;
  values?: MessageValues | ((locale: Locale) => MessageValues);
};

/**
 * What an error says: a fixed English sentence of the errors catalogue (the specification's words,
 * translated by the catalogue, see translateSentence), or a message with values.
 */
export type ErrorText = string | LocalisedText;

/** An error's text in `locale`. */
export function errorText(text: ErrorText, locale: Locale): string {
  if (typeof text === "string") return translateSentence(text, locale);
  const values = typeof text.values === "function" ? text.values(locale) : text.values;
  return translator(locale)(text.key, values);
}

export class AppError extends Error {
  /** `message` is the English text: what logs and tests read. */
  constructor(
    readonly code: AppErrorCode,
    readonly text: ErrorText,
    readonly details?: { retryAfterSeconds?: number },
  ) {
    super(errorText(text, DEFAULT_LOCALE));
    this.name = "AppError";
  }

  /** What a person reading `locale` is told. */
  messageIn(locale: Locale): string {
    return errorText(this.text, locale);
  }
}

/** The message a person sees for any failure we did not anticipate. Never internal text. */
export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

/**
 * Through the driver adapters a constraint violation arrives as a DriverAdapterError whose
 * cause carries PostgreSQL's SQLSTATE: 23P01 (exclusion) and 23505 (unique) mean a conflict.
 */
export function isConstraintConflict(error: unknown): boolean {
  const codes = new Set<string>();
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const c = current as { code?: unknown; cause?: unknown; meta?: { code?: unknown } };
    if (typeof c.code === "string") codes.add(c.code);
    if (typeof c.meta?.code === "string") codes.add(c.meta.code);
    current = c.cause;
  }
  return codes.has("23P01") || codes.has("23505") || codes.has("P2002");
}
