// The schedule step's address names the package and teacher chosen on the pricing step
// (`/book/schedule?package=…&teacher=…`), as well as the session does: the server can then render
// the week's times into the page's HTML (issue 15), and a link or a refresh opens the same step.
// Used by the pages and by the server's renderer (client/src/entry-server.tsx), so both read the
// address alike.
import { TEACHER_TIMEZONE } from "../../../../shared/constants.ts";
import type { Locale } from "../../../../shared/i18n/locales.ts";
import { bookingStorage } from "./booking-storage.ts";
import { currentWeekStart, firstDayOf } from "./week.ts";

export const SCHEDULE_PATH = "/book/schedule";

/** The choice an address carries: a package, and the teacher when the visitor chose one. */
export type ScheduleChoice = { packageId: string; teacherId: string | null };

/** Ids are short tokens (UUIDs, the catalogue's slugs): anything else is no choice at all. */
const ID = /^[\w-]{1,100}$/;

export function scheduleAddress(choice: ScheduleChoice | null): string {
  if (!choice) return SCHEDULE_PATH;
  const params = new URLSearchParams({ package: choice.packageId });
  if (choice.teacherId) params.set("teacher", choice.teacherId);
  return `${SCHEDULE_PATH}?${params}`;
}

/** The choice in an address's query (`?package=…&teacher=…`), or null when it names none or a malformed one. */
export function choiceInAddress(search: string): ScheduleChoice | null {
  const params = new URLSearchParams(search);
  const packageId = params.get("package");
  const teacherId = params.get("teacher");
  if (!packageId || !ID.test(packageId) || (teacherId !== null && !ID.test(teacherId))) return null;
  return { packageId, teacherId };
}

/** The schedule as the session holds it (the details step's way back, a booking that failed). */
export function storedScheduleAddress(): string {
  const pkg = bookingStorage.getPackage();
  return scheduleAddress(pkg ? { packageId: pkg.id, teacherId: bookingStorage.getTeacher()?.id ?? null } : null);
}

/**
 * The week a schedule opens on, as the server renders it and the browser first asks for it: the
 * one starting on the page's language's first day of the week (Sunday, Monday in Italian).
 */
export function firstWeekInput(teacherId: string | null, now = new Date(), locale: Locale = "en") {
  return { startDate: currentWeekStart(TEACHER_TIMEZONE, now, firstDayOf(locale)), teacherId };
}
