// An Idempotency-Key makes every retry of a request return the first answer. The key is claimed
// before the work starts; a concurrent duplicate waits for that answer instead of doing the work.
import { createHash } from "node:crypto";
import type { Db } from "../../db.ts";
import { AppError, type AppErrorCode, HTTP_STATUS } from "../../errors.ts";
import {
  claimIdempotencyKey,
  completeIdempotencyRecord,
  findIdempotencyRecord,
  releaseExpiredIdempotencyKey,
  releaseIdempotencyKey,
} from "./booking.data.ts";

const WAIT_MS = 25_000;
const POLL_MS = 50;
/** A claim this old without an answer belongs to a request that died: it may be taken over. */
const STALE_MS = 2 * 60_000;
/**
 * Answers are kept for a day: a retry comes within minutes, a reused key a day later is a new
 * request. Older records are swept by the daily housekeeping (not here, on the booking path)
 * and count as absent until then.
 */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60_000;

type Stored = { requestHash?: string; result?: unknown; error?: { code: AppErrorCode; message: string } };

/**
 * An `Idempotency-Key` header names a retry of the same request (it wins over the body's key). Its
 * length and characters are checked at the edge (server/app.ts), before any procedure runs.
 */
export function idempotencyKeyOf(
  headers: Record<string, string | string[] | undefined>,
  fromBody: string | null | undefined,
): string | null {
  const raw = headers["idempotency-key"];
  const key = Array.isArray(raw) ? raw[0] : raw;
  return key || (fromBody ?? null);
}

export function hashRequest(operation: string, payload: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify([operation, payload]))
    .digest("hex");
}

function replay<T>(stored: Stored, requestHash: string): T {
  if (stored.requestHash !== requestHash) {
    throw new AppError("BAD_REQUEST", "This Idempotency-Key was already used for a different request.");
  }
  if (stored.error) throw new AppError(stored.error.code, stored.error.message);
  return stored.result as T;
}

/** Where a request comes from: its database, its headers (an `Idempotency-Key`) and its signed-in user. */
export type IdempotentCall = {
  db: Db;
  headers: Record<string, string | string[] | undefined>;
  userId: string;
};

/**
 * A create a person can repeat (a double tap, a retry), answered once per key: the header's key,
 * else the body's `idempotency_key`. The request is its operation and its fields without the key,
 * so the same key with other fields is refused rather than answered with another request's result.
 */
export function oncePerKey<T>(
  call: IdempotentCall,
  operation: string,
  input: { idempotency_key?: string | null; [field: string]: unknown },
  work: () => Promise<T>,
): Promise<T> {
  const { idempotency_key: fromBody, ...fields } = input;
  const key = idempotencyKeyOf(call.headers, fromBody);
  return withIdempotency(call.db, call.userId, key, hashRequest(operation, fields), work);
}

export async function withIdempotency<T>(
  db: Db,
  userId: string,
  key: string | null | undefined,
  requestHash: string,
  work: () => Promise<T>,
  now = new Date(),
): Promise<T> {
  if (!key) return work();
  const started = Date.now();
  const deadline = started + WAIT_MS;
  // `now` may be a test's clock: the time spent waiting here is added to it.
  const clock = () => now.getTime() + (Date.now() - started);
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_KEEP_MS);
  while (!(await claimIdempotencyKey(db, userId, key, requestHash, now))) {
    const record = await findIdempotencyRecord(db, userId, key);
    if (record && record.createdAt < expiredBefore) {
      await releaseExpiredIdempotencyKey(db, userId, key, expiredBefore);
      continue;
    }
    if (record && record.statusCode !== 0) return replay<T>(record.response as Stored, requestHash);
    if (record && clock() - record.createdAt.getTime() > STALE_MS) {
      await releaseIdempotencyKey(db, userId, key);
      continue;
    }
    if (Date.now() > deadline) {
      throw new AppError("CONFLICT", "The same request is still being processed. Please wait a moment and try again.");
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    const result = await work();
    await completeIdempotencyRecord(db, userId, key, 200, { requestHash, result: JSON.parse(JSON.stringify(result)) });
    return result;
  } catch (error) {
    if (error instanceof AppError && error.code !== "UNAVAILABLE" && error.code !== "TOO_MANY_REQUESTS") {
      await completeIdempotencyRecord(db, userId, key, HTTP_STATUS[error.code], {
        requestHash,
        error: { code: error.code, message: error.message },
      });
    } else {
      // An unexpected failure is not an answer: let a retry do the work again.
      await releaseIdempotencyKey(db, userId, key).catch(() => {});
    }
    throw error;
  }
}
