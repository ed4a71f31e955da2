// Days off that work around booked lessons (issue 32, item 5): marking a range off is never
// refused for the lessons inside it; every free time in it closes at once (for visitors, through
// the availability API, and for a booking), the lessons come back in the answer, and each can be
// cancelled (the family gets an email) or moved. On PGlite, or PostgreSQL with TEST_ENGINE=postgresql.
import type { DateTime } from "luxon";
import { beforeEach, describe, expect, it } from "vitest";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;

/** Free mornings (four hours from `first`'s hour) on `days` days in a row. */
async function openMornings(first: DateTime, days: number) {
  for (let d = 0; d < days; d += 1) await t.addAvailability(first.plus({ days: d }), 4);
}

async function book(as: TestUser, start: DateTime) {
  const response = await t.send("POST", "/api/bookings", {
    as,
    payload: {
      studentInfo: studentInfo({ name: as.name }),
      lesson_date: iso(start),
      lessonType: "online",
      teacher_id: t.teacherId,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().booking.id as string;
}

/** The starts a visitor is offered from `from` to `to` (GET /api/availability, the public grid, a week at a time). */
async function offeredStarts(from: DateTime, to: DateTime) {
  const starts: string[] = [];
  for (let day = from; day <= to; day = day.plus({ weeks: 1 })) {
    const response = await t.send(
      "GET",
      `/api/availability?teacherId=${t.teacherId}&startDate=${day.toISODate()}&endDate=${to.toISODate()}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    starts.push(...(response.json().availableSlots as { startTime: string }[]).map((s) => s.startTime));
  }
  return [...new Set(starts)];
}

const within = (starts: string[], from: DateTime, to: DateTime) =>
  starts.filter((s) => s >= iso(from.startOf("day")) && s < iso(to.plus({ days: 1 }).startOf("day")));

let ahead = 20;
/** A Monday at least `ahead` days out, two weeks clear of the one before (each test its own). */
function nextMonday() {
  const day = romeDay(ahead, 9);
  ahead += 28;
  return day.plus({ days: (8 - day.weekday) % 7 });
}

beforeEach(async () => {
  await db().outboxEmail.deleteMany();
  await t.setSettings({ bufferBetweenLessons: 0, maxAdvanceBooking: 365, autoConfirmBookings: true });
});

describe(`days off over booked lessons, on ${testEngine}`, () => {
  it("accepts two weeks with two lessons inside, closes every free time and lists the lessons", async () => {
    const monday = nextMonday();
    const sunday = monday.plus({ days: 13 });
    await openMornings(monday, 14);
    const anna = await t.createStudent({ name: "Anna Bianchi" });
    const bruno = await t.createStudent({ name: "Bruno Verdi" });
    const first = await book(anna, monday.plus({ days: 2, hours: 1 }));
    const second = await book(bruno, monday.plus({ days: 9 }));
    // Outside the range: stays as it is.
    await t.addAvailability(monday.plus({ days: 15 }), 4);
    const after = await book(anna, monday.plus({ days: 15 }));
    expect(within(await offeredStarts(monday, sunday), monday, sunday).length).toBeGreaterThan(20);

    const response = await t.send("POST", "/api/availability/days-off", {
      as: t.admin,
      payload: { startDate: monday.toISODate(), endDate: sunday.toISODate(), name: "Vacanze" },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.success).toBe(true);
    // The twelve free mornings go; the two that hold a lesson stay for the teacher's calendar.
    expect(answer.deleted).toBe(12);
    expect(answer.lessonCount).toBe(2);
    expect(answer.lessons).toEqual([
      expect.objectContaining({
        id: first,
        lesson_date: iso(monday.plus({ days: 2, hours: 1 })),
        status: "confirmed",
        lesson_type: "online",
        student: { name: "Anna Bianchi" },
      }),
      expect.objectContaining({ id: second, student: { name: "Bruno Verdi" } }),
    ]);
    expect(answer.lessons.map((l: { id: string }) => l.id)).not.toContain(after);
    expect(answer.message).toContain("2 booked lessons are inside");

    // Nothing in the two weeks is offered, not even the rest of a morning that holds a lesson.
    expect(within(await offeredStarts(monday, sunday), monday, sunday)).toEqual([]);
    const refused = await t.send("POST", "/api/bookings", {
      as: bruno,
      payload: {
        studentInfo: studentInfo({ name: bruno.name }),
        lesson_date: iso(monday.plus({ days: 2, hours: 3 })),
        lessonType: "online",
        teacher_id: t.teacherId,
      },
    });
    expect(refused.statusCode).toBe(400);
    // "Same time every week" from the Wednesday before skips the two weeks and names them as days off.
    await t.addAvailability(monday.plus({ days: 16 }), 4);
    const wednesdays = [-5, 2, 9, 16].map((d) => monday.plus({ days: d, hours: 3 }));
    const weekly = await t.caller().booking.sameTimeEveryWeek({
      startTime: iso(wednesdays[0]),
      count: 2,
      teacherId: t.teacherId,
    });
    expect(weekly.slots.map((s) => s.startTime)).toEqual([iso(wednesdays[3])]);
    expect(weekly.daysOff).toEqual([
      { date: wednesdays[1].toISODate(), name: null },
      { date: wednesdays[2].toISODate(), name: null },
    ]);
    // Her calendar shows the days off, with the lessons still booked inside.
    const listing = await t.caller({ admin: t.admin }).admin.availability.list({
      start: monday.startOf("day").toJSDate(),
      end: sunday.plus({ days: 1 }).startOf("day").toJSDate(),
    });
    expect(listing.daysOff).toEqual([
      expect.objectContaining({ name: "Vacanze", lessonCount: 2, startTime: iso(monday.startOf("day")) }),
    ]);
    // The two booked mornings stay in it, booked.
    expect(listing.slots.filter((s) => s.booked)).toHaveLength(2);
    // The lessons themselves are untouched.
    expect(await db().booking.count({ where: { id: { in: [first, second] }, status: "confirmed" } })).toBe(2);
  });

  it("cancelling a listed lesson emails the family and leaves its time closed; moving one works", async () => {
    const monday = nextMonday();
    const sunday = monday.plus({ days: 13 });
    await openMornings(monday, 14);
    await t.addAvailability(monday.plus({ days: 20 }), 4);
    const carla = await t.createStudent({ name: "Carla Neri" });
    const dario = await t.createStudent({ name: "Dario Gallo" });
    const cancelled = await book(carla, monday.plus({ days: 3 }));
    const moved = await book(dario, monday.plus({ days: 10, hours: 2 }));
    await db().outboxEmail.deleteMany();

    const { lessons } = await t.caller({ admin: t.admin }).admin.availability.daysOff({
      startDate: monday.toISODate() as string,
      endDate: sunday.toISODate() as string,
    });
    expect(lessons.map((l) => l.id)).toEqual([cancelled, moved]);

    // Cancel from the list: the same update the bookings page sends.
    const cancel = await t.send("PUT", `/api/admin/bookings/${cancelled}`, {
      as: t.admin,
      payload: { status: "cancelled" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const mails = await db().outboxEmail.findMany({ where: { toAddress: carla.email }, select: { kind: true } });
    expect(mails.map((m) => m.kind)).toContain("booking_cancelled");
    // Its morning does not open again: it is a day off.
    expect(within(await offeredStarts(monday, sunday), monday, sunday)).toEqual([]);

    // Move the other one out of the days off.
    const to = monday.plus({ days: 20, hours: 1 });
    const move = await t.send("PUT", `/api/admin/bookings/${moved}`, {
      as: t.admin,
      payload: { status: "confirmed", lesson_date: iso(to) },
    });
    expect(move.statusCode, move.body).toBe(200);
    expect((await db().booking.findUniqueOrThrow({ where: { id: moved } })).startsAt.toISOString()).toBe(iso(to));
    const movedMail = await db().outboxEmail.findMany({ where: { toAddress: dario.email }, select: { kind: true } });
    expect(movedMail.length).toBeGreaterThan(0);
    expect(within(await offeredStarts(monday, sunday), monday, sunday)).toEqual([]);

    // Her calendar no longer counts a lesson inside the days off.
    const listing = await t.caller({ admin: t.admin }).admin.availability.list({
      start: monday.startOf("day").toJSDate(),
      end: sunday.plus({ days: 1 }).startOf("day").toJSDate(),
    });
    expect(listing.daysOff.map((d) => d.lessonCount)).toEqual([0]);
    // Marking the same days again lists nothing left inside.
    const again = await t.caller({ admin: t.admin }).admin.availability.daysOff({
      startDate: monday.toISODate() as string,
      endDate: sunday.toISODate() as string,
    });
    expect(again.lessons).toEqual([]);
    expect(again.lessonCount).toBe(0);
    // Marked twice, the days show once in her calendar.
    const twice = await t.caller({ admin: t.admin }).admin.availability.list({
      start: monday.startOf("day").toJSDate(),
      end: sunday.plus({ days: 1 }).startOf("day").toJSDate(),
    });
    expect(twice.daysOff).toHaveLength(1);
  });

  it("a slot the teacher opens on a day off afterwards is bookable", async () => {
    const monday = nextMonday();
    await t.send("POST", "/api/availability/days-off", {
      as: t.admin,
      payload: { startDate: monday.toISODate(), endDate: monday.toISODate() },
    });
    const created = await t.send("POST", "/api/availability", {
      as: t.admin,
      payload: { startTime: iso(monday.plus({ hours: 5 })), duration: 60, recurring: "none" },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(within(await offeredStarts(monday, monday), monday, monday)).toEqual([iso(monday.plus({ hours: 5 }))]);
  });
});
