// The schedule's Sun–Sat week of plain dates ("YYYY-MM-DD" keys) and its labels, with the
// platform's Intl only (no date library in the public bundle).

import { addDays, type DateKey, dateKeyInZone, MONTHS, WEEKDAYS } from "../../lib/zoned-date.ts";

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

// Labels written out (names from lib/zoned-date.ts): plain dates need no zone, and Intl's first use
// costs a phone tens of milliseconds (lib/format.ts).
const short = (name: string) => name.slice(0, 3);

/** Labels of a plain date: "Sun", "Nov 22", "Sun, Nov 22", "Sunday, November 22". */
export function dayLabels(key: DateKey) {
  const date = toUtcDate(key);
  const weekday = WEEKDAYS[date.getUTCDay()];
  const month = MONTHS[date.getUTCMonth()];
  const dayOfMonth = date.getUTCDate();
  return {
    weekday: short(weekday),
    monthDay: `${short(month)} ${dayOfMonth}`,
    short: `${short(weekday)}, ${short(month)} ${dayOfMonth}`,
    long: `${weekday}, ${month} ${dayOfMonth}`,
    dayOfMonth,
  };
}

/** "Nov 22 – Nov 28, 2026". */
export function weekRangeLabel(weekStart: DateKey): string {
  const end = addDays(weekStart, 6);
  return `${dayLabels(weekStart).monthDay} – ${dayLabels(end).monthDay}, ${end.slice(0, 4)}`;
}
