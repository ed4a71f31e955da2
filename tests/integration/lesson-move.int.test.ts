// Moving a lesson (issue 16, item 2), by the teacher (PUT /api/admin/bookings/:id with lesson_date)
// and by the student (POST /api/student/bookings/:id/move): the row keeps its id and calendar UID,
// the old time is released and the new one taken at once, SEQUENCE grows, the other party gets one
// email with both times, and the student's move spends the package's free allowance. Run on PGlite
// and PostgreSQL: PGlite runs one transaction at a time and would hide the races.
import { DateTime } from "luxon";
import { beforeEach, describe, expect, it } from "vitest";
import { SINGLE_LESSON_CANCEL_MESSAGE } from "../../shared/cancellation-policy.ts";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser } from "../helpers/booking-factory.ts";
import { createConfirmedLesson } from "../helpers/lesson-rows.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
const slotName = (d: DateTime) => d.setLocale("en-US").toFormat("ccc, LLL d 'at' h:mm a");
const takenMessage = (d: DateTime) =>
  `Sorry, the lesson on ${slotName(d)} was just booked by someone else. Please choose another time.`;
/** How the emails write a time in Milano. */
const mailTime = (d: DateTime) => d.toFormat("cccc, d LLLL yyyy 'at' h:mm a");

let day = 20;
/** Two fresh days for each test (d and d + 1), so no test's lessons or availability meet another's. */
const nextDay = () => {
  day += 2;
  return day;
};

/** An order of `lessons` lessons for the student, with one booked lesson at each start. */
async function bookOrder(student: TestUser, lessons: number, starts: DateTime[]) {
  const order = await db().bookingOrder.create({
    data: {
      studentId: student.id,
      packageId: (await db().package.findFirstOrThrow({ where: { lessons }, select: { id: true } })).id,
      lessons,
      basePriceCents: 100,
      totalPriceCents: 100,
    },
    select: { id: true },
  });
  const rows = [];
  for (const start of starts) {
    rows.push(await createConfirmedLesson(db(), { orderId: order.id, teacherId: t.teacherId, student, start }));
  }
  return { orderId: order.id, lessons: rows.map((r) => r.id) };
}

/**
 * A new student's 6-lesson package with lessons at 9:00 and 16:00 on a fresh day `d`, and
 * `freeHours` hours open from 9:00 the day after.
 */
async function twoPackageLessonsAndFreeHours(freeHours: number) {
  const student = await t.createStudent();
  const d = nextDay();
  const { lessons } = await bookOrder(student, 6, [romeDay(d, 9), romeDay(d, 16)]);
  await t.addAvailability(romeDay(d + 1, 9), freeHours);
  return { student, d, lessons };
}

const lessonRow = (id: string) =>
  db().booking.findUniqueOrThrow({ where: { id }, select: { startsAt: true, endsAt: true, icsSequence: true } });
const mailsAbout = (kind: string, id: string) =>
  db().outboxEmail.findMany({ where: { kind, dedupeKey: { startsWith: `${kind}:${id}:` } } });
const moveAsStudent = (student: TestUser, id: string, to: DateTime) =>
  t.send("POST", `/api/student/bookings/${id}/move`, { as: student, payload: { lesson_date: iso(to) } });
const moveAsTeacher = (id: string, to: DateTime, status = "confirmed") =>
  t.send("PUT", `/api/admin/bookings/${id}`, { as: t.admin, payload: { status, lesson_date: iso(to) } });

beforeEach(async () => {
  await t.setSettings({ bufferBetweenLessons: 30, maxAdvanceBooking: 90, autoConfirmBookings: false });
  await db().adminSettings.update({ where: { id: "site" }, data: { cancellationPolicy: "24 hours" } });
});

describe(`the teacher moves a lesson, on ${testEngine}`, () => {
  it("to a free time of hers, inside 48 hours and outside her availability: same row, SEQUENCE up, one email", async () => {
    const student = await t.createStudent();
    const from = romeDay(nextDay(), 10);
    const { lessons } = await bookOrder(student, 6, [from]);
    const to = romeDay(2, 7); // about two days ahead at 7:00, no availability there
    const before = await lessonRow(lessons[0]);

    const response = await moveAsTeacher(lessons[0], to);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, booking: { id: lessons[0], lesson_date: iso(to) } });
    const after = await lessonRow(lessons[0]);
    expect(after.startsAt.getTime()).toBe(to.toMillis());
    expect(after.endsAt.getTime()).toBe(to.plus({ hours: 1 }).toMillis());
    expect(after.icsSequence).toBe(before.icsSequence + 1);
    expect(await db().booking.count({ where: { studentId: student.id } })).toBe(1);

    // The student hears of it once, with both times and the calendar file that replaces the old event.
    const mails = await db().outboxEmail.findMany({ where: { toAddress: student.email } });
    expect(mails.map((m) => m.kind)).toEqual(["booking_moved"]);
    expect(mails[0].textBody).toContain(`Old time: ${mailTime(from)}`);
    expect(mails[0].textBody).toContain(mailTime(to));
    expect(mails[0].textBody).toContain(`/student/lessons?move=${lessons[0]}`);
    const ics = (mails[0].attachments as { content: string }[])[0].content;
    expect(ics).toContain(`UID:${lessons[0]}@`);
    expect(ics).toContain(`SEQUENCE:${after.icsSequence}`);
    expect(await mailsAbout("teacher_lesson_moved", lessons[0])).toHaveLength(0);

    // The calendar download agrees: same UID, the higher SEQUENCE.
    const file = await t.send("GET", `/api/calendar/booking/${lessons[0]}/ics`, { as: student });
    expect(file.body).toContain(`UID:${lessons[0]}@`);
    expect(file.body).toContain(`SEQUENCE:${after.icsSequence}`);

    // A teacher's move spends nothing of the student's allowance.
    const summary = await t.send("GET", "/api/student/cancellation-summary", { as: student });
    expect(summary.json().packages[0]).toMatchObject({ allowance: 1, used: 0, remaining: 1 });
    expect(await db().lessonMove.findMany({ where: { bookingId: lessons[0] } })).toEqual([
      expect.objectContaining({ movedBy: "teacher", fromStartsAt: from.toJSDate(), toStartsAt: to.toJSDate() }),
    ]);
  });

  it("keeps the no-overlap rule and the buffer; a lesson may move over its own old time", async () => {
    const student = await t.createStudent();
    const d = nextDay();
    const { lessons } = await bookOrder(student, 6, [romeDay(d, 10), romeDay(d, 14)]);

    const overlap = await moveAsTeacher(lessons[1], romeDay(d, 10).plus({ minutes: 30 }));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error).toBe(takenMessage(romeDay(d, 10).plus({ minutes: 30 })));
    const inBuffer = await moveAsTeacher(lessons[1], romeDay(d, 11).plus({ minutes: 15 }));
    expect(inBuffer.statusCode).toBe(409);
    expect((await lessonRow(lessons[1])).startsAt.getTime()).toBe(romeDay(d, 14).toMillis());
    expect(await db().outboxEmail.count({ where: { toAddress: student.email } })).toBe(0);

    // 14:00 -> 14:30 overlaps only the lesson's own old time, which the move releases.
    const self = await moveAsTeacher(lessons[1], romeDay(d, 14).plus({ minutes: 30 }));
    expect(self.statusCode, self.body).toBe(200);
    // Past the buffer: allowed.
    const clear = await moveAsTeacher(lessons[1], romeDay(d, 11).plus({ minutes: 30 }));
    expect(clear.statusCode, clear.body).toBe(200);
  });

  it("refuses the past and a cancelled lesson", async () => {
    const student = await t.createStudent();
    const { lessons } = await bookOrder(student, 6, [romeDay(nextDay(), 10)]);
    const past = await moveAsTeacher(lessons[0], romeDay(-1, 10));
    expect(past.statusCode).toBe(400);
    await db().booking.update({ where: { id: lessons[0] }, data: { status: "cancelled" } });
    const cancelled = await moveAsTeacher(lessons[0], romeDay(nextDay(), 10), "cancelled");
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error).toBe("Only upcoming lessons can be moved.");
  });
});

describe(`the student moves a lesson, on ${testEngine}`, () => {
  it("to an offered time: same row, SEQUENCE up, the teacher and the family emailed, the allowance spent", async () => {
    const student = await t.createStudent();
    const d = nextDay();
    const from = romeDay(d, 10);
    const { lessons } = await bookOrder(student, 6, [from, romeDay(d, 15)]);
    const to = romeDay(d + 1, 9);
    await t.addAvailability(to, 3);

    const check = await t.send("GET", `/api/student/can-move/${lessons[0]}`, { as: student });
    expect(check.json()).toMatchObject({ can_move: true, allowance: 1, remaining: 1, remaining_after: 0 });

    const response = await moveAsStudent(student, lessons[0], to);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      booking: { id: lessons[0], lesson_date: iso(to), previous_lesson_date: iso(from) },
      remaining: 0,
    });
    const after = await lessonRow(lessons[0]);
    expect(after.startsAt.getTime()).toBe(to.toMillis());
    expect(after.icsSequence).toBe(1);

    const toTeacher = await mailsAbout("teacher_lesson_moved", lessons[0]);
    expect(toTeacher).toHaveLength(1);
    expect(toTeacher[0].textBody).toContain(`Old time: ${mailTime(from)}`);
    expect(toTeacher[0].textBody).toContain(`New time: ${mailTime(to)}`);
    // The family gets its own copy (issue 31, item 6): the calendar file at the new time, the same
    // UID and a higher SEQUENCE, so the files a parent saved follow the move.
    const toFamily = await db().outboxEmail.findMany({ where: { toAddress: student.email } });
    expect(toFamily.map((m) => m.kind)).toEqual(["booking_moved"]);
    expect(toFamily[0].textBody).toContain("Your lesson has been moved, as you asked.");
    expect(toFamily[0].textBody).toContain(`Old time: ${mailTime(from)}`);
    const familyIcs = (toFamily[0].attachments as { content: string }[])[0].content;
    expect(familyIcs).toContain(`UID:${lessons[0]}@`);
    expect(familyIcs).toContain(`SEQUENCE:${after.icsSequence}`);

    // The old time is free again: the grid offers it once more where availability covers it.
    await t.addAvailability(from, 1);
    const grid = await t.caller().booking.availability({ startDate: from.toISODate(), teacherId: t.teacherId });
    expect(grid.availableSlots.some((s) => s.startTime === from.toJSDate().toISOString())).toBe(true);

    // The package's one free cancellation or move is spent: a second move and a cancellation are refused.
    const again = await moveAsStudent(student, lessons[1], to.plus({ hours: 2 }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("You have used the free cancellation or move of this package.");
    const cancel = await t.send("POST", "/api/student/request-cancellation", {
      as: student,
      payload: { booking_id: lessons[1], reason: "Travel" },
    });
    expect(cancel.statusCode).toBe(409);
    const summary = await t.send("GET", "/api/student/cancellation-summary", { as: student });
    expect(summary.json().packages[0]).toMatchObject({ allowance: 1, used: 1, remaining: 0 });
  });

  it("keeps the policy: single lessons, the notice, the offer, another student's lesson", async () => {
    const student = await t.createStudent();
    const other = await t.createStudent();
    const d = nextDay();
    const target = romeDay(d + 1, 9);
    await t.addAvailability(target, 1);
    const single = await bookOrder(student, 1, [romeDay(d, 10)]);
    const refusedSingle = await moveAsStudent(student, single.lessons[0], target);
    expect(refusedSingle.statusCode).toBe(409);
    expect(refusedSingle.json().error).toBe(SINGLE_LESSON_CANCEL_MESSAGE);

    const soon = await bookOrder(student, 6, [DateTime.now().startOf("hour").plus({ hours: 20 })]);
    const late = await moveAsStudent(student, soon.lessons[0], target);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe("Moves need at least 24 hours notice before the lesson starts.");

    const pkg = await bookOrder(student, 6, [romeDay(d, 12)]);
    const offHours = await moveAsStudent(student, pkg.lessons[0], romeDay(d + 1, 18));
    expect(offHours.statusCode).toBe(400);
    expect(offHours.json().error).toContain("is not in the teacher's availability");
    const foreign = await moveAsStudent(other, pkg.lessons[0], target);
    expect(foreign.statusCode).toBe(404);
    expect((await lessonRow(pkg.lessons[0])).startsAt.getTime()).toBe(romeDay(d, 12).toMillis());
    expect(await db().lessonMove.count({ where: { bookingId: { in: [...single.lessons, ...pkg.lessons] } } })).toBe(0);
  });
});

describe(`races, on ${testEngine}`, () => {
  /** Two students' lessons, and one offered slot the next day that both will want. */
  async function twoLessonsAndOneSlot() {
    const [a, b] = [await t.createStudent(), await t.createStudent()];
    const d = nextDay();
    const lessonA = (await bookOrder(a, 6, [romeDay(d, 9)])).lessons[0];
    const lessonB = (await bookOrder(b, 6, [romeDay(d, 16)])).lessons[0];
    const slot = romeDay(d + 1, 12);
    await t.addAvailability(slot, 1);
    return { a, b, lessonA, lessonB, slot };
  }

  it("two moves into one slot at once: one winner, one clean conflict, no overlap", async () => {
    const { a, b, lessonA, lessonB, slot } = await twoLessonsAndOneSlot();

    const results = await Promise.all([moveAsStudent(a, lessonA, slot), moveAsStudent(b, lessonB, slot)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error).toBe(takenMessage(slot));
    expect(await db().booking.count({ where: { startsAt: slot.toJSDate() } })).toBe(1);
    // The loser's lesson is where it was; exactly one email, from the winner's move.
    const loser = results[0].statusCode === 409 ? lessonA : lessonB;
    expect((await lessonRow(loser)).icsSequence).toBe(0);
    expect(
      await db().outboxEmail.count({ where: { kind: "teacher_lesson_moved", dedupeKey: { contains: loser } } }),
    ).toBe(0);
  });

  it("a teacher's and a student's move into one slot at once: one winner", async () => {
    const { a, lessonA, lessonB, slot } = await twoLessonsAndOneSlot();
    const results = await Promise.all([moveAsStudent(a, lessonA, slot), moveAsTeacher(lessonB, slot)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await db().booking.count({ where: { startsAt: slot.toJSDate() } })).toBe(1);
  });

  it("a move and a new booking of one slot at once: one winner", async () => {
    const { a, b, lessonA, slot } = await twoLessonsAndOneSlot();
    const results = await Promise.all([
      moveAsStudent(a, lessonA, slot),
      t.send("POST", "/api/bookings", {
        as: b,
        payload: { studentInfo: studentInfo(), lesson_date: iso(slot), lessonType: "online", teacher_id: t.teacherId },
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(
      await db().booking.count({ where: { startsAt: slot.toJSDate(), status: { in: ["pending", "confirmed"] } } }),
    ).toBe(1);
  });

  it("two moves of one package at once with one free move left: one is refused", async () => {
    const { student, d, lessons } = await twoPackageLessonsAndFreeHours(6);
    const results = await Promise.all([
      moveAsStudent(student, lessons[0], romeDay(d + 1, 9)),
      moveAsStudent(student, lessons[1], romeDay(d + 1, 13)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error).toBe(
      "You have used the free cancellation or move of this package.",
    );
    expect(await db().lessonMove.count({ where: { bookingId: { in: lessons } } })).toBe(1);
  });

  it("a move and a cancellation of one package at once with one free one left: one is refused", async () => {
    const { student, d, lessons } = await twoPackageLessonsAndFreeHours(1);
    const results = await Promise.all([
      moveAsStudent(student, lessons[0], romeDay(d + 1, 9)),
      t.send("POST", "/api/student/request-cancellation", {
        as: student,
        payload: { booking_id: lessons[1], reason: "Travel" },
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const moves = await db().lessonMove.count({ where: { bookingId: { in: lessons } } });
    const cancellations = await db().cancellationRequest.count({
      where: { bookingId: lessons[1], status: "approved" },
    });
    expect(moves + cancellations).toBe(1);
  });
});
