// Why reading one of the teacher's calendars failed: a code the server stores with the source
// ("refused: 401", the code then a status or a server's words) and answers a refused connection
// with; both the admin page and the server's refusal word it from the same catalogue keys.
import type { MessageKey } from "./i18n/messages.ts";

/** Each failure, in the teacher's words. */
const FAILURE_KEYS = {
  "bad-address": "admin.calendars.error.bad-address",
  timeout: "admin.calendars.error.timeout",
  unreachable: "admin.calendars.error.unreachable",
  refused: "admin.calendars.error.refused",
  http: "admin.calendars.error.http",
  "not-calendar": "admin.calendars.error.not-calendar",
  "too-large": "admin.calendars.error.too-large",
  unreadable: "admin.calendars.error.unreadable",
} as const satisfies Record<string, MessageKey>;

export type CalendarFailure = keyof typeof FAILURE_KEYS;
export type CalendarFailureKey = (typeof FAILURE_KEYS)[CalendarFailure];

/** A stored failure ("refused: 401") as the message key that says it in the teacher's words. */
export function calendarFailureKey(stored: string): CalendarFailureKey {
  const code = stored.split(":")[0] ?? "";
  return Object.hasOwn(FAILURE_KEYS, code) ? FAILURE_KEYS[code as CalendarFailure] : FAILURE_KEYS.unreadable;
}
