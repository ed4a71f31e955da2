// Lessons in the teacher's own calendar, kept in step (issue 32, item 2). One CalDAV calendar of
// hers receives her confirmed lessons, each as one event whose UID is the lesson's calendar UID
// (the one of its .ics file and of the feeds) at a fixed address, `<uid>.ics`.
//
// Why a reconciling pass rather than a write queued by each change: a lesson changes in many
// places (booking, confirmation, moves by either side, cancellations, orders decided whole, the
// release of unconfirmed lessons, erasure); comparing what should be in her calendar with what was
// written catches them all, a path added later included. The pass queues the difference in
// CalendarLessonEvent (`action`), and the queue is worked through with backoff until the server
// takes each write, one process per row (a claim, like the refresh's), surviving restarts.
//
// Reading back: each refresh of the receiving calendar compares its events with what was written.
// An event she deleted, or moved to another time, is recorded as her change and waits for her
// decision (cancel the lesson, move it there, or keep ours); nothing is written over it meanwhile
// and the family is never told anything she did not choose. Our own writes are never taken for
// hers: an event whose etag is the one our write got back is ours, and a row written after the
// read began is not compared.
import { createHash } from "node:crypto";
import { createEvent, type EventAttributes } from "ics";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/i18n/locales.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { updateBooking } from "../admin/admin.service.ts";
import { loadSiteRules } from "../availability/availability.service.ts";
import { bookingEventAttributes, foldIcsLines } from "../booking/booking-ics.ts";
import { loadMovableLesson, moveLesson } from "../booking/lesson-move.service.ts";
import { teacherLessonEvent } from "../calendar/calendar-feed.ts";
import { singleEventsOf } from "./busy-times.ts";
import type { CaldavAccount, CaldavObject } from "./calendar-read.ts";
import { decryptCalendarSecret } from "./calendar-secret.ts";
import {
  CalendarWriteError,
  deleteLessonObject,
  fetchLessonObject,
  lessonObjectUrl,
  putLessonObject,
} from "./calendar-write.ts";
import {
  claimDueLessonEvents,
  deleteLessonEventRow,
  findLessonEvent,
  findLessonEventChange,
  findReceivingSource,
  findWritableLesson,
  insertLessonEvents,
  type LessonEventRow,
  listLessonEventChanges,
  listLessonEvents,
  listReceivingSources,
  listWritableLessons,
  queueLessonEvent,
  type ReceivingSourceRow,
  recordLessonEventChange,
  recordLessonEventFailure,
  recordLessonEventWritten,
  type WritableLesson,
} from "./lesson-writeback.data.ts";

export type WritebackEnv = { calendarSecret: string; PUBLIC_URL: string };

/** A write's claim outlives its deadline (calendar-write.ts), so a crashed process's claim ends. */
const WRITE_CLAIM_MS = 2 * 60_000;
const BATCH = 50;
const FIRST_RETRY_MS = 60_000;
const LAST_RETRY_MS = 60 * 60_000;

/** One minute after the first failure, doubling, at most an hour apart. */
export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** attempts, LAST_RETRY_MS);

export const lessonUid = (bookingId: string, publicUrl: string) => `${bookingId}@${new URL(publicUrl).hostname}`;

/** The event as her calendar holds it: the lesson's event as her feed has it, without METHOD. */
function lessonEventAttributes(lesson: WritableLesson, publicUrl: string, locale: Locale): EventAttributes {
  const host = new URL(publicUrl).hostname;
  const ics = { ...lesson, teacherName: lesson.teacher?.name ?? null };
  const { method: _m, ...event } = bookingEventAttributes(ics, host, locale);
  return teacherLessonEvent({ ...event, productId: "english-with-giulia/calendar" }, lesson, locale);
}

/** What a write would say, SEQUENCE aside: a lesson whose hash changed is written again. */
const contentHashOf = (event: EventAttributes) => {
  const { sequence: _s, ...content } = event;
  return createHash("sha256").update(JSON.stringify(content)).digest("base64url");
};

/** The calendar object of one lesson (RFC 4791: one VCALENDAR, no METHOD), folded at 75 octets. */
export function buildLessonObject(event: EventAttributes): string {
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error("Could not build the calendar object.");
  // The `ics` package writes METHOD:PUBLISH unasked; a CalDAV object must carry none (RFC 4791 §4.1).
  return foldIcsLines(value.replace(/^METHOD:[^\r\n]*\r\n/m, ""));
}

function accountOf(source: ReceivingSourceRow, secret: string): { account: CaldavAccount; calendarUrl: string } {
  const open = (sealed: string) => decryptCalendarSecret(sealed, secret);
  const url = open(source.urlEncrypted);
  return {
    account: {
      url,
      username: source.username ?? "",
      password: source.passwordEncrypted ? open(source.passwordEncrypted) : "",
    },
    calendarUrl: source.calendarUrlEncrypted ? open(source.calendarUrlEncrypted) : url,
  };
}

const isKeptLesson = (row: LessonEventRow) =>
  row.booking !== null && (row.booking.status === "confirmed" || row.booking.status === "completed");

/** Compares the lessons that belong in the calendar with the rows, and queues the difference. */
async function reconcileSource(db: Db, env: WritebackEnv, source: ReceivingSourceRow, now: Date, locale: Locale) {
  const [lessons, rows] = await Promise.all([
    listWritableLessons(db, source.teacherId, now),
    listLessonEvents(db, source.id),
  ]);
  const byBooking = new Map(rows.filter((r) => r.bookingId).map((r) => [r.bookingId as string, r]));
  const fresh: { sourceId: string; bookingId: string; uid: string; sequence: number }[] = [];
  let queued = 0;
  for (const lesson of lessons) {
    const row = byBooking.get(lesson.id);
    if (!row) {
      fresh.push({
        sourceId: source.id,
        bookingId: lesson.id,
        uid: lessonUid(lesson.id, env.PUBLIC_URL),
        sequence: lesson.icsSequence,
      });
      continue;
    }
    if (row.action === "put") continue;
    const hash = contentHashOf(lessonEventAttributes(lesson, env.PUBLIC_URL, locale));
    // Her change waits for her decision, unless the lesson itself changed since (then ours is news).
    if (row.action === null && row.contentHash === hash) continue;
    await queueLessonEvent(db, row.id, "put", now);
    queued++;
  }
  for (const row of rows) {
    if (row.action === "delete" || isKeptLesson(row)) continue;
    // Cancelled, set back to pending, or gone: its event goes.
    await queueLessonEvent(db, row.id, "delete", now);
    queued++;
  }
  return queued + (await insertLessonEvents(db, fresh, now));
}

async function writeOne(
  db: Db,
  env: WritebackEnv,
  id: string,
  now: Date,
  locale: Locale,
): Promise<"written" | "failed"> {
  const row = await findLessonEvent(db, id);
  if (!row?.action) return "written";
  const source = await findReceivingSource(db, row.sourceId);
  if (!source) {
    await deleteLessonEventRow(db, id);
    return "written";
  }
  try {
    let target: ReturnType<typeof accountOf>;
    try {
      target = accountOf(source, env.calendarSecret);
    } catch {
      throw new CalendarWriteError("unreadable");
    }
    const lesson = row.bookingId ? await findWritableLesson(db, row.bookingId) : null;
    // A lesson no longer confirmed when its write comes up is removed instead, under the same claim.
    const isHeld = lesson?.status === "confirmed" || lesson?.status === "completed";
    if (row.action === "delete" || !lesson || !isHeld) {
      await deleteLessonObject(target.account, target.calendarUrl, row.uid);
      await deleteLessonEventRow(db, id);
      return "written";
    }
    // Every rewrite raises SEQUENCE past what was written, so her calendar app takes ours as newer.
    const sequence = row.writtenAt ? Math.max(lesson.icsSequence, row.sequence + 1) : lesson.icsSequence;
    const event = { ...lessonEventAttributes(lesson, env.PUBLIC_URL, locale), sequence };
    const written = await putLessonObject(
      target.account,
      target.calendarUrl,
      row.uid,
      buildLessonObject(event),
      row.writtenAt === null,
    );
    await recordLessonEventWritten(db, id, {
      etag: written.etag,
      sequence,
      contentHash: contentHashOf(event),
      startsAt: lesson.startsAt,
      at: new Date(),
    });
    return "written";
  } catch (error) {
    if (!(error instanceof CalendarWriteError)) {
      await recordLessonEventFailure(db, id, "unexpected", new Date(now.getTime() + retryDelayMs(row.attempts)));
      throw error;
    }
    await recordLessonEventFailure(db, id, error.message, new Date(now.getTime() + retryDelayMs(row.attempts)));
    return "failed";
  }
}

/** Works through the due writes (of one calendar, or all), each claimed by this process. */
async function processQueue(db: Db, env: WritebackEnv, now: Date, sourceId?: string) {
  const { teacherLocale } = await loadSiteRules(db);
  let written = 0;
  let failed = 0;
  for (;;) {
    const ids = await claimDueLessonEvents(db, now, new Date(now.getTime() + WRITE_CLAIM_MS), BATCH, sourceId);
    for (const id of ids) {
      if ((await writeOne(db, env, id, now, teacherLocale)) === "written") written++;
      else failed++;
    }
    if (ids.length < BATCH) return { written, failed };
  }
}

/**
 * The scheduled pass (and the first step of a refresh of the receiving calendar): queue what
 * changed, then write what is due. Connecting a calendar later writes the upcoming lessons once.
 */
export async function syncLessonEvents(db: Db, env: WritebackEnv, now: Date, sourceId?: string) {
  const { teacherLocale } = await loadSiteRules(db);
  const sources = (await listReceivingSources(db)).filter((s) => !sourceId || s.id === sourceId);
  let queued = 0;
  for (const source of sources) queued += await reconcileSource(db, env, source, now, teacherLocale ?? DEFAULT_LOCALE);
  return { queued, ...(await processQueue(db, env, now, sourceId)) };
}

/** The UIDs of the lessons written to this calendar: their events are lessons, not busy times. */
export async function lessonUidsOf(db: Db, sourceId: string) {
  return new Set((await listLessonEvents(db, sourceId)).map((r) => r.uid));
}

/**
 * After a successful read of the receiving calendar: her deletions and moves of our events.
 * `objects` are what the read found in `range`; a written event missing from them is looked up by
 * its address (she may have moved it out of the range) before it counts as deleted.
 */
export async function detectLessonEventChanges(
  db: Db,
  secret: string,
  sourceId: string,
  read: { objects: CaldavObject[]; startedAt: Date; range: { start: Date; end: Date }; zone: string },
) {
  const source = await findReceivingSource(db, sourceId);
  if (!source) return 0;
  const rows = (await listLessonEvents(db, sourceId)).filter(
    (r) =>
      r.action === null &&
      r.changeKind === null &&
      r.writtenAt !== null &&
      r.writtenAt < read.startedAt &&
      r.writtenStartsAt !== null &&
      r.writtenStartsAt >= read.range.start &&
      r.writtenStartsAt < read.range.end &&
      r.booking?.status === "confirmed" &&
      r.booking.startsAt > read.startedAt,
  );
  if (rows.length === 0) return 0;
  const found = new Map<string, { start: Date | null; etag: string | null; sequence: number }>();
  const take = (objects: CaldavObject[]) => {
    for (const object of objects) {
      try {
        for (const event of singleEventsOf(object.data, read.zone))
          found.set(event.uid, { ...event, etag: object.etag });
      } catch {
        // An object that is not iCalendar is not one of ours.
      }
    }
  };
  take(read.objects);
  // Missing from the range: deleted, or moved out of it. Each is looked up at its address; one
  // that cannot be looked up now is left for the next refresh (unknown is not deleted).
  const unknown = new Set<string>();
  const missing = rows.filter((r) => !found.has(r.uid));
  if (missing.length > 0) {
    const { account, calendarUrl } = accountOf(source, secret);
    for (const row of missing) {
      try {
        const object = await fetchLessonObject(account, calendarUrl, row.uid);
        if (object) take([{ url: lessonObjectUrl(calendarUrl, row.uid), ...object }]);
      } catch {
        unknown.add(row.uid);
      }
    }
  }
  let changes = 0;
  for (const row of rows) {
    if (unknown.has(row.uid)) continue;
    const event = found.get(row.uid);
    if (event && row.etag !== null && event.etag === row.etag) continue;
    if (event && (!event.start || event.start.getTime() === row.writtenStartsAt?.getTime())) continue;
    await recordLessonEventChange(db, row.id, {
      kind: event ? "moved" : "deleted",
      startsAt: event?.start ?? null,
      seenAt: read.startedAt,
      // Her app raised SEQUENCE: whatever we write next goes above it.
      sequence: Math.max(row.sequence, event?.sequence ?? 0),
    });
    changes++;
  }
  return changes;
}

export type LessonChangeDto = {
  id: string;
  kind: "deleted" | "moved";
  calendar: string;
  lessonId: string;
  studentName: string;
  lessonType: string;
  startsAt: string;
  newStartsAt: string | null;
  seenAt: string | null;
};

export async function listLessonChanges(db: Db, teacherId: string): Promise<LessonChangeDto[]> {
  const rows = await listLessonEventChanges(db, teacherId);
  return rows.flatMap((r) =>
    r.booking && (r.changeKind === "deleted" || r.changeKind === "moved")
      ? [
          {
            id: r.id,
            kind: r.changeKind,
            calendar: r.source.name,
            lessonId: r.booking.id,
            studentName: r.booking.studentName,
            lessonType: r.booking.lessonType,
            startsAt: r.booking.startsAt.toISOString(),
            newStartsAt: r.changedStartsAt?.toISOString() ?? null,
            seenAt: r.changeSeenAt?.toISOString() ?? null,
          },
        ]
      : [],
  );
}

export const CHANGE_NOT_FOUND = "This change in your calendar was already settled.";

/**
 * Her decision on a change she made in her calendar: cancel the lesson (the family is told, as by
 * any cancellation of hers), move it to the calendar's time (her move, the family told), or keep
 * the lesson as it is (our event is written back). Then the calendar is brought in step at once.
 */
export async function resolveLessonChange(
  db: Db,
  env: WritebackEnv,
  teacherId: string,
  input: { id: string; action: "cancel" | "move" | "keep" },
  now = new Date(),
) {
  const change = await findLessonEventChange(db, input.id);
  if (!change || change.source.teacherId !== teacherId || !change.changeKind || !change.bookingId) {
    throw new AppError("NOT_FOUND", CHANGE_NOT_FOUND);
  }
  if (input.action === "cancel") {
    await updateBooking(db, change.bookingId, { status: "cancelled" }, { publicUrl: env.PUBLIC_URL });
  } else if (input.action === "move") {
    if (change.changeKind !== "moved" || !change.changedStartsAt) {
      throw new AppError("BAD_REQUEST", "The event was deleted from your calendar: there is no new time to move to.");
    }
    await moveLesson(db, {
      lesson: await loadMovableLesson(db, change.bookingId),
      start: change.changedStartsAt,
      by: "teacher",
      publicUrl: env.PUBLIC_URL,
      now,
    });
  }
  await queueLessonEvent(db, change.id, input.action === "cancel" ? "delete" : "put", now);
  try {
    await syncLessonEvents(db, env, now, (await findLessonEvent(db, change.id))?.sourceId);
  } catch {
    // The queue keeps the write: the scheduler retries it.
  }
  return { success: true };
}
