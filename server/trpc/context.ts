import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db.ts";
import type { Env } from "../env.ts";
import type { SessionKind, SessionUser } from "../features/auth/session.service.ts";
import type { AvailabilityCache } from "../features/availability/availability-cache.ts";
import type { UploadStore } from "../features/files/upload-store.ts";
import type { RateLimiter } from "../plugins/rate-limit.ts";

export type AppServices = {
  db: Db;
  env: Env;
  rateLimiter: RateLimiter;
  /** The app's availability cache (availability-cache.ts); without one, every call computes. */
  availabilityCache?: AvailabilityCache;
  /** The upload store, where replaced photos are deleted (absent in callers without files). */
  uploads?: UploadStore;
};

export type InnerContext = AppServices & {
  /** Resolves a session lazily, once per request. */
  sessionUser(kind: SessionKind): Promise<SessionUser | null>;
  clientIp: string;
  headers: Record<string, string | string[] | undefined>;
};

/** Lets tests call procedures without HTTP: pass the users the caller should be. */
export function createInnerContext(
  services: AppServices,
  opts: { admin?: SessionUser | null; student?: SessionUser | null; clientIp?: string } = {},
): InnerContext {
  return {
    ...services,
    sessionUser: async (kind) => (kind === "admin" ? (opts.admin ?? null) : (opts.student ?? null)),
    clientIp: opts.clientIp ?? "127.0.0.1",
    headers: {},
  };
}

export function createContextFactory(services: AppServices) {
  return ({ req }: { req: FastifyRequest; res: FastifyReply }): InnerContext => ({
    ...services,
    sessionUser: (kind) => req.sessionUser(kind),
    clientIp: req.ip,
    headers: req.headers,
  });
}

export type Context = InnerContext;
