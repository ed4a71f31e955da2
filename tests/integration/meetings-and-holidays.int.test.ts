// Issue 31, items 3 and 4: a meeting room per lesson, and Italy's public holidays as days off.
// Through the REST paths and tRPC on a real database (PGlite, or PostgreSQL with
// TEST_ENGINE=postgresql).
import { DateTime } from "luxon";
import superjson from "superjson";
import { beforeEach, describe, expect, it } from "vitest";
import { procedureRoutes } from "../../server/http/rest-table.ts";
import { bookOnlinePackage, iso, prepareBookingApp, romeDay, ZONE } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
const ROOM = /^https:\/\/meet\.jit\.si\/lesson-[0-9a-f]{32}$/;

let day = 10;
/** A fresh day for each booking, so no test's lessons meet another's. */
const nextDay = () => {
  day += 1;
  return day;
};

/** Saves the settings page as it is, with `meetings` (and `holidays`) changed. */
async function saveSettings(change: { meetings?: unknown; holidays?: unknown }) {
  const { settings } = (await t.send("GET", "/api/admin/settings", { as: t.admin })).json();
  const response = await t.send("PUT", "/api/admin/settings", {
    as: t.admin,
    payload: { settings: { ...settings, ...change } },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().settings;
}

const linksOf = async (ids: string[]) =>
  (await db().booking.findMany({ where: { id: { in: ids } }, select: { meetingLink: true } })).map(
    (b) => b.meetingLink,
  );

beforeEach(async () => {
  await t.setSettings({
    bufferBetweenLessons: 30,
    maxAdvanceBooking: 90,
    autoConfirmBookings: true,
    defaultMeetingLink: null,
  });
});

describe(`a meeting room per lesson, on ${testEngine}`, () => {
  it("gives each online lesson its own Jitsi room, kept when the lesson moves, in its emails and calendar file", async () => {
    const saved = await saveSettings({
      meetings: { mode: "jitsi", fixedLink: null, jitsiBaseUrl: "https://meet.jit.si/" },
    });
    expect(saved.meetings).toEqual({ mode: "jitsi", fixedLink: null, jitsiBaseUrl: "https://meet.jit.si" });
    const student = await t.createStudent();
    const { bookings } = await bookOnlinePackage(t, student, romeDay(nextDay(), 9));
    const links = await linksOf(bookings.map((b) => b.id));
    expect(links).toHaveLength(5);
    for (const link of links) expect(link).toMatch(ROOM);
    expect(new Set(links).size).toBe(5);

    // The student's own answers, email and calendar file carry it; the Join button reads the lesson's link.
    const first = bookings[0].id;
    const [link] = await linksOf([first]);
    const lessons = (await t.send("GET", "/api/student/lessons", { as: student })).json();
    expect(JSON.stringify(lessons)).toContain(link);
    const mails = await db().outboxEmail.findMany({ where: { toAddress: student.email } });
    expect(mails.some((m) => m.textBody.includes(link as string))).toBe(true);
    const ics = await t.send("GET", `/api/calendar/booking/${first}/ics`, { as: student });
    expect(ics.body.replace(/\r\n[ \t]/g, "")).toContain(`URL:${link}`);

    // Moved by the teacher: the same room.
    const to = romeDay(nextDay(), 15);
    const moved = await t.send("PUT", `/api/admin/bookings/${first}`, {
      as: t.admin,
      payload: { status: "confirmed", lesson_date: iso(to) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await linksOf([first])).toEqual([link]);
    // The calendar file of the moved lesson still carries it.
    const after = await t.send("GET", `/api/calendar/booking/${first}/ics`, { as: student });
    expect(after.body.replace(/\r\n[ \t]/g, "")).toContain(`URL:${link}`);
  });

  it("never shows a lesson's link to another student, on any student path or procedure", async () => {
    await saveSettings({ meetings: { mode: "jitsi", fixedLink: null, jitsiBaseUrl: "https://meet.jit.si" } });
    const owner = await t.createStudent();
    const other = await t.createStudent();
    const { order, bookings } = await bookOnlinePackage(t, owner, romeDay(nextDay(), 9));
    await bookOnlinePackage(t, other, romeDay(nextDay(), 9));
    const rooms = (await linksOf(bookings.map((b) => b.id))).map((l) => (l as string).split("/").pop() as string);
    const leaks = (text: string) => rooms.filter((room) => text.includes(room));

    // Every student and public GET of the REST table, the owner's ids in its parameters.
    const params: Record<string, string> = { id: bookings[0].id, bookingId: bookings[0].id, orderId: order.id };
    const asOther = async (url: string) => (await t.send("GET", url, { as: other })).body;
    const gets = procedureRoutes.filter((r) => r.method === "GET" && !r.url.startsWith("/api/admin"));
    expect(gets.length).toBeGreaterThan(15);
    for (const row of gets) {
      const url = row.url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? bookings[0].id);
      expect(leaks(await asOther(url)), url).toEqual([]);
    }
    for (const url of [
      `/api/bookings/${bookings[0].id}`,
      `/api/calendar/booking/${bookings[0].id}/ics`,
      `/api/calendar/order/${order.id}/ics`,
    ]) {
      const response = await t.send("GET", url, { as: other });
      expect(response.statusCode, url).toBe(404);
      expect(leaks(response.body), url).toEqual([]);
    }
    // The same through tRPC.
    const caller = t.caller({ student: other });
    const answers = await Promise.allSettled([
      caller.portal.lessons({}),
      caller.portal.order({ id: order.id }),
      caller.booking.getBooking({ id: bookings[0].id }),
    ]);
    for (const answer of answers) {
      expect(leaks(JSON.stringify(answer.status === "fulfilled" ? answer.value : String(answer.reason)))).toEqual([]);
    }
    // The owner does see them.
    expect(leaks((await t.send("GET", "/api/student/lessons", { as: owner })).body)).toHaveLength(5);
  });

  it("keeps the default meeting link for manual, and gives the personal room for fixed", async () => {
    await t.setSettings({ defaultMeetingLink: "https://meet.google.com/abc-defg-hij" });
    await saveSettings({ meetings: { mode: "manual", fixedLink: null } });
    const manual = await bookOnlinePackage(t, await t.createStudent(), romeDay(nextDay(), 9));
    expect(new Set(await linksOf(manual.bookings.map((b) => b.id)))).toEqual(
      new Set(["https://meet.google.com/abc-defg-hij"]),
    );

    const refused = await t.send("PUT", "/api/admin/settings", {
      as: t.admin,
      payload: {
        settings: {
          ...(await t.send("GET", "/api/admin/settings", { as: t.admin })).json().settings,
          meetings: { mode: "fixed", fixedLink: "" },
        },
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("Enter your personal meeting link to give it to every online lesson.");

    await saveSettings({ meetings: { mode: "fixed", fixedLink: "https://zoom.us/j/1234567890" } });
    const fixed = await bookOnlinePackage(t, await t.createStudent(), romeDay(nextDay(), 9));
    expect(new Set(await linksOf(fixed.bookings.map((b) => b.id)))).toEqual(new Set(["https://zoom.us/j/1234567890"]));
    await saveSettings({ meetings: { mode: "manual", fixedLink: null } });
  });
});

/** The future holidays (this year's and next year's) inside the horizon, as local dates. */
async function upcomingHolidays(through: DateTime) {
  const now = DateTime.now().setZone(ZONE);
  const today = now.toISODate() as string;
  const lists = await Promise.all(
    [now.year, now.year + 1].map(async (year) =>
      (await t.send("GET", `/api/admin/holidays?year=${year}`, { as: t.admin })).json(),
    ),
  );
  return lists
    .flatMap((l) => l.holidays as { date: string; name: string; isDayOff: boolean }[])
    .filter((h) => h.date > today && DateTime.fromISO(h.date, { zone: ZONE }) < through);
}

const slotsOn = (date: string) => {
  const start = DateTime.fromISO(date, { zone: ZONE });
  return db().availabilitySlot.count({
    where: { teacherId: t.teacherId, startsAt: { gte: start.toJSDate(), lt: start.plus({ days: 1 }).toJSDate() } },
  });
};

const everyDayAt10 = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: "10:00", duration: 60 }));

describe(`Italy's holidays as days off, on ${testEngine}`, () => {
  it("lists a year's holidays named in the page's language, else the teacher's", async () => {
    const english = (await t.send("GET", "/api/admin/holidays?year=2027", { as: t.admin })).json();
    expect(english.holidays).toContainEqual(expect.objectContaining({ date: "2027-03-29", name: "Easter Monday" }));
    expect(english.holidays).toContainEqual(
      expect.objectContaining({ date: "2027-12-07", name: "Sant'Ambrogio, Milano's patron saint" }),
    );
    const italian = await t.send("GET", "/api/admin/holidays?year=2026", {
      as: t.admin,
      headers: { "accept-language": "it-IT,it;q=0.9" },
    });
    expect(italian.json().holidays).toContainEqual(
      expect.objectContaining({ date: "2026-04-06", name: "Lunedì dell'Angelo (Pasquetta)" }),
    );
    expect((await t.send("GET", "/api/admin/holidays?year=1200", { as: t.admin })).statusCode).toBe(400);
    const student = await t.createStudent();
    expect([401, 403]).toContain((await t.send("GET", "/api/admin/holidays?year=2027", { as: student })).statusCode);
    expect(
      (await t.send("POST", "/api/admin/holidays/apply", { as: student, payload: { year: 2027 } })).statusCode,
    ).toBeGreaterThanOrEqual(401);
    expect(await db().availabilityException.count({ where: { holiday: { not: null } } })).toBe(0);
  });

  it("marks them as days off in one action: free slots go, booked lessons stay, the schedule and 'same time every week' skip them and say so", async () => {
    await t.setSettings({ maxAdvanceBooking: 365 });
    await db().availabilityException.deleteMany({});
    const schedule = await t.send("POST", "/api/availability/bulk", {
      as: t.admin,
      payload: { schedule: everyDayAt10 },
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    const horizon = DateTime.now().setZone(ZONE).startOf("day").plus({ days: 360 });
    const holidays = await upcomingHolidays(horizon);
    expect(holidays.length).toBeGreaterThan(8);
    for (const h of holidays) expect(await slotsOn(h.date), h.date).toBe(1);

    // A lesson booked on the first holiday keeps its slot.
    const booked = holidays[0];
    const student = await t.createStudent();
    const slot = await db().availabilitySlot.findFirstOrThrow({
      where: { teacherId: t.teacherId, startsAt: DateTime.fromISO(`${booked.date}T10:00`, { zone: ZONE }).toJSDate() },
    });
    await db().booking.create({
      data: {
        studentId: student.id,
        teacherId: t.teacherId,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        status: "confirmed",
        lessonType: "online",
        studentName: student.name,
        studentEmail: student.email,
      },
    });

    const now = DateTime.now().setZone(ZONE);
    let removed = 0;
    for (const year of [now.year, now.year + 1]) {
      const applied = await t.send("POST", "/api/admin/holidays/apply", { as: t.admin, payload: { year } });
      expect(applied.statusCode, applied.body).toBe(200);
      removed += applied.json().slotsRemoved;
      if (year === Number(booked.date.slice(0, 4))) expect(applied.json().keptBooked).toHaveLength(1);
    }
    expect(removed).toBe(holidays.length - 1);
    expect(await slotsOn(booked.date)).toBe(1);
    for (const h of holidays.slice(1)) expect(await slotsOn(h.date), h.date).toBe(0);
    const listed = (await t.send("GET", `/api/admin/holidays?year=${booked.date.slice(0, 4)}`, { as: t.admin })).json();
    expect(listed.holidays.find((h: { date: string }) => h.date === booked.date).isDayOff).toBe(true);
    // Applying again adds nothing.
    const again = await t.send("POST", "/api/admin/holidays/apply", { as: t.admin, payload: { year: now.year + 1 } });
    expect(again.json()).toMatchObject({ added: 0, slotsRemoved: 0 });

    // The schedule saved again skips them and names them.
    const resaved = await t.send("POST", "/api/availability/bulk", {
      as: t.admin,
      payload: { schedule: everyDayAt10 },
    });
    const answer = resaved.json();
    expect(answer.skippedDaysOff).toBe(holidays.length - 1);
    expect(answer.daysOff).toContainEqual({ date: holidays[1].date, name: holidays[1].name });
    expect(answer.message).toContain(`(${holidays[1].name})`);
    for (const h of holidays.slice(1)) expect(await slotsOn(h.date), h.date).toBe(0);

    // "Same time every week" from the week before a holiday skips it and says it is a day off.
    const holiday = holidays.find(
      (h) => DateTime.fromISO(h.date, { zone: ZONE }).minus({ days: 7 }) > now.plus({ days: 2 }),
    );
    if (!holiday) throw new Error("no holiday a week ahead");
    const start = DateTime.fromISO(`${holiday.date}T10:00`, { zone: ZONE }).minus({ weeks: 1 });
    const input = superjson.stringify({ startTime: iso(start), count: 2, teacherId: t.teacherId });
    const same = await t.send("GET", `/api/trpc/booking.sameTimeEveryWeek?input=${encodeURIComponent(input)}`, {
      headers: { "accept-language": "it" },
    });
    expect(same.statusCode, same.body).toBe(200);
    const found = superjson.deserialize<{ skipped: string[]; daysOff: { date: string; name: string | null }[] }>(
      same.json().result.data,
    );
    expect(found.skipped).toContain(holiday.date);
    const italianName = (
      await t.send("GET", `/api/admin/holidays?year=${holiday.date.slice(0, 4)}`, {
        as: t.admin,
        headers: { "accept-language": "it" },
      })
    )
      .json()
      .holidays.find((h: { date: string }) => h.date === holiday.date).name;
    expect(found.daysOff).toContainEqual({ date: holiday.date, name: italianName });

    // A school holiday period is a range of days off with its own name; the schedule skips it too.
    const from = now.plus({ days: 200 }).toISODate() as string;
    const to = now.plus({ days: 203 }).toISODate() as string;
    const range = await t.send("POST", "/api/availability/days-off", {
      as: t.admin,
      payload: { startDate: from, endDate: to, name: "Vacanze scolastiche" },
    });
    expect(range.statusCode, range.body).toBe(200);
    expect(await slotsOn(from)).toBe(0);
    const withRange = (
      await t.send("POST", "/api/availability/bulk", { as: t.admin, payload: { schedule: everyDayAt10 } })
    ).json();
    expect(withRange.daysOff).toContainEqual({ date: from, name: null });
    await t.send("DELETE", "/api/availability/schedule", { as: t.admin });
  });

  it("with 'always', marks this year's and next year's holidays by itself", async () => {
    await db().availabilityException.deleteMany({});
    const saved = await saveSettings({ holidays: { applyAlways: true } });
    expect(saved.holidays).toEqual({ applyAlways: true });
    const now = DateTime.now().setZone(ZONE);
    const next = (await t.send("GET", `/api/admin/holidays?year=${now.year + 1}`, { as: t.admin })).json();
    expect(next.applyAlways).toBe(true);
    expect(next.holidays.every((h: { isDayOff: boolean }) => h.isDayOff)).toBe(true);
    expect(
      await db().availabilityException.count({ where: { holiday: "santAmbrogio", teacherId: t.teacherId } }),
    ).toBeGreaterThanOrEqual(1);
    await saveSettings({ holidays: { applyAlways: false } });
  });
});
