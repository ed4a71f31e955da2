// Availability as visitors, students and the admin calendar see it. The rules live in the pure
// availability.ts; this file loads what they need.

import { DateTime } from "luxon";
import { noticeLabelFor } from "../../../shared/cancellation-policy.ts";
import { DEFAULT_CREDIT_EXPIRY_MONTHS } from "../../../shared/constants.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../shared/i18n/locales.ts";
import type { Db, DbOrTx } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { type MeetingRules, meetingRulesOf } from "../booking/meeting-room.ts";
import { listHeldStarts } from "../waitlist/waitlist.data.ts";
import {
  findSiteSettings,
  listActiveTeacherIds,
  listCalendarBusyOverlapping,
  listLiveBookingsOverlapping,
  listSlotsOverlapping,
} from "./availability.data.ts";
import {
  availabilityWindow,
  type BookingRules,
  computeBookableLessons,
  type Interval,
  offerChangesAt,
  parseDateInZone,
  safeZone,
  type ZoneOffset,
  zoneOffsets,
} from "./availability.ts";

const _DAY_MS = 24 * 60 * 60 * 1000;

export type SiteRules = BookingRules & {
  autoConfirm: boolean;
  defaultMeetingLink: string | null;
  /** How a new online lesson gets its meeting link (issue 31). */
  meetings: MeetingRules;
  /** The notice a cancellation or a move needs ("24 hours"), as the policy card states it. */
  cancellationNotice: string;
  paymentInstructions: string;
  /** The language of the teacher's own emails ("Language of your emails"). */
  teacherLocale: Locale;
  /** How long prepaid lesson credits stay valid after a purchase, in months (issue 30). */
  creditExpiryMonths: number;
};

export async function loadSiteRules(db: DbOrTx): Promise<SiteRules> {
  const s = await findSiteSettings(db);
  return {
    zone: safeZone(s?.timezone),
    maxAdvanceDays: s?.maxAdvanceBooking ?? 90,
    bufferMinutes: s?.bufferBetweenLessons ?? 30,
    autoConfirm: s?.autoConfirmBookings ?? false,
    defaultMeetingLink: s?.defaultMeetingLink?.trim() || null,
    meetings: meetingRulesOf({
      meetingMode: s?.meetingMode ?? "manual",
      defaultMeetingLink: s?.defaultMeetingLink ?? null,
      meetingFixedLink: s?.meetingFixedLink ?? null,
      jitsiBaseUrl: s?.jitsiBaseUrl ?? "",
    }),
    cancellationNotice: noticeLabelFor(s?.cancellationPolicy),
    paymentInstructions: s?.paymentInstructions?.trim() ?? "",
    teacherLocale: isLocale(s?.teacherLocale) ? s.teacherLocale : DEFAULT_LOCALE,
    creditExpiryMonths: s?.creditExpiryMonths ?? DEFAULT_CREDIT_EXPIRY_MONTHS,
  };
}

function parseDateParam(text: string | undefined | null, zone: string, name: string): DateTime | null {
  if (!text) return null;
  const parsed = parseDateInZone(text, zone);
  if (!parsed) throw new AppError("BAD_REQUEST", { key: "errors.invalidDateParam", values: { name } });
  return parsed;
}

export type AvailabilityQuery = { startDate?: string | null; endDate?: string | null; teacherId?: string | null };
export type AvailableSlotDto = { id: string; startTime: string; endTime: string };
export type AvailabilityDto = {
  timezone: string;
  windowStart: string;
  windowEnd: string;
  availableSlots: AvailableSlotDto[];
  /** The zone's UTC offsets through the window: the browser writes its times without Intl. */
  zoneOffsets: ZoneOffset[];
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function resolveTeachers(db: DbOrTx, teacherId: string | null | undefined) {
  if (teacherId && !UUID.test(teacherId)) throw new AppError("BAD_REQUEST", "Unknown teacher.");
  const teachers = await listActiveTeacherIds(db, teacherId ?? undefined);
  if (teacherId && teachers.length === 0) throw new AppError("BAD_REQUEST", "Unknown teacher.");
  return teachers;
}

/**
 * The bookable 60-minute lessons per teacher in [window.start, window.end), with the busy time
 * that decides the buffer: live lessons and the busy times of the teacher's own calendars (their
 * last refresh, never fetched here). Shared by the availability view and the booking check.
 */
export async function bookableLessonsByTeacher(
  db: DbOrTx,
  teacherIds: string[],
  window: Interval,
  rules: BookingRules,
  now: Date,
) {
  if (teacherIds.length === 0) return new Map<string, Interval[]>();
  const margin = (rules.bufferMinutes + 60) * 60_000;
  const around = { start: new Date(window.start.getTime() - margin), end: new Date(window.end.getTime() + margin) };
  const [slots, bookings, calendarBusy, held] = await Promise.all([
    listSlotsOverlapping(db, teacherIds, window.start, window.end, { offeredOnly: true }),
    listLiveBookingsOverlapping(db, teacherIds, around.start, around.end),
    listCalendarBusyOverlapping(db, teacherIds, around.start, around.end),
    listHeldStarts(db, teacherIds, window.start, window.end, now),
  ]);
  // A time the waitlist holds for someone (issue 31, item 3) is offered to nobody else meanwhile;
  // its holder books it from the offer's page.
  const isHeld = new Set(held.map((h) => `${h.teacherId}@${h.startsAt.getTime()}`));
  const result = new Map<string, Interval[]>();
  for (const teacherId of teacherIds) {
    result.set(
      teacherId,
      computeBookableLessons({
        slots: slots.filter((s) => s.teacherId === teacherId).map((s) => ({ start: s.startsAt, end: s.endsAt })),
        busy: [...bookings, ...calendarBusy]
          .filter((b) => b.teacherId === teacherId)
          .map((b) => ({ start: b.startsAt, end: b.endsAt })),
        window,
        rules,
        now,
      }).filter((lesson) => !isHeld.has(`${teacherId}@${lesson.start.getTime()}`)),
    );
  }
  return result;
}

export const slotId = (teacherId: string, start: Date) => `${teacherId}:${start.toISOString()}`;

/**
 * The site's rules, the teachers asked for (every active one without `teacherId`, in the order
 * the grid prefers them) and each one's bookable lessons in the window the rules give.
 */
export async function bookableLessonsInWindow(
  db: Db,
  teacherId: string | null | undefined,
  windowOf: (rules: SiteRules) => Interval,
  now: Date,
) {
  const [rules, teachers] = await Promise.all([loadSiteRules(db), resolveTeachers(db, teacherId)]);
  const window = windowOf(rules);
  const byTeacher = await bookableLessonsByTeacher(
    db,
    teachers.map((t) => t.id),
    window,
    rules,
    now,
  );
  return { rules, teachers, window, byTeacher };
}

/** What the week grid offers: 14 days from the Sunday of the viewed week, teacher's zone. */
export async function getAvailability(db: Db, query: AvailabilityQuery, now = new Date()): Promise<AvailabilityDto> {
  return (await loadAvailability(db, query, now)).grid;
}

/** How long a grid whose window reaches past the advance limit is kept: lessons come into reach there. */
const EDGE_OF_REACH_MS = 5_000;

/**
 * The grid, and the moment the clock alone would change it (a lesson falls inside the notice,
 * another comes into reach, a new day begins): a cache keeps it no longer than that.
 */
export async function loadAvailability(
  db: Db,
  query: AvailabilityQuery,
  now = new Date(),
): Promise<{ grid: AvailabilityDto; changesAt: number }> {
  const { rules, teachers, window, byTeacher } = await bookableLessonsInWindow(
    db,
    query.teacherId,
    (rules) => {
      const start =
        parseDateParam(query.startDate, rules.zone, "startDate") ?? DateTime.fromJSDate(now, { zone: rules.zone });
      return availabilityWindow(start, rules.zone, parseDateParam(query.endDate, rules.zone, "endDate"));
    },
    now,
  );

  // Without a teacher filter the grid shows a time once, offered by the first teacher free then.
  const byStart = new Map<number, AvailableSlotDto>();
  for (const teacher of teachers) {
    for (const lesson of byTeacher.get(teacher.id) ?? []) {
      const key = lesson.start.getTime();
      if (!byStart.has(key)) {
        byStart.set(key, {
          id: slotId(teacher.id, lesson.start),
          startTime: lesson.start.toISOString(),
          endTime: lesson.end.toISOString(),
        });
      }
    }
  }
  const grid = {
    timezone: rules.zone,
    windowStart: window.start.toISOString(),
    windowEnd: window.end.toISOString(),
    availableSlots: [...byStart.values()].sort((a, b) => a.startTime.localeCompare(b.startTime)),
    zoneOffsets: zoneOffsets(rules.zone, window),
  };
  const changesAt = offerChangesAt({
    offeredStarts: [...byStart.keys()],
    window,
    rules,
    now,
    followsToday: !query.startDate,
    shortMs: EDGE_OF_REACH_MS,
  });
  return { grid, changesAt };
}

export type AdminSlotDto = {
  id: string;
  teacherId: string;
  startTime: string;
  endTime: string;
  recurring: string;
  duration: number;
  booked: boolean;
};

/**
 * Every availability slot overlapping [start, end), with whether a pending or confirmed lesson
 * of its teacher falls inside it (the admin calendar's view).
 */
export async function listSlotsForAdmin(
  db: Db,
  input: { start: Date; end: Date; teacherId?: string | null },
): Promise<AdminSlotDto[]> {
  const teachers = await resolveTeachers(db, input.teacherId);
  const ids = teachers.map((t) => t.id);
  if (ids.length === 0) return [];
  const slots = await listSlotsOverlapping(db, ids, input.start, input.end);
  if (slots.length === 0) return [];
  const first = slots[0].startsAt;
  const last = new Date(Math.max(...slots.map((s) => s.endsAt.getTime())));
  const bookings = await listLiveBookingsOverlapping(db, ids, first, last);
  return slots.map((slot) => ({
    id: slot.id,
    teacherId: slot.teacherId,
    startTime: slot.startsAt.toISOString(),
    endTime: slot.endsAt.toISOString(),
    recurring: slot.recurring,
    duration: Math.round((slot.endsAt.getTime() - slot.startsAt.getTime()) / 60_000),
    booked: bookings.some(
      (b) => b.teacherId === slot.teacherId && b.startsAt < slot.endsAt && b.endsAt > slot.startsAt,
    ),
  }));
}

export type BusyTimeDto = { startTime: string; endTime: string; calendar: string };

/** The busy times of the teacher's own calendars in [start, end): "busy (calendar name)" blocks. */
export async function listCalendarBusyForAdmin(
  db: Db,
  input: { start: Date; end: Date; teacherId?: string | null },
): Promise<BusyTimeDto[]> {
  const teachers = await resolveTeachers(db, input.teacherId);
  const busy = await listCalendarBusyOverlapping(
    db,
    teachers.map((t) => t.id),
    input.start,
    input.end,
  );
  return busy.map((b) => ({
    startTime: b.startsAt.toISOString(),
    endTime: b.endsAt.toISOString(),
    calendar: b.sourceName,
  }));
}

/**
 * The admin calendar's range from the REST query: startDate..endDate (whole days in the zone);
 * without them 7 days before to 30 days after today.
 */
export async function adminDayRange(db: Db, query: AvailabilityQuery, now = new Date()) {
  const rules = await loadSiteRules(db);
  const today = DateTime.fromJSDate(now, { zone: rules.zone }).startOf("day");
  const startDay = parseDateParam(query.startDate, rules.zone, "startDate");
  const endDay = parseDateParam(query.endDate, rules.zone, "endDate");
  const start = startDay ? startDay.startOf("day") : today.minus({ days: 7 });
  const end = endDay ? endDay.startOf("day").plus({ days: 1 }) : today.plus({ days: 31 });
  if (end <= start) throw new AppError("BAD_REQUEST", "endDate must not be before startDate.");
  return { zone: rules.zone, start: start.toJSDate(), end: end.toJSDate() };
}
