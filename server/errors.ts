// Transport-free errors thrown by services; tRPC and Fastify each map them once.

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

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: { retryAfterSeconds?: number },
  ) {
    super(message);
    this.name = "AppError";
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
