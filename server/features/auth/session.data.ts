import type { Db } from "../../db.ts";

export type SessionUser = { id: string; email: string; name: string; isAdmin: boolean; imageUrl: string | null };
export type SessionKind = "admin" | "student";

export function insertSession(
  db: Db,
  data: { id: string; secretHash: string; userId: string; kind: SessionKind; createdAt: Date; expiresAt: Date },
) {
  return db.session.create({ data, select: { id: true } });
}

type SessionJoinRow = SessionUser & { secretHash: string; expiresAtMs: number; createdAtMs: number };

/**
 * The session and its user in one statement (every signed-in request runs it: SQL, as the hot
 * reads in availability.data.ts, with the instant read as epoch milliseconds for the same reason).
 */
export async function findSession(db: Db, id: string, kind: SessionKind) {
  const rows = await db.$queryRaw<SessionJoinRow[]>`
    SELECT u."id", u."email", u."name", u."isAdmin", u."imageUrl", s."secretHash",
      (extract(epoch FROM s."expiresAt") * 1000)::float8 AS "expiresAtMs",
      (extract(epoch FROM s."createdAt") * 1000)::float8 AS "createdAtMs"
    FROM "Session" s JOIN "User" u ON u."id" = s."userId"
    WHERE s."id" = ${id} AND s."kind" = ${kind}::"SessionKind"`;
  const row = rows[0];
  if (!row) return null;
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    name: row.name,
    isAdmin: row.isAdmin,
    imageUrl: row.imageUrl,
  };
  return {
    id,
    secretHash: row.secretHash,
    expiresAt: new Date(row.expiresAtMs),
    createdAt: new Date(row.createdAtMs),
    user,
  };
}

export function updateSessionExpiry(db: Db, id: string, expiresAt: Date) {
  return db.session.update({ where: { id }, data: { expiresAt }, select: { id: true } });
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.session.deleteMany({ where: { id } });
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
}
