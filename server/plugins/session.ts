// Resolves the admin and student sessions at most once per request, and only when the cookie
// is there, so visitors cost no database query. Read by tRPC and the REST adapters alike.

import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db.ts";
import { type SessionKind, type SessionUser, validateSessionToken } from "../features/auth/session.service.ts";

export const SESSION_COOKIES: Record<SessionKind, string> = {
  admin: "admin_session",
  student: "student_session",
};

declare module "fastify" {
  interface FastifyRequest {
    sessionUser(kind: SessionKind): Promise<SessionUser | null>;
  }
}

export function setSessionCookie(
  reply: FastifyReply,
  kind: SessionKind,
  token: string,
  expiresAt: Date,
  secure: boolean,
) {
  reply.setCookie(SESSION_COOKIES[kind], token, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, kind: SessionKind, secure: boolean) {
  reply.clearCookie(SESSION_COOKIES[kind], { httpOnly: true, sameSite: "lax", secure, path: "/" });
}

export const sessionPlugin = fp(
  async (app, opts: { db: Db; secureCookies: boolean }) => {
    app.decorateRequest(
      "sessionUser",
      function (this: FastifyRequest, _kind: SessionKind): Promise<SessionUser | null> {
        throw new Error("session plugin not initialised for this request");
      },
    );
    app.addHook("onRequest", async (request, reply) => {
      const cache = new Map<SessionKind, Promise<SessionUser | null>>();
      request.sessionUser = (kind) => {
        let pending = cache.get(kind);
        if (!pending) {
          const token = request.cookies[SESSION_COOKIES[kind]];
          pending = token
            ? validateSessionToken(opts.db, token, kind).then((result) => {
                if (!result) {
                  clearSessionCookie(reply, kind, opts.secureCookies);
                  return null;
                }
                if (result.refreshed) setSessionCookie(reply, kind, token, result.expiresAt, opts.secureCookies);
                return result.user;
              })
            : Promise.resolve(null);
          cache.set(kind, pending);
        }
        return pending;
      };
    });
  },
  { name: "session", dependencies: ["@fastify/cookie"] },
);
