// The teacher books for a student (issue 32, item 6): POST /api/admin/bookings with a learner's id
// or a new student's name and phone or email. Held to her free time only (her lessons, days off and
// own calendar), not to the 48-hour notice a student's booking keeps; a normal lesson afterwards:
// in the admin lists, the family's profile, the family's email, the credits. Both engines.
import type { DateTime } from "luxon";
import { beforeEach, describe, expect, it } from "vitest";
import { iso, prepareBookingApp, romeDay, studentInfo } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;

let day = 3;
/** A fresh day for each test, so no test's lessons meet another's. */
const nextDay = () => {
  day += 1;
  return day;
};

const book = (payload: Record<string, unknown>, as = t.admin) => t.send("POST", "/api/admin/bookings", { as, payload });
const walkIn = (start: DateTime, student: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  book({ student, lesson_date: iso(start), lessonType: "online", ...extra });

let seq = 0;
const uniqueEmail = () => `walkin${++seq}-${Date.now()}@family.example`;

beforeEach(async () => {
  await t.setSettings({ bufferBetweenLessons: 15, maxAdvanceBooking: 90, autoConfirmBookings: false });
});

describe(`the teacher books for a student, on ${testEngine}`, () => {
  it("a walk-in creates a learner and a normal lesson, inside the notice a student is held to", async () => {
    // Tomorrow at 8:00, outside any availability: the teacher may; a student may not.
    const start = romeDay(1, 8);
    const email = uniqueEmail();
    const response = await walkIn(start, { name: "Giulia Verdi", email, phone: "+39 333 123 4567" });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      booking: { lesson_date: iso(start), status: "confirmed", lessonType: "online" },
      order: { packageId: "single-lesson", lessons: 1 },
      student: { name: "Giulia Verdi" },
    });

    // A family without a Google sign-in, its learner, and the lesson in the teacher's lists.
    const family = await db().user.findUniqueOrThrow({
      where: { email },
      select: { id: true, googleSub: true, phone: true, learners: { select: { id: true, name: true, isSelf: true } } },
    });
    expect(family).toMatchObject({ googleSub: null, phone: "+39 333 123 4567" });
    expect(family.learners).toEqual([expect.objectContaining({ name: "Giulia Verdi", isSelf: true })]);
    const lesson = await db().booking.findUniqueOrThrow({ where: { id: body.booking.id } });
    expect(lesson).toMatchObject({
      studentId: family.id,
      learnerId: family.learners[0].id,
      studentName: "Giulia Verdi",
    });

    const list = await t.send("GET", `/api/admin/bookings?search=${encodeURIComponent("Giulia Verdi")}`, {
      as: t.admin,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(JSON.stringify(list.json())).toContain(body.booking.id);
    const students = await t.send("GET", `/api/admin/students?search=${encodeURIComponent(email)}`, { as: t.admin });
    const profile = students.json().students.find((s: { id: string }) => s.id === family.id);
    expect(profile.family).toEqual([expect.objectContaining({ name: "Giulia Verdi", total_lessons: 1 })]);
    expect(profile.bookings.map((b: { id: string }) => b.id)).toContain(body.booking.id);

    // The family hears of it with its calendar file; the teacher, who booked it, gets no notice.
    const mails = await db().outboxEmail.findMany({ where: { dedupeKey: { endsWith: body.order.id } } });
    expect(mails.map((m) => [m.kind, m.toAddress])).toEqual([["booking_created", email]]);
    expect(JSON.stringify(mails[0].attachments)).toContain(`UID:${body.booking.id}@`);

    // The same time an hour later, asked by a student with the availability open: refused (48 hours).
    await t.addAvailability(start.plus({ hours: 2 }), 2);
    const student = await t.createStudent();
    const refused = await t.send("POST", "/api/bookings", {
      as: student,
      payload: { studentInfo: studentInfo(), lesson_date: iso(start.plus({ hours: 2 })), lessonType: "online" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain("at least 48 hours in advance");
  });

  it("a second walk-in with the same email, or the same phone, is the same family", async () => {
    const d = nextDay();
    const email = uniqueEmail();
    const first = await walkIn(romeDay(d, 9), { name: "Marco Blu", email });
    const second = await walkIn(romeDay(d, 11), { name: "Anna Blu", email: email.toUpperCase() });
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().student).toEqual({ id: first.json().student.id, name: "Anna Blu" });
    const learners = await db().learner.findMany({
      where: { accountId: first.json().student.id },
      orderBy: { createdAt: "asc" },
    });
    expect(learners.map((l) => [l.name, l.isSelf])).toEqual([
      ["Marco Blu", true],
      ["Anna Blu", false],
    ]);

    // A phone only: no email is queued, nothing fails, and the same phone finds the family again.
    const phone = `+39 320 ${String(Date.now()).slice(-7)}`;
    const byPhone = await walkIn(romeDay(d, 14), { name: "Sara Rossi", phone });
    expect(byPhone.statusCode, byPhone.body).toBe(201);
    expect(await db().outboxEmail.count({ where: { dedupeKey: { endsWith: byPhone.json().order.id } } })).toBe(0);
    const again = await walkIn(romeDay(d, 16), { name: "Sara Rossi", phone: phone.replace(/ /g, "") });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().student.id).toBe(byPhone.json().student.id);
  });

  it("keeps her other lessons, their buffer, her days off and her calendar's busy times", async () => {
    const d = nextDay();
    const booked = await walkIn(romeDay(d, 10), { name: "Pietro Gialli", email: uniqueEmail() });
    expect(booked.statusCode, booked.body).toBe(201);
    const overlap = await walkIn(romeDay(d, 10).plus({ minutes: 30 }), { name: "Other Person", email: uniqueEmail() });
    expect(overlap.statusCode).toBe(409);
    const buffer = await walkIn(romeDay(d, 11).plus({ minutes: 5 }), { name: "Other Person", email: uniqueEmail() });
    expect(buffer.statusCode).toBe(409);

    const off = romeDay(nextDay(), 0);
    await db().availabilityException.create({
      data: { teacherId: t.teacherId, startsAt: off.toJSDate(), endsAt: off.plus({ days: 1 }).toJSDate() },
    });
    const onDayOff = await walkIn(off.set({ hour: 10 }), { name: "Other Person", email: uniqueEmail() });
    expect(onDayOff.statusCode).toBe(400);
    expect(onDayOff.json().error).toContain("falls on one of your days off");

    const busyDay = romeDay(nextDay(), 15);
    const source = await db().calendarSource.create({
      data: {
        teacherId: t.teacherId,
        kind: "ics",
        name: "Dentist",
        urlEncrypted: "x",
        displayHost: "calendar.example",
      },
      select: { id: true },
    });
    await db().calendarBusy.create({
      data: {
        teacherId: t.teacherId,
        sourceId: source.id,
        startsAt: busyDay.toJSDate(),
        endsAt: busyDay.plus({ hours: 1 }).toJSDate(),
      },
    });
    const busy = await walkIn(busyDay, { name: "Other Person", email: uniqueEmail() });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toContain("Your own calendar shows you busy");

    const past = await walkIn(romeDay(0, 0).minus({ hours: 1 }), { name: "Other Person", email: uniqueEmail() });
    expect(past.statusCode).toBe(400);
  });

  it("is the teacher's alone: a student gets 401 or 403, a visitor 401", async () => {
    const student = await t.createStudent();
    const payload = {
      student: { name: "X Y", email: uniqueEmail() },
      lesson_date: iso(romeDay(30, 9)),
      lessonType: "online",
    };
    // A student's session is no admin session: 401; a student's account holding an admin-kind session: 403.
    expect((await book(payload, student)).statusCode).toBe(401);
    const notAdmin = await t.createStudent({ kind: "admin", isAdmin: false });
    expect((await book(payload, notAdmin)).statusCode).toBe(403);
    expect((await t.send("POST", "/api/admin/bookings", { payload })).statusCode).toBe(401);
  });

  it("books any family's learner by id; an unknown id is a 404, bad input a clear 400", async () => {
    const d = nextDay();
    // A learner another family made (the portal's own way), booked by the teacher.
    const parent = await t.createStudent();
    const added = await t.send("POST", "/api/student/learners", {
      as: parent,
      payload: { name: "Tommaso", ageGroup: "child" },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const learnerId = added.json().learner.id;
    const byId = await book({ student_id: learnerId, lesson_date: iso(romeDay(d, 9)), lessonType: "online" });
    expect(byId.statusCode, byId.body).toBe(201);
    const row = await db().booking.findUniqueOrThrow({ where: { id: byId.json().booking.id } });
    expect(row).toMatchObject({ studentId: parent.id, learnerId, studentName: "Tommaso", bookedBy: "guardian" });

    const unknown = await book({
      student_id: "00000000-0000-4000-8000-000000000000",
      lesson_date: iso(romeDay(d, 12)),
      lessonType: "online",
    });
    expect(unknown.statusCode).toBe(404);

    const neither = await book({ lesson_date: iso(romeDay(d, 12)), lessonType: "online" });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error).toBe(
      "Please choose a student, or enter a new student's name with a phone number or an email address.",
    );
    const noContact = await walkIn(romeDay(d, 12), { name: "Nobody" });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().error).toContain("phone number or an email address");
    const badEmail = await walkIn(romeDay(d, 12), { name: "Bad Mail", email: "not-an-email" });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toBe("Please enter a valid email address");
    const badPhone = await walkIn(romeDay(d, 12), { name: "Bad Phone", phone: "call me" });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error).toContain("valid phone number");
    expect(await db().booking.count({ where: { startsAt: romeDay(d, 12).toJSDate() } })).toBe(0);
  });

  it("a package bought this way is a normal order: the whole package's credits, waiting for her payment", async () => {
    const d = nextDay();
    const response = await walkIn(
      romeDay(d, 9),
      { name: "Elena Viola", email: uniqueEmail() },
      { packageId: "standard-6", lessonType: "in-person", location: "Via Roma 1, Milano" },
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      order: { packageId: "standard-6", lessons: 6 },
      booking: { lessonType: "in-person", location: "Via Roma 1, Milano", status: "confirmed" },
      payment: { amountDue: body.order.totalPrice },
    });
    const credits = await t.send("GET", `/api/admin/students/${body.student.id}/credits`, { as: t.admin });
    expect(credits.statusCode, credits.body).toBe(200);
    // Six bought, one booked: five left in the family's ledger.
    expect(credits.json().balance).toBe(5);
    const order = await t.send("GET", `/api/admin/orders/${body.order.id}`, { as: t.admin });
    expect(order.statusCode, order.body).toBe(200);
    expect(JSON.stringify(order.json())).toContain(`"payment_status":"unpaid"`);
  });
});
