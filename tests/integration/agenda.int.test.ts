// Issue 16, items 1 and 4 on a real database (PGlite, or PostgreSQL with TEST_ENGINE=postgresql):
// the teacher's agenda, the bookings list in lesson order within a range of days, and
// "Same time every week" skipping the weeks whose time is taken.
import type { DateTime } from "luxon";
import { beforeEach, describe, expect, it } from "vitest";
import { iso, prepareBookingApp, romeDay, ZONE } from "../helpers/booking-factory.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;

let n = 0;
/** A one-hour lesson of the seeded teacher (or `teacherId`, null for unassigned) at `start`. */
async function lesson(
  start: DateTime,
  opts: { status?: "pending" | "confirmed" | "cancelled" | "completed"; teacherId?: string | null; name?: string } = {},
) {
  n++;
  return db().booking.create({
    data: {
      teacherId: opts.teacherId === undefined ? t.teacherId : opts.teacherId,
      startsAt: start.toJSDate(),
      endsAt: start.plus({ hours: 1 }).toJSDate(),
      status: opts.status ?? "confirmed",
      lessonType: n % 2 ? "online" : "in-person",
      meetingLink: n % 2 ? `https://meet.example/lesson-${n}` : null,
      location: n % 2 ? null : "Via Roma 1, Milano",
      studentName: opts.name ?? `Student ${n}`,
      studentEmail: `agenda${n}@test.example`,
      studentPhone: "+39 333 000 1111",
    },
    select: { id: true },
  });
}

beforeEach(async () => {
  await db().booking.deleteMany();
  await db().availabilitySlot.deleteMany();
  await t.setSettings({ maxAdvanceBooking: 90, bufferBetweenLessons: 0, autoConfirmBookings: false });
});

describe("the teacher's agenda (admin.agenda)", () => {
  it("lists a day's lessons in time order over the open hours, without cancelled or other teachers' lessons", async () => {
    const other = await db().teacher.create({
      data: { name: "Other Teacher", email: `other${Date.now()}@test.example` },
      select: { id: true },
    });
    const day = romeDay(3);
    const late = await lesson(day.set({ hour: 17 }), { name: "Late" });
    const early = await lesson(day.set({ hour: 9 }), { name: "Early", status: "pending" });
    const unassigned = await lesson(day.set({ hour: 12 }), { name: "Unassigned", teacherId: null });
    await lesson(day.set({ hour: 11 }), { status: "cancelled" });
    await lesson(day.set({ hour: 14 }), { teacherId: other.id });
    await lesson(day.plus({ days: 1 }).set({ hour: 9 }), { name: "Tomorrow" });
    await t.addAvailability(day.set({ hour: 8 }), 4);
    await t.addAvailability(day.set({ hour: 16 }), 3);

    const agenda = await t.caller({ admin: t.admin }).admin.agenda({ view: "day", date: day.toISODate() ?? "" });
    expect(agenda.timezone).toBe(ZONE);
    expect(agenda.days).toEqual([day.toISODate()]);
    expect(agenda.lessons.map((l) => l.id)).toEqual([early.id, unassigned.id, late.id]);
    expect(agenda.lessons[0]).toMatchObject({ student: { name: "Early", phone: "+39 333 000 1111" } });
    expect(agenda.openHours.map((h) => [h.start, h.end])).toEqual([
      [iso(day.set({ hour: 8 })), iso(day.set({ hour: 12 }))],
      [iso(day.set({ hour: 16 })), iso(day.set({ hour: 19 }))],
    ]);
    // The next lesson is the first still to end, on whatever day it falls.
    expect(agenda.next?.id).toBe(early.id);
  });

  it("a week runs Monday to Sunday in the teacher's zone, in time order across its days", async () => {
    const monday = romeDay(0).startOf("week");
    const sunday = await lesson(monday.plus({ days: 6 }).set({ hour: 23 }));
    const tuesday = await lesson(monday.plus({ days: 1 }).set({ hour: 8 }));
    await lesson(monday.minus({ days: 1 }).set({ hour: 23 }));
    await lesson(monday.plus({ days: 7 }).set({ hour: 0 }));
    const agenda = await t
      .caller({ admin: t.admin })
      .admin.agenda({ view: "week", date: monday.plus({ days: 3 }).toISODate() ?? "" });
    expect(agenda.days).toHaveLength(7);
    expect(agenda.days[0]).toBe(monday.toISODate());
    expect(agenda.lessons.map((l) => l.id)).toEqual([tuesday.id, sunday.id]);
  });

  it("is the admin's only: a student's account gets FORBIDDEN (403), a visitor UNAUTHORIZED", async () => {
    // A student who got an admin-kind session (signed in at /admin) is still no admin.
    const student = await t.createStudent({ kind: "admin", isAdmin: false });
    await expect(t.caller({ admin: student }).admin.agenda({ view: "day" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await t.send("GET", "/api/trpc/admin.agenda", { as: student })).statusCode).toBe(403);
    const signedInStudent = await t.createStudent();
    await expect(t.caller({ student: signedInStudent }).admin.agenda({ view: "day" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await expect(t.caller().admin.agenda({ view: "day" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("the bookings list by lesson time and range of days", () => {
  it("sorts by lesson time and keeps only the days asked for (tRPC and REST alike)", async () => {
    const d5 = await lesson(romeDay(5, 10));
    const d2 = await lesson(romeDay(2, 23)); // 23:00 in Rome is the next day in UTC: still day 2
    const d3 = await lesson(romeDay(3, 0));
    await lesson(romeDay(1, 23));
    await lesson(romeDay(6, 0));
    const from = romeDay(2).toISODate() ?? "";
    const to = romeDay(5).toISODate() ?? "";

    const byTrpc = await t
      .caller({ admin: t.admin })
      .admin.bookings.list({ sort: "lesson_time", from, to, limit: 50, offset: 0 });
    expect(byTrpc.bookings.map((b) => b.id)).toEqual([d2.id, d3.id, d5.id]);
    expect(byTrpc.total).toBe(3);

    const res = await t.send("GET", `/api/admin/bookings?sort=lesson_time&from=${from}&to=${to}&limit=2&offset=0`, {
      as: t.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().bookings.map((b: { id: string }) => b.id)).toEqual([d2.id, d3.id]);
    expect(res.json().total).toBe(3);

    // Without the new parameters the spec's shape is unchanged: newest created first, every row.
    const plain = await t.send("GET", "/api/admin/bookings?limit=10", { as: t.admin });
    expect(plain.json().bookings).toHaveLength(5);
    expect(plain.json().bookings[0].id).not.toBe(d2.id);

    for (const from of ["tomorrow", "2026-02-30", "2026-13-01"]) {
      const bad = await t.send("GET", `/api/admin/bookings?from=${from}`, { as: t.admin });
      expect(bad.statusCode, from).toBe(400);
    }
    await expect(t.caller({ admin: t.admin }).admin.agenda({ view: "day", date: "2026-02-30" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});

describe('"Same time every week" (booking.sameTimeEveryWeek)', () => {
  it("fills the following weeks at the same weekday and time, skipping and naming the weeks it is taken", async () => {
    const first = romeDay(3, 17);
    for (let week = 0; week < 9; week++) await t.addAvailability(first.plus({ weeks: week }).set({ hour: 16 }), 3);
    const taken = first.plus({ weeks: 2 });
    await lesson(taken);

    const found = await t.caller().booking.sameTimeEveryWeek({ startTime: iso(first), count: 5 });
    const weeks = [1, 3, 4, 5, 6].map((w) => iso(first.plus({ weeks: w })));
    expect(found.slots.map((s) => s.startTime)).toEqual(weeks);
    expect(found.skipped).toEqual([taken.toISODate()]);
    expect(found.isShort).toBe(false);
    // Each offered time is one the week grid offers too (same id), so the booking accepts it.
    const grid = await t.caller().booking.availability({ startDate: first.plus({ weeks: 3 }).toISODate() });
    expect(grid.availableSlots.map((s) => s.id)).toContain(found.slots[1].id);

    // Times already picked are left out, not reported as skipped.
    const again = await t.caller().booking.sameTimeEveryWeek({ startTime: iso(first), count: 2, exclude: [weeks[0]] });
    expect(again.slots.map((s) => s.startTime)).toEqual([weeks[1], weeks[2]]);
    expect(again.skipped).toEqual([taken.toISODate()]);
  });

  it("says when the booking window ends before the package is full", async () => {
    await t.setSettings({ maxAdvanceBooking: 21 });
    const first = romeDay(3, 10);
    for (let week = 0; week < 6; week++) await t.addAvailability(first.plus({ weeks: week }), 1);
    const found = await t.caller().booking.sameTimeEveryWeek({ startTime: iso(first), count: 5 });
    expect(found.slots).toHaveLength(2);
    expect(found.isShort).toBe(true);
  });
});
