// Moving a lesson to another time, by the teacher or by its student. The lesson keeps its row, so
// the old time is released and the new one taken by one UPDATE (never both, never neither), and
// the calendar event keeps its UID with a higher SEQUENCE. The checks are the booking path's: the
// teacher's lock, her other lessons with their buffers, and the exclusion constraint as the last
// guard. The student's move is also held to the booking flow's offer (availability, 48 hours'
// notice, the advance limit); the teacher's only to her free time.
import { BOOKING_NOT_FOUND_MESSAGE } from "../../../shared/constants.ts";
import type { Db, Tx } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { readTeacherCalendar } from "../availability/availability.data.ts";
import { loadSiteRules } from "../availability/availability.service.ts";
import { clashesWithLessons, lessonAt, slotMessage } from "../availability/availability.ts";
import { recordLessonMoved } from "../credits/credits.service.ts";
import { loadMailContext } from "../mail/mail.service.ts";
import { findBookingForMove, insertLessonMove, moveBookingRow, runWithTeacherLock } from "./booking.data.ts";
import { checkStartsAgainstRules, takenMessage } from "./booking.service.ts";
import { queueLessonEventMails } from "./booking-mail.ts";
import { ensureWeeklyRoom } from "./weekly-cap.service.ts";

export type MovableLesson = NonNullable<Awaited<ReturnType<typeof findBookingForMove>>>;

export const LESSON_CHANGED_MESSAGE = "This lesson was changed meanwhile. Please reload and try again.";

const isLive = (status: string) => status === "pending" || status === "confirmed";

export async function loadMovableLesson(db: Db, id: string) {
  const lesson = await findBookingForMove(db, id);
  if (!lesson) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND_MESSAGE);
  return lesson;
}

export type MoveRequest = {
  lesson: MovableLesson;
  start: Date;
  by: "teacher" | "student";
  publicUrl: string;
  now: Date;
  /** Runs first under the teacher's lock: the student's allowance is re-counted there. */
  guard?: (tx: Tx) => Promise<void>;
};

/** Moves the lesson, records the move and queues the other party's email, all or nothing. */
export async function moveLesson(db: Db, req: MoveRequest) {
  const { lesson, start, by, now } = req;
  const rules = await loadSiteRules(db);
  if (!isLive(lesson.status)) throw new AppError("CONFLICT", "Only upcoming lessons can be moved.");
  if (start.getTime() === lesson.startsAt.getTime()) {
    throw new AppError("BAD_REQUEST", slotMessage("errors.alreadyOn", start, rules.zone));
  }
  if (start.getTime() <= now.getTime()) {
    throw new AppError("BAD_REQUEST", "A lesson cannot be moved into the past. Please choose a later time.");
  }
  const to = lessonAt(start);
  const margin = (rules.bufferMinutes + 60) * 60_000;
  const window = { start: new Date(to.start.getTime() - margin), end: new Date(to.end.getTime() + margin) };
  const mailContext = await loadMailContext(db, { PUBLIC_URL: req.publicUrl });
  const taken = takenMessage(start, rules.zone);
  // An unassigned lesson holds the 'unassigned' lane: the constraint alone guards it.
  const teacherId = lesson.teacherId;
  return runWithTeacherLock(
    db,
    teacherId ?? "unassigned",
    async (tx) => {
      await req.guard?.(tx);
      if (teacherId) {
        const calendar = await readTeacherCalendar(tx, teacherId, window, to);
        // The lesson's own time is what the move releases: it never blocks the new one.
        const busy = calendar.live.filter((b) => b.id !== lesson.id).map((b) => ({ start: b.startsAt, end: b.endsAt }));
        if (by === "student") {
          // The teacher's own calendar blocks a student's move; she may move a lesson where she likes.
          busy.push(...calendar.calendarBusy.map((b) => ({ start: b.startsAt, end: b.endsAt })));
          // Under the lock: the teacher's removal of a slot takes it too, so the offer read here holds.
          checkStartsAgainstRules(
            [start],
            calendar.slots.map((s) => ({ start: s.startsAt, end: s.endsAt })),
            rules,
            now,
          );
        }
        if (clashesWithLessons(to, busy, rules.bufferMinutes)) throw new AppError("CONFLICT", taken);
      }
      // A family's weekly cap binds its own moves; the teacher, who sets the cap, is free of it.
      if (by === "student" && lesson.studentId) {
        await ensureWeeklyRoom(tx, {
          accountId: lesson.studentId,
          learnerId: lesson.learnerId,
          starts: [start],
          zone: rules.zone,
          exceptBookingId: lesson.id,
        });
      }
      if (!(await moveBookingRow(tx, lesson.id, lesson.startsAt, to))) {
        throw new AppError("CONFLICT", LESSON_CHANGED_MESSAGE);
      }
      await insertLessonMove(tx, {
        bookingId: lesson.id,
        movedBy: by,
        fromStartsAt: lesson.startsAt,
        toStartsAt: start,
      });
      await recordLessonMoved(
        tx,
        { id: lesson.id, studentId: lesson.studentId, orderId: lesson.order?.id ?? null },
        now,
      );
      await queueLessonEventMails(tx, mailContext, lesson.id, { kind: "moved", from: lesson.startsAt, by });
      return { id: lesson.id, from: lesson.startsAt, to };
    },
    taken,
  );
}
