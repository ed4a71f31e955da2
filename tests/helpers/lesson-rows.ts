// Lessons written straight into the database, for tests that need one booked before they act.
import type { DateTime } from "luxon";
import type { Db } from "../../server/db.ts";

/**
 * An order of the six-lesson package (it allows one free cancellation or move) for `studentId`, at
 * a token price, made in `locale` (the language its emails speak).
 */
export function createOrderOfSix(db: Db, studentId: string, locale: "en" | "it" = "en") {
  return db.bookingOrder.create({
    data: { studentId, packageId: "standard-6", lessons: 6, basePriceCents: 1, totalPriceCents: 1, locale },
  });
}

/**
 * A confirmed one-hour online lesson of `student` with the teacher, from `start`, in `orderId`;
 * `extra` sets any other column (a different name on the booking, the student's time zone).
 */
export function createConfirmedLesson(
  db: Db,
  lesson: { orderId: string; teacherId: string; student: { id: string; name: string; email: string }; start: DateTime },
  extra: { studentName?: string; studentTimezone?: string } = {},
) {
  const { orderId, teacherId, student, start } = lesson;
  return db.booking.create({
    data: {
      orderId,
      teacherId,
      studentId: student.id,
      startsAt: start.toJSDate(),
      endsAt: start.plus({ hours: 1 }).toJSDate(),
      status: "confirmed",
      lessonType: "online",
      studentName: student.name,
      studentEmail: student.email,
      ...extra,
    },
  });
}
