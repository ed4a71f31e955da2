// The teacher's own calendars: sources she connects (a CalDAV calendar, or an ICS address), whose
// busy times through the booking horizon are read on a schedule and on demand and stored, so the
// availability never waits on a calendar server. A refresh writes under the teacher's booking lock:
// a booking either sees the new busy times when it re-checks, or committed before them. When a
// read fails, the last busy times stay and the source shows the error and since when.

import { DateTime } from "luxon";
import type { z } from "zod";
import { calendarFailureKey } from "../../../shared/calendar-failures.ts";
import type { Db } from "../../db.ts";
import type { Env } from "../../env.ts";
import { AppError } from "../../errors.ts";
import { loadSiteRules } from "../availability/availability.service.ts";
import { runWithTeacherLock } from "../booking/booking.data.ts";
import { busyTimesFromIcs, singleEventsOf } from "./busy-times.ts";
import {
  type CaldavAccount,
  CalendarReadError,
  checkCalendarAddress,
  fetchCaldavObjects,
  fetchIcsText,
  listCaldavCalendars,
} from "./calendar-read.ts";
import { decryptCalendarSecret, encryptCalendarSecret } from "./calendar-secret.ts";
import {
  type CalendarCredentialsRow,
  type CalendarSourceRow,
  claimCalendarSync,
  deleteCalendarSource,
  findCalendarCredentials,
  findCalendarSource,
  insertCalendarSource,
  isCalendarSyncClaimed,
  listCalendarSources,
  listDueCalendarSources,
  readCalendarSyncMinutes,
  recordCalendarFailure,
  replaceCalendarBusy,
} from "./calendars.data.ts";
import type { addCalendarSchema, caldavAccountSchema } from "./calendars.schemas.ts";
import { setReceivingSource } from "./lesson-writeback.data.ts";
import {
  detectLessonEventChanges,
  lessonUidsOf,
  listLessonChanges,
  syncLessonEvents,
} from "./lesson-writeback.service.ts";

/** The key of the credentials; the public address too where lessons are written (their UIDs). */
type Secret = Pick<Env, "calendarSecret"> & { PUBLIC_URL?: string };

export const ICS_CANNOT_RECEIVE = "An ICS address can only be read: choose a CalDAV calendar to receive your lessons.";

export const DEFAULT_CALENDAR_SYNC_MINUTES = 5;
/** A refresh's claim outlives its reads' deadlines (calendar-read.ts), so a crashed process's claim ends. */
const SYNC_CLAIM_MS = 2 * 60_000;
const CLAIM_POLL_MS = 200;
/** A little beyond the booking horizon: a lesson at its edge keeps its buffer to what follows. */
const HORIZON_MARGIN_DAYS = 2;

export type CalendarSourceDto = {
  id: string;
  kind: string;
  name: string;
  host: string;
  username: string | null;
  lastSyncedAt: string | null;
  busyCount: number;
  lastError: string | null;
  failingSince: string | null;
  receivesLessons: boolean;
};

const toDto = (row: CalendarSourceRow): CalendarSourceDto => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  host: row.displayHost,
  username: row.username,
  lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
  busyCount: row.busyCount,
  lastError: row.lastError,
  failingSince: row.failingSince?.toISOString() ?? null,
  receivesLessons: row.receivesLessons,
});

export async function listCalendars(db: Db, teacherId: string) {
  const [sources, minutes, changes] = await Promise.all([
    listCalendarSources(db, teacherId),
    readCalendarSyncMinutes(db),
    listLessonChanges(db, teacherId),
  ]);
  return { calendars: sources.map(toDto), syncEveryMinutes: minutes ?? DEFAULT_CALENDAR_SYNC_MINUTES, changes };
}

/** A refusal the admin page shows as the read's failure, in the teacher's language. */
const readRefusal = (failure: string) => new AppError("BAD_REQUEST", { key: calendarFailureKey(failure) });

/** The calendars a CalDAV account holds, for the teacher to choose one. */
export async function discoverCalendars(input: z.output<typeof caldavAccountSchema>) {
  try {
    return { calendars: await listCaldavCalendars(input) };
  } catch (error) {
    if (error instanceof CalendarReadError) throw readRefusal(error.message);
    throw error;
  }
}

/**
 * Connects a calendar and reads it once: a source that cannot be read now (a wrong password, a
 * mistyped address) is refused rather than stored failing.
 */
export async function addCalendar(
  db: Db,
  env: Secret,
  teacherId: string,
  input: z.output<typeof addCalendarSchema>,
  now = new Date(),
) {
  if (input.kind === "ics" && input.receivesLessons) throw new AppError("BAD_REQUEST", ICS_CANNOT_RECEIVE);
  let source: CalendarSourceRow;
  try {
    const url = checkCalendarAddress(input.url);
    const seal = (plain: string) => encryptCalendarSecret(plain, env.calendarSecret);
    if (input.kind === "ics") {
      source = await insertCalendarSource(db, {
        teacherId,
        kind: "ics",
        name: input.name ?? url.hostname,
        urlEncrypted: seal(url.toString()),
        username: null,
        passwordEncrypted: null,
        calendarUrlEncrypted: null,
        displayHost: url.hostname,
      });
    } else {
      const calendars = await listCaldavCalendars(input);
      // Only a calendar the account's server listed: the choice names no other address.
      const chosen = input.calendarUrl
        ? calendars.find((c) => c.url === input.calendarUrl)
        : calendars.length === 1
          ? calendars[0]
          : undefined;
      if (!chosen) {
        throw new AppError(
          "BAD_REQUEST",
          calendars.length === 0
            ? "This account has no calendar with events."
            : "Choose one of the account's calendars.",
        );
      }
      source = await insertCalendarSource(db, {
        teacherId,
        kind: "caldav",
        name: input.name ?? chosen.name,
        urlEncrypted: seal(url.toString()),
        username: input.username,
        passwordEncrypted: seal(input.password),
        calendarUrlEncrypted: seal(chosen.url),
        displayHost: url.hostname,
      });
    }
  } catch (error) {
    if (error instanceof CalendarReadError) throw readRefusal(error.message);
    throw error;
  }
  const result = await syncCalendar(db, env, teacherId, source.id, now);
  if (result.error) {
    await deleteCalendarSource(db, teacherId, source.id);
    throw readRefusal(result.error);
  }
  if (input.kind === "caldav" && input.receivesLessons) {
    await setReceivingSource(db, teacherId, source.id, true);
    await writeLessonsNow(db, env, source.id, now);
  }
  const stored = await findCalendarSource(db, source.id);
  return { calendar: toDto(stored ?? source) };
}

/** The lessons written at once where the address is known; the scheduler retries what fails. */
async function writeLessonsNow(db: Db, env: Secret, id: string, now: Date) {
  if (!env.PUBLIC_URL) return;
  try {
    await syncLessonEvents(db, { calendarSecret: env.calendarSecret, PUBLIC_URL: env.PUBLIC_URL }, now, id);
  } catch {
    // Each write failed is queued with its retry; nothing else to do here.
  }
}

/**
 * PUT /api/admin/calendars/{id}: whether the calendar receives her lessons. One at a time: choosing
 * one stops the others; stopping leaves the events written in her calendar, and writes no more.
 */
export async function updateCalendar(
  db: Db,
  env: Secret,
  teacherId: string,
  input: { id: string; receivesLessons: boolean },
  now = new Date(),
) {
  const source = await findCalendarSource(db, input.id);
  if (!source || source.teacherId !== teacherId) throw new AppError("NOT_FOUND", "Calendar not found.");
  if (source.kind !== "caldav" && input.receivesLessons) throw new AppError("BAD_REQUEST", ICS_CANNOT_RECEIVE);
  if (input.receivesLessons !== source.receivesLessons) {
    await setReceivingSource(db, teacherId, source.id, input.receivesLessons);
    if (input.receivesLessons) await writeLessonsNow(db, env, source.id, now);
  }
  const stored = await findCalendarSource(db, source.id);
  return { calendar: toDto(stored ?? source) };
}

export async function removeCalendar(db: Db, teacherId: string, id: string) {
  // Under the booking lock, so a booking's re-check never sees half of the removal.
  const removed = await runWithTeacherLock(
    db,
    teacherId,
    (tx) => deleteCalendarSource(tx, teacherId, id),
    "The calendar changed meanwhile.",
  );
  if (removed === 0) throw new AppError("NOT_FOUND", "Calendar not found.");
  return { success: true };
}

/** The range whose busy times are kept: from yesterday to a little past the booking horizon. */
async function horizonOf(db: Db, now: Date) {
  const rules = await loadSiteRules(db);
  const today = DateTime.fromJSDate(now, { zone: rules.zone }).startOf("day");
  return {
    zone: rules.zone,
    range: {
      start: today.minus({ days: 1 }).toJSDate(),
      end: today.plus({ days: rules.maxAdvanceDays + HORIZON_MARGIN_DAYS }).toJSDate(),
    },
  };
}

async function readBusyTimes(db: Db, env: Secret, source: CalendarCredentialsRow, now: Date) {
  const startedAt = new Date();
  const { zone, range } = await horizonOf(db, now);
  const open = (sealed: string) => {
    try {
      return decryptCalendarSecret(sealed, env.calendarSecret);
    } catch {
      // A changed CALENDAR_SECRET: the teacher adds the calendar again.
      throw new CalendarReadError("unreadable");
    }
  };
  const url = open(source.urlEncrypted);
  const objects =
    source.kind === "ics"
      ? [{ url, etag: null, data: await fetchIcsText(url) }]
      : await fetchCaldavObjects(
          {
            url,
            username: source.username ?? "",
            password: source.passwordEncrypted ? open(source.passwordEncrypted) : "",
          } satisfies CaldavAccount,
          source.calendarUrlEncrypted ? open(source.calendarUrlEncrypted) : url,
          range,
        );
  // The lessons written into this calendar are lessons, not busy times of hers.
  const lessonUids = source.receivesLessons ? await lessonUidsOf(db, source.id) : new Set<string>();
  const isLesson = (text: string) =>
    lessonUids.size > 0 && singleEventsOf(text, zone).some((event) => lessonUids.has(event.uid));
  try {
    const busy = objects.filter((o) => !isLesson(o.data)).flatMap((o) => busyTimesFromIcs(o.data, range, zone));
    return { busy, read: { objects, startedAt, range, zone } };
  } catch {
    throw new CalendarReadError("not-calendar");
  }
}

/**
 * Refreshes one source, unless another process is refreshing it (then waits for that refresh).
 * Answers the busy count stored, or the read's failure (the earlier busy times then stay).
 */
async function refresh(db: Db, env: Secret, id: string, now: Date): Promise<{ busy: number; error: string | null }> {
  const source = await findCalendarCredentials(db, id);
  if (!source) return { busy: 0, error: null };
  // Her calendar first gets what changed in her lessons, so the read below sees our latest writes.
  if (source.receivesLessons) await writeLessonsNow(db, env, id, now);
  try {
    const { busy, read } = await readBusyTimes(db, env, source, now);
    await runWithTeacherLock(
      db,
      source.teacherId,
      (tx) => replaceCalendarBusy(tx, source, busy, now),
      "The calendar changed meanwhile.",
    );
    if (source.receivesLessons) await detectLessonEventChanges(db, env.calendarSecret, id, read);
    return { busy: busy.length, error: null };
  } catch (error) {
    if (!(error instanceof CalendarReadError)) {
      await recordCalendarFailure(db, id, "unreadable", now);
      throw error;
    }
    await recordCalendarFailure(db, id, error.message, now);
    return { busy: 0, error: error.message };
  }
}

async function waitForOtherRefresh(db: Db, id: string) {
  const deadline = Date.now() + SYNC_CLAIM_MS;
  while (Date.now() < deadline && (await isCalendarSyncClaimed(db, id, new Date()))) {
    await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
  }
}

/** "Sync now": the refresh's outcome once it is done (another process's, if it was refreshing). */
export async function syncCalendar(db: Db, env: Secret, teacherId: string, id: string, now = new Date()) {
  const source = await findCalendarSource(db, id);
  if (!source || source.teacherId !== teacherId) throw new AppError("NOT_FOUND", "Calendar not found.");
  if (await claimCalendarSync(db, id, now, new Date(now.getTime() + SYNC_CLAIM_MS))) {
    const result = await refresh(db, env, id, now);
    return { success: result.error === null, busyEvents: result.busy, error: result.error };
  }
  await waitForOtherRefresh(db, id);
  const after = await findCalendarSource(db, id);
  return { success: !after?.lastError, busyEvents: after?.busyCount ?? 0, error: after?.lastError ?? null };
}

/**
 * The scheduled pass: every source whose last refresh is older than the setting, each claimed by
 * one process. Counts what changed for the log; `onChanged` drops the cached availability.
 */
export async function syncDueCalendars(db: Db, env: Secret, now: Date, onChanged?: () => void) {
  const minutes = (await readCalendarSyncMinutes(db)) ?? DEFAULT_CALENDAR_SYNC_MINUTES;
  // Within a few seconds of due counts as due, so a pass every minute keeps a 5-minute rhythm.
  const due = await listDueCalendarSources(db, now, minutes * 60_000 - 5_000);
  let synced = 0;
  let failed = 0;
  for (const id of due) {
    if (!(await claimCalendarSync(db, id, now, new Date(now.getTime() + SYNC_CLAIM_MS)))) continue;
    const result = await refresh(db, env, id, now);
    if (result.error) failed++;
    else synced++;
  }
  if (synced > 0) onChanged?.();
  return { synced, failed };
}
