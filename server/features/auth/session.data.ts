import type { Db } from "../../db.ts";

const sessionUserSelect = {
  id: true,
  email: true,
  name: true,
  isAdmin: true,
  imageUrl: true,
} as const;

export type SessionUser = { id: string; email: string; name: string; isAdmin: boolean; imageUrl: string | null };
export type SessionKind = "admin" | "student";

export function insertSession(
  db: Db,
  data: { id: string; secretHash: string; userId: string; kind: SessionKind; expiresAt: Date },
) {
  return db.session.create({ data, select: { id: true } });
}

export function findSession(db: Db, id: string, kind: SessionKind) {
  return db.session.findFirst({
    where: { id, kind },
    select: { id: true, secretHash: true, expiresAt: true, user: { select: sessionUserSelect } },
  });
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
