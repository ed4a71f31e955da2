// A termly report (issue 31, item 5): the pure parts both sides share. Only the admin area and
// the server import this file; the public pages never load it.

/** The longest range one report covers. */
export const TERMLY_MAX_DAYS = 400;
/** The teacher's comment, at most this many characters. */
export const TERMLY_COMMENT_LIMIT = 2000;

/** Whether `v` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
}

/** Days from `from` to `to`, both counted (2026-09-01..2026-09-01 is one day). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const pad = (n: number) => String(n).padStart(2, "0");
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The Italian school year's term that holds `day` (YYYY-MM-DD), the terms the teacher's progress
 * glance counts in: 1 September to 31 January, 1 February to 30 June, and the summer, 1 July to
 * 31 August. The report form starts on it.
 */
export function schoolTermOf(day: string): { from: string; to: string } {
  const [year, month] = day.split("-").map(Number);
  if (month >= 9) return { from: `${year}-09-01`, to: `${year + 1}-01-31` };
  if (month === 1) return { from: `${year - 1}-09-01`, to: `${year}-01-31` };
  if (month <= 6) return { from: `${year}-02-01`, to: `${year}-06-30` };
  return { from: `${year}-07-01`, to: `${year}-08-${pad(lastDayOf(year, 8))}` };
}
