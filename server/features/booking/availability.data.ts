import type { Prisma } from "../../db/generated/client.ts";
import type { Db } from "../../db.ts";

/** A Prisma client or the client of an interactive transaction. */
export type DbOrTx = Db | Prisma.TransactionClient;

const LIVE_STATUSES = ["pending", "confirmed"] as const;

export function findSiteSettings(db: DbOrTx) {
  return db.adminSettings.findUnique({
    where: { id: "site" },
    select: {
      bufferBetweenLessons: true,
      maxAdvanceBooking: true,
      timezone: true,
      autoConfirmBookings: true,
      defaultMeetingLink: true,
    },
  });
}

export function listActiveTeacherIds(db: DbOrTx, teacherId?: string) {
  return db.teacher.findMany({
    where: { isActive: true, ...(teacherId ? { id: teacherId } : {}) },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, email: true },
  });
}

/** Availability slots of these teachers that overlap [start, end). */
export function listSlotsOverlapping(db: DbOrTx, teacherIds: string[], start: Date, end: Date) {
  return db.availabilitySlot.findMany({
    where: { teacherId: { in: teacherIds }, startsAt: { lt: end }, endsAt: { gt: start } },
    orderBy: { startsAt: "asc" },
    select: { id: true, teacherId: true, startsAt: true, endsAt: true, recurring: true },
  });
}

/** Pending and confirmed lessons of these teachers that overlap [start, end). */
export function listLiveBookingsOverlapping(db: DbOrTx, teacherIds: string[], start: Date, end: Date) {
  return db.booking.findMany({
    where: {
      teacherId: { in: teacherIds },
      status: { in: [...LIVE_STATUSES] },
      startsAt: { lt: end },
      endsAt: { gt: start },
    },
    orderBy: { startsAt: "asc" },
    select: { id: true, teacherId: true, studentId: true, orderId: true, startsAt: true, endsAt: true },
  });
}
