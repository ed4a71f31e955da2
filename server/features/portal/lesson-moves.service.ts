// The student's move of one of their lessons: within the cancellation policy (the notice, and the
// package's free allowance, which a move spends as a cancellation does; single lessons cannot be
// moved), to a time the booking flow offers now. The move itself is the booking feature's.
import type { z } from "zod";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/i18n/locales.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { translator } from "../../i18n.ts";
import { loadMovableLesson, moveLesson } from "../booking/lesson-move.service.ts";
import { lockOrder } from "../booking/order.data.ts";
import { evaluate, toDecisionDto } from "./cancellations.service.ts";
import * as data from "./portal.data.ts";
import type { moveLessonSchema } from "./portal.schemas.ts";

/** What the move dialog shows before the student picks a time: the same figures as a cancellation's. */
export async function checkMove(
  db: Db,
  studentId: string,
  bookingId: string,
  locale: Locale = DEFAULT_LOCALE,
  now = new Date(),
) {
  const { lesson, decision } = await evaluate(db, studentId, bookingId, now, "move");
  const { can_cancel, ...figures } = toDecisionDto(lesson.id, decision, locale);
  return {
    ...figures,
    lesson_date: lesson.startsAt.toISOString(),
    teacher_id: lesson.teacherId,
    can_move: can_cancel,
  };
}

export async function moveStudentLesson(
  db: Db,
  studentId: string,
  input: z.infer<typeof moveLessonSchema>,
  opts: { publicUrl: string; locale?: Locale; now?: Date },
) {
  const now = opts.now ?? new Date();
  const { lesson, decision, judge } = await evaluate(db, studentId, input.booking_id, now, "move");
  if (!decision.canCancel || !lesson.order) {
    throw new AppError("CONFLICT", decision.refusal ?? "This lesson cannot be moved.");
  }
  const movable = await loadMovableLesson(db, lesson.id);
  if (!movable.teacherId) {
    throw new AppError("CONFLICT", "This lesson has no teacher yet. Please contact your teacher to move it.");
  }
  const order = lesson.order;
  const moved = await moveLesson(db, {
    lesson: movable,
    start: new Date(input.lesson_date),
    by: "student",
    publicUrl: opts.publicUrl,
    now,
    // Under the teacher's lock, then the order's (the order a cancellation locks alone): two moves
    // or a move and a cancellation at once cannot both spend the last free one.
    guard: async (tx) => {
      await lockOrder(tx, order.id);
      const again = judge(await data.countAllowanceSpentInOrder(tx, studentId, order.id));
      if (!again.canCancel) throw new AppError("CONFLICT", again.refusal ?? "This lesson can no longer be moved.");
    },
  });
  return {
    booking: {
      id: moved.id,
      lesson_date: moved.to.start.toISOString(),
      end_date: moved.to.end.toISOString(),
      previous_lesson_date: moved.from.toISOString(),
      status: lesson.status,
    },
    remaining: decision.remaining - 1,
    message: translator(opts.locale ?? DEFAULT_LOCALE)("portal.move.doneMessage"),
  };
}
