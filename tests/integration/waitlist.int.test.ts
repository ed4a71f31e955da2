// The waitlist (issue 31, item 3) on both engines with an injected clock: a freed time goes to the
// people waiting one at a time in the order they asked, an unanswered hold passes on, a hold never
// double-books, another family's entries are 404 and a withdrawn entry gets no offer.
import type { DateTime } from "luxon";
import { beforeEach, describe, expect, it } from "vitest";
import { advanceWaitlist } from "../../server/features/waitlist/waitlist.service.ts";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
const HOUR = 3_600_000;
let day = 20;

const single = (start: DateTime) => ({
  studentInfo: studentInfo(),
  lesson_date: iso(start),
  lessonType: "online" as const,
  teacher_id: t.teacherId,
});

/** A time booked by someone: what the others wait for. */
async function takenTime(): Promise<{ start: DateTime; bookingId: string }> {
  const start = romeDay(day++, 15);
  await t.addAvailability(start, 1);
  const holder = await t.createStudent();
  const booked = await t.caller({ student: holder }).booking.createBooking(single(start));
  return { start, bookingId: booked.booking.id };
}

async function join(who: TestUser, payload: unknown) {
  const r = await t.send("POST", "/api/student/waitlist", { as: who, payload });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { id: string };
}

const cancel = (bookingId: string) =>
  t.send("PUT", `/api/admin/bookings/${bookingId}`, { as: t.admin, payload: { status: "cancelled" } });

const offersMailed = (to: string) =>
  db().outboxEmail.findMany({ where: { kind: "waitlist_offer", toAddress: to }, select: { textBody: true } });

const heldOffer = (who: TestUser) =>
  db().waitlistOffer.findFirst({ where: { status: "held", entry: { studentId: who.id } }, select: { id: true } });

const pass = (now: Date) => advanceWaitlist(db(), { publicUrl: t.env.PUBLIC_URL, now });

beforeEach(async () => {
  await t.setSettings({ bufferBetweenLessons: 0, maxAdvanceBooking: 90, autoConfirmBookings: false });
  // Every test starts with nobody waiting.
  await db().waitlistEntry.updateMany({ where: { status: "waiting" }, data: { status: "withdrawn" } });
});

describe(`the waitlist on ${testEngine}`, () => {
  it("offers a freed time to the first who asked, passes it to the second when the hold expires, and she books it", async () => {
    const { start, bookingId } = await takenTime();
    const [first, second] = [await t.createStudent(), await t.createStudent()];
    await join(first, { startTime: iso(start) });
    await join(second, { startTime: iso(start) });

    const now = new Date();
    expect(await pass(now)).toEqual({ expired: 0, offered: 0 });
    expect((await cancel(bookingId)).statusCode).toBe(200);
    expect((await pass(now)).offered).toBe(1);
    const mails = await offersMailed(first.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain("held for you for 12 hours");
    expect(mails[0].textBody).toMatch(/\/student\/waitlist\/offer\/[0-9a-f-]{36}/);
    expect(await offersMailed(second.email)).toHaveLength(0);

    // While held, the grid hides it and nobody else can book it.
    const grid = await t.caller().booking.availability({ startDate: start.toISODate(), teacherId: t.teacherId });
    expect(grid.availableSlots.some((s) => s.startTime === start.toJSDate().toISOString())).toBe(false);
    const visitor = await t.createStudent();
    await expect(t.caller({ student: visitor }).booking.createBooking(single(start))).rejects.toMatchObject({
      code: "CONFLICT",
    });
    // The second person waits: nothing for her before the hold's hours are over.
    expect((await pass(new Date(now.getTime() + 11 * HOUR))).offered).toBe(0);

    const later = new Date(now.getTime() + 12 * HOUR + 1000);
    expect(await pass(later)).toEqual({ expired: 1, offered: 1 });
    expect(await offersMailed(second.email)).toHaveLength(1);
    // The first's offer is gone; the second's books through the normal booking.
    const gone = (await db().waitlistOffer.findFirstOrThrow({ where: { entry: { studentId: first.id } } })).id;
    await expect(t.caller({ student: first }).portal.acceptWaitlistOffer({ id: gone })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const offer = await heldOffer(second);
    expect(offer).not.toBeNull();
    const page = await t.caller({ student: second }).portal.waitlistOffer({ id: offer?.id ?? "" });
    expect(page).toMatchObject({ status: "held", startTime: start.toJSDate().toISOString() });
    const booked = await t.caller({ student: second }).portal.acceptWaitlistOffer({
      id: offer?.id ?? "",
      phone: "+39 333 111 2222",
      english_level: "beginner",
      lesson_focus: "Travel",
    });
    expect(booked.booking).toMatchObject({ lesson_date: start.toJSDate().toISOString(), status: "pending" });
    expect(await db().waitlistOffer.findUniqueOrThrow({ where: { id: offer?.id }, select: { status: true } })).toEqual({
      status: "accepted",
    });
    // Answered: the entry leaves the list, and nothing more is offered for that time.
    expect((await t.caller({ student: second }).portal.waitlist()).entries).toHaveLength(0);
    expect((await pass(later)).offered).toBe(0);
  });

  it("passes over a family at its weekly cap that week and offers the time to the next in line", async () => {
    const { start, bookingId } = await takenTime();
    const [capped, next] = [await t.createStudent(), await t.createStudent()];
    // The first in line already has a lesson two hours later that week, and a cap of one a week.
    const own = start.plus({ hours: 2 });
    await t.addAvailability(own, 1);
    await t.caller({ student: capped }).booking.createBooking(single(own));
    expect(
      (await t.send("PUT", `/api/admin/students/${capped.id}/weekly-cap`, { as: t.admin, payload: { weeklyCap: 1 } }))
        .statusCode,
    ).toBe(200);
    await join(capped, { startTime: iso(start) });
    await join(next, { startTime: iso(start) });
    await cancel(bookingId);

    expect((await pass(new Date())).offered).toBe(0);
    // Passed over, recorded so the next pass goes on to the next person.
    expect(await offersMailed(capped.email)).toHaveLength(0);
    expect((await pass(new Date())).offered).toBe(1);
    expect(await offersMailed(next.email)).toHaveLength(1);
    expect(await heldOffer(capped)).toBeNull();
    expect(await heldOffer(next)).not.toBeNull();
  });

  it("a weekday window matches the teacher's hours in Rome, not the server's zone", async () => {
    const { start, bookingId } = await takenTime();
    const who = await t.createStudent();
    const weekday = start.weekday;
    // Asia/Kathmandu's clock would put 15:00 Rome in the evening: only Rome's hours match.
    await join(who, { weekday, from: "15:00", to: "16:00" });
    const elsewhere = await t.createStudent();
    await join(elsewhere, { weekday, from: "19:00", to: "21:00" });
    await cancel(bookingId);
    expect((await pass(new Date())).offered).toBeGreaterThanOrEqual(1);
    expect(await offersMailed(who.email)).toHaveLength(1);
    expect(await offersMailed(elsewhere.email)).toHaveLength(0);
  });

  it("a race of the holder's accept and another visitor's booking has exactly one winner", async () => {
    const { start, bookingId } = await takenTime();
    const holder = await t.createStudent();
    await join(holder, { startTime: iso(start) });
    await cancel(bookingId);
    await pass(new Date());
    const offer = await heldOffer(holder);
    const visitors = await Promise.all([t.createStudent(), t.createStudent(), t.createStudent()]);
    const results = await Promise.allSettled([
      t.caller({ student: holder }).portal.acceptWaitlistOffer({
        id: offer?.id ?? "",
        phone: "+39 333 111 2222",
        english_level: "beginner",
        lesson_focus: "Travel",
      }),
      ...visitors.map((v) => t.caller({ student: v }).booking.createBooking(single(start))),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results[0].status).toBe("fulfilled");
    for (const r of results.slice(1)) expect(r).toMatchObject({ status: "rejected", reason: { code: "CONFLICT" } });
    expect(
      await db().booking.count({ where: { startsAt: start.toJSDate(), status: { in: ["pending", "confirmed"] } } }),
    ).toBe(1);
  });

  it("an offer is never made while the time is booked again, and a booking made first wins over the pass", async () => {
    const { start, bookingId } = await takenTime();
    const who = await t.createStudent();
    await join(who, { startTime: iso(start) });
    await cancel(bookingId);
    // Someone books the freed time before the pass runs: nothing is offered.
    const quick = await t.createStudent();
    await t.caller({ student: quick }).booking.createBooking(single(start));
    expect((await pass(new Date())).offered).toBe(0);
    expect(await offersMailed(who.email)).toHaveLength(0);
  });

  it("another family's entries and offers are 404, and a withdrawn entry gets no offer", async () => {
    const { start, bookingId } = await takenTime();
    const [owner, stranger, next] = [await t.createStudent(), await t.createStudent(), await t.createStudent()];
    const entry = await join(owner, { startTime: iso(start) });
    await join(next, { startTime: iso(start) });
    expect((await t.send("DELETE", `/api/student/waitlist/${entry.id}`, { as: stranger })).statusCode).toBe(404);
    const listed = await t.send("GET", "/api/student/waitlist", { as: stranger });
    expect(listed.json()).toEqual({ entries: [] });
    expect((await t.send("GET", "/api/student/waitlist", { as: owner })).json().entries).toHaveLength(1);

    expect((await t.send("DELETE", `/api/student/waitlist/${entry.id}`, { as: owner })).statusCode).toBe(200);
    expect((await t.send("DELETE", `/api/student/waitlist/${entry.id}`, { as: owner })).statusCode).toBe(404);
    await cancel(bookingId);
    expect((await pass(new Date())).offered).toBe(1);
    expect(await offersMailed(owner.email)).toHaveLength(0);
    expect(await offersMailed(next.email)).toHaveLength(1);
    const offer = await heldOffer(next);
    await expect(t.caller({ student: stranger }).portal.waitlistOffer({ id: offer?.id ?? "" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      t.caller({ student: stranger }).portal.acceptWaitlistOffer({ id: offer?.id ?? "" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("the hold's hours are the business setting (GET/PUT /api/admin/settings, 1 to 72), and an offer holds for them", async () => {
    const current = async () => (await t.send("GET", "/api/admin/settings", { as: t.admin })).json().settings;
    const settings = await current();
    expect(settings.business.waitlistHoldHours).toBe(12);
    const save = (hours: unknown) =>
      t.send("PUT", "/api/admin/settings", {
        as: t.admin,
        payload: {
          settings: {
            ...settings,
            business: { ...settings.business, bufferBetweenLessons: 30, waitlistHoldHours: hours },
          },
        },
      });
    const refused = await save(0);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("The waitlist hold must be a whole number of hours from 1 to 72.");
    expect((await save(24)).statusCode).toBe(200);
    await t.setSettings({ bufferBetweenLessons: 0 });
    try {
      const { start, bookingId } = await takenTime();
      const who = await t.createStudent();
      await join(who, { startTime: iso(start) });
      await cancel(bookingId);
      const now = new Date();
      expect((await pass(now)).offered).toBe(1);
      const offer = await db().waitlistOffer.findFirstOrThrow({
        where: { entry: { studentId: who.id } },
        select: { expiresAt: true },
      });
      expect(offer.expiresAt.getTime()).toBe(now.getTime() + 24 * HOUR);
      expect((await offersMailed(who.email))[0].textBody).toContain("held for you for 24 hours");
    } finally {
      await db().adminSettings.update({ where: { id: "site" }, data: { waitlistHoldHours: 12 } });
    }
  });

  it("refuses a free time, a past time, a time past the booking horizon and a malformed window with clear messages", async () => {
    const who = await t.createStudent();
    const free = romeDay(day++, 10);
    await t.addAvailability(free, 1);
    const cases: [unknown, string][] = [
      [{ startTime: iso(free) }, "This time is free: you can book it now instead of waiting."],
      [{ startTime: "2020-01-01T10:00:00Z" }, "This time has already passed."],
      // Past the booking horizon (random-input found a 500 here at the end of year 9999).
      [{ startTime: "9999-12-31T23:59:59.999Z" }, "is too far ahead"],
      [{ startTime: iso(romeDay(400, 10)) }, "is too far ahead"],
      [{ weekday: 8, from: "14:00", to: "18:00" }, "Please give either startTime"],
      [{ weekday: 2, from: "18:00", to: "14:00" }, "Please give either startTime"],
      [{ startTime: "tomorrow" }, "Please give either startTime"],
    ];
    for (const [payload, message] of cases) {
      const r = await t.send("POST", "/api/student/waitlist", { as: who, payload });
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.body).toContain(message);
    }
    expect(
      (await t.send("POST", "/api/student/waitlist", { payload: { weekday: 2, from: "14:00", to: "18:00" } }))
        .statusCode,
    ).toBe(401);
  });
});
