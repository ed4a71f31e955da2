import type { Db, DbOrTx, Tx } from "../../db.ts";

const slotSelect = {
  id: true,
  teacherId: true,
  startsAt: true,
  endsAt: true,
  recurring: true,
  seriesId: true,
} as const;

export type NewSlot = { teacherId: string; startsAt: Date; endsAt: Date; recurring: string; seriesId: string | null };

/** One transaction: every slot or none (the no-overlap constraint may refuse any of them). */
export function insertSlots(db: Db, slots: NewSlot[]) {
  return db.$transaction(async (tx) => {
    await tx.availabilitySlot.createMany({ data: slots });
    return slots.length;
  });
}

export function findOverlappingSlots(db: Db, teacherId: string, ranges: { startsAt: Date; endsAt: Date }[]) {
  if (ranges.length === 0) return Promise.resolve([]);
  return db.availabilitySlot.findMany({
    where: { teacherId, OR: ranges.map((r) => ({ startsAt: { lt: r.endsAt }, endsAt: { gt: r.startsAt } })) },
    orderBy: { startsAt: "asc" },
    take: 50,
    select: slotSelect,
  });
}

export function findSlot(db: Db, id: string) {
  return db.availabilitySlot.findUnique({ where: { id }, select: slotSelect });
}

/** Active lessons of the teacher that fall inside any of the given ranges. */
export function findBookingsWithin(db: DbOrTx, teacherId: string, ranges: { startsAt: Date; endsAt: Date }[]) {
  if (ranges.length === 0) return Promise.resolve([]);
  return db.booking.findMany({
    where: {
      teacherId,
      status: { in: ["pending", "confirmed"] },
      OR: ranges.map((r) => ({ startsAt: { lt: r.endsAt }, endsAt: { gt: r.startsAt } })),
    },
    orderBy: { startsAt: "asc" },
    take: 20,
    select: { id: true, startsAt: true, studentName: true },
  });
}

/**
 * Removes the slots unless one of them holds an active lesson, checking and deleting in one
 * transaction under the per-teacher advisory lock the booking service takes
 * (runWithTeacherLock), so a booking of one of these slots cannot commit between the check and
 * the delete and leave a lesson without its availability.
 */
export function deleteSlotsUnlessBooked(
  db: Db,
  teacherId: string,
  slots: { id: string; startsAt: Date; endsAt: Date }[],
  /** Time the standing schedule's top-up must not fill again, recorded with the removal. */
  takenOut: { startsAt: Date; endsAt: Date; name?: string | null }[] = [],
) {
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${teacherId}))`;
      const booked = await findBookingsWithin(tx, teacherId, slots);
      if (booked.length > 0) return { booked, deleted: 0 };
      const { count } = slots.length
        ? await tx.availabilitySlot.deleteMany({ where: { teacherId, id: { in: slots.map((s) => s.id) } } })
        : { count: 0 };
      if (takenOut.length > 0) {
        await tx.availabilityException.createMany({ data: takenOut.map((r) => ({ teacherId, ...r })) });
      }
      return { booked, deleted: count };
    },
    { maxWait: 30_000, timeout: 30_000 },
  );
}

/** Records days off (or any time the top-up must leave free), inside the caller's locked transaction. */
export async function insertDaysOff(
  tx: Tx,
  teacherId: string,
  range: { startsAt: Date; endsAt: Date; name: string | null },
) {
  await tx.availabilityException.create({ data: { teacherId, ...range }, select: { id: true } });
}

/** The teacher's live lessons overlapping the range that start after `now`, in time order. */
export function findLessonsWithin(tx: DbOrTx, teacherId: string, range: { startsAt: Date; endsAt: Date }, now: Date) {
  return tx.booking.findMany({
    where: {
      teacherId,
      status: { in: ["pending", "confirmed"] },
      startsAt: { lt: range.endsAt, gt: now },
      endsAt: { gt: range.startsAt },
    },
    orderBy: { startsAt: "asc" },
    select: { id: true, startsAt: true, endsAt: true, status: true, lessonType: true, studentName: true },
  });
}

/**
 * The days off (whole days: at least 23 hours, not a removed occurrence) of the teachers
 * overlapping [from, to), with the live lessons still ahead inside each (their count).
 */
export async function findDaysOffWithLessons(db: DbOrTx, teacherIds: string[], from: Date, to: Date, now: Date) {
  const days = await db.availabilityException.findMany({
    where: { teacherId: { in: teacherIds }, startsAt: { lt: to }, endsAt: { gt: from } },
    orderBy: [{ startsAt: "asc" }, { createdAt: "asc" }],
    select: { teacherId: true, startsAt: true, endsAt: true, name: true, holiday: true },
  });
  // The same days marked twice are one day off (the first name given wins).
  const seen = new Set<string>();
  const whole = days.filter((d) => {
    const key = `${d.teacherId} ${d.startsAt.getTime()} ${d.endsAt.getTime()}`;
    if (seen.has(key) || d.endsAt.getTime() - d.startsAt.getTime() < 23 * 3_600_000) return false;
    seen.add(key);
    return true;
  });
  if (whole.length === 0) return [];
  const lessons = await db.booking.findMany({
    where: {
      teacherId: { in: teacherIds },
      status: { in: ["pending", "confirmed"] },
      startsAt: { lt: whole[whole.length - 1].endsAt, gt: now },
      endsAt: { gt: whole[0].startsAt },
    },
    select: { teacherId: true, startsAt: true, endsAt: true },
  });
  return whole.map((d) => ({
    ...d,
    lessonCount: lessons.filter((l) => l.teacherId === d.teacherId && l.startsAt < d.endsAt && l.endsAt > d.startsAt)
      .length,
  }));
}

export async function findSeriesIds(db: Db, ids: string[]) {
  const rows = await db.availabilitySlot.findMany({ where: { id: { in: ids } }, select: { id: true, seriesId: true } });
  return new Map(rows.map((r) => [r.id, r.seriesId]));
}
