// The teacher's availability: single slots, the weekly template, removals and days off. The
// database refuses overlapping slots of one teacher (exclusion constraint); the checks here
// only turn that into clear messages. A slot holding a lesson is never removed silently.
import { randomUUID } from "node:crypto";
import { DateTime } from "luxon";
import type { z } from "zod";
import { SLOT_CONFLICT_MESSAGE, WEEKS_AHEAD_DEFAULT } from "../../../shared/constants.ts";
import { INTL_TAGS, type Locale } from "../../../shared/i18n/locales.ts";
import type { Db } from "../../db.ts";
import { AppError, isConstraintConflict } from "../../errors.ts";
import { getSiteSettings } from "../admin/settings.service.ts";
import type { createSlotSchema, daysOffSchema } from "./availability.schemas.ts";
import {
  type AvailabilityQuery,
  adminDayRange,
  listCalendarBusyForAdmin,
  listSlotsForAdmin,
  resolveTeachers,
} from "./availability.service.ts";
import { findSlotsStartingWithin } from "./holidays.data.ts";
import {
  deleteSlotsUnlessBooked,
  findDaysOffWithLessons,
  findLessonsWithin,
  findOverlappingSlots,
  findSeriesIds,
  findSlot,
  insertDaysOff,
  insertSlots,
  type NewSlot,
} from "./slots.data.ts";
import { withTeacherScheduleLock } from "./standing-schedule.data.ts";
import { removeKeepingBooked, removeSeriesFrom, standingSeriesId } from "./standing-schedule.service.ts";
import { type ExpandedSlot, weeklyRepeats } from "./weekly-template.ts";

/** A slot's start in a refusal: "Tue 3 Mar 2026, 10:00", "martedì 3 marzo 2026, 10:00". */
function slotDate(start: Date, zone: string, locale: Locale): string {
  const local = DateTime.fromJSDate(start).setZone(zone).setLocale(INTL_TAGS[locale]);
  return local.toFormat(locale === "it" ? "cccc d LLLL yyyy, HH:mm" : "ccc d LLL yyyy, HH:mm");
}

async function insertChecked(db: Db, teacherId: string, slots: NewSlot[], zone: string) {
  const clashes = await findOverlappingSlots(db, teacherId, slots);
  if (clashes.length > 0) {
    const start = clashes[0].startsAt;
    throw new AppError("CONFLICT", {
      key: "errors.slotConflictOn",
      values: (locale) => ({ when: slotDate(start, zone, locale) }),
    });
  }
  try {
    return await insertSlots(db, slots);
  } catch (error) {
    if (isConstraintConflict(error)) throw new AppError("CONFLICT", SLOT_CONFLICT_MESSAGE);
    throw error;
  }
}

export async function createSlot(
  db: Db,
  teacherId: string,
  input: z.output<typeof createSlotSchema>,
  now = new Date(),
) {
  const settings = await getSiteSettings(db);
  const duration = input.duration ?? settings.defaultLessonDuration;
  if (input.startTime.getTime() <= now.getTime())
    throw new AppError("BAD_REQUEST", "Please choose a time in the future.");
  const occurrences: ExpandedSlot[] =
    input.recurring === "weekly"
      ? weeklyRepeats(input.startTime, duration, WEEKS_AHEAD_DEFAULT, settings.timezone)
      : [{ startsAt: input.startTime, endsAt: new Date(input.startTime.getTime() + duration * 60_000) }];
  const seriesId = input.recurring === "weekly" ? randomUUID() : null;
  const created = await insertChecked(
    db,
    teacherId,
    occurrences.map((o) => ({ teacherId, ...o, recurring: input.recurring, seriesId })),
    settings.timezone,
  );
  return { success: true, created, seriesId };
}

/** Removes the slots atomically against concurrent bookings, or refuses naming the first lesson. */
async function removeUnlessBooked(
  db: Db,
  teacherId: string,
  slots: { id: string; startsAt: Date; endsAt: Date }[],
  zone: string,
  takenOut: { startsAt: Date; endsAt: Date; name?: string | null }[] = [],
) {
  const { booked, deleted } = await deleteSlotsUnlessBooked(db, teacherId, slots, takenOut);
  if (booked.length > 0) {
    const first = booked[0];
    throw new AppError("CONFLICT", {
      key: "errors.slotBookedWith",
      values: (locale) => ({
        student: first.studentName,
        when: slotDate(first.startsAt, zone, locale),
        more: booked.length - 1,
      }),
    });
  }
  return deleted;
}

export async function deleteSlot(db: Db, teacherId: string, id: string) {
  const slot = await findSlot(db, id);
  if (!slot || slot.teacherId !== teacherId) throw new AppError("NOT_FOUND", "Availability slot not found.");
  const { timezone } = await getSiteSettings(db);
  // An occurrence of the standing schedule is remembered as removed, so the top-up leaves it free.
  const standing = slot.seriesId !== null && slot.seriesId === (await standingSeriesId(db, teacherId));
  const takenOut = standing ? [{ startsAt: slot.startsAt, endsAt: slot.endsAt }] : [];
  return { success: true, deleted: await removeUnlessBooked(db, teacherId, [slot], timezone, takenOut) };
}

/** Removes a weekly series from a date on; booked slots stay and are listed (see removeSeriesFrom). */
export function deleteSeriesFrom(db: Db, teacherId: string, seriesId: string, from: Date) {
  return removeSeriesFrom(db, teacherId, seriesId, from);
}

/** How many lessons inside a range of days off the answer lists (the count is always complete). */
const LISTED_LESSONS = 100;

/**
 * Days off (issue 32, item 5): the days (in the teacher's zone) are recorded at once, so every free
 * time in them closes (slots made before it are no longer offered, and the standing schedule's
 * top-up never fills them again, also further ahead than the slots that exist yet); the free
 * slots starting on them go. It is never refused for a lesson booked inside: that lesson keeps
 * its slot and time, and comes back in `lessons` for the teacher to move or cancel (cancelling
 * emails the family, as any cancellation of hers does).
 */
export async function markDaysOff(db: Db, teacherId: string, input: z.output<typeof daysOffSchema>, now = new Date()) {
  const { timezone } = await getSiteSettings(db);
  const from = DateTime.fromISO(input.startDate, { zone: timezone }).startOf("day");
  const to = DateTime.fromISO(input.endDate, { zone: timezone }).plus({ days: 1 }).startOf("day");
  if (to <= from) throw new AppError("BAD_REQUEST", "The last day off must not be before the first.");
  if (to.diff(from, "days").days > 366) throw new AppError("BAD_REQUEST", "Mark at most a year of days off at once.");
  const range = { startsAt: from.toJSDate(), endsAt: to.toJSDate() };
  const { removal, lessons } = await withTeacherScheduleLock(db, teacherId, async (tx) => {
    await insertDaysOff(tx, teacherId, { ...range, name: input.name || null });
    const slots = await findSlotsStartingWithin(tx, teacherId, [range]);
    return {
      removal: await removeKeepingBooked(tx, teacherId, slots),
      lessons: await findLessonsWithin(tx, teacherId, range, now),
    };
  });
  const count = lessons.length;
  return {
    success: true,
    deleted: removal.deleted,
    // Every live lesson still ahead inside the days off, in time order, as the bookings list
    // names them (id, lesson_date, status, type, student), each to be moved or cancelled.
    lessons: lessons.slice(0, LISTED_LESSONS).map((l) => ({
      id: l.id,
      lesson_date: l.startsAt.toISOString(),
      end_date: l.endsAt.toISOString(),
      status: l.status,
      lesson_type: l.lessonType,
      student: { name: l.studentName },
    })),
    lessonCount: count,
    message:
      "Days off marked: " +
      `${removal.deleted} free ${removal.deleted === 1 ? "slot" : "slots"} removed.` +
      (count > 0
        ? ` ${count} booked ${count === 1 ? "lesson is" : "lessons are"} inside: move or cancel ${count === 1 ? "it" : "them"}.`
        : ""),
  };
}

/**
 * The longest range the admin's listing answers at once. The admin calendar asks for 38 days
 * (ADMIN_AVAILABILITY_DAYS_BEFORE/AFTER); 120 days is the standing schedule's horizon.
 */
export const ADMIN_LISTING_MAX_DAYS = 120;

/**
 * The admin's listing, behind admin.availability.list and an admin's GET /api/availability: every
 * slot of the range with its booked flag and weekly series.
 */
export async function listAdminSlots(db: Db, input: { start: Date; end: Date; teacherId?: string | null }) {
  if (input.end <= input.start) throw new AppError("BAD_REQUEST", "The end of the range must be after its start.");
  const { timezone } = await getSiteSettings(db);
  // Days of the teacher's zone, so 120 whole days across a clock change are 120 days.
  const days = DateTime.fromJSDate(input.end, { zone: timezone }).diff(
    DateTime.fromJSDate(input.start, { zone: timezone }),
    "days",
  ).days;
  if (days > ADMIN_LISTING_MAX_DAYS)
    throw new AppError("BAD_REQUEST", { key: "errors.listingMaxDays", values: { days: ADMIN_LISTING_MAX_DAYS } });
  const slots = await listSlotsForAdmin(db, input);
  const teacherIds = (await resolveTeachers(db, input.teacherId)).map((t) => t.id);
  const [series, busy, daysOff] = await Promise.all([
    findSeriesIds(
      db,
      slots.map((s) => s.id),
    ),
    listCalendarBusyForAdmin(db, input),
    findDaysOffWithLessons(db, teacherIds, input.start, input.end, new Date()),
  ]);
  return {
    timezone,
    slots: slots.map((s) => ({ ...s, seriesId: series.get(s.id) ?? null })),
    busyTimes: busy,
    // Her days off in the range (issue 32, item 5), each with the lessons still booked inside it.
    daysOff: daysOff.map((d) => ({
      startTime: d.startsAt.toISOString(),
      endTime: d.endsAt.toISOString(),
      name: d.name,
      holiday: d.holiday,
      lessonCount: d.lessonCount,
    })),
  };
}

/** An admin's GET /api/availability: the same listing, its range in whole days of the zone. */
export async function getAdminAvailability(db: Db, query: AvailabilityQuery, now = new Date()) {
  const { zone, start, end } = await adminDayRange(db, query, now);
  const { slots, busyTimes } = await listAdminSlots(db, { start, end, teacherId: query.teacherId });
  return { timezone: zone, availableSlots: slots, busyTimes };
}
