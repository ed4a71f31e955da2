// Issue 30, item 1: a package bought with only some of its lessons booked, the rest kept in the
// family's ledger and booked later from the portal (POST /api/student/rebook without credit_id),
// over the REST paths on a real migrated database (PGlite, or PostgreSQL with TEST_ENGINE=postgresql).
import { beforeEach, describe, expect, it } from "vitest";
import { creditExpiryFrom } from "../../server/features/credits/credits.ts";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser, ZONE } from "../helpers/booking-factory.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;

const EXPIRED = {
  en: "Your lesson credits have expired. Please ask your teacher.",
  it: "Le lezioni del tuo pacchetto sono scadute. Chiedi all'insegnante.",
};
const NONE_LEFT = {
  en: "You have no lessons left to book. Please ask your teacher.",
  it: "Nel tuo pacchetto non ci sono più lezioni da prenotare. Chiedi all'insegnante.",
};

type LedgerBody = {
  balance: number;
  expiresAt: string | null;
  entries: { date: string; kind: string; lessons: number; orderId?: string; bookingId?: string }[];
};
const ledgerOf = async (student: TestUser) => {
  const response = await t.send("GET", "/api/student/credits", { as: student });
  expect(response.statusCode).toBe(200);
  return response.json() as LedgerBody;
};
const packageOfSix = (starts: string[], extra: Record<string, unknown> = {}) => ({
  studentInfo: studentInfo(),
  lesson_dates: starts,
  lessonType: "online",
  teacher_id: t.teacherId,
  packageInfo: { id: "standard-6", name: "Standard", lessons: 6, totalPrice: 192 },
  ...extra,
});
const bookLater = (student: TestUser, lessonDate: string, language = "en") =>
  t.send("POST", "/api/student/rebook", {
    as: student,
    payload: { lesson_date: lessonDate },
    headers: { "accept-language": language },
  });

beforeEach(async () => {
  await t.setSettings({ bufferBetweenLessons: 0, maxAdvanceBooking: 90, autoConfirmBookings: false });
});

describe("a package booked in part, the rest later", () => {
  it("buys six lessons with two booked (balance 4), then books one from the portal (balance 3)", async () => {
    const student = await t.createStudent();
    const day = romeDay(7, 0);
    await t.addAvailability(day.set({ hour: 9 }), 6);
    const two = [9, 10].map((h) => iso(day.set({ hour: h })));

    // The REST call stays strict without the family's choice: the spec's count is required.
    const strict = await t.send("POST", "/api/bookings/package", { as: student, payload: packageOfSix(two) });
    expect(strict.statusCode).toBe(400);
    expect(strict.json()).toEqual({ error: "Please select 6 lesson(s) to continue." });
    expect(await db().bookingOrder.count({ where: { studentId: student.id } })).toBe(0);

    // Before buying, the price quote and the public rules state the validity.
    const before = Date.now();
    const quote = await t.caller({ student }).booking.quote({ packageId: "standard-6" });
    expect(quote).toMatchObject({ totalPrice: 192, lessons: 6, creditExpiryMonths: 12 });
    const until = new Date(quote.creditsValidUntil).getTime();
    expect(until).toBeGreaterThanOrEqual(creditExpiryFrom(new Date(before), 12, ZONE).getTime());
    expect(until).toBeLessThanOrEqual(creditExpiryFrom(new Date(), 12, ZONE).getTime());
    const config = (await t.send("GET", "/api/admin/public-config")).json();
    expect(config.contact.creditExpiryMonths).toBe(12);

    const bought = await t.send("POST", "/api/bookings/package", {
      as: student,
      payload: packageOfSix(two, { bookRestLater: true }),
    });
    expect(bought.statusCode).toBe(200);
    const { bookings, order } = bought.json();
    expect(bookings.map((b: { lesson_date: string }) => b.lesson_date)).toEqual(two);
    // The order is the whole package: its six lessons and its price.
    expect(order).toMatchObject({ packageId: "standard-6", lessons: 6, basePrice: 192, totalPrice: 192 });
    expect(await db().bookingOrder.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      lessons: 6,
      totalPriceCents: 19200,
    });
    expect(await db().booking.count({ where: { orderId: order.id } })).toBe(2);

    let ledger = await ledgerOf(student);
    expect(ledger.balance).toBe(4);
    expect(ledger.entries.map((e) => [e.kind, e.lessons, e.orderId])).toEqual([
      ["purchased", 6, order.id],
      ["used", -1, order.id],
      ["used", -1, order.id],
    ]);

    // The same request again (a retry without its key): the same two lessons, no second order.
    const again = await t.send("POST", "/api/bookings/package", {
      as: student,
      payload: packageOfSix(two, { bookRestLater: true }),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().order.id).toBe(order.id);
    expect(again.json().bookings.map((b: { id: string }) => b.id)).toEqual(bookings.map((b: { id: string }) => b.id));
    expect(await db().bookingOrder.count({ where: { studentId: student.id } })).toBe(1);

    // Later, from the portal: one lesson of the four left.
    const later = iso(day.set({ hour: 13 }));
    const booked = await bookLater(student, later);
    expect(booked.statusCode).toBe(200);
    expect(booked.json()).toMatchObject({
      booking: { lesson_date: later, status: "pending", price: 0 },
      message: "Your lesson has been booked with one of your package's lessons.",
    });
    const lesson = await db().booking.findUniqueOrThrow({ where: { id: booked.json().booking.id } });
    expect(lesson).toMatchObject({
      orderId: order.id,
      studentId: student.id,
      teacherId: t.teacherId,
      lessonType: "online",
    });
    ledger = await ledgerOf(student);
    expect(ledger.balance).toBe(3);
    expect(ledger.entries.at(-1)).toMatchObject({ kind: "used", lessons: -1, orderId: order.id, bookingId: lesson.id });
    // The teacher hears of it, as of a rebooking.
    expect(
      await db().outboxEmail.count({
        where: { kind: "teacher_new_booking", dedupeKey: { startsWith: `teacher_new_booking:${lesson.id}` } },
      }),
    ).toBe(1);

    // A taken time is refused and spends nothing.
    const taken = await bookLater(student, later);
    expect(taken.statusCode).toBe(409);
    expect((await ledgerOf(student)).balance).toBe(3);
  });

  it("books one lesson of a package through the single booking payload too", async () => {
    const student = await t.createStudent();
    const day = romeDay(8, 0);
    await t.addAvailability(day.set({ hour: 9 }), 2);
    const one = await t.send("POST", "/api/bookings", {
      as: student,
      payload: {
        studentInfo: studentInfo(),
        lesson_date: iso(day.set({ hour: 9 })),
        lessonType: "online",
        teacher_id: t.teacherId,
        packageId: "standard-6",
        bookRestLater: true,
      },
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().order).toMatchObject({ lessons: 6, totalPrice: 192 });
    expect((await ledgerOf(student)).balance).toBe(5);
  });

  it("a lapsed ledger is refused with its message, in English and Italian; nothing is written", async () => {
    const student = await t.createStudent();
    const day = romeDay(9, 0);
    await t.addAvailability(day.set({ hour: 9 }), 2);
    // Six lessons bought 13 months ago, valid 12, two of them booked back then.
    const boughtAt = day.minus({ months: 13 }).toJSDate();
    const order = await db().bookingOrder.create({
      data: { studentId: student.id, packageId: "standard-6", lessons: 6, basePriceCents: 100, totalPriceCents: 100 },
    });
    const ref = { studentId: student.id, orderId: order.id, createdAt: boughtAt };
    await db().creditEntry.create({
      data: { ...ref, kind: "purchased", lessons: 6, expiresAt: creditExpiryFrom(boughtAt, 12, ZONE) },
    });
    for (const days of [10, 11]) {
      const startsAt = day.minus({ months: 12, days });
      const lesson = await db().booking.create({
        data: {
          orderId: order.id,
          studentId: student.id,
          teacherId: t.teacherId,
          startsAt: startsAt.toJSDate(),
          endsAt: startsAt.plus({ hours: 1 }).toJSDate(),
          status: "completed",
          lessonType: "online",
          studentName: student.name,
          studentEmail: student.email,
        },
      });
      await db().creditEntry.create({ data: { ...ref, bookingId: lesson.id, kind: "used", lessons: -1 } });
    }
    expect((await ledgerOf(student)).entries.at(-1)).toMatchObject({ kind: "expired", lessons: -4 });
    const entries = await db().creditEntry.count({ where: { studentId: student.id } });
    for (const language of ["en", "it"] as const) {
      const refused = await bookLater(student, iso(day.set({ hour: 9 })), language);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(EXPIRED[language]);
    }
    expect(await db().creditEntry.count({ where: { studentId: student.id } })).toBe(entries);
    expect(
      await db().booking.count({ where: { studentId: student.id, startsAt: day.set({ hour: 9 }).toJSDate() } }),
    ).toBe(0);
  });

  it("with no lesson left (all booked, or never bought) it is refused; nothing is written", async () => {
    const day = romeDay(10, 0);
    await t.addAvailability(day.set({ hour: 9 }), 8);
    const full = await t.createStudent();
    const six = [9, 10, 11, 12, 13, 14].map((h) => iso(day.set({ hour: h })));
    expect((await t.send("POST", "/api/bookings/package", { as: full, payload: packageOfSix(six) })).statusCode).toBe(
      200,
    );
    expect((await ledgerOf(full)).balance).toBe(0);
    const newcomer = await t.createStudent();
    for (const student of [full, newcomer]) {
      for (const language of ["en", "it"] as const) {
        const refused = await bookLater(student, iso(day.set({ hour: 15 })), language);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toBe(NONE_LEFT[language]);
      }
    }
    expect(await db().booking.count({ where: { startsAt: day.set({ hour: 15 }).toJSDate() } })).toBe(0);
    expect((await ledgerOf(full)).entries).toHaveLength(7);
  });

  it("two bookings at once cannot both take the last lesson", async () => {
    const student = await t.createStudent();
    const day = romeDay(11, 0);
    await t.addAvailability(day.set({ hour: 9 }), 8);
    const five = [9, 10, 11, 12, 13].map((h) => iso(day.set({ hour: h })));
    const bought = await t.send("POST", "/api/bookings/package", {
      as: student,
      payload: packageOfSix(five, { bookRestLater: true }),
    });
    expect(bought.statusCode).toBe(200);
    expect((await ledgerOf(student)).balance).toBe(1);
    const answers = await Promise.all([14, 15].map((h) => bookLater(student, iso(day.set({ hour: h })))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().error).toBe(NONE_LEFT.en);
    expect((await ledgerOf(student)).balance).toBe(0);
    expect(await db().booking.count({ where: { studentId: student.id } })).toBe(6);
  });

  it("a make-up credit still unspent is the lesson a booking from the ledger spends first", async () => {
    await db().adminSettings.update({ where: { id: "site" }, data: { cancellationPolicy: "24 hours" } });
    const student = await t.createStudent();
    const day = romeDay(12, 0);
    await t.addAvailability(day.set({ hour: 9 }), 8);
    const bought = await t.send("POST", "/api/bookings/package", {
      as: student,
      payload: packageOfSix(
        [9, 10].map((h) => iso(day.set({ hour: h }))),
        { bookRestLater: true },
      ),
    });
    const [first] = bought.json().bookings;
    const cancelled = await t.send("POST", "/api/student/request-cancellation", {
      as: student,
      payload: { booking_id: first.id, reason: "Sick" },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await ledgerOf(student)).balance).toBe(5);
    const booked = await bookLater(student, iso(day.set({ hour: 14 })));
    expect(booked.statusCode).toBe(200);
    expect(await db().lessonCredit.findUniqueOrThrow({ where: { id: cancelled.json().credit_id } })).toMatchObject({
      usedBookingId: booked.json().booking.id,
    });
    expect((await ledgerOf(student)).balance).toBe(4);
  });

  it("an order declined as a whole takes its lessons not yet booked with it; a full one writes nothing", async () => {
    const day = romeDay(13, 0);
    await t.addAvailability(day.set({ hour: 9 }), 8);
    await t.addAvailability(day.plus({ days: 1 }).set({ hour: 9 }), 1);
    const student = await t.createStudent();
    const bought = await t.send("POST", "/api/bookings/package", {
      as: student,
      payload: packageOfSix(
        [9, 10].map((h) => iso(day.set({ hour: h }))),
        { bookRestLater: true },
      ),
    });
    const orderId = bought.json().order.id;
    // One more booked later from it, then the teacher declines the order.
    expect((await bookLater(student, iso(day.set({ hour: 11 })))).statusCode).toBe(200);
    expect((await ledgerOf(student)).balance).toBe(3);
    const declined = await t.send("PUT", `/api/admin/orders/${orderId}`, {
      as: t.admin,
      payload: { status: "cancelled" },
    });
    expect(declined.statusCode).toBe(200);
    expect(await db().booking.count({ where: { orderId, status: { not: "cancelled" } } })).toBe(0);
    const ledger = await ledgerOf(student);
    expect(ledger.balance).toBe(0);
    expect(ledger.entries.at(-1)).toMatchObject({
      kind: "adjusted",
      lessons: -3,
      orderId,
      reason: "Order cancelled: its lessons not yet booked are removed.",
    });
    const refused = await bookLater(student, iso(day.set({ hour: 12 })));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(NONE_LEFT.en);

    // A package booked whole and declined: its lessons stay used, nothing is added (as before).
    const whole = await t.createStudent();
    const six = await t.send("POST", "/api/bookings/package", {
      as: whole,
      payload: packageOfSix(
        [12, 13, 14, 15, 16].map((h) => iso(day.set({ hour: h }))).concat(iso(day.plus({ days: 1 }).set({ hour: 9 }))),
      ),
    });
    expect(six.statusCode).toBe(200);
    const entries = (await ledgerOf(whole)).entries.length;
    await t.send("PUT", `/api/admin/orders/${six.json().order.id}`, { as: t.admin, payload: { status: "cancelled" } });
    expect((await ledgerOf(whole)).entries).toHaveLength(entries);
    expect((await ledgerOf(whole)).balance).toBe(0);
  });
});
