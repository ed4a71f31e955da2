import type { Db, DbOrTx, Tx } from "../../db.ts";
import type { WeeklyEntry } from "./weekly-template.ts";

type Range = { startsAt: Date; endsAt: Date };

const scheduleSelect = {
  teacherId: true,
  entries: true,
  seriesId: true,
  filledThrough: true,
  updatedAt: true,
} as const;

export type WeeklyScheduleRow = {
  teacherId: string;
  entries: WeeklyEntry[];
  seriesId: string;
  filledThrough: Date | null;
  updatedAt: Date;
};

function toRow(row: { entries: unknown } & Omit<WeeklyScheduleRow, "entries">): WeeklyScheduleRow {
  return { ...row, entries: row.entries as WeeklyEntry[] };
}

/**
 * Runs `work` in one transaction under the teacher's advisory lock, the one bookings and slot
 * removals take: a top-up in any process waits for them, so it never re-creates a slot that a
 * removal in flight is taking out, and two top-ups never plan from the same picture.
 */
export function withTeacherScheduleLock<T>(db: Db, teacherId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${teacherId}))`;
      return work(tx);
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
}

export async function findWeeklySchedule(db: DbOrTx, teacherId: string): Promise<WeeklyScheduleRow | null> {
  const row = await db.weeklySchedule.findUnique({ where: { teacherId }, select: scheduleSelect });
  return row ? toRow(row) : null;
}

export async function listScheduledTeacherIds(db: Db): Promise<string[]> {
  const rows = await db.weeklySchedule.findMany({ select: { teacherId: true }, orderBy: { teacherId: "asc" } });
  return rows.map((r) => r.teacherId);
}

export async function saveWeeklySchedule(tx: Tx, teacherId: string, entries: WeeklyEntry[], newSeriesId: string) {
  const row = await tx.weeklySchedule.upsert({
    where: { teacherId },
    create: { teacherId, entries, seriesId: newSeriesId },
    update: { entries },
    select: scheduleSelect,
  });
  return toRow(row);
}

export async function deleteWeeklySchedule(tx: Tx, teacherId: string) {
  await tx.weeklySchedule.deleteMany({ where: { teacherId } });
}

export async function setFilledThrough(tx: Tx, teacherId: string, filledThrough: Date) {
  await tx.weeklySchedule.update({ where: { teacherId }, data: { filledThrough }, select: { teacherId: true } });
}

/** The teacher's slots that end after `from` and start before `to`. */
export function findSlotsOverlapping(tx: DbOrTx, teacherId: string, from: Date, to: Date) {
  return tx.availabilitySlot.findMany({
    where: { teacherId, endsAt: { gt: from }, startsAt: { lt: to } },
    orderBy: { startsAt: "asc" },
    select: { id: true, startsAt: true, endsAt: true, seriesId: true },
  });
}

/** The slots of one series that start at or after `from`. */
export function findSeriesSlotsFrom(tx: DbOrTx, teacherId: string, seriesId: string, from: Date) {
  return tx.availabilitySlot.findMany({
    where: { teacherId, seriesId, startsAt: { gte: from } },
    orderBy: { startsAt: "asc" },
    select: { id: true, startsAt: true, endsAt: true },
  });
}

export function findExceptionsOverlapping(tx: DbOrTx, teacherId: string, from: Date, to: Date) {
  return tx.availabilityException.findMany({
    where: { teacherId, endsAt: { gt: from }, startsAt: { lt: to } },
    select: { startsAt: true, endsAt: true, holiday: true },
  });
}

/** Active lessons of the teacher overlapping [from, to). */
export function findActiveLessonsOverlapping(tx: DbOrTx, teacherId: string, from: Date, to: Date) {
  return tx.booking.findMany({
    where: { teacherId, status: { in: ["pending", "confirmed"] }, endsAt: { gt: from }, startsAt: { lt: to } },
    orderBy: { startsAt: "asc" },
    select: { id: true, startsAt: true, endsAt: true, studentName: true },
  });
}

/**
 * Inserts the slots, skipping any the database refuses as overlapping an existing one
 * (`ON CONFLICT DO NOTHING` covers the exclusion constraint): never a duplicate, never an error
 * for a slot another writer created first. Returns the slots inserted.
 */
export function insertSlotsSkippingConflicts(
  tx: Tx,
  teacherId: string,
  seriesId: string,
  slots: Range[],
): Promise<{ startsAt: Date }[]> {
  if (slots.length === 0) return Promise.resolve([]);
  return tx.availabilitySlot.createManyAndReturn({
    data: slots.map((s) => ({ teacherId, startsAt: s.startsAt, endsAt: s.endsAt, recurring: "weekly", seriesId })),
    skipDuplicates: true,
    select: { startsAt: true },
  });
}

export async function deleteSlotsById(tx: Tx, teacherId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const { count } = await tx.availabilitySlot.deleteMany({ where: { teacherId, id: { in: ids } } });
  return count;
}

/** Exceptions that ended before `before` can never matter again. */
export async function deleteExceptionsEndedBefore(db: Db, before: Date) {
  const { count } = await db.availabilityException.deleteMany({ where: { endsAt: { lt: before } } });
  return count;
}
