// How a failed call reads to a person, on both transports: the tRPC error formatter and the REST
// adapters (http/procedure-routes.ts) both answer with publicMessage() and tRPC's getHTTPStatusCodeFromError().
import { TRPCError } from "@trpc/server";
import { ZodError, z } from "zod";
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales.ts";
import { AppError, INTERNAL_ERROR_MESSAGE } from "../errors.ts";
import { UNREADABLE_MESSAGE } from "../http/input-text.ts";
import { translateSentence, translator } from "../i18n.ts";

/**
 * The one policy for refused input: a schema's own message ("Please select a status.") as it is;
 * where a schema set none, zod's generic text ("Invalid input: expected string, received number")
 * becomes "Invalid <field>.". Zod consults this only for issues without a message of their own.
 */
z.config({ customError: (issue) => `Invalid ${issue.path?.join(".") || "request"}.` });

/**
 * The first problem of refused input, in the words of the policy above, in `locale`: a schema's
 * sentence through the errors catalogue, the generic "Invalid <field>." as its Italian twin (the
 * field keeps the name the request gave it).
 */
export function validationMessage(error: ZodError, locale: Locale = DEFAULT_LOCALE): string {
  const issue = error.issues[0];
  if (!issue) return translateSentence("Invalid request.", locale);
  const field = issue.path.join(".") || "request";
  if (issue.message === `Invalid ${field}.` && locale !== DEFAULT_LOCALE) {
    return field === "request"
      ? translateSentence("Invalid request.", locale)
      : translator(locale)("errors.invalidField", { field });
  }
  return translateSentence(issue.message, locale);
}

/** The message a failed call answers with, in `locale`: never internal text, never a runtime's words. */
export function publicMessage(error: TRPCError, locale: Locale = DEFAULT_LOCALE): string {
  if (error.code === "INTERNAL_SERVER_ERROR") return translateSentence(INTERNAL_ERROR_MESSAGE, locale);
  if (error.cause instanceof ZodError) return validationMessage(error.cause, locale);
  if (error.cause instanceof AppError) return error.cause.messageIn(locale);
  // tRPC passes on the text of whatever failed while reading the input (JSON.parse, superjson):
  // a runtime's words, not ours. Our own errors (AppError, TRPCError we throw) keep theirs.
  const isRuntimeText =
    (error.code === "BAD_REQUEST" || error.code === "PARSE_ERROR") &&
    error.cause instanceof Error &&
    !(error.cause instanceof AppError) &&
    !(error.cause instanceof TRPCError);
  return translateSentence(isRuntimeText ? UNREADABLE_MESSAGE : error.message, locale);
}

/** Seconds a client should wait after TOO_MANY_REQUESTS, when the limiter said. */
export const retryAfterOf = (error: TRPCError) =>
  error.cause instanceof AppError ? error.cause.details?.retryAfterSeconds : undefined;
