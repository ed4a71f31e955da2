import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import { DEFAULT_LOCALE } from "../../shared/i18n/locales.ts";
import { AppError, type AppErrorCode } from "../errors.ts";
import { requireAdmin, requireStudent } from "../features/auth/roles.ts";
import { cleanInput } from "../http/input-text.ts";
import { requestLocale } from "../i18n.ts";
import { limitCaller, type RateLimitBucket, rateLimitCallerOf } from "../plugins/rate-limit.ts";
import type { Context } from "./context.ts";
import { publicMessage } from "./error-policy.ts";

const TRPC_CODES: Record<AppErrorCode, TRPCError["code"]> = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
  UNAVAILABLE: "SERVICE_UNAVAILABLE",
};

const t = initTRPC.context<Context>().create({
  // Inputs pass the same text check as REST bodies: no NUL, no lone surrogate (input-text.ts).
  transformer: {
    input: {
      serialize: (value) => superjson.serialize(value),
      deserialize: (value) => cleanInput(superjson.deserialize(value)),
    },
    output: superjson,
  },
  errorFormatter({ shape, error, ctx }) {
    return {
      ...shape,
      message: publicMessage(error, ctx ? requestLocale(ctx.headers) : DEFAULT_LOCALE),
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path },
    };
  },
});

/** Services throw transport-free AppErrors; this maps them to tRPC errors in one place. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODES[cause.code], message: cause.message, cause });
  }
  return result;
});

/**
 * For forms whose refusal the spec words as one sentence, whatever the field ("Please fill in all
 * required fields"): any input the schema refuses answers `message`. Used before `.input()`.
 */
export const invalidInputSays = (message: string) =>
  t.middleware(async ({ next }) => {
    const result = await next();
    if (!result.ok && result.error.cause instanceof ZodError) {
      throw new TRPCError({ code: "BAD_REQUEST", message, cause: new AppError("BAD_REQUEST", message) });
    }
    return result;
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(appErrors);

export const studentProcedure = publicProcedure.use(async ({ ctx, next }) =>
  next({ ctx: { ...ctx, student: await requireStudent(ctx.sessionUser) } }),
);

/**
 * Counts the call in `buckets` of the app's one table of limits (plugins/rate-limit.ts), the same
 * counters the REST twins use: per account when signed in, per address for a visitor. Added
 * before `.input()`, so a call is counted even when its input is refused.
 */
const limitRate = (buckets: RateLimitBucket | readonly RateLimitBucket[]) =>
  t.middleware(async ({ ctx, next }) => {
    await limitCallOf(ctx, buckets);
    return next();
  });

/** Counts the call in `buckets` now, for limits that depend on the input (a referral code). */
export async function limitCallOf(ctx: Context, buckets: RateLimitBucket | readonly RateLimitBucket[]) {
  await limitCaller(ctx.rateLimiter, ctx.env, buckets, await rateLimitCallerOf(ctx.sessionUser, ctx.clientIp));
}

/** A public procedure counted in `buckets`: every write a visitor can make is one of these. */
export const rateLimitedProcedure = (buckets: RateLimitBucket | readonly RateLimitBucket[]) =>
  publicProcedure.use(limitRate(buckets));

/** A student procedure counted in `buckets`: every write a student can make is one of these. */
export const rateLimitedStudentProcedure = (buckets: RateLimitBucket | readonly RateLimitBucket[]) =>
  studentProcedure.use(limitRate(buckets));

/** The admin flag comes from the user row read with the session on this request, never a cache. */
export const adminProcedure = publicProcedure.use(async ({ ctx, next }) =>
  next({ ctx: { ...ctx, admin: await requireAdmin(ctx.sessionUser) } }),
);
