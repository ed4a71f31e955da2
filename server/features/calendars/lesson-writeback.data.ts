import type { Prisma } from "../../db/generated/client.ts";
import type { Db, DbOrTx } from "../../db.ts";

const receivingSourceSelect = {
  id: true,
  teacherId: true,
  name: true,
  urlEncrypted: true,
  username: true,
  passwordEncrypted: true,
  calendarUrlEncrypted: true,
} as const satisfies Prisma.CalendarSourceSelect;
export type ReceivingSourceRow = Prisma.CalendarSourceGetPayload<{ select: typeof receivingSourceSelect }>;

export function listReceivingSources(db: DbOrTx) {
  return db.calendarSource.findMany({
    where: { receivesLessons: true, kind: "caldav" },
    select: receivingSourceSelect,
  });
}

export function findReceivingSource(db: DbOrTx, id: string) {
  return db.calendarSource.findFirst({
    where: { id, receivesLessons: true, kind: "caldav" },
    select: receivingSourceSelect,
  });
}

/**
 * Makes `id` the teacher's one calendar that receives lessons (or none). A calendar that stops
 * receiving forgets what was written to it: its events stay in her calendar, nothing more is written.
 */
export function setReceivingSource(db: Db, teacherId: string, id: string, receives: boolean) {
  return db.$transaction(async (tx) => {
    const others = receives ? { teacherId, id: { not: id } } : { id };
    await tx.calendarLessonEvent.deleteMany({ where: { source: others } });
    await tx.calendarSource.updateMany({
      where: { ...others, receivesLessons: true },
      data: { receivesLessons: false },
    });
    if (receives)
      await tx.calendarSource.update({ where: { id }, data: { receivesLessons: true }, select: { id: true } });
  });
}

export const writableLessonSelect = {
  id: true,
  startsAt: true,
  endsAt: true,
  status: true,
  lessonType: true,
  meetingLink: true,
  location: true,
  icsSequence: true,
  studentName: true,
  teacher: { select: { name: true } },
} as const satisfies Prisma.BookingSelect;
export type WritableLesson = Prisma.BookingGetPayload<{ select: typeof writableLessonSelect }>;

/** The teacher's confirmed lessons (and the unassigned ones, as her feed has them) not yet over. */
export function listWritableLessons(db: DbOrTx, teacherId: string, now: Date) {
  return db.booking.findMany({
    where: { status: "confirmed", endsAt: { gt: now }, OR: [{ teacherId }, { teacherId: null }] },
    select: writableLessonSelect,
    orderBy: { startsAt: "asc" },
    take: 5000,
  });
}

export function findWritableLesson(db: DbOrTx, id: string) {
  return db.booking.findUnique({ where: { id }, select: writableLessonSelect });
}

const lessonEventSelect = {
  id: true,
  sourceId: true,
  bookingId: true,
  uid: true,
  action: true,
  attempts: true,
  etag: true,
  sequence: true,
  contentHash: true,
  writtenStartsAt: true,
  writtenAt: true,
  changeKind: true,
  changedStartsAt: true,
  booking: { select: { status: true, startsAt: true, endsAt: true } },
} as const satisfies Prisma.CalendarLessonEventSelect;
export type LessonEventRow = Prisma.CalendarLessonEventGetPayload<{ select: typeof lessonEventSelect }>;

export function listLessonEvents(db: DbOrTx, sourceId: string) {
  return db.calendarLessonEvent.findMany({ where: { sourceId }, select: lessonEventSelect });
}

export function findLessonEvent(db: DbOrTx, id: string) {
  return db.calendarLessonEvent.findUnique({ where: { id }, select: lessonEventSelect });
}

/** New lessons to write; a row another process added meanwhile stays as it is. */
export async function insertLessonEvents(
  db: DbOrTx,
  rows: { sourceId: string; bookingId: string; uid: string; sequence: number }[],
  now: Date,
) {
  if (rows.length === 0) return 0;
  const created = await db.calendarLessonEvent.createMany({
    data: rows.map((r) => ({ ...r, action: "put", nextAttemptAt: now })),
    skipDuplicates: true,
  });
  return created.count;
}

/** Queues a write (`put`) or a removal (`delete`) now; any report of her change is settled. */
export async function queueLessonEvent(db: DbOrTx, id: string, action: "put" | "delete", now: Date) {
  await db.calendarLessonEvent.update({
    where: { id },
    data: {
      action,
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      changeKind: null,
      changedStartsAt: null,
      changeSeenAt: null,
    },
    select: { id: true },
  });
}

/**
 * Claims up to `limit` due writes for this process until `until`: each by one conditional UPDATE,
 * so of several processes (PostgreSQL) one writes a given lesson at a time.
 */
export async function claimDueLessonEvents(db: Db, now: Date, until: Date, limit: number, sourceId?: string) {
  const due = await db.calendarLessonEvent.findMany({
    where: {
      action: { not: null },
      nextAttemptAt: { lte: now },
      OR: [{ claimedUntil: null }, { claimedUntil: { lte: now } }],
      ...(sourceId ? { sourceId } : {}),
    },
    select: { id: true },
    orderBy: { nextAttemptAt: "asc" },
    take: limit,
  });
  const claimed: string[] = [];
  for (const { id } of due) {
    const won = await db.$executeRaw`
      UPDATE "CalendarLessonEvent" SET "claimedUntil" = ${until}
      WHERE "id" = ${id}::uuid AND "action" IS NOT NULL AND ("claimedUntil" IS NULL OR "claimedUntil" <= ${now})`;
    if (won === 1) claimed.push(id);
  }
  return claimed;
}

export async function recordLessonEventWritten(
  db: DbOrTx,
  id: string,
  written: { etag: string | null; sequence: number; contentHash: string; startsAt: Date; at: Date },
) {
  await db.calendarLessonEvent.update({
    where: { id },
    data: {
      action: null,
      attempts: 0,
      lastError: null,
      claimedUntil: null,
      etag: written.etag,
      sequence: written.sequence,
      contentHash: written.contentHash,
      writtenStartsAt: written.startsAt,
      writtenAt: written.at,
    },
    select: { id: true },
  });
}

export async function deleteLessonEventRow(db: DbOrTx, id: string) {
  await db.calendarLessonEvent.deleteMany({ where: { id } });
}

export async function recordLessonEventFailure(db: DbOrTx, id: string, error: string, nextAttemptAt: Date) {
  await db.calendarLessonEvent.update({
    where: { id },
    data: { attempts: { increment: 1 }, lastError: error, nextAttemptAt, claimedUntil: null },
    select: { id: true },
  });
}

/** The teacher deleted or moved the event in her calendar: kept until she decides. */
export async function recordLessonEventChange(
  db: DbOrTx,
  id: string,
  change: { kind: "deleted" | "moved"; startsAt: Date | null; seenAt: Date; sequence: number },
) {
  await db.calendarLessonEvent.updateMany({
    where: { id, action: null, changeKind: null },
    data: {
      changeKind: change.kind,
      changedStartsAt: change.startsAt,
      changeSeenAt: change.seenAt,
      sequence: change.sequence,
    },
  });
}

/** Her changes waiting for a decision, with the lessons they are about. */
export function listLessonEventChanges(db: DbOrTx, teacherId: string) {
  return db.calendarLessonEvent.findMany({
    where: { changeKind: { not: null }, bookingId: { not: null }, source: { teacherId } },
    select: {
      id: true,
      changeKind: true,
      changedStartsAt: true,
      changeSeenAt: true,
      source: { select: { name: true } },
      booking: { select: { id: true, startsAt: true, lessonType: true, studentName: true, status: true } },
    },
    orderBy: { changeSeenAt: "asc" },
  });
}

export function findLessonEventChange(db: DbOrTx, id: string) {
  return db.calendarLessonEvent.findUnique({
    where: { id },
    select: {
      id: true,
      bookingId: true,
      changeKind: true,
      changedStartsAt: true,
      source: { select: { teacherId: true } },
    },
  });
}
