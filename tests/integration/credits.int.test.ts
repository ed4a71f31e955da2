// Issue 30, item 1: the prepaid lesson ledger through a purchase, a booking, a cancellation in
// time, a late one, a no-show, expiry and a teacher's adjustment, over the REST paths on a real
// migrated database (PGlite, or PostgreSQL with TEST_ENGINE=postgresql). Nothing is edited in
// place: each step's stored entries begin with the previous step's, unchanged.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getStudentCredits } from "../../server/features/credits/credits.service.ts";
import { creditExpiryFrom } from "../../server/features/credits/credits.ts";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser, ZONE } from "../helpers/booking-factory.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;

type LedgerBody = {
  balance: number;
  expiresAt: string | null;
  entries: { date: string; kind: string; lessons: number; orderId?: string; bookingId?: string; reason?: string }[];
};

const ledgerOf = async (student: TestUser) => {
  const response = await t.send("GET", "/api/student/credits", { as: student });
  expect(response.statusCode).toBe(200);
  return response.json() as LedgerBody;
};
const storedOf = (student: TestUser) =>
  db().creditEntry.findMany({ where: { studentId: student.id }, orderBy: [{ createdAt: "asc" }, { seq: "asc" }] });

/** The stored entries only grow: what was there before is still there, as it was. */
async function expectOnlyAppended(student: TestUser, before: Awaited<ReturnType<typeof storedOf>>, added: number) {
  const after = await storedOf(student);
  expect(after).toHaveLength(before.length + added);
  for (const entry of before) expect(after).toContainEqual(entry);
  return after;
}

describe("the lesson ledger", () => {
  it("through buy, book, cancel in time, rebook, move, cancel late, no-show, adjustment and expiry", async () => {
    await t.setSettings({ bufferBetweenLessons: 0, maxAdvanceBooking: 90, autoConfirmBookings: false });
    await db().adminSettings.update({ where: { id: "site" }, data: { cancellationPolicy: "24 hours" } });
    const student = await t.createStudent();
    const day = romeDay(5, 0);
    await t.addAvailability(day.set({ hour: 9 }), 8);

    // Buy and book: a package of six, all six lessons picked at once.
    const booked = await t.send("POST", "/api/bookings/package", {
      as: student,
      payload: {
        studentInfo: studentInfo(),
        lesson_dates: [9, 10, 11, 12, 13, 14].map((h) => iso(day.set({ hour: h }))),
        lessonType: "online",
        teacher_id: t.teacherId,
        packageInfo: { id: "standard-6", name: "whatever", lessons: 6, totalPrice: 1 },
      },
    });
    expect(booked.statusCode).toBe(200);
    const lessons = await db().booking.findMany({ where: { studentId: student.id }, orderBy: { startsAt: "asc" } });
    expect(lessons).toHaveLength(6);
    const orderId = lessons[0].orderId as string;

    let ledger = await ledgerOf(student);
    expect(ledger.balance).toBe(0);
    expect(ledger.entries.map((e) => [e.kind, e.lessons])).toEqual([
      ["purchased", 6],
      ...lessons.map(() => ["used", -1]),
    ]);
    expect(ledger.entries[0]).toMatchObject({ orderId });
    expect(ledger.entries.slice(1).map((e) => e.bookingId)).toEqual(expect.arrayContaining(lessons.map((l) => l.id)));
    const purchasedAt = new Date(ledger.entries[0].date);
    const expiresAt = creditExpiryFrom(purchasedAt, 12, ZONE);
    expect(ledger.expiresAt).toBe(expiresAt.toISOString());
    let stored = await storedOf(student);

    // Cancelled in time by the family: the lesson comes back, and the make-up credit with it.
    const cancelled = await t.send("POST", "/api/student/request-cancellation", {
      as: student,
      payload: { booking_id: lessons[0].id, reason: "Work trip" },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await db().lessonCredit.count({ where: { sourceBookingId: lessons[0].id } })).toBe(1);
    stored = await expectOnlyAppended(student, stored, 1);
    ledger = await ledgerOf(student);
    expect(ledger.balance).toBe(1);
    expect(ledger.entries.at(-1)).toMatchObject({ kind: "returned", lessons: 1, bookingId: lessons[0].id, orderId });

    // Rebooked with it: used again.
    const { credit_id } = cancelled.json();
    const rebooked = await t.send("POST", "/api/student/rebook", {
      as: student,
      payload: { credit_id, lesson_date: iso(day.set({ hour: 15 })) },
    });
    expect(rebooked.statusCode).toBe(200);
    stored = await expectOnlyAppended(student, stored, 1);
    ledger = await ledgerOf(student);
    expect(ledger.balance).toBe(0);
    expect(ledger.entries.at(-1)).toMatchObject({ kind: "used", lessons: -1, bookingId: rebooked.json().booking.id });

    // Moved (by the teacher, to 16:00): given back at its old time and used at its new one.
    const moved = await t.send("PUT", `/api/admin/bookings/${lessons[3].id}`, {
      as: t.admin,
      payload: { status: "pending", lesson_date: iso(day.set({ hour: 16 })) },
    });
    expect(moved.statusCode).toBe(200);
    stored = await expectOnlyAppended(student, stored, 2);
    ledger = await ledgerOf(student);
    expect(ledger.balance).toBe(0);
    expect(ledger.entries.slice(-2)).toMatchObject([
      { kind: "returned", lessons: 1, bookingId: lessons[3].id },
      { kind: "used", lessons: -1, bookingId: lessons[3].id },
    ]);

    // Cancelled late (the notice is now a week; the lesson is five days away): the lesson stays spent.
    await db().adminSettings.update({ where: { id: "site" }, data: { cancellationPolicy: "1 week" } });
    const late = await t.send("PUT", `/api/admin/bookings/${lessons[1].id}`, {
      as: t.admin,
      payload: { status: "cancelled" },
    });
    expect(late.statusCode).toBe(200);
    await db().adminSettings.update({ where: { id: "site" }, data: { cancellationPolicy: "24 hours" } });
    stored = await expectOnlyAppended(student, stored, 1);
    ledger = await ledgerOf(student);
    expect(ledger.balance).toBe(0);
    expect(ledger.entries.at(-1)).toMatchObject({ kind: "late_cancellation", lessons: 0, bookingId: lessons[1].id });

    // A no-show: the teacher cancels a lesson whose time has come (moved into the past here, as
    // the passing days would).
    const past = new Date(Date.now() - 2 * 3_600_000);
    await db().booking.update({
      where: { id: lessons[2].id },
      data: { startsAt: past, endsAt: new Date(past.getTime() + 3_600_000) },
    });
    const noShow = await t.send("PUT", `/api/admin/bookings/${lessons[2].id}`, {
      as: t.admin,
      payload: { status: "cancelled" },
    });
    expect(noShow.statusCode).toBe(200);
    stored = await expectOnlyAppended(student, stored, 1);
    ledger = await ledgerOf(student);
    expect(ledger.balance).toBe(0);
    expect(ledger.entries.at(-1)).toMatchObject({ kind: "no_show", lessons: 0, bookingId: lessons[2].id });

    // The teacher adds two lessons with a reason; the teacher's view is the family's.
    const adjusted = await t.send("POST", `/api/admin/students/${student.id}/credits`, {
      as: t.admin,
      payload: { lessons: 2, reason: "Lessons I cancelled myself" },
    });
    expect(adjusted.statusCode).toBe(201);
    stored = await expectOnlyAppended(student, stored, 1);
    ledger = await ledgerOf(student);
    expect(ledger.balance).toBe(2);
    expect(ledger.expiresAt).toBe(expiresAt.toISOString());
    expect(ledger.entries.at(-1)).toMatchObject({ kind: "adjusted", lessons: 2, reason: "Lessons I cancelled myself" });
    expect(adjusted.json()).toEqual({ success: true, ...ledger });
    const teacherView = await t.send("GET", `/api/admin/students/${student.id}/credits`, { as: t.admin });
    expect(teacherView.json()).toEqual(ledger);

    // Expiry, at the boundary: whole a millisecond before, the two lessons expired at it.
    const justBefore = await getStudentCredits(db(), student.id, new Date(expiresAt.getTime() - 1));
    expect(justBefore.balance).toBe(2);
    expect(justBefore.entries.map((e) => e.kind)).not.toContain("expired");
    const atExpiry = await getStudentCredits(db(), student.id, expiresAt);
    expect(atExpiry.balance).toBe(0);
    expect(atExpiry.entries.at(-1)).toEqual({ date: expiresAt.toISOString(), kind: "expired", lessons: -2 });
    // Derived, not written: reading at expiry stored nothing.
    await expectOnlyAppended(student, stored, 0);
  });

  it("a make-up credit cannot rebook once the ledger has lapsed; nothing is written", async () => {
    await t.setSettings({ bufferBetweenLessons: 0, maxAdvanceBooking: 90, autoConfirmBookings: false });
    const student = await t.createStudent();
    const day = romeDay(6, 0);
    await t.addAvailability(day.set({ hour: 9 }), 3);
    // A package bought 13 months ago, valid 12: its lesson was cancelled in time back then.
    const bought = day.minus({ months: 13 }).toJSDate();
    const order = await db().bookingOrder.create({
      data: { studentId: student.id, packageId: "standard-6", lessons: 6, basePriceCents: 100, totalPriceCents: 100 },
    });
    const lesson = await db().booking.create({
      data: {
        orderId: order.id,
        studentId: student.id,
        teacherId: t.teacherId,
        startsAt: day.minus({ months: 12, days: 10 }).toJSDate(),
        endsAt: day.minus({ months: 12, days: 10 }).plus({ hours: 1 }).toJSDate(),
        status: "cancelled",
        lessonType: "online",
        studentName: student.name,
        studentEmail: student.email,
      },
    });
    const credit = await db().lessonCredit.create({ data: { studentId: student.id, sourceBookingId: lesson.id } });
    const ref = { studentId: student.id, orderId: order.id, createdAt: bought };
    const expiresAt = creditExpiryFrom(bought, 12, ZONE);
    await db().creditEntry.create({ data: { ...ref, kind: "purchased", lessons: 6, expiresAt } });
    await db().creditEntry.create({ data: { ...ref, bookingId: lesson.id, kind: "used", lessons: -1 } });
    await db().creditEntry.create({ data: { ...ref, bookingId: lesson.id, kind: "returned", lessons: 1 } });
    expect((await ledgerOf(student)).entries.at(-1)).toMatchObject({ kind: "expired", lessons: -6 });
    const before = await storedOf(student);
    for (const [language, message] of [
      ["en", "Your lesson credits have expired. Please ask your teacher."],
      ["it", "Le lezioni del tuo pacchetto sono scadute. Chiedi all'insegnante."],
    ]) {
      const refused = await t.send("POST", "/api/student/rebook", {
        as: student,
        payload: { credit_id: credit.id, lesson_date: iso(day.set({ hour: 10 })) },
        headers: { "accept-language": language },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(message);
    }
    await expectOnlyAppended(student, before, 0);
    expect(
      await db().booking.count({ where: { studentId: student.id, startsAt: day.set({ hour: 10 }).toJSDate() } }),
    ).toBe(0);
    expect(await db().lessonCredit.findUniqueOrThrow({ where: { id: credit.id } })).toMatchObject({
      usedBookingId: null,
    });
  });

  it("an adjustment needs a reason and a whole number, and cannot go below zero; refused in Italian too", async () => {
    const student = await t.createStudent();
    const url = `/api/admin/students/${student.id}/credits`;
    const noReason = await t.send("POST", url, { as: t.admin, payload: { lessons: 1, reason: "   " } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe("Please give a reason for the adjustment.");
    const inItalian = await t.send("POST", url, {
      as: t.admin,
      payload: { lessons: 1 },
      headers: { "accept-language": "it" },
    });
    expect(inItalian.statusCode).toBe(400);
    expect(inItalian.json().error).toBe("Indica un motivo per la rettifica.");
    const zero = await t.send("POST", url, { as: t.admin, payload: { lessons: 0, reason: "Nothing" } });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error).toBe("The adjustment must be a whole number of lessons from -100 to 100, not 0.");
    const below = await t.send("POST", url, { as: t.admin, payload: { lessons: -1, reason: "Taken back" } });
    expect(below.statusCode).toBe(409);
    expect(below.json().error).toBe("This adjustment would leave fewer than 0 lessons.");
    expect(await db().creditEntry.count({ where: { studentId: student.id } })).toBe(0);
  });

  it("another student's ledger is not found, nor a teacher's; a family reads only its own", async () => {
    const a = await t.createStudent();
    const b = await t.createStudent();
    await t.send("POST", `/api/admin/students/${a.id}/credits`, {
      as: t.admin,
      payload: { lessons: 3, reason: "Welcome gift" },
    });
    expect(await ledgerOf(b)).toEqual({ balance: 0, expiresAt: null, entries: [] });
    expect((await ledgerOf(a)).balance).toBe(3);
    // The data export carries the stored entries, the caller's own only.
    const exportOf = async (student: TestUser) =>
      (await t.send("GET", "/api/student/export", { as: student })).json().lesson_credit_entries;
    expect(await exportOf(a)).toEqual([
      expect.objectContaining({ kind: "adjusted", lessons: 3, reason: "Welcome gift", expires_at: expect.any(String) }),
    ]);
    expect(await exportOf(b)).toEqual([]);

    for (const id of [t.admin.id, randomUUID()]) {
      for (const [method, payload] of [
        ["GET", undefined],
        ["POST", { lessons: 1, reason: "x" }],
      ] as const) {
        const answer = await t.send(method, `/api/admin/students/${id}/credits`, { as: t.admin, payload });
        expect(answer.statusCode).toBe(404);
        expect(answer.json().error).toBe("Student not found.");
      }
    }
    // A family cannot reach the teacher's per-student view, its own id or another's.
    for (const id of [a.id, b.id]) {
      const answer = await t.send("GET", `/api/admin/students/${id}/credits`, { as: b });
      expect(answer.statusCode).toBe(401);
      expect(answer.body).not.toContain("Welcome gift");
    }
  });

  it("the credits' validity is a setting, 12 months unless the teacher sets another", async () => {
    const settings = await t.send("GET", "/api/admin/settings", { as: t.admin });
    // The settings the page would send (the booking test above set a buffer the page does not offer).
    const stored = settings.json().settings;
    const body = { ...stored, business: { ...stored.business, bufferBetweenLessons: 30 } };
    expect(body.business.creditExpiryMonths).toBe(12);
    const saved = await t.send("PUT", "/api/admin/settings", {
      as: t.admin,
      payload: { settings: { ...body, business: { ...body.business, creditExpiryMonths: 6 } } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.business.creditExpiryMonths).toBe(6);
    const refused = await t.send("PUT", "/api/admin/settings", {
      as: t.admin,
      payload: { settings: { ...body, business: { ...body.business, creditExpiryMonths: 0 } } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("The validity of lesson credits must be a whole number of months from 1 to 60.");
    await db().adminSettings.update({ where: { id: "site" }, data: { creditExpiryMonths: 12 } });
  });
});
