// "I can't come" always has a path (issue 31, item 6), on a real migrated database (PGlite, or
// PostgreSQL with TEST_ENGINE=postgresql): past the policy's free changes the family tells the
// teacher, she is notified and answers in one tap — waived (the lesson cancelled and given back in
// the credit ledger) or kept forfeited (cancelled, still spent) — and the family is emailed the
// cancelled calendar file. The teacher's answer takes an injected clock.
import { beforeEach, describe, expect, it } from "vitest";
import { answerCantCome } from "../../server/features/portal/cancellations.service.ts";
import { bookOnlinePackage, prepareBookingApp, romeDay, type TestUser } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;

type LedgerBody = { balance: number; entries: { kind: string; lessons: number; bookingId?: string }[] };
const ledgerOf = async (student: TestUser) => {
  const response = await t.send("GET", "/api/student/credits", { as: student });
  expect(response.statusCode).toBe(200);
  return response.json() as LedgerBody;
};

let day = 30;
/**
 * A student's confirmed five-lesson package on a fresh day: five lessons carry no free change
 * (one per six), so every lesson of it is past the free changes.
 */
async function confirmedPackage() {
  day += 1;
  const student = await t.createStudent();
  const booked = await bookOnlinePackage(t, student, romeDay(day, 9));
  const confirmed = await t.send("PUT", `/api/admin/orders/${booked.order.id}`, {
    as: t.admin,
    payload: { status: "confirmed" },
  });
  expect(confirmed.statusCode).toBe(200);
  const lessons = await db().booking.findMany({
    where: { studentId: student.id },
    orderBy: { startsAt: "asc" },
    select: { id: true, startsAt: true, orderId: true },
  });
  return { student, lessons };
}

const tell = (student: TestUser, bookingId: string, reason = "I have a fever") =>
  t.caller({ student }).portal.tellTeacherCantCome({ booking_id: bookingId, reason });
const mails = (kind: string, bookingId: string) =>
  db().outboxEmail.findMany({ where: { kind, dedupeKey: { startsWith: `${kind}:${bookingId}:` } } });

beforeEach(async () => {
  await t.setSettings({ bufferBetweenLessons: 0, maxAdvanceBooking: 90, autoConfirmBookings: false });
});

describe(`"I can't come" past the free changes, on ${testEngine}`, () => {
  it("is offered, accepted once, and the teacher is notified with the policy", async () => {
    const { student, lessons } = await confirmedPackage();
    const lesson = lessons[0];
    const check = await t.caller({ student }).portal.cancellationCheck({ bookingId: lesson.id });
    expect(check).toMatchObject({ can_cancel: false, can_tell_teacher: true, told_teacher_at: null });

    const told = await tell(student, lesson.id);
    expect(told).toMatchObject({ status: "awaiting_teacher" });
    expect(told.message).toContain("forfeited unless your teacher waives it");

    // The lesson stays booked until she answers; the dialog now says the teacher was told.
    expect((await db().booking.findUniqueOrThrow({ where: { id: lesson.id } })).status).toBe("confirmed");
    const after = await t.caller({ student }).portal.cancellationCheck({ bookingId: lesson.id });
    expect(after.can_tell_teacher).toBe(false);
    expect(after.told_teacher_at).not.toBeNull();

    const notices = await mails("teacher_cant_come", lesson.id);
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toBe(`${student.name} can't come to a lesson`);
    expect(notices[0].textBody).toContain("Reason: I have a fever");
    expect(notices[0].textBody).toContain("The lesson is forfeited unless you waive it.");
    expect(notices[0].textBody).toContain("/admin/bookings");

    // Telling twice is refused with a clear message, and nothing more is recorded or sent.
    await expect(tell(student, lesson.id)).rejects.toThrow(
      "You have already told your teacher you cannot come to this lesson.",
    );
    expect(await db().cancellationRequest.count({ where: { bookingId: lesson.id } })).toBe(1);
    expect(await mails("teacher_cant_come", lesson.id)).toHaveLength(1);

    // The teacher sees it on the lesson, waiting for her answer.
    const row = await t.send("GET", `/api/admin/bookings/${lesson.id}`, { as: t.admin });
    expect(row.statusCode).toBe(200);
    expect(row.json().booking.cant_come).toMatchObject({
      status: "awaiting_teacher",
      reason: "I have a fever",
    });
  });

  it("waived in one tap: the lesson cancelled, given back in the ledger, the family emailed the calendar file", async () => {
    const { student, lessons } = await confirmedPackage();
    const lesson = lessons[1];
    const { request_id } = await tell(student, lesson.id);
    const before = await ledgerOf(student);
    const sequence = (await db().booking.findUniqueOrThrow({ where: { id: lesson.id } })).icsSequence;

    const answered = await t.caller({ admin: t.admin }).admin.bookings.answerCantCome({
      requestId: request_id,
      answer: "waive",
    });
    expect(answered.request.status).toBe("waived");
    expect(answered.booking).toMatchObject({ status: "cancelled", cant_come: { status: "waived" } });

    const ledger = await ledgerOf(student);
    expect(ledger.balance).toBe(before.balance + 1);
    expect(ledger.entries.at(-1)).toMatchObject({ kind: "returned", lessons: 1, bookingId: lesson.id });

    const toFamily = await mails("booking_cancelled", lesson.id);
    expect(toFamily).toHaveLength(1);
    expect(toFamily[0].toAddress).toBe(student.email);
    expect(toFamily[0].textBody).toContain("the lesson is given back");
    const ics = (toFamily[0].attachments as { content: string }[])[0].content;
    expect(ics).toContain(`UID:${lesson.id}@`);
    expect(ics).toContain(`SEQUENCE:${sequence + 1}`);
    expect(ics).toContain("STATUS:CANCELLED");

    // A second tap (or the other button) answers nothing more.
    await expect(
      t.caller({ admin: t.admin }).admin.bookings.answerCantCome({ requestId: request_id, answer: "forfeit" }),
    ).rejects.toThrow("This request has already been answered.");
    expect((await ledgerOf(student)).balance).toBe(before.balance + 1);
  });

  it("kept forfeited: cancelled, the lesson stays spent (a late cancellation), the family told in its language", async () => {
    const { student, lessons } = await confirmedPackage();
    const lesson = lessons[2];
    // An Italian family: its copy is in Italian, the teacher's in hers.
    if (lesson.orderId) await db().bookingOrder.update({ where: { id: lesson.orderId }, data: { locale: "it" } });
    const { request_id } = await tell(student, lesson.id, "Work trip");
    const before = await ledgerOf(student);
    const now = new Date(lesson.startsAt.getTime() - 3_600_000);

    const answered = await answerCantCome(db(), request_id, "forfeit", { publicUrl: t.env.PUBLIC_URL, now });
    expect(answered.status).toBe("forfeited");
    expect((await db().booking.findUniqueOrThrow({ where: { id: lesson.id } })).status).toBe("cancelled");
    const ledger = await ledgerOf(student);
    expect(ledger.balance).toBe(before.balance);
    expect(ledger.entries.at(-1)).toMatchObject({ kind: "late_cancellation", lessons: 0, bookingId: lesson.id });
    const toFamily = await mails("booking_cancelled", lesson.id);
    expect(toFamily).toHaveLength(1);
    expect(toFamily[0].textBody).toContain("Secondo le regole di disdetta, questa lezione è persa");
    expect(toFamily[0].textBody).toContain("Il file di calendario allegato toglie la lezione dal tuo calendario.");
    const ics = (toFamily[0].attachments as { content: string }[])[0].content;
    expect(ics).toContain(`UID:${lesson.id}@`);
    expect(ics).toContain("STATUS:CANCELLED");
    expect((await mails("teacher_cant_come", lesson.id))[0].subject).toBe(`${student.name} can't come to a lesson`);
  });

  it("is refused within the free changes and for a lesson that is over; another family's lesson is 404", async () => {
    const { student, lessons } = await confirmedPackage();
    const other = await t.createStudent();
    await expect(tell(other, lessons[3].id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      t.caller({ student: other }).portal.cancellationCheck({ bookingId: lessons[3].id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db().cancellationRequest.count({ where: { bookingId: lessons[3].id } })).toBe(0);

    // Within the free changes the dialog cancels for free instead: "can't come" is refused.
    const six = await db().bookingOrder.create({
      data: { studentId: student.id, packageId: "standard-6", lessons: 6, basePriceCents: 1, totalPriceCents: 1 },
    });
    await db().booking.update({ where: { id: lessons[3].id }, data: { orderId: six.id } });
    const free = await t.caller({ student }).portal.cancellationCheck({ bookingId: lessons[3].id });
    expect(free).toMatchObject({ can_cancel: true, can_tell_teacher: false });
    await expect(tell(student, lessons[3].id)).rejects.toThrow("This lesson can still be cancelled free of charge.");
    await db().booking.update({ where: { id: lessons[3].id }, data: { orderId: lessons[0].orderId } });

    // A cancelled lesson has no "can't come".
    await db().booking.update({ where: { id: lessons[4].id }, data: { status: "cancelled" } });
    await expect(tell(student, lessons[4].id)).rejects.toThrow("Only upcoming lessons can be cancelled.");

    // The teacher's answer to an id that is not a request is 404.
    await expect(
      t.caller({ admin: t.admin }).admin.bookings.answerCantCome({
        requestId: "00000000-0000-4000-8000-000000000000",
        answer: "waive",
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    // A student cannot answer.
    const { request_id } = await tell(student, lessons[3].id);
    await expect(
      t.caller({ student }).admin.bookings.answerCantCome({ requestId: request_id, answer: "waive" }),
    ).rejects.toBeTruthy();
  });
});
