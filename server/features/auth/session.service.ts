// Sessions after The Copenhagen Book: the cookie holds `id.secret`, the database only the
// SHA-256 of the secret, compared in constant time. A session ends after SESSION_DAYS without use
// (extended when half used) and, whatever the use, at its absolute lifetime from sign-in
// (ASVS 5.0 7.3.2: a cookie used every few weeks was otherwise valid for ever): 30 days for a
// student, 7 for the admin by default (STUDENT_SESSION_MAX_DAYS, ADMIN_SESSION_MAX_DAYS).
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { SESSION_DAYS } from "../../../shared/constants.ts";
import type { Db } from "../../db.ts";
import {
  deleteSession,
  findSession,
  insertSession,
  type SessionKind,
  type SessionUser,
  updateSessionExpiry,
} from "./session.data.ts";

export type { SessionKind, SessionUser };

const DAY_MS = 24 * 60 * 60 * 1000;
const IDLE_MS = SESSION_DAYS * DAY_MS;

/** How long a session may live from sign-in, by kind, in days. */
export type SessionLifetimes = Record<SessionKind, number>;
export const DEFAULT_SESSION_LIFETIMES: SessionLifetimes = { student: 30, admin: 7 };

/** The cookie's token: the base32 of 15 random bytes, a dot, the base32 of 20. Anything else is no session. */
const TOKEN_SHAPE = /^[a-z2-7]{24}\.[a-z2-7]{32}$/;

/** Whether a cookie value has the shape of a session token; checked before any query sees it. */
export function isSessionTokenShape(token: unknown): token is string {
  return typeof token === "string" && TOKEN_SHAPE.test(token);
}

function randomToken(bytes: number): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(bytes)));
}

function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(secret)));
}

/** Creates a session and returns the token for the cookie; a new one at every sign-in. */
export async function createSession(
  db: Db,
  userId: string,
  kind: SessionKind,
  now = new Date(),
  lifetimes = DEFAULT_SESSION_LIFETIMES,
): Promise<{ token: string; expiresAt: Date }> {
  const id = randomToken(15);
  const secret = randomToken(20); // 160 bits
  const expiresAt = nextExpiry(now, now, kind, lifetimes);
  await insertSession(db, { id, secretHash: hashSecret(secret), userId, kind, createdAt: now, expiresAt });
  return { token: `${id}.${secret}`, expiresAt };
}

/** The idle deadline from `now`, never past the absolute end counted from `createdAt`. */
function nextExpiry(now: Date, createdAt: Date, kind: SessionKind, lifetimes: SessionLifetimes): Date {
  return new Date(Math.min(now.getTime() + IDLE_MS, createdAt.getTime() + lifetimes[kind] * DAY_MS));
}

/**
 * The signed-in user for a cookie token, or null. Expired sessions are deleted on sight. A value
 * that is not a token's shape (a NUL, a 10 KB string, a lone surrogate) is no session and never
 * reaches a query.
 */
export async function validateSessionToken(
  db: Db,
  token: unknown,
  kind: SessionKind,
  now = new Date(),
  lifetimes = DEFAULT_SESSION_LIFETIMES,
): Promise<{ user: SessionUser; expiresAt: Date; refreshed: boolean } | null> {
  if (!isSessionTokenShape(token)) return null;
  const [id, secret] = token.split(".") as [string, string];
  const session = await findSession(db, id, kind);
  if (!session) return null;
  const expected = new TextEncoder().encode(session.secretHash);
  const actual = new TextEncoder().encode(hashSecret(secret));
  if (!constantTimeEqual(expected, actual)) return null;
  const absoluteEnd = session.createdAt.getTime() + lifetimes[kind] * DAY_MS;
  if (session.expiresAt.getTime() <= now.getTime() || absoluteEnd <= now.getTime()) {
    await deleteSession(db, id);
    return null;
  }
  const expiresAt = nextExpiry(now, session.createdAt, kind, lifetimes);
  // Extend once half the idle time is used, and only when that moves the end (not at the cap).
  if (session.expiresAt.getTime() - now.getTime() < IDLE_MS / 2 && expiresAt > session.expiresAt) {
    await updateSessionExpiry(db, id, expiresAt);
    return { user: session.user, expiresAt, refreshed: true };
  }
  return { user: session.user, expiresAt: session.expiresAt, refreshed: false };
}

export async function invalidateSessionToken(db: Db, token: unknown): Promise<void> {
  if (isSessionTokenShape(token)) await deleteSession(db, token.split(".")[0] as string);
}
