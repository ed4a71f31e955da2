// The schedule's week of plain dates ("YYYY-MM-DD" keys) and its labels. The week starts on the
// page's language's first day (Sunday in English, the specification's grid; Monday in Italian),
// and its labels are written by the platform's Intl (shared/i18n/format.ts).
import { type DateStyle, FIRST_DAY_OF_WEEK, formatDate } from "../../../../shared/i18n/format.ts";
import type { Locale } from "../../../../shared/i18n/locales.ts";
import { addDays, type DateKey, dateKeyInZone } from "../../lib/zoned-date.ts";

const toUtcDate = (key: DateKey) => {
  const [y, m, d] = key.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};
/** The first day (Sunday, or Monday with `firstDay` 1) of the week that contains this date. */
export function weekStartOf(key: DateKey, firstDay: 0 | 1 = 0): DateKey {
  return addDays(key, -((toUtcDate(key).getUTCDay() - firstDay + 7) % 7));
}

export function currentWeekStart(timeZone: string, now: Date = new Date(), firstDay: 0 | 1 = 0): DateKey {
  return weekStartOf(dateKeyInZone(now, timeZone), firstDay);
}

/** The first day of the week a page in `locale` shows. */
export const firstDayOf = (locale: Locale) => FIRST_DAY_OF_WEEK[locale];

export function weekDays(weekStart: DateKey): DateKey[] {
  return Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
}

// A plain date has no zone: it is written as the UTC day it names.
const label = (locale: Locale, key: DateKey, style: DateStyle) =>
  formatDate(locale, toUtcDate(key), { timeZone: "UTC", style });

/** Labels of a plain date: "Sun", "Nov 22", "Sun, Nov 22", "Sunday, November 22" (in Italian "dom", "22 nov"...). */
export function dayLabels(locale: Locale, key: DateKey) {
  return {
    weekday: label(locale, key, "weekday"),
    weekdayLong: label(locale, key, "weekdayLong"),
    monthDay: label(locale, key, "monthDay"),
    short: label(locale, key, "short"),
    long: label(locale, key, "day"),
  };
}

/** "Nov 22 – Nov 28, 2026" · "23 nov – 29 nov 2026". */
export function weekRangeLabel(locale: Locale, weekStart: DateKey): string {
  return `${label(locale, weekStart, "monthDay")} – ${label(locale, addDays(weekStart, 6), "medium")}`;
}
