// 50 students book the same slot at the same moment through the real booking service (tRPC and
// REST): exactly one booking, 49 clean CONFLICTs naming the slot, never a 500. Run on PGlite and
// PostgreSQL: PGlite runs one transaction at a time and would hide a race.
import type { DateTime } from "luxon";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
let students: TestUser[];
const db = () => t.database.prisma;
const slotName = (d: DateTime) => d.setLocale("en-US").toFormat("ccc, LLL d 'at' h:mm a");
const takenMessage = (d: DateTime) =>
  `Sorry, the lesson on ${slotName(d)} was just booked by someone else. Please choose another time.`;

const single = (start: DateTime) => ({
  studentInfo: studentInfo(),
  lesson_date: iso(start),
  lessonType: "online" as const,
  teacher_id: t.teacherId,
});

beforeAll(async () => {
  students = [];
  for (let i = 0; i < 50; i++) students.push(await t.createStudent());
});
beforeEach(async () => {
  await t.setSettings({ bufferBetweenLessons: 0, maxAdvanceBooking: 90, autoConfirmBookings: false });
});

describe(`50 students, one slot, on ${testEngine}`, () => {
  it("through tRPC: one booking, 49 CONFLICTs that name the slot", async () => {
    const start = romeDay(10, 10);
    await t.addAvailability(start, 1);
    const results = await Promise.allSettled(
      students.map((s) => t.caller({ student: s }).booking.createBooking(single(start))),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const r of lost) expect(r.reason).toMatchObject({ code: "CONFLICT", message: takenMessage(start) });
    expect(await db().booking.count({ where: { startsAt: start.toJSDate() } })).toBe(1);
    expect(await db().bookingOrder.count({ where: { bookings: { some: { startsAt: start.toJSDate() } } } })).toBe(1);
    // The slot has vanished from the grid.
    const grid = await t.caller().booking.availability({
      startDate: start.toISODate(),
      teacherId: t.teacherId,
    });
    expect(grid.availableSlots.some((s) => s.startTime === start.toJSDate().toISOString())).toBe(false);
  });

  it("through REST: one 200, 49 409s with the message, no 500 and no half-written order", async () => {
    const start = romeDay(12, 15);
    await t.addAvailability(start, 1);
    const ordersBefore = await db().bookingOrder.count();
    const responses = await Promise.all(
      students.map((s) =>
        t.app.inject({
          method: "POST",
          url: "/api/bookings",
          headers: { "content-type": "application/json", cookie: s.cookie },
          payload: JSON.stringify(single(start)),
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of responses.filter((r) => r.statusCode === 409))
      expect(r.json()).toEqual({ error: takenMessage(start) });
    expect(await db().booking.count({ where: { startsAt: start.toJSDate() } })).toBe(1);
    expect(await db().bookingOrder.count()).toBe(ordersBefore + 1);
  });

  it("keeps the buffer under a race the exclusion constraint cannot see (adjacent lessons)", async () => {
    await t.setSettings({ bufferBetweenLessons: 30 });
    const ten = romeDay(14, 10);
    const eleven = romeDay(14, 11);
    await t.addAvailability(ten, 2);
    // Half want 10:00, half 11:00: the lessons do not overlap, only the buffer separates them.
    const results = await Promise.allSettled(
      students.map((s, i) => t.caller({ student: s }).booking.createBooking(single(i % 2 ? ten : eleven))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected")
        expect(r.reason).toMatchObject({
          code: "CONFLICT",
          message: expect.stringMatching(/^Sorry, the lesson on .* was just booked/),
        });
    }
    expect(await db().booking.count({ where: { startsAt: { in: [ten.toJSDate(), eleven.toJSDate()] } } })).toBe(1);
  });

  it("lets overlapping packages race: every lesson of exactly one package, nothing of the others", async () => {
    const day = romeDay(16, 0);
    await t.addAvailability(day.set({ hour: 8 }), 10);
    const racers = students.slice(0, 10);
    const results = await Promise.allSettled(
      racers.map((s, i) =>
        t.caller({ student: s }).booking.createPackageBooking({
          studentInfo: studentInfo(),
          // Windows of five consecutive hours that all share 12:00.
          lesson_dates: [0, 1, 2, 3, 4].map((k) => iso(day.set({ hour: 8 + (i % 5) + k }))),
          lessonType: "online",
          teacher_id: t.teacherId,
          packageInfo: { id: "online-5", lessons: 5 },
        }),
      ),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    const dayEnd = day.plus({ days: 1 }).toJSDate();
    const rows = await db().booking.findMany({
      where: { startsAt: { gte: day.toJSDate(), lt: dayEnd } },
      select: { studentId: true },
    });
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.studentId)).size).toBe(1);
  });
});
