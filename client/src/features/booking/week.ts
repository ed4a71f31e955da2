// Calendar arithmetic for the schedule's Sun–Sat week, in the teacher's zone, with the platform's
// Intl only (no date library in the public bundle). Plain dates are "YYYY-MM-DD" keys; instants
// are turned into keys by reading their wall-clock parts in a named zone.

export type DateKey = string;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string) {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock date and time of an instant in a zone. */
export function zonedParts(instant: Date | string, timeZone: string) {
  const parts = partsFormatter(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "00";
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute") };
}

export function dateKeyInZone(instant: Date | string, timeZone: string): DateKey {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** "09:00": sortable wall-clock time of an instant in a zone. */
export function timeKeyInZone(instant: Date | string, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.hour}:${p.minute}`;
}

const toUtcDate = (key: DateKey) => {
  const [y, m, d] = key.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};
const fromUtcDate = (date: Date): DateKey => date.toISOString().slice(0, 10);

export function addDays(key: DateKey, days: number): DateKey {
  const date = toUtcDate(key);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtcDate(date);
}

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
