// The teacher's free times of a week (issue 32, item 6), for her to pick a time on a week view when
// she books for a student or moves a lesson: every half hour from 7:00 to 21:00 in her zone where
// a lesson would keep its buffer to her other lessons and miss her days off and her own calendar's
// busy times. Not bound to her offer or the 48-hour notice: she may teach when she likes.
import { DateTime } from "luxon";
import type { Db } from "../../db.ts";
import { listCalendarBusyOverlapping, listLiveBookingsOverlapping } from "../availability/availability.data.ts";
import { loadSiteRules } from "../availability/availability.service.ts";
import { clashesWithLessons, lessonAt } from "../availability/availability.ts";
import { dayOffCovering } from "../availability/days-off.ts";
import { findDaysOffOverlapping } from "../availability/holidays.data.ts";

const FIRST_START = { hour: 7, minute: 0 };
const LAST_START = { hour: 21, minute: 0 };
const STEP_MINUTES = 30;

export async function listTeacherFreeTimes(
  db: Db,
  teacherId: string,
  input: { from: string; excludeBookingId?: string | null },
  now = new Date(),
) {
  const rules = await loadSiteRules(db);
  const first = DateTime.fromISO(input.from, { zone: rules.zone }).startOf("day");
  const end = first.plus({ days: 7 });
  const margin = (rules.bufferMinutes + 60) * 60_000;
  const window = { start: new Date(first.toMillis() - margin), end: new Date(end.toMillis() + margin) };
  const [live, calendarBusy, daysOff] = await Promise.all([
    listLiveBookingsOverlapping(db, [teacherId], window.start, window.end),
    listCalendarBusyOverlapping(db, [teacherId], window.start, window.end),
    findDaysOffOverlapping(db, [teacherId], window.start, window.end),
  ]);
  // The lesson being moved releases its own time.
  const lessons = live
    .filter((b) => b.id !== input.excludeBookingId)
    .map((b) => ({ start: b.startsAt, end: b.endsAt }));
  const busy = calendarBusy.map((b) => ({ start: b.startsAt, end: b.endsAt }));
  const slots: { id: string; startTime: string; endTime: string }[] = [];
  for (let day = first; day < end; day = day.plus({ days: 1 })) {
    for (let at = day.set(FIRST_START); at <= day.set(LAST_START); at = at.plus({ minutes: STEP_MINUTES })) {
      const lesson = lessonAt(at.toJSDate());
      const isFree =
        lesson.start.getTime() > now.getTime() &&
        !clashesWithLessons(lesson, lessons, rules.bufferMinutes) &&
        !clashesWithLessons(lesson, busy, rules.bufferMinutes) &&
        !dayOffCovering(daysOff, { startsAt: lesson.start, endsAt: lesson.end }, [teacherId]);
      if (isFree) {
        const startTime = lesson.start.toISOString();
        slots.push({ id: startTime, startTime, endTime: lesson.end.toISOString() });
      }
    }
  }
  return { timezone: rules.zone, from: first.toISODate() ?? input.from, slots };
}
