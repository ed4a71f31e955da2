// Italy's public holidays as the teacher's days off, in one action or every year by themselves
// (the "always" setting). They are days off like any other (`AvailabilityException`, the record
// the standing schedule's top-up never fills), each naming its holiday so every answer can say
// which day it skipped and why. A day already marked stays as it is: applying again adds
// nothing and removes no slot the teacher added on that day since.
import { DateTime } from "luxon";
import { type Locale, preferredLocale } from "../../../shared/i18n/locales.ts";
import type { Db } from "../../db.ts";
import { readSiteSettings } from "../admin/settings.data.ts";
import { loadSiteRules } from "./availability.service.ts";
import { type DayOff, dayOffCovering } from "./days-off.ts";
import {
  findDaysOffOverlapping,
  findHolidayDaysOff,
  findSlotsStartingWithin,
  insertHolidayDaysOff,
  listActiveTeacherIdsForHolidays,
} from "./holidays.data.ts";
import { holidayName, italianHolidays } from "./italian-holidays.ts";
import { withTeacherScheduleLock } from "./standing-schedule.data.ts";
import { type KeptLesson, removeKeepingBooked } from "./standing-schedule.service.ts";

type Range = { startsAt: Date; endsAt: Date };

/** A local day of `zone` as the range of instants it covers (23 or 25 hours on a clock change). */
export function localDay(date: string, zone: string): Range {
  const start = DateTime.fromISO(date, { zone }).startOf("day");
  return { startsAt: start.toJSDate(), endsAt: start.plus({ days: 1 }).startOf("day").toJSDate() };
}

/** This year in the teacher's zone. */
export async function currentYear(db: Db, now = new Date()) {
  return DateTime.fromJSDate(now, { zone: (await loadSiteRules(db)).zone }).year;
}

/** The language of holiday names: the page's when it says one, else the teacher's setting. */
export async function holidayLocale(db: Db, acceptLanguage: string | string[] | undefined) {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  return preferredLocale(header) ?? (await loadSiteRules(db)).teacherLocale;
}

/** GET /api/admin/holidays?year=: the year's holidays, named, each with whether it is a day off. */
export async function listHolidays(db: Db, teacherId: string, year: number, locale: Locale, now = new Date()) {
  const [{ zone }, settings] = await Promise.all([loadSiteRules(db), readSiteSettings(db)]);
  const list = italianHolidays(year).map((h) => ({ ...h, ...localDay(h.date, zone) }));
  const marked = await findHolidayDaysOff(db, teacherId, list[0].startsAt, list[list.length - 1].endsAt);
  const isMarked = new Set(marked.map((m) => `${m.startsAt.getTime()} ${m.holiday}`));
  return {
    year,
    timezone: zone,
    applyAlways: settings.applyHolidays,
    holidays: list.map((h) => ({
      date: h.date,
      name: holidayName(h.holiday, locale),
      holiday: h.holiday,
      isDayOff: isMarked.has(`${h.startsAt.getTime()} ${h.holiday}`),
      isPast: h.endsAt <= now,
    })),
  };
}

/**
 * Marks the year's holidays that have not ended yet as days off. The unbooked slots of a day
 * marked now go; a booked lesson keeps its slot and is listed (a holiday never cancels a lesson).
 */
export async function applyHolidays(db: Db, teacherId: string, year: number, now = new Date()) {
  const { zone } = await loadSiteRules(db);
  const wanted = italianHolidays(year)
    .map((h) => ({ holiday: h.holiday, ...localDay(h.date, zone) }))
    .filter((h) => h.endsAt > now);
  const { marked, removal } = await withTeacherScheduleLock(db, teacherId, async (tx) => {
    const marked = await insertHolidayDaysOff(tx, teacherId, wanted);
    const slots = (await findSlotsStartingWithin(tx, teacherId, marked)).filter((s) => s.startsAt > now);
    return { marked, removal: await removeKeepingBooked(tx, teacherId, slots) };
  });
  const kept: KeptLesson[] = removal.kept;
  return {
    success: true,
    year,
    added: marked.length,
    alreadyDaysOff: wanted.length - marked.length,
    slotsRemoved: removal.deleted,
    keptBooked: kept,
    message:
      `${marked.length} ${marked.length === 1 ? "holiday" : "holidays"} of ${year} marked as days off` +
      `${removal.deleted > 0 ? `; ${removal.deleted} free ${removal.deleted === 1 ? "slot" : "slots"} removed` : ""}.` +
      (kept.length > 0
        ? ` ${kept.length} booked ${kept.length === 1 ? "lesson keeps its slot" : "lessons keep their slots"}.`
        : ""),
  };
}

/**
 * The "always" setting: this year's and next year's holidays become days off of every active
 * teacher. Run before each top-up (and when the setting is turned on), so the schedule never
 * fills a holiday; idempotent, so every process may run it.
 */
export async function applyHolidaysAlways(db: Db, now: Date) {
  const { applyHolidays: isOn, timezone } = await readSiteSettings(db);
  if (!isOn) return { marked: 0 };
  const year = DateTime.fromJSDate(now, { zone: timezone }).year;
  let marked = 0;
  for (const teacherId of await listActiveTeacherIdsForHolidays(db)) {
    for (const y of [year, year + 1]) marked += (await applyHolidays(db, teacherId, y, now)).added;
  }
  return { marked };
}

/** The days off among the skipped days of "same time every week" (YYYY-MM-DD, teacher's zone). */
export async function daysOffAmong(
  db: Db,
  teacherIds: string[],
  skipped: { date: string; startsAt: Date; endsAt: Date }[],
): Promise<DayOff[]> {
  if (skipped.length === 0 || teacherIds.length === 0) return [];
  const exceptions = await findDaysOffOverlapping(
    db,
    teacherIds,
    skipped[0].startsAt,
    skipped[skipped.length - 1].endsAt,
  );
  return skipped.flatMap((s) => {
    const off = dayOffCovering(exceptions, s, teacherIds);
    return off ? [{ date: s.date, holiday: off.holiday }] : [];
  });
}
