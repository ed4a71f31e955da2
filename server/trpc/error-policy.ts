// How a failed call reads to a person, on both transports: the tRPC error formatter and the REST
// adapters (http/procedure-routes.ts) both answer with publicMessage() and tRPC's getHTTPStatusCodeFromError().
import { TRPCError } from "@trpc/server";
import { ZodError, z } from "zod";
import { AppError, INTERNAL_ERROR_MESSAGE } from "../errors.ts";
import { UNREADABLE_MESSAGE } from "../http/input-text.ts";

/**
 * The one policy for refused input: a schema's own message ("Please select a status.") as it is;
 * where a schema set none, zod's generic text ("Invalid input: expected string, received number")
 * becomes "Invalid <field>.". Zod consults this only for issues without a message of their own.
 */
z.config({ customError: (issue) => `Invalid ${issue.path?.join(".") || "request"}.` });

/** The first problem of refused input, in the words of the policy above. */
export const validationMessage = (error: ZodError) => error.issues[0]?.message ?? "Invalid request.";

/** The message a failed call answers with: never internal text, never a runtime's words. */
export function publicMessage(error: TRPCError): string {
  if (error.code === "INTERNAL_SERVER_ERROR") return INTERNAL_ERROR_MESSAGE;
  if (error.cause instanceof ZodError) return validationMessage(error.cause);
  // tRPC passes on the text of whatever failed while reading the input (JSON.parse, superjson):
  // a runtime's words, not ours. Our own errors (AppError, TRPCError we throw) keep theirs.
  const isRuntimeText =
    (error.code === "BAD_REQUEST" || error.code === "PARSE_ERROR") &&
    error.cause instanceof Error &&
    !(error.cause instanceof AppError) &&
    !(error.cause instanceof TRPCError);
  return isRuntimeText ? UNREADABLE_MESSAGE : error.message;
}

/** Seconds a client should wait after TOO_MANY_REQUESTS, when the limiter said. */
export const retryAfterOf = (error: TRPCError) =>
  error.cause instanceof AppError ? error.cause.details?.retryAfterSeconds : undefined;
