// Which skipped lessons fell on a day off, and which holiday it is: a day off is an exception
// (AvailabilityException) a whole day long; a removed occurrence of the schedule is one lesson long.
import type { Locale } from "../../../shared/i18n/locales.ts";
import { type HolidayKey, holidayName, isHolidayKey } from "./italian-holidays.ts";

type Range = { startsAt: Date; endsAt: Date };

export type DayOff = { date: string; holiday: HolidayKey | null };

/** At least this long, an exception is a day off (a removed occurrence is one lesson long). */
const DAY_OFF_MIN_MS = 23 * 3_600_000;

/**
 * The whole days off that cover `range` for every one of `teacherIds` (a day nobody works), with
 * the holiday it is, if any; null when one of them works then or took out only that lesson.
 */
export function dayOffCovering(
  exceptions: { teacherId?: string; startsAt: Date; endsAt: Date; holiday: string | null }[],
  range: Range,
  teacherIds: (string | undefined)[],
): { holiday: HolidayKey | null } | null {
  let holiday: HolidayKey | null = null;
  for (const teacherId of teacherIds) {
    const off = exceptions.find(
      (e) =>
        (teacherId === undefined || e.teacherId === teacherId) &&
        e.endsAt.getTime() - e.startsAt.getTime() >= DAY_OFF_MIN_MS &&
        e.startsAt <= range.startsAt &&
        e.endsAt >= range.endsAt,
    );
    if (!off) return null;
    if (isHolidayKey(off.holiday)) holiday = off.holiday;
  }
  return { holiday };
}

/** A day off as an answer names it: its date and its holiday's name in `locale` (null otherwise). */
export const namedDayOff = (d: DayOff, locale: Locale) => ({
  date: d.date,
  name: d.holiday ? holidayName(d.holiday, locale) : null,
});
