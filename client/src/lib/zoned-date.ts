// Wall-clock dates and times in a named zone (the teacher's, or the visitor's), with the platform's
// Intl only: the public booking pages carry no date library. Plain dates are "YYYY-MM-DD" keys.
//
// Intl's first use in a page costs a phone tens of milliseconds (ICU's set-up), so
// the booking steps avoid it: the availability the server sends carries its zone's UTC offsets
// through its window (learnZoneOffsets), and the visitor's own clock (OWN_ZONE) is read with Date's
// local getters. Any other zone or instant goes through Intl.

import { CLOCK_CHECK_STEP_MS } from "../../../shared/clock-check.ts";

export type DateKey = string;

/** The visitor's own clock, wherever the device is: `new Date()`'s local time, no Intl needed. */
export const OWN_ZONE = "(own clock)";

// English weekday names, as Intl's en-US parts name them.
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** A zone's UTC offsets from `from` (ms) until `until`, each entry holding from its `from` on. */
type KnownOffsets = { until: number; offsets: { from: number; minutes: number }[] };
const knownOffsets = new Map<string, KnownOffsets[]>();
/** Windows kept per zone: a visitor paging through weeks adds one per two weeks. */
const KEPT_WINDOWS = 30;

/**
 * Remembers a zone's offsets through a window, as the server's availability describes them
 * (`zoneOffsets`, then `windowEnd`): times in that window are then written without Intl.
 */
export function learnZoneOffsets(grid: {
  timezone: string;
  windowEnd: string;
  zoneOffsets: { from: string; minutes: number }[];
}): void {
  if (grid.zoneOffsets.length === 0) return;
  const windows = knownOffsets.get(grid.timezone) ?? [];
  const until = Date.parse(grid.windowEnd);
  const offsets = grid.zoneOffsets.map((o) => ({ from: Date.parse(o.from), minutes: o.minutes }));
  if (windows.some((w) => w.until === until && w.offsets[0].from === offsets[0].from)) return;
  windows.unshift({ until, offsets });
  knownOffsets.set(grid.timezone, windows.slice(0, KEPT_WINDOWS));
}

/** The zone's offset at this instant (minutes ahead of UTC) if a learned window covers it. */
export function knownOffset(timeZone: string, instant: number): number | undefined {
  if (timeZone === OWN_ZONE) return -new Date(instant).getTimezoneOffset();
  for (const window of knownOffsets.get(timeZone) ?? []) {
    if (instant < window.offsets[0].from || instant >= window.until) continue;
    let minutes = window.offsets[0].minutes;
    for (const o of window.offsets) if (o.from <= instant) minutes = o.minutes;
    return minutes;
  }
  return undefined;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * zonedParts without Intl, when the zone's offset at that instant is known (a learned window, or
 * the visitor's own clock); null otherwise.
 */
function knownZonedParts(date: Date, timeZone: string) {
  const offset = Number.isNaN(date.getTime()) ? undefined : knownOffset(timeZone, date.getTime());
  if (offset === undefined) return null;
  // The wall clock is UTC moved by the offset: read it with the UTC getters.
  const wall = new Date(date.getTime() + offset * 60_000);
  return {
    weekday: WEEKDAYS[wall.getUTCDay()],
    year: String(wall.getUTCFullYear()),
    month: pad(wall.getUTCMonth() + 1),
    day: pad(wall.getUTCDate()),
    hour: pad(wall.getUTCHours()),
    minute: pad(wall.getUTCMinutes()),
  };
}

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
  const date = new Date(instant);
  const known = knownZonedParts(date, timeZone);
  if (known) return known;
  const parts = partsFormatter(timeZone).formatToParts(date);
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

/**
 * Whether the visitor's own clock reads otherwise than the zone's at any moment of an availability
 * window (compared every half hour), from the offsets the server sent and Date alone. The page's
 * start script (shared/early-clicks.ts) asks the same, the same way, before its first paint.
 */
export function ownClockDiffers(grid: { windowEnd: string; zoneOffsets: { from: string; minutes: number }[] }) {
  const until = Date.parse(grid.windowEnd);
  return grid.zoneOffsets.some((offset, i) => {
    const end = i + 1 < grid.zoneOffsets.length ? Date.parse(grid.zoneOffsets[i + 1].from) : until;
    for (let t = Date.parse(offset.from); t < end; t += CLOCK_CHECK_STEP_MS) {
      if (-new Date(t).getTimezoneOffset() !== offset.minutes) return true;
    }
    return false;
  });
}

/** The visitor's offset from UTC now, as "UTC", "UTC+1", "UTC-5" or "UTC+5:45". */
export function ownClockLabel(now: Date = new Date()): string {
  const minutes = -now.getTimezoneOffset();
  if (minutes === 0) return "UTC";
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? "-" : "+"}${Math.floor(abs / 60)}${abs % 60 ? `:${pad(abs % 60)}` : ""}`;
}

/** Whether the visitor's own clock shows any of these instants otherwise than the zone does. */
export function ownClockDiffersAt(instants: readonly (string | Date)[], timeZone: string): boolean {
  const wallClock = (t: string | Date, zone: string) => {
    const p = zonedParts(t, zone);
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
  };
  return instants.some((t) => wallClock(t, timeZone) !== wallClock(t, OWN_ZONE));
}

/** The zone to give Intl for a zone of these helpers: the visitor's own clock is the browser's default. */
export function intlZone(zone: string): string | undefined {
  return zone === OWN_ZONE ? undefined : zone;
}
