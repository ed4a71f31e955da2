// Writing lesson events into the teacher's CalDAV calendar with tsdav: each lesson is one object at
// a fixed address, `<uid>.ics` in the calendar, so a retried write replaces what an earlier attempt
// may have left and a lesson never has two events. The first write asks for a new object
// (If-None-Match: *); when one is there already (an attempt whose answer was lost) it is replaced.
import { createCalendarObject, deleteCalendarObject, getBasicAuthHeaders, updateCalendarObject } from "tsdav";
import type { CaldavAccount } from "./calendar-read.ts";

const WRITE_DEADLINE_MS = 20_000;

export class CalendarWriteError extends Error {}

/** The object's address in the calendar: the lesson's UID, as a file name. */
export const lessonObjectName = (uid: string) => `${encodeURIComponent(uid)}.ics`;

export function lessonObjectUrl(calendarUrl: string, uid: string) {
  return new URL(lessonObjectName(uid), calendarUrl.endsWith("/") ? calendarUrl : `${calendarUrl}/`).href;
}

const optionsOf = (account: CaldavAccount) => ({
  headers: getBasicAuthHeaders({ username: account.username, password: account.password }),
  fetchOptions: { signal: AbortSignal.timeout(WRITE_DEADLINE_MS) },
});

async function answerOf(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    throw new CalendarWriteError(`unreachable: ${message}${cause}`.slice(0, 200));
  }
}

const refusal = async (what: string, response: Response) =>
  new CalendarWriteError(`${what} ${response.status}: ${(await response.text()).slice(0, 160)}`);

/** Writes the lesson's object; answers the etag the server gave it (null when it gave none). */
export async function putLessonObject(
  account: CaldavAccount,
  calendarUrl: string,
  uid: string,
  ics: string,
  isNew: boolean,
): Promise<{ etag: string | null }> {
  const options = optionsOf(account);
  const url = lessonObjectUrl(calendarUrl, uid);
  if (isNew) {
    const created = await answerOf(() =>
      createCalendarObject({
        calendar: { url: calendarUrl },
        filename: lessonObjectName(uid),
        iCalString: ics,
        ...options,
      }),
    );
    if (created.ok) return { etag: created.headers.get("etag") };
    if (created.status !== 412) throw await refusal("PUT", created);
  }
  const updated = await answerOf(() => updateCalendarObject({ calendarObject: { url, data: ics }, ...options }));
  if (!updated.ok) throw await refusal("PUT", updated);
  return { etag: updated.headers.get("etag") };
}

/** The lesson's object as the server holds it now, or null when it is gone. */
export async function fetchLessonObject(account: CaldavAccount, calendarUrl: string, uid: string) {
  const { headers, fetchOptions } = optionsOf(account);
  const response = await answerOf(() =>
    fetch(lessonObjectUrl(calendarUrl, uid), { headers: { ...headers, accept: "text/calendar" }, ...fetchOptions }),
  );
  if (response.status === 404 || response.status === 410) return null;
  if (!response.ok) throw await refusal("GET", response);
  return { etag: response.headers.get("etag"), data: await response.text() };
}

/** Removes the lesson's object; one already gone counts as removed. */
export async function deleteLessonObject(account: CaldavAccount, calendarUrl: string, uid: string) {
  const response = await answerOf(() =>
    deleteCalendarObject({ calendarObject: { url: lessonObjectUrl(calendarUrl, uid) }, ...optionsOf(account) }),
  );
  if (!response.ok && response.status !== 404 && response.status !== 410) throw await refusal("DELETE", response);
}
