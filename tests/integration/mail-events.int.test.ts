// Every lesson event queues its mail in the change's transaction, and the real SMTP server on
// localhost receives it: a booking made through the booking service (student's mail with the
// calendar file, teacher's notice), an admin confirmation, a student's cancellation request.
// Plus the admin's email view: list by status, held mail's full text, retry, refused to students.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSmtpTransport, processOutbox } from "../../server/features/mail/mail.service.ts";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser } from "../helpers/booking-factory.ts";
import { createConfirmedLesson, createOrderOfSix } from "../helpers/lesson-rows.ts";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
let sink: SmtpSink;
const db = () => t.database.prisma;
let nextDay = 5;

const send = (method: "POST" | "PUT" | "GET", url: string, user?: TestUser, payload?: unknown) =>
  t.send(method, url, { as: user, payload });

/** Runs the outbox once against the SMTP sink, as the worker does. */
const deliver = () =>
  processOutbox({
    db: db(),
    transport: createSmtpTransport(sink.url, "Giulia <lessons@giulia.test>"),
    host: "localhost",
  });

/** The raw message's text with quoted-printable soft breaks undone, for readable assertions. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

async function bookOne(student: TestUser, extra: Record<string, unknown> = {}) {
  nextDay += 2;
  const start = romeDay(nextDay, 10);
  await t.addAvailability(start, 1);
  const response = await send("POST", "/api/bookings", student, {
    studentInfo: studentInfo({ name: "Luca Neri", timezone: "America/New_York" }),
    lesson_date: iso(start),
    lessonType: "online",
    teacher_id: t.teacherId,
    ...extra,
  });
  expect(response.statusCode).toBe(200);
  return { id: response.json().bookings?.[0]?.id ?? response.json().booking?.id, start };
}

beforeAll(async () => {
  sink = await startSmtpSink();
  await db().teacher.update({ where: { id: t.teacherId }, data: { email: "giulia@teacher.test" } });
});
afterAll(async () => {
  await sink?.stop();
});
beforeEach(async () => {
  sink.received.length = 0;
  await db().outboxEmail.deleteMany();
  await t.setSettings({ bufferBetweenLessons: 0, autoConfirmBookings: false, defaultMeetingLink: null });
});

describe(`lesson emails on ${testEngine}`, () => {
  it("a booking sends the student their mail with the calendar file, in both zones, and the teacher a notice", async () => {
    const student = await t.createStudent();
    const { id, start } = await bookOne(student);
    const stored = await db().booking.findUniqueOrThrow({ where: { id }, select: { studentTimezone: true } });
    expect(stored.studentTimezone).toBe("America/New_York");

    expect(await deliver()).toBe(2);
    const toStudent = sink.received.find((m) => m.to[0] === student.email);
    const toTeacher = sink.received.find((m) => m.to[0] === "giulia@teacher.test");
    const body = plain(toStudent?.raw ?? "");
    // Pending (no auto-confirm): a request awaiting the teacher, not "booked" (issue 17).
    expect(body).toContain("Subject: Your English lesson request: awaiting confirmation");
    expect(body).toContain("Requested: awaiting confirmation.");
    expect(body).toContain("you will get an email as soon as it is confirmed");
    expect(body).not.toContain("Everything is confirmed");
    // 10:00 in Milano, and the student's own time in New York.
    const rome = start.toFormat("cccc, d LLLL yyyy 'at' h:mm a");
    const newYork = start.setZone("America/New_York").toFormat("cccc, d LLLL yyyy 'at' h:mm a");
    expect(body).toContain(rome);
    expect(body).toContain(`which is ${newYork}`);
    expect(body).toMatch(/Content-Type: text\/calendar/i);
    expect(body).toMatch(/filename="?english-lesson\.ics/);
    const teacherBody = plain(toTeacher?.raw ?? "");
    expect(teacherBody).toContain("Subject: New booking request: Luca Neri");
    expect(teacherBody).toContain("The lessons are pending until you confirm them");
    // The teacher's notice is in the teacher's zone only.
    expect(teacherBody).toContain(rome);
    expect(teacherBody).not.toContain("for you");
  });

  it("with auto-confirm on, the booking mail says it is booked and confirmed", async () => {
    await t.setSettings({ autoConfirmBookings: true });
    const student = await t.createStudent();
    await bookOne(student);
    expect(await deliver()).toBe(2);
    const body = plain(sink.received.find((m) => m.to[0] === student.email)?.raw ?? "");
    expect(body).toContain("Subject: Your English lesson is booked");
    expect(body).toContain("Everything is confirmed.");
    expect(body).not.toContain("awaiting confirmation");
    const teacherBody = plain(sink.received.find((m) => m.to[0] === "giulia@teacher.test")?.raw ?? "");
    expect(teacherBody).toContain("Subject: New booking: Luca Neri");
  });

  it("an admin confirmation sends the confirmation with the updated calendar file (SEQUENCE 1)", async () => {
    const student = await t.createStudent();
    const { id } = await bookOne(student);
    await db().outboxEmail.deleteMany();
    const response = await send("PUT", `/api/admin/bookings/${id}`, t.admin, {
      status: "confirmed",
      google_meet_link: "https://meet.google.com/abc-defg-hij",
    });
    expect(response.statusCode).toBe(200);
    expect(await deliver()).toBe(1);
    const mail = plain(sink.received[0].raw);
    expect(sink.received[0].to).toEqual([student.email]);
    expect(mail).toMatch(/Subject: Confirmed: your lesson on/);
    expect(mail).toContain("https://meet.google.com/abc-defg-hij");
    // The attachment is base64 or quoted-printable: decode it before reading the calendar lines.
    const row = await db().outboxEmail.findFirstOrThrow({ where: { kind: "booking_confirmed" } });
    const ics = (row.attachments as { content: string }[])[0].content;
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain("STATUS:CONFIRMED");
    expect(ics).toContain(`UID:${id}@localhost`);

    // A later change of teacher is a "changed" mail listing what changed; nothing changed, no mail.
    const other = await db().teacher.create({ data: { name: "Marco Verdi", email: "marco@teacher.test" } });
    await send("PUT", `/api/admin/bookings/${id}`, t.admin, { status: "confirmed", teacher_id: other.id });
    await send("PUT", `/api/admin/bookings/${id}`, t.admin, { status: "confirmed", notes: "only a note" });
    const changed = await db().outboxEmail.findMany({ where: { kind: "booking_changed" } });
    expect(changed).toHaveLength(1);
    expect(changed[0].textBody).toContain("Your teacher is now Marco Verdi.");
    expect((changed[0].attachments as { content: string }[])[0].content).toContain("SEQUENCE:2");
    await db().booking.update({ where: { id }, data: { teacherId: t.teacherId } });
    await db().teacher.delete({ where: { id: other.id } });
  });

  it("an admin cancellation sends the student a cancelled calendar file; a failed change queues nothing", async () => {
    const student = await t.createStudent();
    const { id } = await bookOne(student);
    await db().outboxEmail.deleteMany();
    expect((await send("PUT", `/api/admin/bookings/${id}`, t.admin, { status: "cancelled" })).statusCode).toBe(200);
    const row = await db().outboxEmail.findFirstOrThrow({ where: { kind: "booking_cancelled" } });
    expect(row.toAddress).toBe(student.email);
    expect((row.attachments as { content: string }[])[0].content).toContain("STATUS:CANCELLED");
    await deliver();
    expect(plain(sink.received[0].raw)).toContain("Subject: Your lesson has been cancelled");

    // Reopening onto a time another lesson took fails as a whole: no mail about a change that did not happen.
    const rival = await t.createStudent();
    const booked = await db().booking.findUniqueOrThrow({ where: { id }, select: { startsAt: true, endsAt: true } });
    await db().booking.create({
      data: {
        teacherId: t.teacherId,
        studentId: rival.id,
        startsAt: booked.startsAt,
        endsAt: booked.endsAt,
        status: "confirmed",
        lessonType: "online",
        studentName: "Rival",
        studentEmail: rival.email,
      },
    });
    await db().outboxEmail.deleteMany();
    expect((await send("PUT", `/api/admin/bookings/${id}`, t.admin, { status: "confirmed" })).statusCode).toBe(409);
    expect(await db().outboxEmail.count()).toBe(0);
  });

  it("a student's cancellation request sends the student the cancellation and the teacher a notice", async () => {
    const student = await t.createStudent();
    nextDay += 2;
    const start = romeDay(nextDay, 15);
    const order = await createOrderOfSix(db(), student.id);
    const lesson = await createConfirmedLesson(
      db(),
      { orderId: order.id, teacherId: t.teacherId, student, start },
      { studentName: "Anna Blu", studentTimezone: "Europe/London" },
    );
    const response = await send("POST", "/api/student/request-cancellation", student, {
      booking_id: lesson.id,
      reason: "A family wedding",
    });
    expect(response.statusCode).toBe(200);
    expect(await deliver()).toBe(2);
    const toStudent = plain(sink.received.find((m) => m.to[0] === student.email)?.raw ?? "");
    const toTeacher = plain(sink.received.find((m) => m.to[0] === "giulia@teacher.test")?.raw ?? "");
    expect(toStudent).toContain("Subject: Your lesson has been cancelled");
    expect(toStudent).toContain("Reason: A family wedding");
    expect(toStudent).toContain("for you"); // London differs from Milano
    expect(toTeacher).toContain("Subject: Cancellation request from Anna Blu");
    expect(toTeacher).toContain("Reason: A family wedding");
    const row = await db().outboxEmail.findFirstOrThrow({ where: { kind: "booking_cancelled" } });
    expect((row.attachments as { content: string }[])[0].content).toContain("STATUS:CANCELLED");

    // The second request on the same package is refused (one free cancellation per 6): the teacher still hears of it.
    const second = await db().booking.create({
      data: {
        orderId: order.id,
        teacherId: t.teacherId,
        studentId: student.id,
        startsAt: start.plus({ days: 1 }).toJSDate(),
        endsAt: start.plus({ days: 1, hours: 1 }).toJSDate(),
        status: "confirmed",
        lessonType: "online",
        studentName: "Anna Blu",
        studentEmail: student.email,
      },
    });
    await db().outboxEmail.deleteMany();
    const refused = await send("POST", "/api/student/request-cancellation", student, {
      booking_id: second.id,
      reason: "Busy",
    });
    expect(refused.statusCode).toBe(409);
    const notices = await db().outboxEmail.findMany({ select: { kind: true, toAddress: true, textBody: true } });
    expect(notices).toEqual([
      expect.objectContaining({ kind: "teacher_cancellation", toAddress: "giulia@teacher.test" }),
    ]);
    expect(notices[0].textBody).toContain("Outcome: Refused");
  });
});

describe(`the admin email view on ${testEngine}`, () => {
  it("lists mail by status with held mail's full text, retries failed mail, and is refused to students", async () => {
    await db().outboxEmail.createMany({
      data: [
        {
          kind: "booking_created",
          toAddress: "a@s.test",
          subject: "Held one",
          textBody: "Hi A,\nthe full text",
          status: "held",
        },
        {
          kind: "booking_created",
          toAddress: "b@s.test",
          subject: "Failed one",
          textBody: "t",
          status: "failed",
          attempts: 6,
          lastError: "451 mailbox busy",
        },
        {
          kind: "booking_created",
          toAddress: "c@s.test",
          subject: "Sent one",
          textBody: "t",
          status: "sent",
          sentAt: new Date(),
        },
        {
          kind: "booking_created",
          toAddress: "d@s.test",
          subject: "Pending one",
          textBody: "t",
          status: "pending",
          nextAttemptAt: new Date(Date.now() + 60_000),
        },
      ],
    });
    const all = await send("GET", "/api/admin/emails", t.admin);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({
      total: 4,
      counts: { held: 1, failed: 1, sent: 1, pending: 1 },
      smtp_configured: false,
    });
    const held = (await send("GET", "/api/admin/emails?status=held", t.admin)).json();
    expect(held.emails).toEqual([
      expect.objectContaining({
        subject: "Held one",
        text: "Hi A,\nthe full text",
        last_error: "Not sent: no SMTP server configured",
      }),
    ]);
    const pending = (await send("GET", "/api/admin/emails?status=pending", t.admin)).json();
    expect(pending.emails[0].next_attempt_at).not.toBeNull();
    const failed = (await send("GET", "/api/admin/emails?status=failed", t.admin)).json().emails[0];
    expect(failed.last_error).toBe("451 mailbox busy");

    // Retry: back to pending with fresh attempts, and the worker sends it.
    expect((await send("POST", `/api/admin/emails/${failed.id}/retry`, t.admin, {})).statusCode).toBe(200);
    expect(await db().outboxEmail.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({
      status: "pending",
      attempts: 0,
    });
    expect((await send("POST", `/api/admin/emails/${failed.id}/retry`, t.admin, {})).statusCode).toBe(409);
    await deliver();
    expect(sink.received.map((m) => m.to[0])).toContain("b@s.test");

    // tRPC gives the same list.
    const trpc = await t.caller({ admin: t.admin }).admin.emails.list({ status: "sent" });
    expect(trpc.emails.map((e) => e.to).sort()).toEqual(["b@s.test", "c@s.test"]);

    // Students and visitors are refused, by REST and tRPC.
    const student = await t.createStudent();
    expect((await send("GET", "/api/admin/emails", student)).statusCode).toBe(401);
    expect((await send("GET", "/api/admin/emails")).statusCode).toBe(401);
    expect((await send("POST", `/api/admin/emails/${failed.id}/retry`, student, {})).statusCode).toBe(401);
    await expect(t.caller({ student }).admin.emails.list({})).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});
