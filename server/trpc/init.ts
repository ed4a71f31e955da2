import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import { AppError, type AppErrorCode, INTERNAL_ERROR_MESSAGE } from "../errors.ts";
import { cleanInput } from "../http/input-text.ts";
import type { Context } from "./context.ts";

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
  errorFormatter({ shape, error }) {
    const isInternal = error.code === "INTERNAL_SERVER_ERROR";
    const validation = error.cause instanceof ZodError ? error.cause.issues[0] : undefined;
    return {
      ...shape,
      message: isInternal
        ? INTERNAL_ERROR_MESSAGE
        : validation
          ? `${validation.path.join(".") || "input"}: ${validation.message}`
          : shape.message,
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

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(appErrors);

export const studentProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const student = await ctx.sessionUser("student");
  if (!student) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in to continue." });
  return next({ ctx: { ...ctx, student } });
});

/** The admin flag comes from the user row read with the session on this request, never a cache. */
export const adminProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const admin = await ctx.sessionUser("admin");
  if (!admin) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in as the teacher." });
  if (!admin.isAdmin) throw new TRPCError({ code: "FORBIDDEN", message: "Administrator access required." });
  return next({ ctx: { ...ctx, admin } });
});
