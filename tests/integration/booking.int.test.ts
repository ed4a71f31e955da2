// The booking calls of issue 3, each through its REST path and its tRPC procedure, on a real
// migrated database (PGlite, or PostgreSQL with TEST_ENGINE=postgresql).
import { DateTime } from "luxon";
import { beforeEach, describe, expect, it } from "vitest";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser, ZONE } from "../helpers/booking-factory.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
const json = { "content-type": "application/json" };

/** Each test books on its own day so the tests never see each other's lessons. */
let nextDay = 4;
function freshDay(): DateTime {
  nextDay += 2;
  return romeDay(nextDay, 0);
}

/** A fresh day with `hours` free lessons from 9:00 on. */
async function freshDayOpenFrom9(hours: number): Promise<DateTime> {
  const day = freshDay();
  await t.addAvailability(day.set({ hour: 9 }), hours);
  return day;
}

/** What a refused booking leaves as it was: the lessons, the orders and the queued mail. */
const writtenCounts = async () => ({
  bookings: await db().booking.count(),
  orders: await db().bookingOrder.count(),
  mails: await db().outboxEmail.count(),
});

const post = (url: string, payload: unknown, user?: TestUser, headers: Record<string, string> = {}) =>
  t.send("POST", url, { as: user, payload, headers });
const get = (url: string, user?: TestUser) => t.send("GET", url, { as: user });

const single = (start: DateTime, extra: Record<string, unknown> = {}) => ({
  studentInfo: studentInfo(),
  lesson_date: iso(start),
  lessonType: "online",
  teacher_id: t.teacherId,
  ...extra,
});
const packagePayload = (
  starts: DateTime[],
  pkg: { id: string; lessons: number },
  extra: Record<string, unknown> = {},
) => ({
  studentInfo: studentInfo(),
  lesson_dates: starts.map(iso),
  lessonType: "online",
  teacher_id: t.teacherId,
  packageInfo: { id: pkg.id, name: "whatever", lessons: pkg.lessons, totalPrice: 1 },
  ...extra,
});
/** The Online Starter package with its five lessons from 9:00 to 13:00 on `day`. */
const onlineStarterFrom9 = (day: DateTime) =>
  packagePayload(
    [9, 10, 11, 12, 13].map((h) => day.set({ hour: h })),
    { id: "online-5", lessons: 5 },
  );

beforeEach(async () => {
  await t.setSettings({
    bufferBetweenLessons: 0,
    maxAdvanceBooking: 90,
    autoConfirmBookings: false,
    defaultMeetingLink: null,
  });
});

describe("availability", () => {
  it("offers visitors the free 60-minute lessons of the window, in REST and tRPC alike", async () => {
    const day = await freshDayOpenFrom9(3);
    const student = await t.createStudent();
    await post("/api/bookings", single(day.set({ hour: 10 })), student);

    const rest = await get(`/api/availability?startDate=${day.toISODate()}&teacher_id=${t.teacherId}`);
    expect(rest.statusCode).toBe(200);
    const body = rest.json();
    expect(body.timezone).toBe(ZONE);
    const onDay = body.availableSlots.filter((s: { startTime: string }) =>
      DateTime.fromISO(s.startTime).setZone(ZONE).hasSame(day, "day"),
    );
    expect(onDay.map((s: { startTime: string }) => DateTime.fromISO(s.startTime).setZone(ZONE).hour)).toEqual([9, 11]);
    expect(onDay[0]).toEqual({
      id: `${t.teacherId}:${day.set({ hour: 9 }).toJSDate().toISOString()}`,
      startTime: day.set({ hour: 9 }).toJSDate().toISOString(),
      endTime: day.set({ hour: 10 }).toJSDate().toISOString(),
    });
    expect(DateTime.fromISO(body.windowStart).setZone(ZONE).weekday).toBe(7);

    const trpc = await t.caller().booking.availability({
      startDate: day.toISODate(),
      teacherId: t.teacherId,
    });
    expect(trpc.availableSlots).toEqual(body.availableSlots);
  });

  it("shows a booking in the very next grid, though grids are cached (REST and tRPC over HTTP)", async () => {
    const day = await freshDayOpenFrom9(3);
    const url = `/api/availability?startDate=${day.toISODate()}&teacher_id=${t.teacherId}`;
    const trpcUrl = `/api/trpc/booking.availability?input=${encodeURIComponent(
      JSON.stringify({ json: { startDate: day.toISODate(), teacherId: t.teacherId } }),
    )}`;
    const hours = (slots: { startTime: string }[]) =>
      slots
        .map((s) => DateTime.fromISO(s.startTime).setZone(ZONE))
        .filter((start) => start.hasSame(day, "day"))
        .map((start) => start.hour);
    expect(hours((await get(url)).json().availableSlots)).toEqual([9, 10, 11]);
    expect(hours((await get(trpcUrl)).json().result.data.json.availableSlots)).toEqual([9, 10, 11]);

    const student = await t.createStudent();
    expect((await post("/api/bookings", single(day.set({ hour: 10 })), student)).statusCode).toBe(200);
    expect(hours((await get(url)).json().availableSlots)).toEqual([9, 11]);
    expect(hours((await get(trpcUrl)).json().result.data.json.availableSlots)).toEqual([9, 11]);
  });

  it("gives an admin session every slot in the range with duration and booked flag", async () => {
    const day = freshDay();
    const free = await t.addAvailability(day.set({ hour: 15 }), 2, "weekly");
    const taken = await t.addAvailability(day.set({ hour: 9 }), 2);
    const student = await t.createStudent();
    expect((await post("/api/bookings", single(day.set({ hour: 9 })), student)).statusCode).toBe(200);

    const response = await get(`/api/availability?startDate=${day.toISODate()}&endDate=${day.toISODate()}`, t.admin);
    expect(response.statusCode).toBe(200);
    const slots = response.json().availableSlots as {
      id: string;
      booked: boolean;
      duration: number;
      recurring: string;
    }[];
    expect(slots.find((s) => s.id === taken.id)).toMatchObject({ booked: true, duration: 120, recurring: "none" });
    expect(slots.find((s) => s.id === free.id)).toMatchObject({ booked: false, duration: 120, recurring: "weekly" });
    expect(slots).toHaveLength(2);
    // The same call without the admin session shows only bookable lessons (no ids of slots).
    const visitor = (await get(`/api/availability?startDate=${day.toISODate()}`)).json();
    expect(visitor.availableSlots.every((s: Record<string, unknown>) => !("booked" in s))).toBe(true);
  });

  it("refuses a malformed date and an unknown teacher with a clear 400", async () => {
    const bad = await get("/api/availability?startDate=next-week");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Invalid startDate/);
    expect((await get("/api/availability?teacher_id=00000000-0000-4000-8000-000000000000")).json()).toEqual({
      error: "Unknown teacher.",
    });
    await expect(t.caller().booking.availability({ startDate: "nope" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});

describe("single bookings", () => {
  it("needs a student session: 401 on REST and tRPC, nothing written", async () => {
    const day = await freshDayOpenFrom9(1);
    const before = await db().booking.count();
    const rest = await post("/api/bookings", single(day.set({ hour: 9 })));
    expect(rest.statusCode).toBe(401);
    expect(rest.json()).toEqual({ error: "Please sign in to continue with your booking" });
    await expect(t.caller().booking.createBooking(single(day.set({ hour: 9 })) as never)).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    // An admin session is not a student session.
    expect((await post("/api/bookings", single(day.set({ hour: 9 })), t.admin)).statusCode).toBe(401);
    expect(await db().booking.count()).toBe(before);
  });

  it("books a pending lesson through REST with an order at the server's price, ignoring the client's", async () => {
    const day = await freshDayOpenFrom9(2);
    const student = await t.createStudent({ email: "rest-single@test.example" });
    const response = await post("/api/bookings", { ...single(day.set({ hour: 10 })), totalPrice: 0.01 }, student);
    expect(response.statusCode).toBe(200);
    const { booking, order } = response.json();
    expect(booking).toMatchObject({
      lesson_date: day.set({ hour: 10 }).toUTC().toISO(),
      end_date: day.set({ hour: 11 }).toUTC().toISO(),
      status: "pending",
      lessonType: "online",
      teacher_id: t.teacherId,
      teacher_name: expect.any(String),
      google_meet_link: null,
    });
    expect(order).toMatchObject({ packageId: "single-lesson", lessons: 1, basePrice: 35, discount: 0, totalPrice: 35 });
    const row = await db().booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(row).toMatchObject({
      studentId: student.id,
      studentEmail: "rest-single@test.example",
      studentName: "Luca Neri",
      orderId: order.id,
    });
    expect(await db().bookingOrder.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      totalPriceCents: 3500,
      studentId: student.id,
    });
    // The confirmation mail (with the calendar file) and the teacher's notice were queued with it.
    const mails = await db().outboxEmail.findMany({
      where: { dedupeKey: { in: [`booking_created:${order.id}`, `teacher_new_booking:${order.id}`] } },
    });
    expect(mails.map((m) => [m.kind, m.toAddress]).sort()).toEqual([
      ["booking_created", "rest-single@test.example"],
      ["teacher_new_booking", "teacher@school.test"],
    ]);
    const created = mails.find((m) => m.kind === "booking_created");
    const attachments = (created?.attachments ?? []) as { content: string }[];
    expect(attachments[0]?.content).toContain(`UID:${booking.id}@localhost`);
  });

  it("books through tRPC too, and honours auto-confirm and the default meeting link", async () => {
    await t.setSettings({ autoConfirmBookings: true, defaultMeetingLink: "https://meet.google.com/xyz-abcd-efg" });
    const day = await freshDayOpenFrom9(1);
    const student = await t.createStudent();
    const { booking } = await t.caller({ student }).booking.createBooking(single(day.set({ hour: 9 })) as never);
    expect(booking).toMatchObject({ status: "confirmed", google_meet_link: "https://meet.google.com/xyz-abcd-efg" });
  });

  it("books in person only with a location, and never puts a meeting link on it", async () => {
    await t.setSettings({ defaultMeetingLink: "https://meet.google.com/xyz-abcd-efg" });
    const day = await freshDayOpenFrom9(1);
    const student = await t.createStudent();
    const missing = await post("/api/bookings", single(day.set({ hour: 9 }), { lessonType: "in-person" }), student);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: "Location is required for in-person lessons" });
    const ok = await post(
      "/api/bookings",
      single(day.set({ hour: 9 }), { lessonType: "in-person", location: "Brera, Milano" }),
      student,
    );
    expect(ok.json().booking).toMatchObject({
      lessonType: "in-person",
      location: "Brera, Milano",
      google_meet_link: null,
    });
  });

  it("refuses bad input with a clear message and writes nothing", async () => {
    const day = await freshDayOpenFrom9(2);
    const student = await t.createStudent();
    const before = await writtenCounts();
    const tooSoon = romeDay(1, 10);
    await t.addAvailability(tooSoon, 1);
    const cases: [unknown, RegExp][] = [
      [single(day.set({ hour: 13 })), /is not in the teacher's availability/],
      [single(day.set({ hour: 9, minute: 30 })), /is not in the teacher's availability/],
      [single(tooSoon), /at least 48 hours in advance/],
      [single(day.set({ hour: 9 }), { lesson_date: "tomorrow at 9" }), /Invalid lesson date/],
      [single(day.set({ hour: 9 }), { lesson_date: "2031-03-03T10:00:00" }), /Invalid lesson date/],
      [single(day.set({ hour: 9 }), { packageId: "no-such-package" }), /Unknown package/],
      [single(day.set({ hour: 9 }), { packageId: "standard-6" }), /^Please select 6 lesson\(s\) to continue\.$/],
      [single(day.set({ hour: 9 }), { teacher_id: "00000000-0000-4000-8000-000000000000" }), /Unknown teacher/],
      [single(day.set({ hour: 9 }), { studentInfo: studentInfo({ name: "" }) }), /^Student name is required$/],
      [single(day.set({ hour: 9 }), { studentInfo: studentInfo({ phone: "" }) }), /^Contact phone number is required$/],
      [
        single(day.set({ hour: 9 }), { studentInfo: studentInfo({ english_level: "fluent" }) }),
        /^Please select your English level$/,
      ],
      [
        single(day.set({ hour: 9 }), { group_conversation: { event_id: "nope", package_id: "conversation-6-weeks" } }),
        /Unknown group conversation night/,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await post("/api/bookings", payload, student);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    await expect(
      t.caller({ student }).booking.createBooking(single(day.set({ hour: 13 })) as never),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/not in the teacher's availability/),
    });
    expect(await writtenCounts()).toEqual(before);
  });

  it("refuses a lesson beyond the maximum advance setting", async () => {
    await t.setSettings({ maxAdvanceBooking: 5 });
    const day = await freshDayOpenFrom9(1);
    const student = await t.createStudent();
    const response = await post("/api/bookings", single(day.set({ hour: 9 })), student);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/at most 5 days in advance/);
  });

  it("keeps the buffer around booked lessons: offered no more, and refused with CONFLICT naming the slot", async () => {
    await t.setSettings({ bufferBetweenLessons: 30 });
    const day = await freshDayOpenFrom9(4);
    const first = await t.createStudent();
    const second = await t.createStudent();
    expect((await post("/api/bookings", single(day.set({ hour: 10 })), first)).statusCode).toBe(200);
    const grid = await t.caller().booking.availability({
      startDate: day.toISODate(),
      teacherId: t.teacherId,
    });
    const hours = grid.availableSlots
      .map((s) => DateTime.fromISO(s.startTime).setZone(ZONE))
      .filter((d) => d.hasSame(day, "day"))
      .map((d) => d.hour);
    expect(hours).toEqual([12]);
    const refused = await post("/api/bookings", single(day.set({ hour: 11 })), second);
    expect(refused.statusCode).toBe(409);
    const when = day.set({ hour: 11 }).setLocale("en-US").toFormat("ccc, LLL d 'at' h:mm a");
    expect(refused.json().error).toBe(
      `Sorry, the lesson on ${when} was just booked by someone else. Please choose another time.`,
    );
    await t.setSettings({ bufferBetweenLessons: 0 });
    expect((await post("/api/bookings", single(day.set({ hour: 11 })), second)).statusCode).toBe(200);
  });

  it("adds the group conversation package to the order and creates the sign-up", async () => {
    const day = await freshDayOpenFrom9(1);
    const student = await t.createStudent();
    const response = await post(
      "/api/bookings",
      single(day.set({ hour: 9 }), {
        group_conversation: { event_id: "tuesday-navigli", package_id: "conversation-6-weeks" },
      }),
      student,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toMatchObject({ basePrice: 35, groupPrice: 90, totalPrice: 125 });
    const signup = await db().groupSignup.findFirstOrThrow({ where: { userId: student.id } });
    expect(signup).toMatchObject({
      eventId: "tuesday-navigli",
      groupPackageId: "conversation-6-weeks",
      priceCents: 9000,
      orderId: response.json().order.id,
    });
  });
});

describe("package bookings", () => {
  it("books every lesson of a package in one order, through REST and tRPC", async () => {
    const day = await freshDayOpenFrom9(5);
    const student = await t.createStudent();
    const response = await post("/api/bookings/package", onlineStarterFrom9(day), student);
    expect(response.statusCode).toBe(200);
    const { bookings, order } = response.json();
    expect(bookings).toHaveLength(5);
    expect(order).toMatchObject({ packageId: "online-5", lessons: 5, totalPrice: 160 });
    expect(new Set(bookings.map((b: { id: string }) => b.id)).size).toBe(5);

    const day2 = await freshDayOpenFrom9(5);
    const viaTrpc = await t
      .caller({
        student: await t.createStudent(),
      })
      .booking.createPackageBooking(onlineStarterFrom9(day2) as never);
    expect(viaTrpc.bookings.map((b) => b.status)).toEqual(["pending", "pending", "pending", "pending", "pending"]);
  });

  it("books nothing when one slot is taken, and names that slot", async () => {
    const day = await freshDayOpenFrom9(6);
    const other = await t.createStudent();
    expect((await post("/api/bookings", single(day.set({ hour: 12 })), other)).statusCode).toBe(200);
    const student = await t.createStudent();
    const before = await writtenCounts();
    const response = await post("/api/bookings/package", onlineStarterFrom9(day), student);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toContain(
      day.set({ hour: 12 }).setLocale("en-US").toFormat("ccc, LLL d 'at' h:mm a"),
    );
    await expect(
      t.caller({ student }).booking.createPackageBooking(onlineStarterFrom9(day) as never),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await writtenCounts()).toEqual(before);
  });

  it("refuses a wrong number of lessons with the spec's texts", async () => {
    const day = await freshDayOpenFrom9(6);
    const student = await t.createStudent();
    const six = [9, 10, 11, 12, 13, 14].map((h) => day.set({ hour: h }));
    const tooMany = await post("/api/bookings/package", packagePayload(six, { id: "online-5", lessons: 6 }), student);
    expect(tooMany.json()).toEqual({ error: "You can only select 5 lesson(s) for this package." });
    const tooFew = await post(
      "/api/bookings/package",
      packagePayload(six.slice(0, 2), { id: "online-5", lessons: 2 }),
      student,
    );
    expect(tooFew.json()).toEqual({ error: "Please select 5 lesson(s) to continue." });
    const wrongType = await post(
      "/api/bookings/package",
      packagePayload(six.slice(0, 5), { id: "online-5", lessons: 5 }, { lessonType: "in-person", location: "Brera" }),
      student,
    );
    expect(wrongType.json()).toEqual({ error: "The Online Starter package is for online lessons only." });
    const dup = await post(
      "/api/bookings/package",
      packagePayload([six[0], six[0], six[1], six[2], six[3]], { id: "online-5", lessons: 5 }),
      student,
    );
    expect(dup.json().error).toMatch(/selected twice/);
    expect(await db().booking.count({ where: { studentId: student.id } })).toBe(0);
  });
});

describe("retries and double clicks", () => {
  it("returns the booking the student already holds instead of a second one", async () => {
    const day = await freshDayOpenFrom9(1);
    const student = await t.createStudent();
    const first = await post("/api/bookings", single(day.set({ hour: 9 })), student);
    const again = await post("/api/bookings", single(day.set({ hour: 9 })), student);
    const viaTrpc = await t.caller({ student }).booking.createBooking(single(day.set({ hour: 9 })) as never);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(viaTrpc).toEqual(first.json());
    expect(await db().booking.count({ where: { studentId: student.id } })).toBe(1);
    expect(await db().bookingOrder.count({ where: { studentId: student.id } })).toBe(1);
  });

  it("answers a retry with the same Idempotency-Key with the first answer, sequentially and at once", async () => {
    const day = await freshDayOpenFrom9(6);
    const student = await t.createStudent();
    const payload = onlineStarterFrom9(day);
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () =>
        post("/api/bookings/package", payload, student, { "idempotency-key": "pkg-key-1" }),
      ),
    );
    for (const r of concurrent) expect(r.statusCode).toBe(200);
    for (const r of concurrent) expect(r.json()).toEqual(concurrent[0].json());
    const later = await post("/api/bookings/package", payload, student, { "idempotency-key": "pkg-key-1" });
    expect(later.json()).toEqual(concurrent[0].json());
    expect(await db().booking.count({ where: { studentId: student.id } })).toBe(5);
    expect(await db().bookingOrder.count({ where: { studentId: student.id } })).toBe(1);
    // The same key for a different request is refused rather than answered with the wrong booking.
    const misuse = await post("/api/bookings", single(day.set({ hour: 14 })), student, {
      "idempotency-key": "pkg-key-1",
    });
    expect(misuse.statusCode).toBe(400);
    expect(misuse.json().error).toMatch(/already used for a different request/);
  });

  it("replays a refusal too, and keeps keys per student; tRPC takes the key in its input", async () => {
    const day = await freshDayOpenFrom9(2);
    const taker = await t.createStudent();
    const student = await t.createStudent();
    await post("/api/bookings", single(day.set({ hour: 9 })), taker);
    const refused = await post("/api/bookings", single(day.set({ hour: 9 })), student, {
      "idempotency-key": "k-refused",
    });
    expect(refused.statusCode).toBe(409);
    const replayed = await post("/api/bookings", single(day.set({ hour: 9 })), student, {
      "idempotency-key": "k-refused",
    });
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json()).toEqual(refused.json());

    const caller = t.caller({ student });
    const input = { ...single(day.set({ hour: 10 })), idempotencyKey: "trpc-key" } as never;
    const results = await Promise.all([
      caller.booking.createBooking(input),
      caller.booking.createBooking(input),
      caller.booking.createBooking(input),
    ]);
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
    expect(await db().booking.count({ where: { studentId: student.id } })).toBe(1);
  });
});

describe("idempotency records", () => {
  it("forgets an answer after a day, so an old key starts a new request", async () => {
    const day = await freshDayOpenFrom9(1);
    const student = await t.createStudent();
    await db().idempotencyRecord.create({
      data: {
        userId: student.id,
        key: "old-key",
        statusCode: 200,
        response: { requestHash: "other", result: {} },
        createdAt: new Date(Date.now() - 25 * 3600_000),
      },
    });
    const response = await post("/api/bookings", single(day.set({ hour: 9 })), student, {
      "idempotency-key": "old-key",
    });
    expect(response.statusCode).toBe(200);
    expect(
      await db().idempotencyRecord.findUniqueOrThrow({ where: { userId_key: { userId: student.id, key: "old-key" } } }),
    ).toMatchObject({ statusCode: 200 });
  });
});

describe("reading a booking and its calendar file", () => {
  it("lets only the booking's student or an admin read it; others get 404 and learn nothing", async () => {
    const day = await freshDayOpenFrom9(1);
    const owner = await t.createStudent();
    const stranger = await t.createStudent();
    const { booking } = (await post("/api/bookings", single(day.set({ hour: 9 })), owner)).json();

    expect((await get(`/api/bookings/${booking.id}`, owner)).json()).toEqual({ booking });
    expect((await get(`/api/bookings/${booking.id}`, t.admin)).json()).toEqual({ booking });
    const foreign = await get(`/api/bookings/${booking.id}`, stranger);
    const missing = await get("/api/bookings/00000000-0000-4000-8000-000000000000", stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect((await get(`/api/bookings/${booking.id}`)).statusCode).toBe(401);
    expect((await get("/api/bookings/not-a-uuid", owner)).statusCode).toBe(404);

    expect(await t.caller({ student: owner }).booking.getBooking({ id: booking.id })).toEqual(booking);
    expect(await t.caller({ admin: t.admin }).booking.getBooking({ id: booking.id })).toEqual(booking);
    await expect(t.caller({ student: stranger }).booking.getBooking({ id: booking.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(t.caller().booking.getBooking({ id: booking.id })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });

  it("serves the ICS as an attachment to its student and an admin only; cancelled becomes STATUS:CANCELLED", async () => {
    await t.setSettings({ defaultMeetingLink: "https://meet.google.com/ics-test-abc" });
    const day = await freshDayOpenFrom9(1);
    const owner = await t.createStudent();
    const stranger = await t.createStudent();
    const { booking } = (await post("/api/bookings", single(day.set({ hour: 9 })), owner)).json();
    const url = `/api/calendar/booking/${booking.id}/ics`;

    const file = await get(url, owner);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(file.headers["content-disposition"]).toMatch(/^attachment; filename=".+\.ics"$/);
    const text = file.body.replace(/\r?\n[ \t]/g, "");
    expect(text).toContain(`UID:${booking.id}@localhost`);
    expect(text).toContain(`DTSTART:${day.set({ hour: 9 }).toUTC().toFormat("yyyyLLdd'T'HHmmss'Z'")}`);
    expect(text).toContain("DURATION:PT60M");
    expect(text).toContain("SEQUENCE:0");
    expect(text).toContain("LOCATION:https://meet.google.com/ics-test-abc");
    expect(text).toContain("STATUS:TENTATIVE");
    expect((await get(url, t.admin)).statusCode).toBe(200);
    expect((await get(url, stranger)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(401);

    await db().booking.update({
      where: { id: booking.id },
      data: { status: "cancelled", icsSequence: { increment: 1 } },
    });
    const cancelled = (await get(url, owner)).body.replace(/\r?\n[ \t]/g, "");
    expect(cancelled).toContain(`UID:${booking.id}@localhost`);
    expect(cancelled).toContain("SEQUENCE:1");
    expect(cancelled).toContain("STATUS:CANCELLED");
  });
});

describe("pricing calls", () => {
  it("quotes and validates the server's price on REST and tRPC", async () => {
    const caller = t.caller();
    expect(await caller.booking.quote({ packageId: "standard-6", groupPackageId: "conversation-6-weeks" })).toEqual({
      basePrice: 192,
      groupPrice: 90,
      discount: 0,
      discountLabel: null,
      totalPrice: 282,
      lessons: 6,
      referralNotice: null,
      creditExpiryMonths: 12,
      creditsValidUntil: expect.any(String),
    });
    const ok = await post("/api/pricing/validate", { packageId: "standard-6", totalPrice: 192, lessons: 6 });
    expect(ok.json()).toEqual({ valid: true, totalPrice: 192 });
    const wrongPrice = await post("/api/pricing/validate", { packageId: "standard-6", totalPrice: 1, lessons: 6 });
    expect(wrongPrice.json()).toMatchObject({
      valid: false,
      totalPrice: 192,
      message: expect.stringContaining("192.00"),
    });
    expect(await caller.booking.validatePrice({ packageId: "standard-6", totalPrice: 192, lessons: 5 })).toMatchObject({
      valid: false,
    });
    const unknown = await post("/api/pricing/validate", { packageId: "nope", totalPrice: 1, lessons: 1 });
    expect(unknown.statusCode).toBe(400);
    expect((await post("/api/pricing/validate", { packageId: "standard-6" })).statusCode).toBe(400);
  });
});

describe("group conversation nights on their own", () => {
  it("creates a sign-up at the group package's price for a student, REST and tRPC", async () => {
    const student = await t.createStudent();
    expect(
      (await post("/api/group-conversation/book", { event_id: "thursday-brera", package_id: "conversation-6-weeks" }))
        .statusCode,
    ).toBe(401);
    const response = await post(
      "/api/group-conversation/book",
      { event_id: "thursday-brera", package_id: "conversation-6-weeks", phone: "+39 1" },
      student,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, signupId: expect.any(String) });
    const viaTrpc = await t.caller({ student }).booking.bookGroupConversation({
      event_id: "tuesday-navigli",
      package_id: "conversation-6-weeks",
    });
    expect(viaTrpc.success).toBe(true);
    const rows = await db().groupSignup.findMany({ where: { userId: student.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.eventId, r.priceCents, r.email])).toEqual([
      ["thursday-brera", 9000, student.email],
      ["tuesday-navigli", 9000, student.email],
    ]);
    expect(
      (await post("/api/group-conversation/book", { event_id: "nope", package_id: "conversation-6-weeks" }, student))
        .statusCode,
    ).toBe(400);
    const notices = await db().outboxEmail.findMany({
      where: { kind: "teacher_group_signup", dedupeKey: { in: rows.map((r) => `teacher_group_signup:${r.id}`) } },
    });
    expect(notices).toHaveLength(2);
    expect(notices[0].textBody).toContain("Conversation Club (6 weeks)");
  });
});

describe("custom availability requests", () => {
  it("stores the request for the teacher and queues her notice, REST and tRPC; missing fields are refused", async () => {
    const request = {
      name: "Paola",
      email: "Paola@Visitor.test",
      availability: "Weekday evenings after 7",
      location: "Milano",
      phone: "",
    };
    const rest = await post("/api/bookings/availability-request", request);
    expect(rest.statusCode).toBe(200);
    const viaTrpc = await t.caller().booking.requestCustomAvailability({
      ...request,
      availability: "Saturday mornings",
    });
    const rows = await db().availabilityRequest.findMany({ where: { id: { in: [rest.json().id, viaTrpc.id] } } });
    expect(rows.map((r) => r.email)).toEqual(["paola@visitor.test", "paola@visitor.test"]);
    expect(
      await db().outboxEmail.count({
        where: {
          kind: "teacher_availability_request",
          dedupeKey: { in: rows.map((r) => `teacher_availability_request:${r.id}`) },
        },
      }),
    ).toBe(2);
    const missing = await post("/api/bookings/availability-request", { ...request, availability: "" });
    expect(missing.json()).toEqual({ error: "Missing Information: Please fill in all required fields." });
  });
});

describe("hostile and malformed requests", () => {
  it("never answers a booking call with a 500", async () => {
    const student = await t.createStudent();
    const day = freshDay();
    const payloads: [string, unknown][] = [
      ["/api/bookings", { lesson_date: 123, studentInfo: null }],
      ["/api/bookings", { ...single(day), lesson_date: "+275760-09-13T00:00:00Z" }],
      ["/api/bookings", { ...single(day), lesson_date: "2031-03-03T10:00:00+99:99" }],
      ["/api/bookings", { ...single(day), teacher_id: '\'; drop table "Booking"; --' }],
      ["/api/bookings", { ...single(day), lessonType: "telepathy" }],
      ["/api/bookings", { ...single(day), packageId: "x".repeat(101) }],
      ["/api/bookings", []],
      ["/api/bookings", "just a string"],
      [
        "/api/bookings/package",
        { ...packagePayload([day], { id: "online-5", lessons: 1 }), lesson_dates: Array(61).fill(iso(day)) },
      ],
      ["/api/bookings/package", { ...packagePayload([day], { id: "online-5", lessons: 1 }), packageInfo: "online-5" }],
      ["/api/pricing/validate", { packageId: "standard-6", totalPrice: "192", lessons: 6 }],
      ["/api/group-conversation/book", { event_id: ["a"], package_id: {} }],
    ];
    for (const [url, payload] of payloads) {
      const response = await post(url, payload, student);
      const label = `${url} ${JSON.stringify(payload).slice(-120)}`;
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      expect(response.json()).toHaveProperty("error");
    }
    for (const url of [
      `/api/bookings/${"a".repeat(290)}`,
      "/api/calendar/booking/%00/ics",
      "/api/availability?startDate=2031-13-45",
      "/api/availability?startDate=%2B275760-09-13T00:00:00Z",
      "/api/availability?startDate=1066-10-14",
    ]) {
      const response = await get(url, student);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    expect(await db().booking.count({ where: { studentId: student.id } })).toBe(0);
  });

  it("refuses an oversized body with 413 and malformed JSON with 400, writing nothing", async () => {
    const student = await t.createStudent();
    const huge = await post(
      "/api/bookings",
      { ...single(freshDay()), studentInfo: studentInfo({ notes: "x".repeat(1_100_000) }) },
      student,
    );
    expect(huge.statusCode).toBe(413);
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/bookings/package",
      headers: { ...json, cookie: student.cookie },
      payload: "{nope",
    });
    expect(broken.statusCode).toBe(400);
    expect(await db().booking.count({ where: { studentId: student.id } })).toBe(0);
  });

  it("gives the admin calendar 7 days before to 30 days after today by default", async () => {
    // 3 AM: an hour no other test of this file uses (availability never overlaps itself).
    const past = await t.addAvailability(romeDay(-6, 3), 1);
    const farPast = await t.addAvailability(romeDay(-9, 3), 1);
    const ahead = await t.addAvailability(romeDay(30, 3), 1);
    const tooFar = await t.addAvailability(romeDay(32, 3), 1);
    const ids = ((await get("/api/availability", t.admin)).json().availableSlots as { id: string }[]).map((s) => s.id);
    expect(ids).toContain(past.id);
    expect(ids).toContain(ahead.id);
    expect(ids).not.toContain(farPast.id);
    expect(ids).not.toContain(tooFar.id);
  });
});
