// The schedule's Sun–Sat week of plain dates ("YYYY-MM-DD" keys) and its labels, with the
// platform's Intl only (no date library in the public bundle).

import { addDays, type DateKey, dateKeyInZone } from "../../lib/zoned-date.ts";

const toUtcDate = (key: DateKey) => {
  const [y, m, d] = key.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};
/** The Sunday starting the week that contains this date. */
export function weekStartOf(key: DateKey): DateKey {
  return addDays(key, -toUtcDate(key).getUTCDay());
}

export function currentWeekStart(timeZone: string, now: Date = new Date()): DateKey {
  return weekStartOf(dateKeyInZone(now, timeZone));
}

export function weekDays(weekStart: DateKey): DateKey[] {
  return Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
}

const dayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
});
const weekdayFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "short" });
const monthDayFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });
const longDayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "long",
  month: "long",
  day: "numeric",
});
const rangeYearFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "short",
  day: "numeric",
  year: "numeric",
});

/** Labels of a plain date: "Sun", "Nov 22", "Sun, Nov 22", "Sunday, November 22". */
export function dayLabels(key: DateKey) {
  const date = toUtcDate(key);
  return {
    weekday: weekdayFormat.format(date),
    monthDay: monthDayFormat.format(date),
    short: dayFormat.format(date),
    long: longDayFormat.format(date),
    dayOfMonth: date.getUTCDate(),
  };
}

/** "Nov 22 – Nov 28, 2026". */
export function weekRangeLabel(weekStart: DateKey): string {
  return `${monthDayFormat.format(toUtcDate(weekStart))} – ${rangeYearFormat.format(toUtcDate(addDays(weekStart, 6)))}`;
}
