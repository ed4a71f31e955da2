// Sessions after The Copenhagen Book: the cookie holds `id.secret`, the database only the
// SHA-256 of the secret, compared in constant time. 30 days, extended when half used.
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

const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

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
): Promise<{ token: string; expiresAt: Date }> {
  const id = randomToken(15);
  const secret = randomToken(20); // 160 bits
  const expiresAt = new Date(now.getTime() + SESSION_MS);
  await insertSession(db, { id, secretHash: hashSecret(secret), userId, kind, expiresAt });
  return { token: `${id}.${secret}`, expiresAt };
}

/** The signed-in user for a cookie token, or null. Expired sessions are deleted on sight. */
export async function validateSessionToken(
  db: Db,
  token: string | undefined,
  kind: SessionKind,
  now = new Date(),
): Promise<{ user: SessionUser; expiresAt: Date; refreshed: boolean } | null> {
  const parts = token?.split(".") ?? [];
  const [id, secret] = parts;
  if (parts.length !== 2 || !id || !secret || id.length > 64 || secret.length > 64) return null;
  const session = await findSession(db, id, kind);
  if (!session) return null;
  const expected = new TextEncoder().encode(session.secretHash);
  const actual = new TextEncoder().encode(hashSecret(secret));
  if (!constantTimeEqual(expected, actual)) return null;
  if (session.expiresAt.getTime() <= now.getTime()) {
    await deleteSession(db, id);
    return null;
  }
  if (session.expiresAt.getTime() - now.getTime() < SESSION_MS / 2) {
    const expiresAt = new Date(now.getTime() + SESSION_MS);
    await updateSessionExpiry(db, id, expiresAt);
    return { user: session.user, expiresAt, refreshed: true };
  }
  return { user: session.user, expiresAt: session.expiresAt, refreshed: false };
}

export async function invalidateSessionToken(db: Db, token: string | undefined): Promise<void> {
  const id = token?.split(".")[0];
  if (id) await deleteSession(db, id);
}
