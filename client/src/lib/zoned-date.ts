// Wall-clock dates and times in a named zone (the teacher's, or the visitor's), with the platform's
// Intl only: the public booking pages carry no date library. Plain dates are "YYYY-MM-DD" keys.

export type DateKey = string;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string) {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      weekday: "long",
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

/** The wall-clock date and time of an instant in a zone, as zero-padded digits (weekday in words). */
export function zonedParts(instant: Date | string | number, timeZone: string) {
  const parts = partsFormatter(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "00";
  return {
    weekday: get("weekday"),
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
  };
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

/** The instant of a wall-clock date and time in a zone: two passes find the zone's offset, DST included. */
export function zonedInstant(dateKey: DateKey, hhmm: string, timeZone: string): Date {
  const [y, mo, d] = dateKey.split("-").map(Number);
  const [h, mi] = hhmm.split(":").map(Number);
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  const offsetAt = (t: number) => {
    const p = zonedParts(t, timeZone);
    return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute) - t;
  };
  let t = guess - offsetAt(guess);
  t = guess - offsetAt(t);
  return new Date(t);
}

/** The plain date `days` after a date (negative for before). */
export function addDays(key: DateKey, days: number): DateKey {
  const [y, m, d] = key.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
