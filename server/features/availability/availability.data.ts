import { Prisma } from "../../db/generated/client.ts";
import type { DbOrTx } from "../../db.ts";

// The reads below run on every availability grid and every booking attempt, so they are written
// in SQL: Prisma 6's client engine compiles each query-builder call anew (about 0.6 ms of CPU
// each, measured), a raw statement costs about a quarter of that. Instants are read as epoch
// milliseconds: the PGlite adapter shifts a raw timestamptz by the process's time zone.

const fromEpoch = <T extends { startsAtMs: number; endsAtMs: number }>({ startsAtMs, endsAtMs, ...row }: T) => ({
  ...row,
  startsAt: new Date(startsAtMs),
  endsAt: new Date(endsAtMs),
});

export type SiteSettingsRow = {
  bufferBetweenLessons: number;
  maxAdvanceBooking: number;
  timezone: string;
  autoConfirmBookings: boolean;
  defaultMeetingLink: string | null;
  meetingMode: string;
  meetingFixedLink: string | null;
  jitsiBaseUrl: string;
  cancellationPolicy: string;
  paymentInstructions: string;
  teacherLocale: string;
  creditExpiryMonths: number;
};

export async function findSiteSettings(db: DbOrTx): Promise<SiteSettingsRow | null> {
  const rows = await db.$queryRaw<SiteSettingsRow[]>`
    SELECT "bufferBetweenLessons", "maxAdvanceBooking", "timezone", "autoConfirmBookings", "defaultMeetingLink",
      "meetingMode", "meetingFixedLink", "jitsiBaseUrl", "cancellationPolicy", "paymentInstructions", "teacherLocale", "creditExpiryMonths"
    FROM "AdminSettings" WHERE "id" = 'site'`;
  return rows[0] ?? null;
}

export type TeacherRow = { id: string; name: string; email: string };

/** Active teachers, oldest first; only `teacherId` when given (a UUID: callers check). */
export function listActiveTeacherIds(db: DbOrTx, teacherId?: string): Promise<TeacherRow[]> {
  return teacherId
    ? db.$queryRaw<TeacherRow[]>`
        SELECT "id", "name", "email" FROM "Teacher" WHERE "isActive" AND "id" = ${teacherId}::uuid`
    : db.$queryRaw<TeacherRow[]>`
        SELECT "id", "name", "email" FROM "Teacher" WHERE "isActive" ORDER BY "createdAt"`;
}

type Timed = { startsAtMs: number; endsAtMs: number };
export type SlotRow = { id: string; teacherId: string; startsAt: Date; endsAt: Date; recurring: string };

const TIMED_COLUMNS = Prisma.sql`
  (extract(epoch FROM "startsAt") * 1000)::float8 AS "startsAtMs",
  (extract(epoch FROM "endsAt") * 1000)::float8 AS "endsAtMs"`;

/** A row of these teachers whose [startsAt, endsAt) overlaps [start, end). */
const overlapping = (teacherIds: string[], start: Date, end: Date) =>
  Prisma.sql`"teacherId" = ANY(${teacherIds}::uuid[]) AND "startsAt" < ${end} AND "endsAt" > ${start}`;
const LIVE = Prisma.sql`"status" IN ('pending', 'confirmed')`;
/**
 * A slot still offered: no day off (or removed time) recorded since the slot was made overlaps
 * it. A day off over a booked lesson keeps that lesson's slot for the teacher's calendar, and a
 * slot she adds on a day off afterwards is her choice to work then: this keeps the first closed
 * even once its lesson is moved or cancelled, and lets the second be booked.
 */
const OFFERED = Prisma.sql`NOT EXISTS (
  SELECT 1 FROM "AvailabilityException" x
  WHERE x."teacherId" = "AvailabilitySlot"."teacherId" AND x."startsAt" < "AvailabilitySlot"."endsAt"
    AND x."endsAt" > "AvailabilitySlot"."startsAt" AND x."createdAt" >= "AvailabilitySlot"."createdAt")`;

/**
 * `columns` and the instants of the rows of `table` of these teachers that overlap [start, end) and
 * meet every extra condition, in time order, with the instants read back as Dates.
 */
async function listTimedOverlapping<Row extends { startsAt: Date; endsAt: Date }>(
  db: DbOrTx,
  columns: Prisma.Sql,
  table: Prisma.Sql,
  teacherIds: string[],
  start: Date,
  end: Date,
  conditions: Prisma.Sql[] = [],
): Promise<Row[]> {
  if (teacherIds.length === 0) return [];
  const rows = await db.$queryRaw<(Omit<Row, "startsAt" | "endsAt"> & Timed)[]>`
    SELECT ${columns}, ${TIMED_COLUMNS}
    FROM ${table} WHERE ${Prisma.join([...conditions, overlapping(teacherIds, start, end)], " AND ")}
    ORDER BY "startsAt", "id"`;
  return rows.map(fromEpoch) as unknown as Row[];
}

/**
 * Availability slots of these teachers that overlap [start, end): with `offeredOnly`, those a
 * visitor may book (none closed by a later day off), else every one (the teacher's calendar).
 */
export async function listSlotsOverlapping(
  db: DbOrTx,
  teacherIds: string[],
  start: Date,
  end: Date,
  opts: { offeredOnly?: boolean } = {},
): Promise<SlotRow[]> {
  return listTimedOverlapping<SlotRow>(
    db,
    Prisma.sql`"id", "teacherId", "recurring"`,
    Prisma.sql`"AvailabilitySlot"`,
    teacherIds,
    start,
    end,
    opts.offeredOnly ? [OFFERED] : [],
  );
}

export type LiveBookingRow = {
  id: string;
  teacherId: string;
  studentId: string | null;
  orderId: string | null;
  startsAt: Date;
  endsAt: Date;
};

/** Pending and confirmed lessons of these teachers that overlap [start, end). */
export async function listLiveBookingsOverlapping(
  db: DbOrTx,
  teacherIds: string[],
  start: Date,
  end: Date,
): Promise<LiveBookingRow[]> {
  return listTimedOverlapping<LiveBookingRow>(
    db,
    Prisma.sql`"id", "teacherId", "studentId", "orderId"`,
    Prisma.sql`"Booking"`,
    teacherIds,
    start,
    end,
    [LIVE],
  );
}

export type CalendarBusyRow = { id: string; teacherId: string; startsAt: Date; endsAt: Date; sourceName: string };

/** Busy times read from the teachers' own calendars (their last refresh) that overlap [start, end). */
export async function listCalendarBusyOverlapping(
  db: DbOrTx,
  teacherIds: string[],
  start: Date,
  end: Date,
): Promise<CalendarBusyRow[]> {
  return listTimedOverlapping<CalendarBusyRow>(
    db,
    Prisma.sql`"id", "teacherId", (SELECT "name" FROM "CalendarSource" s WHERE s."id" = "sourceId") AS "sourceName"`,
    Prisma.sql`"CalendarBusy"`,
    teacherIds,
    start,
    end,
  );
}

/**
 * One teacher's live lessons and calendar busy times overlapping `lessons`, and availability
 * slots overlapping `offered`, in one statement: a booking re-reads them under the teacher's
 * lock, where every round trip makes the next booking wait.
 */
export async function readTeacherCalendar(
  db: DbOrTx,
  teacherId: string,
  lessons: { start: Date; end: Date },
  offered: { start: Date; end: Date },
): Promise<{ live: LiveBookingRow[]; slots: SlotRow[]; calendarBusy: { startsAt: Date; endsAt: Date }[] }> {
  const rows = await db.$queryRaw<
    (Omit<LiveBookingRow, "startsAt" | "endsAt"> &
      Timed & { kind: "lesson" | "slot" | "busy"; recurring: string | null })[]
  >`
    SELECT 'lesson' AS "kind", "id", "teacherId", "studentId", "orderId", NULL AS "recurring", ${TIMED_COLUMNS}
    FROM "Booking" WHERE ${LIVE} AND ${overlapping([teacherId], lessons.start, lessons.end)}
    UNION ALL
    SELECT 'slot', "id", "teacherId", NULL, NULL, "recurring", ${TIMED_COLUMNS}
    FROM "AvailabilitySlot" WHERE ${OFFERED} AND ${overlapping([teacherId], offered.start, offered.end)}
    UNION ALL
    SELECT 'busy', "id", "teacherId", NULL, NULL, NULL, ${TIMED_COLUMNS}
    FROM "CalendarBusy" WHERE ${overlapping([teacherId], lessons.start, lessons.end)}
    ORDER BY "startsAtMs", "id"`;
  const live: LiveBookingRow[] = [];
  const slots: SlotRow[] = [];
  const calendarBusy: { startsAt: Date; endsAt: Date }[] = [];
  for (const { kind, recurring, studentId, orderId, ...row } of rows.map(fromEpoch)) {
    if (kind === "lesson") live.push({ ...row, studentId, orderId });
    else if (kind === "slot") slots.push({ ...row, recurring: recurring ?? "" });
    else calendarBusy.push({ startsAt: row.startsAt, endsAt: row.endsAt });
  }
  return { live, slots, calendarBusy };
}
