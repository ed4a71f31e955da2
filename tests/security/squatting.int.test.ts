// Checklist 31, issue 27 item 2: slot squatting. One account may hold only so many unpaid pending
// lessons (the setting, else the largest package); a booking past that is refused with a clear
// message and writes nothing, while others still book; a confirmation or a payment makes room; two
// bookings of one account at once cannot both pass the cap (PostgreSQL, where races are real); the
// teacher sees who holds pending lessons and since when; and, when she turns it on, unpaid pending
// lessons she has not confirmed in time are released with an email to the family.
import { DateTime } from "luxon";
import { beforeEach, describe, expect, it } from "vitest";
import { releaseStalePendingLessons } from "../../server/features/booking/pending-hold.service.ts";
import { serverJobs } from "../../server/features/ops/scheduler.ts";
import { fingerprint } from "../helpers/app-surface.ts";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
const HOUR_MS = 3_600_000;

const capMessage = (held: number) =>
  `You already have ${held} lessons waiting for confirmation or payment. You can book more once the teacher confirms them or they are paid.`;

let nextDay = 3;
/** A fresh day with `hours` free hours from 8:00 (Rome), so no two tests share a time. */
async function freeHours(hours: number, teacherId = t.teacherId): Promise<DateTime[]> {
  nextDay += 1;
  const first = romeDay(nextDay, 8);
  await db().availabilitySlot.create({
    data: { teacherId, startsAt: first.toJSDate(), endsAt: first.plus({ hours }).toJSDate(), recurring: "none" },
    select: { id: true },
  });
  return Array.from({ length: hours }, (_, i) => first.plus({ hours: i }));
}

const packagePayload = (starts: DateTime[], packageId: string, teacherId = t.teacherId) => ({
  studentInfo: studentInfo(),
  lesson_dates: starts.map(iso),
  lessonType: "online" as const,
  teacher_id: teacherId,
  packageInfo: { id: packageId, name: packageId, lessons: starts.length, totalPrice: 1 },
});
const singlePayload = (start: DateTime, teacherId = t.teacherId) => ({
  studentInfo: studentInfo(),
  lesson_date: iso(start),
  lessonType: "online" as const,
  teacher_id: teacherId,
});

const bookFive = (student: TestUser, starts: DateTime[]) =>
  t.caller({ student }).booking.createPackageBooking(packagePayload(starts, "online-5"));
const bookOne = (student: TestUser, start: DateTime, teacherId?: string) =>
  t.caller({ student }).booking.createBooking(singlePayload(start, teacherId));

/** `count` pending lessons for `student`: packages of five, then single lessons. */
async function holdPending(student: TestUser, count: number) {
  const hours = await freeHours(count);
  const orders: string[] = [];
  let i = 0;
  for (; i + 5 <= count; i += 5) orders.push((await bookFive(student, hours.slice(i, i + 5))).order.id);
  for (; i < count; i++) orders.push((await bookOne(student, hours[i])).order.id);
  return orders;
}

const setPendingSettings = (data: { maxPendingLessons?: number | null; releasePendingAfterHours?: number | null }) =>
  db().adminSettings.update({ where: { id: "site" }, data, select: { id: true } });

beforeEach(async () => {
  await t.setSettings({ bufferBetweenLessons: 0, maxAdvanceBooking: 90, autoConfirmBookings: false });
  await setPendingSettings({ maxPendingLessons: null, releasePendingAfterHours: null });
});

describe(`the cap on unpaid pending lessons, on ${testEngine}`, () => {
  it("follows the largest package by default: past it a booking is refused with the message and writes nothing; others still book", async () => {
    const settings = await t.caller({ admin: t.admin }).admin.settings.get();
    expect(settings.settings.business).toMatchObject({ maxPendingLessons: null, largestPackageLessons: 12 });

    const squatter = await t.createStudent();
    await holdPending(squatter, 12);
    const [next, later] = await freeHours(2);
    const before = await fingerprint(db());

    await expect(bookOne(squatter, next)).rejects.toMatchObject({ code: "CONFLICT", message: capMessage(12) });
    const rest = await t.send("POST", "/api/bookings", { as: squatter, payload: singlePayload(later) });
    expect(rest.statusCode).toBe(409);
    expect(rest.json()).toEqual({ error: capMessage(12) });
    // Nothing written: no order, lesson, mail, discount use or idempotency record.
    expect(await fingerprint(db())).toEqual(before);

    // The times stay bookable by others.
    const other = await t.createStudent();
    const booked = await bookOne(other, next);
    expect(booked.booking).toMatchObject({ status: "pending", lesson_date: next.toJSDate().toISOString() });
  });

  it("counts what the booking adds: a package that would pass the cap is refused whole", async () => {
    await setPendingSettings({ maxPendingLessons: 7 });
    const student = await t.createStudent();
    await holdPending(student, 5);
    const five = await freeHours(5);
    await expect(bookFive(student, five)).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        "You already have 5 lessons waiting for confirmation or payment, and at most 7 can wait at once: 5 lessons more would be too many. You can book more once the teacher confirms them or they are paid.",
    });
    expect(await db().booking.count({ where: { studentId: student.id } })).toBe(5);
    // Two more fit exactly.
    await bookOne(student, five[0]);
    await bookOne(student, five[1]);
    await expect(bookOne(student, five[2])).rejects.toMatchObject({ message: capMessage(7) });
  });

  it("makes room when the teacher confirms an order or records it paid in full (not for a part payment)", async () => {
    await setPendingSettings({ maxPendingLessons: 10 });
    const student = await t.createStudent();
    const [first, second] = await holdPending(student, 10);
    const spare = await freeHours(6);
    await expect(bookOne(student, spare[0])).rejects.toMatchObject({ message: capMessage(10) });

    const confirmed = await t.send("PUT", `/api/admin/orders/${first}`, {
      as: t.admin,
      payload: { status: "confirmed" },
    });
    expect(confirmed.statusCode).toBe(200);
    await bookOne(student, spare[0]);
    await bookOne(student, spare[1]);
    await bookOne(student, spare[2]);
    await bookOne(student, spare[3]);
    await bookOne(student, spare[4]);
    await expect(bookOne(student, spare[5])).rejects.toMatchObject({ message: capMessage(10) });

    const order = await db().bookingOrder.findUniqueOrThrow({
      where: { id: second },
      select: { totalPriceCents: true },
    });
    const today = new Date().toISOString().slice(0, 10);
    const partly = await t.send("PUT", `/api/admin/orders/${second}/payment`, {
      as: t.admin,
      payload: { payment_status: "partly_paid", amount: Math.floor(order.totalPriceCents / 2) / 100, date: today },
    });
    expect(partly.statusCode).toBe(200);
    await expect(bookOne(student, spare[5])).rejects.toMatchObject({ message: capMessage(10) });

    const paid = await t.send("PUT", `/api/admin/orders/${second}/payment`, {
      as: t.admin,
      payload: { payment_status: "paid", amount: order.totalPriceCents / 100, date: today },
    });
    expect(paid.statusCode).toBe(200);
    const after = await bookOne(student, spare[5]);
    expect(after.booking.status).toBe("pending");
  });

  it("does not apply when bookings are confirmed at once (nothing waits for the teacher)", async () => {
    await setPendingSettings({ maxPendingLessons: 5 });
    const student = await t.createStudent();
    await holdPending(student, 5);
    await t.setSettings({ autoConfirmBookings: true });
    const [hour] = await freeHours(1);
    expect((await bookOne(student, hour)).booking.status).toBe("confirmed");
  });

  it("lets exactly one of many simultaneous bookings by one account at the cap through, across two teachers", async () => {
    await setPendingSettings({ maxPendingLessons: 5 });
    const student = await t.createStudent();
    await holdPending(student, 4);
    // A second teacher: the teachers' locks alone would let one booking through for each.
    const colleague = await db().teacher.create({
      data: { name: "Luca Neri", email: `luca${Date.now()}@test.example` },
      select: { id: true },
    });
    const mine = await freeHours(6);
    const theirs = await freeHours(6, colleague.id);
    const results = await Promise.allSettled([
      ...mine.map((start) => bookOne(student, start, t.teacherId)),
      ...theirs.map((start) => bookOne(student, start, colleague.id)),
    ]);
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of lost) expect(r.reason).toMatchObject({ code: "CONFLICT", message: capMessage(5) });
    expect(await db().booking.count({ where: { studentId: student.id, status: "pending" } })).toBe(5);
    await db().teacher.update({ where: { id: colleague.id }, data: { isActive: false }, select: { id: true } });
  });
});

describe(`the settings of pending lessons, on ${testEngine}`, () => {
  it("show the largest package when the limit is empty, refuse a limit below it, keep what a client leaves out", async () => {
    await t.setSettings({ bufferBetweenLessons: 30 }); // one the settings page offers (the others here use 0)
    const read = async () => (await t.send("GET", "/api/admin/settings", { as: t.admin })).json().settings;
    const save = (settings: unknown) => t.send("PUT", "/api/admin/settings", { as: t.admin, payload: { settings } });
    const current = await read();
    expect(current.business).toMatchObject({
      maxPendingLessons: null,
      largestPackageLessons: 12,
      releasePendingAfterHours: null,
    });

    const tooLow = await save({ ...current, business: { ...current.business, maxPendingLessons: 11 } });
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json()).toEqual({
      error:
        "The limit of pending lessons must be at least 12, the size of the largest package: otherwise that package could never be booked.",
    });
    const notWhole = await save({ ...current, business: { ...current.business, releasePendingAfterHours: 1.5 } });
    expect(notWhole.statusCode).toBe(400);
    expect(notWhole.json().error).toContain("The hours before release must be a whole number from 1 to 720, or empty.");

    const saved = await save({
      ...current,
      business: { ...current.business, maxPendingLessons: 20, releasePendingAfterHours: 48 },
    });
    expect(saved.statusCode).toBe(200);
    const { maxPendingLessons, releasePendingAfterHours, ...older } = current.business;
    expect((await save({ ...current, business: older })).statusCode).toBe(200);
    expect((await read()).business).toMatchObject({ maxPendingLessons: 20, releasePendingAfterHours: 48 });
    expect((await t.caller({ admin: t.admin }).admin.pendingHolders()).cap).toBe(20);

    await save({
      ...current,
      business: { ...current.business, maxPendingLessons: null, releasePendingAfterHours: null },
    });
    expect((await read()).business).toMatchObject({ maxPendingLessons: null, releasePendingAfterHours: null });
  });
});

describe(`who holds pending lessons, on ${testEngine}`, () => {
  it("lists each holder with the count, the unpaid count and the oldest request, the longest-waiting first", async () => {
    const early = await t.createStudent({ name: "Early Bird" });
    const late = await t.createStudent({ name: "Late Comer" });
    await holdPending(late, 2);
    const [paidOrder] = await holdPending(early, 5);
    await holdPending(early, 1);
    const since = new Date(Date.now() - 30 * HOUR_MS);
    await db().booking.updateMany({ where: { orderId: paidOrder }, data: { createdAt: since } });
    await db().bookingOrder.update({ where: { id: paidOrder }, data: { paymentStatus: "paid" }, select: { id: true } });

    const { cap, holders } = await t.caller({ admin: t.admin }).admin.pendingHolders();
    expect(cap).toBe(12);
    const mine = holders.filter((h) => h.student_id === early.id || h.student_id === late.id);
    expect(mine).toEqual([
      {
        student_id: early.id,
        name: "Early Bird",
        email: early.email,
        pending_lessons: 6,
        unpaid_pending_lessons: 1,
        oldest_request_at: since.toISOString(),
      },
      expect.objectContaining({ student_id: late.id, pending_lessons: 2, unpaid_pending_lessons: 2 }),
    ]);
    const rest = await t.send("GET", "/api/admin/pending-holders", { as: t.admin });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().holders).toEqual(expect.arrayContaining(mine));
  });

  it("is the teacher's only: a student and a visitor are refused", async () => {
    const student = await t.createStudent();
    await holdPending(student, 1);
    await expect(t.caller({ student }).admin.pendingHolders()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const asAdminSessionOfStudent = await t.createStudent({ kind: "admin", isAdmin: false });
    await expect(t.caller({ admin: asAdminSessionOfStudent }).admin.pendingHolders()).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await t.send("GET", "/api/admin/pending-holders", { as: student })).statusCode).toBe(401);
    expect((await t.send("GET", "/api/admin/pending-holders")).statusCode).toBe(401);
  });
});

describe(`the release of unconfirmed lessons, on ${testEngine}`, () => {
  const job = () => {
    const found = serverJobs({ db: db(), publicUrl: t.env.PUBLIC_URL, calendarSecret: t.env.calendarSecret }).find(
      (j) => j.name === "unconfirmed lesson release",
    );
    if (!found) throw new Error("the scheduler has no release job");
    return found;
  };

  it("releases nothing while off; when on, only unpaid pending lessons older than its hours, freeing their times and mailing the family once per order", async () => {
    const now = new Date(Date.now() + HOUR_MS);
    const stale = await t.createStudent({ name: "Stale Request" });
    const fresh = await t.createStudent();
    const payer = await t.createStudent();
    const confirmedOne = await t.createStudent();
    const [staleOrder] = await holdPending(stale, 5);
    const [freshOrder] = await holdPending(fresh, 1);
    const [paidOrder] = await holdPending(payer, 1);
    const [confirmedOrder] = await holdPending(confirmedOne, 1);
    const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
    for (const id of [staleOrder, paidOrder, confirmedOrder]) {
      await db().booking.updateMany({ where: { orderId: id }, data: { createdAt: ago(25) } });
    }
    await db().booking.updateMany({ where: { orderId: freshOrder }, data: { createdAt: ago(23) } });
    await db().bookingOrder.update({ where: { id: paidOrder }, data: { paymentStatus: "paid" }, select: { id: true } });
    await db().booking.updateMany({ where: { orderId: confirmedOrder }, data: { status: "confirmed" } });
    await db().outboxEmail.deleteMany();

    expect(await job().run(now), "off by default").toEqual({ released: 0, emails: 0 });
    expect(await db().booking.count({ where: { orderId: staleOrder, status: "pending" } })).toBe(5);

    await setPendingSettings({ releasePendingAfterHours: 24 });
    const result = await job().run(now);
    expect(result).toEqual({ released: 5, emails: 1 });

    const state = async (orderId: string) =>
      db().booking.findMany({
        where: { orderId },
        select: { status: true, cancelledAt: true, cancellationReason: true, icsSequence: true, startsAt: true },
      });
    const released = await state(staleOrder);
    expect(released).toHaveLength(5);
    for (const lesson of released) {
      expect(lesson).toMatchObject({
        status: "cancelled",
        cancelledAt: now,
        cancellationReason: "Not confirmed within 24 hours of the request: released.",
        icsSequence: 1,
      });
    }
    expect((await state(freshOrder))[0].status).toBe("pending");
    expect((await state(paidOrder))[0].status).toBe("pending");
    expect((await state(confirmedOrder))[0].status).toBe("confirmed");

    const mails = await db().outboxEmail.findMany({
      select: { kind: true, toAddress: true, subject: true, textBody: true, attachments: true },
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: "pending_released",
      toAddress: stale.email,
      subject: "Released: your 5 English lesson requests",
    });
    expect(mails[0].textBody).toContain("Hi Luca Neri,");
    expect(mails[0].textBody).toContain(
      "your 5 requested lessons were not confirmed within 24 hours of the request, so their times have been released for other students:",
    );
    const files = mails[0].attachments as { filename: string; content: string }[];
    expect(files.at(-1)?.content).toContain("STATUS:CANCELLED");

    // The times are free again: another student books the first of them.
    const other = await t.createStudent();
    await bookOne(other, DateTime.fromJSDate(released[0].startsAt));

    // A second pass finds nothing more, and queues nothing twice.
    expect(await releaseStalePendingLessons(db(), { publicUrl: t.env.PUBLIC_URL, now })).toEqual({
      released: 0,
      emails: 0,
    });
  });
});
