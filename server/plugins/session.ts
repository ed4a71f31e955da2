// Resolves the admin and student sessions at most once per request, and only when the cookie
// is there, so visitors cost no database query. Read by tRPC and the REST adapters alike.
// An answer built after reading the session depends on who asked: it is sent with
// `Cache-Control: private, no-store`, so no browser or proxy cache keeps a person's lessons,
// contacts or the teacher's inbox (a shared computer's back button included). Marking the read,
// rather than listing paths, covers every route and procedure that will ever read it.

import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db.ts";
import {
  type SessionKind,
  type SessionLifetimes,
  type SessionUser,
  validateSessionToken,
} from "../features/auth/session.service.ts";

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
  reply.header("Cache-Control", "private, no-store");
  reply.setCookie(SESSION_COOKIES[kind], token, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, kind: SessionKind, secure: boolean) {
  reply.header("Cache-Control", "private, no-store");
  reply.clearCookie(SESSION_COOKIES[kind], { httpOnly: true, sameSite: "lax", secure, path: "/" });
}

const readsSession = new WeakSet<FastifyRequest>();

export const sessionPlugin = fp(
  async (app, opts: { db: Db; secureCookies: boolean; lifetimes: SessionLifetimes }) => {
    app.decorateRequest(
      "sessionUser",
      function (this: FastifyRequest, _kind: SessionKind): Promise<SessionUser | null> {
        throw new Error("session plugin not initialised for this request");
      },
    );
    app.addHook("onRequest", async (request, reply) => {
      const cache = new Map<SessionKind, Promise<SessionUser | null>>();
      request.sessionUser = (kind) => {
        readsSession.add(request);
        let pending = cache.get(kind);
        if (!pending) {
          const token = request.cookies[SESSION_COOKIES[kind]];
          pending = token
            ? validateSessionToken(opts.db, token, kind, new Date(), opts.lifetimes).then((result) => {
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
    app.addHook("onSend", async (request, reply) => {
      if (readsSession.has(request)) reply.header("Cache-Control", "private, no-store");
    });
  },
  { name: "session", dependencies: ["@fastify/cookie"] },
);
