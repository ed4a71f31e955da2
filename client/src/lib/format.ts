// Display formatting with the platform's Intl (no date library in the client bundle). Dates use
// the en-US format as the spec asks; pass an IANA zone to show a time in the teacher's zone.
//
// On a phone, Intl is dear: its first use in a page sets up ICU's data (40-60 ms of a blocked main
// thread), and each formatter made costs a few tenths of a millisecond, which a week grid of
// a hundred times would pay on every render. So formatters are made once per set of options, and
// euro amounts (the pricing step's only formatting) are written without Intl, as are dates and
// times in a zone whose offsets the page knows (lib/zoned-date.ts: the booking steps' times).

import { knownZonedParts, MONTHS } from "./zoned-date.ts";

/** €120 for whole amounts, €22.50 otherwise; thousands grouped (€1,200), as en-IE's euro format writes them. */
export function formatEuro(amount: number): string {
  const digits = Number.isInteger(amount) ? Math.abs(amount).toFixed(0) : Math.abs(amount).toFixed(2);
  const [whole, cents] = digits.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ",");
  return `${amount < 0 ? "-" : ""}€${grouped}${cents ? `.${cents}` : ""}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The en-US formatter for these options, made once. */
function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", options);
    formatters.set(key, format);
  }
  return format;
}

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/**
 * The wall clock of an instant in a zone whose offset is known without Intl (lib/zoned-date.ts:
 * the visitor's own clock, or a zone the server described), else null.
 */
function knownWallClock(value: DateInput, timeZone: string | undefined) {
  const p = timeZone === undefined ? null : knownZonedParts(toDate(value), timeZone);
  return p && { ...p, monthIndex: Number(p.month) - 1, dayOfMonth: Number(p.day), hours: Number(p.hour) };
}

/** "Tuesday, March 3, 2026" (style long) or "Mar 3, 2026" (medium) or "Tue, Mar 3" (short). */
export function formatDate(
  value: DateInput,
  opts: { timeZone?: string; style?: "long" | "medium" | "short" } = {},
): string {
  const style = opts.style ?? "medium";
  const wall = knownWallClock(value, opts.timeZone);
  if (wall) {
    const month = MONTHS[wall.monthIndex];
    if (style === "long") return `${wall.weekday}, ${month} ${wall.dayOfMonth}, ${wall.year}`;
    if (style === "short") return `${wall.weekday.slice(0, 3)}, ${month.slice(0, 3)} ${wall.dayOfMonth}`;
    return `${month.slice(0, 3)} ${wall.dayOfMonth}, ${wall.year}`;
  }
  const options: Intl.DateTimeFormatOptions =
    style === "long"
      ? { weekday: "long", year: "numeric", month: "long", day: "numeric" }
      : style === "short"
        ? { weekday: "short", month: "short", day: "numeric" }
        : { year: "numeric", month: "short", day: "numeric" };
  return dateTimeFormat({ ...options, timeZone: opts.timeZone }).format(toDate(value));
}

// `hour12: false` in en-US prints "24:30" just after midnight; an explicit h23 cycle prints "00:30".
const hourStyle = (hour12 = true): Intl.DateTimeFormatOptions => (hour12 ? { hour12: true } : { hourCycle: "h23" });

/** "10:00 AM", or "10:00" with hour12 false. */
export function formatTime(value: DateInput, opts: { timeZone?: string; hour12?: boolean } = {}): string {
  const wall = knownWallClock(value, opts.timeZone);
  if (wall) {
    if (opts.hour12 === false) return `${wall.hour}:${wall.minute}`;
    return `${wall.hours % 12 || 12}:${wall.minute} ${wall.hours < 12 ? "AM" : "PM"}`;
  }
  return dateTimeFormat({
    hour: "numeric",
    minute: "2-digit",
    ...hourStyle(opts.hour12),
    timeZone: opts.timeZone,
  }).format(toDate(value));
}

/** "Tue, Mar 3, 2026, 10:00 AM". */
export function formatDateTime(value: DateInput, opts: { timeZone?: string; hour12?: boolean } = {}): string {
  return dateTimeFormat({
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    ...hourStyle(opts.hour12),
    timeZone: opts.timeZone,
  }).format(toDate(value));
}

/** File sizes as the admin spec shows them: Bytes, KB, MB or GB, and 'Unknown size' when missing. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return "Unknown size";
  if (bytes === 0) return "0 Bytes";
  const units = ["Bytes", "KB", "MB", "GB"] as const;
  const power = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  const value = bytes / 1024 ** power;
  return `${power === 0 ? value : Math.round(value * 100) / 100} ${units[power]}`;
}
