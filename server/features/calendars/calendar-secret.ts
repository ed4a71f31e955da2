// The teacher's calendar addresses and passwords at rest: AES-256-GCM under a key derived from
// CALENDAR_SECRET, a fresh nonce per value, so a copy of the database alone reveals none of them
// (an ICS "secret address" is itself a password to her calendar).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const VERSION = "v1";
const keyOf = (secret: string) => createHash("sha256").update(`calendar credentials\0${secret}`).digest();

export function encryptCalendarSecret(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    sealed.toString("base64url"),
  ].join(":");
}

/** Throws when the value was sealed under another key or altered. */
export function decryptCalendarSecret(stored: string, secret: string): string {
  const [version, iv, tag, sealed] = stored.split(":");
  if (version !== VERSION || !iv || !tag || sealed === undefined) throw new Error("unreadable calendar credential");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
}
