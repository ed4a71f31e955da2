// Issue 29, item 3: every email, reminder and calendar file about an order reaches its student in
// the order's language (else the account's), and the teacher's copies in hers (the "Language of
// your emails" setting), on both engines: a booking, the teacher's decision, a move, a
// cancellation, a release of requests not confirmed in time and the 24-hour reminder.
import { DateTime } from "luxon";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { releaseStalePendingLessons } from "../../server/features/booking/pending-hold.service.ts";
import { loadMailContext, queueLessonReminders } from "../../server/features/mail/mail.service.ts";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser } from "../helpers/booking-factory.ts";
import { createConfirmedLesson, createOrderOfSix } from "../helpers/lesson-rows.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
const TEACHER = "giulia@teacher.test";
let nextDay = 30;

const setTeacherLocale = (teacherLocale: "en" | "it") =>
  db().adminSettings.update({ where: { id: "site" }, data: { teacherLocale } });

/** An account of `locale` (the language of the page it signed up on). */
async function studentOf(locale: "en" | "it") {
  const student = await t.createStudent();
  await db().user.update({ where: { id: student.id }, data: { locale } });
  return student;
}

/** Books one online lesson on a fresh day through the API; `locale` is the booking page's language. */
async function bookOne(student: TestUser, locale?: "en" | "it") {
  nextDay += 2;
  const start = romeDay(nextDay, 10);
  await t.addAvailability(start, 1);
  const response = await t.send("POST", "/api/bookings", {
    as: student,
    payload: {
      studentInfo: studentInfo({ name: "Luca Neri" }),
      lesson_date: iso(start),
      lessonType: "online",
      teacher_id: t.teacherId,
      ...(locale ? { locale } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { id: response.json().booking.id as string, orderId: response.json().order.id as string, start };
}

const mailsTo = (address: string, kind?: string) =>
  db().outboxEmail.findMany({
    where: { toAddress: address, ...(kind ? { kind } : {}) },
    orderBy: { createdAt: "asc" },
  });
const calendarOf = (mail: { attachments: unknown }) =>
  ((mail.attachments as { content: string }[] | null) ?? [])
    .map((a) => a.content)
    .join("\n")
    .replace(/\r?\n[ \t]/g, "");
/** The Italian long date of a lesson in Milano: "mercoledì 9 dicembre 2026". */
const italianDay = (start: DateTime) =>
  new Intl.DateTimeFormat("it-IT", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/Rome",
  }).format(start.toJSDate());

beforeAll(async () => {
  await db().teacher.update({ where: { id: t.teacherId }, data: { email: TEACHER } });
});
beforeEach(async () => {
  await db().outboxEmail.deleteMany();
  await t.setSettings({ bufferBetweenLessons: 0, autoConfirmBookings: false, defaultMeetingLink: null });
  await setTeacherLocale("en");
});

describe(`emails in their reader's language, on ${testEngine}`, () => {
  it("an Italian booking queues the student's Italian email and calendar file; the teacher's copy is in English", async () => {
    const student = await studentOf("it");
    const { start } = await bookOne(student, "it");
    const [mail] = await mailsTo(student.email, "booking_created");
    expect(mail.subject).toBe("La tua richiesta di lezione di inglese: in attesa di conferma");
    expect(mail.textBody).toMatch(/^Ciao Luca Neri,\n\nGrazie per aver prenotato con /);
    expect(mail.textBody).toContain(`${italianDay(start)}, ore 10:00 (`);
    expect(mail.textBody).toContain("Richiesta inviata: in attesa di conferma.");
    expect(mail.textBody).not.toContain("Thank you");
    const ics = calendarOf(mail);
    expect(ics).toMatch(/SUMMARY:Lezione di inglese con .+ \(online\)/);
    expect(ics).toContain("DESCRIPTION:La tua lezione di inglese online di 60 minuti con");
    expect(ics).toContain("STATUS:TENTATIVE");

    const [notice] = await mailsTo(TEACHER, "teacher_new_booking");
    expect(notice.subject).toBe("New booking request: Luca Neri (Single Lesson)");
    expect(notice.textBody).toContain("10:00 AM");
  });

  it("the teacher's copy follows her language when it is Italian, and an English order stays English", async () => {
    await setTeacherLocale("it");
    const student = await studentOf("en");
    await bookOne(student);
    const [mail] = await mailsTo(student.email, "booking_created");
    expect(mail.subject).toBe("Your English lesson request: awaiting confirmation");
    expect(calendarOf(mail)).toMatch(/SUMMARY:English lesson with .+ \(online\)/);
    const [notice] = await mailsTo(TEACHER, "teacher_new_booking");
    expect(notice.subject).toBe("Nuova richiesta di prenotazione: Luca Neri (Single Lesson)");
    expect(notice.textBody).toContain("Luca Neri ha richiesto Single Lesson.");
    expect(notice.textBody).toContain(", ore 10:00 (");
    expect(notice.textBody).not.toMatch(/\bAM\b/);
  });

  it("the order's language wins over the account's, and survives the teacher's decision, a move and a cancellation", async () => {
    // An English account booking from an Italian page: everything about this order is Italian.
    const student = await studentOf("en");
    const { id, orderId } = await bookOne(student, "it");

    const decided = await t.send("PUT", `/api/admin/orders/${orderId}`, {
      as: t.admin,
      payload: { status: "confirmed" },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const [confirmed] = await mailsTo(student.email, "order_confirmed");
    expect(confirmed.subject).toBe("Confermata: la tua lezione di inglese");
    expect(calendarOf(confirmed)).toContain("Questa lezione è confermata.");
    // The lesson's own calendar file, downloaded from the portal, reads as its emails do.
    const file = await t.send("GET", `/api/calendar/booking/${id}/ics`, { as: student });
    expect(file.statusCode).toBe(200);
    expect(file.body.replace(/\r?\n[ \t]/g, "")).toContain(
      "DESCRIPTION:La tua lezione di inglese online di 60 minuti con",
    );

    nextDay += 2;
    const to = romeDay(nextDay, 16);
    const moved = await t.send("PUT", `/api/admin/bookings/${id}`, {
      as: t.admin,
      payload: { status: "confirmed", lesson_date: iso(to) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [movedMail] = await mailsTo(student.email, "booking_moved");
    expect(movedMail.subject).toBe(`La tua lezione è stata spostata a ${italianDay(to)}, ore 16:00`);
    expect(movedMail.textBody).toContain("Orario precedente: ");
    expect(calendarOf(movedMail)).toContain("SUMMARY:Lezione di inglese con");

    const cancelled = await t.send("PUT", `/api/admin/bookings/${id}`, {
      as: t.admin,
      payload: { status: "cancelled" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [cancelledMail] = await mailsTo(student.email, "booking_cancelled");
    expect(cancelledMail.subject).toBe("La tua lezione è stata disdetta");
    expect(cancelledMail.textBody).toContain(`Questa lezione è stata disdetta: ${italianDay(to)}, ore 16:00 (`);
    const ics = calendarOf(cancelledMail);
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toContain("SUMMARY:Disdetta: Lezione di inglese con");
    expect(ics).toContain("Questa lezione è stata disdetta.");
  });

  it("a student's move and cancellation request: the student hears in Italian, the teacher in her language", async () => {
    for (const teacherLocale of ["en", "it"] as const) {
      await db().outboxEmail.deleteMany();
      await setTeacherLocale(teacherLocale);
      const student = await studentOf("it");
      nextDay += 3;
      // Two orders of six made in Italian: each allows one free cancellation or move.
      const lessonOfItalianOrder = async (start: DateTime) => {
        const order = await createOrderOfSix(db(), student.id, "it");
        return createConfirmedLesson(db(), { orderId: order.id, teacherId: t.teacherId, student, start });
      };
      const first = await lessonOfItalianOrder(romeDay(nextDay, 9));
      const second = await lessonOfItalianOrder(romeDay(nextDay, 15));
      const cancel = await t.send("POST", "/api/student/request-cancellation", {
        as: student,
        payload: { booking_id: second.id, reason: "Un matrimonio in famiglia" },
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      const [cancelledMail] = await mailsTo(student.email, "booking_cancelled");
      expect(cancelledMail.subject).toBe("La tua lezione è stata disdetta");
      expect(cancelledMail.textBody).toContain("Motivo: Un matrimonio in famiglia");
      expect(calendarOf(cancelledMail)).toContain("SUMMARY:Disdetta: Lezione di inglese con");
      const [notice] = await mailsTo(TEACHER, "teacher_cancellation");
      if (teacherLocale === "it") {
        expect(notice.subject).toBe(`Richiesta di disdetta da ${student.name}`);
        expect(notice.textBody).toContain("Esito: Disdetta nei termini previsti");
      } else {
        expect(notice.subject).toBe(`Cancellation request from ${student.name}`);
        expect(notice.textBody).toContain("Outcome: Cancelled within the policy; a free rebooking credit was added.");
      }

      const to = romeDay(nextDay + 1, 11);
      await t.addAvailability(to, 1);
      const move = await t.send("POST", `/api/student/bookings/${first.id}/move`, {
        as: student,
        payload: { lesson_date: iso(to) },
      });
      expect(move.statusCode, move.body).toBe(200);
      const [movedNotice] = await mailsTo(TEACHER, "teacher_lesson_moved");
      expect(movedNotice.subject).toBe(
        teacherLocale === "it" ? `Lezione spostata da ${student.name}` : `Lesson moved by ${student.name}`,
      );
    }
  });

  it("requests the teacher did not confirm in time are released in the order's language", async () => {
    const student = await studentOf("it");
    const { orderId } = await bookOne(student, "it");
    const now = new Date();
    await db().booking.updateMany({
      where: { orderId },
      data: { createdAt: new Date(now.getTime() - 25 * 3_600_000) },
    });
    await db().adminSettings.update({ where: { id: "site" }, data: { releasePendingAfterHours: 24 } });
    try {
      await db().outboxEmail.deleteMany();
      await releaseStalePendingLessons(db(), { publicUrl: "https://giulia.test", now });
    } finally {
      await db().adminSettings.update({ where: { id: "site" }, data: { releasePendingAfterHours: null } });
    }
    const [mail] = await mailsTo(student.email, "pending_released");
    expect(mail.subject).toBe("Richiesta scaduta: la tua lezione di inglese");
    expect(mail.textBody).toContain("la lezione che hai richiesto non è stata confermata entro 24 ore dalla richiesta");
    expect(calendarOf(mail)).toContain("SUMMARY:Disdetta: Lezione di inglese con");
  });

  it("a visitor's request for other times reaches the teacher in her language", async () => {
    await setTeacherLocale("it");
    const response = await t.send("POST", "/api/bookings/availability-request", {
      payload: {
        name: "Paola",
        email: "paola@visitor.test",
        availability: "Il martedì sera",
        location: "Milano",
        phone: "",
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [notice] = await mailsTo(TEACHER, "teacher_availability_request");
    expect(notice.subject).toBe("Richiesta di un orario su misura da Paola");
    expect(notice.textBody).toContain("Paola non ha trovato un orario adatto e ha scritto:\n\nIl martedì sera");
    expect(notice.textBody).toContain("Contatti: paola@visitor.test");
  });

  it("reminders follow the recipient's language: the order's, else the account's", async () => {
    const now = new Date();
    const soon = (hours: number) => DateTime.fromMillis(now.getTime() + hours * 3_600_000);
    const italianOrder = await studentOf("en");
    const italianAccount = await studentOf("it");
    const english = await studentOf("en");
    const orderIn = (student: TestUser, locale: "en" | "it") => createOrderOfSix(db(), student.id, locale);
    await createConfirmedLesson(db(), {
      orderId: (await orderIn(italianOrder, "it")).id,
      teacherId: t.teacherId,
      student: italianOrder,
      start: soon(20),
    });
    // A lesson outside any order (the teacher's own entry) speaks the account's language.
    await db().booking.create({
      data: {
        teacherId: t.teacherId,
        studentId: italianAccount.id,
        startsAt: soon(21).toJSDate(),
        endsAt: soon(22).toJSDate(),
        status: "confirmed",
        lessonType: "in-person",
        location: "Via Dante 1, Milano",
        studentName: italianAccount.name,
        studentEmail: italianAccount.email,
      },
    });
    await createConfirmedLesson(db(), {
      orderId: (await orderIn(english, "en")).id,
      teacherId: t.teacherId,
      student: english,
      start: soon(22.5),
    });
    // Booked two days ago: a lesson booked inside the reminder window gets none.
    await db().booking.updateMany({ data: { createdAt: new Date(now.getTime() - 48 * 3_600_000) } });
    await queueLessonReminders(db(), await loadMailContext(db(), { PUBLIC_URL: "https://giulia.test" }), now);
    const subjectTo = async (student: TestUser) => (await mailsTo(student.email, "lesson_reminder"))[0]?.subject;
    const italian = /^Promemoria: la tua lezione di inglese, \S+ \d+ \S+ \d{4} alle \d{2}:\d{2}$/;
    expect(await subjectTo(italianOrder)).toMatch(italian);
    expect(await subjectTo(italianAccount)).toMatch(italian);
    expect(await subjectTo(english)).toMatch(/^Reminder: your English lesson on \d+ \w{3} at \d+:\d{2} [AP]M$/);
    const [inPerson] = await mailsTo(italianAccount.email, "lesson_reminder");
    expect(inPerson.textBody).toContain("In presenza, presso Via Dante 1, Milano.");
    expect(inPerson.textBody).toContain("Se hai un imprevisto, rispondi a questa email o scrivimi il prima possibile.");
  });
});
