import type { Prisma } from "../../db/generated/client.ts";
import type { Db } from "../../db.ts";

export type FeedKind = "student" | "teacher";

export function findActiveFeed(db: Db, userId: string, kind: FeedKind) {
  return db.calendarFeed.findFirst({
    where: { userId, kind, revokedAt: null },
    orderBy: { createdAt: "desc" },
    select: { id: true, createdAt: true },
  });
}

/** Revokes every live link of this user and kind and stores the new one, all or nothing. */
export function replaceFeed(db: Db, userId: string, kind: FeedKind, tokenHash: string, now: Date) {
  return db.$transaction(async (tx) => {
    await tx.calendarFeed.updateMany({ where: { userId, kind, revokedAt: null }, data: { revokedAt: now } });
    return tx.calendarFeed.create({ data: { userId, kind, tokenHash }, select: { id: true, createdAt: true } });
  });
}

export function findFeedByTokenHash(db: Db, tokenHash: string) {
  return db.calendarFeed.findUnique({
    where: { tokenHash },
    select: {
      kind: true,
      revokedAt: true,
      user: { select: { id: true, name: true, isAdmin: true, locale: true, teacher: { select: { id: true } } } },
    },
  });
}

const feedLessonSelect = {
  id: true,
  startsAt: true,
  status: true,
  lessonType: true,
  meetingLink: true,
  location: true,
  icsSequence: true,
  studentName: true,
  teacher: { select: { name: true } },
  order: { select: { locale: true } },
  student: { select: { locale: true } },
} as const satisfies Prisma.BookingSelect;

/** A year of history and everything ahead, oldest first. */
export function listFeedLessons(db: Db, where: Prisma.BookingWhereInput, since: Date) {
  return db.booking.findMany({
    where: { AND: [where, { startsAt: { gte: since } }] },
    orderBy: { startsAt: "asc" },
    take: 2000,
    select: feedLessonSelect,
  });
}
