import type { DbOrTx, Tx } from "../../db.ts";

type Range = { startsAt: Date; endsAt: Date };

/** The holidays already marked as the teacher's days off in [from, to). */
export function findHolidayDaysOff(db: DbOrTx, teacherId: string, from: Date, to: Date) {
  return db.availabilityException.findMany({
    where: { teacherId, holiday: { not: null }, startsAt: { gte: from, lt: to } },
    select: { startsAt: true, holiday: true },
  });
}

/**
 * Records the holidays as days off, skipping those already recorded (one row per teacher, day
 * and holiday), and returns the ones recorded now. Inside the caller's locked transaction.
 */
export function insertHolidayDaysOff(tx: Tx, teacherId: string, days: (Range & { holiday: string })[]) {
  if (days.length === 0) return Promise.resolve([]);
  return tx.availabilityException.createManyAndReturn({
    data: days.map((d) => ({ teacherId, ...d })),
    skipDuplicates: true,
    select: { startsAt: true, endsAt: true, holiday: true },
  });
}

/** The teacher's slots starting inside any of the ranges. */
export function findSlotsStartingWithin(tx: DbOrTx, teacherId: string, ranges: Range[]) {
  if (ranges.length === 0) return Promise.resolve([]);
  return tx.availabilitySlot.findMany({
    where: { teacherId, OR: ranges.map((r) => ({ startsAt: { gte: r.startsAt, lt: r.endsAt } })) },
    orderBy: { startsAt: "asc" },
    select: { id: true, startsAt: true, endsAt: true },
  });
}

/** Whole days off (not a single removed occurrence) of the teachers overlapping [from, to). */
export function findDaysOffOverlapping(db: DbOrTx, teacherIds: string[], from: Date, to: Date) {
  return db.availabilityException.findMany({
    where: { teacherId: { in: teacherIds }, endsAt: { gt: from }, startsAt: { lt: to } },
    select: { teacherId: true, startsAt: true, endsAt: true, holiday: true },
  });
}

/** The teachers whose days off the "always" setting keeps: every active one. */
export async function listActiveTeacherIdsForHolidays(db: DbOrTx) {
  const rows = await db.teacher.findMany({ where: { isActive: true }, select: { id: true } });
  return rows.map((r) => r.id);
}
