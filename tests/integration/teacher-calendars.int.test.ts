// The teacher's own calendars (item 1 of "the teacher's own calendar"): busy times read from a
// real CalDAV server (Radicale, started here) and from ICS files served over HTTP by this test hide
// the slots they overlap, buffer included; a failing source keeps its last busy times and says
// since when; credentials are encrypted at rest and never sent back; a booking against a newly
// busy time is refused as a taken slot is. Run on PGlite and PostgreSQL.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptCalendarSecret } from "../../server/features/calendars/calendar-secret.ts";
import { serverJobs } from "../../server/features/ops/scheduler.ts";
import { iso, prepareBookingApp, romeDay, studentInfo, ZONE } from "../helpers/booking-factory.ts";
import { type Radicale, startRadicale } from "../helpers/radicale.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;

/** An HTTP server of one ICS file that the test changes, counting the reads. */
type IcsServer = { url: string; body: string; reads: number; stop(): Promise<void> };
async function serveIcs(body: string): Promise<IcsServer> {
  const state = { body, reads: 0 };
  const server: Server = createServer((req, res) => {
    state.reads++;
    if (!req.url?.startsWith("/private-8f3a9c2e/basic.ics")) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/calendar; charset=utf-8" }).end(state.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/private-8f3a9c2e/basic.ics`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as IcsServer;
}

const vcalendar = (...events: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//calendars//EN", ...events, "END:VCALENDAR", ""].join("\r\n");
const vevent = (uid: string, start: DateTime, minutes: number, ...extra: string[]) =>
  [
    "BEGIN:VEVENT",
    `UID:${uid}`,
    "DTSTAMP:20260101T000000Z",
    `DTSTART;TZID=Europe/Rome:${start.toFormat("yyyyMMdd'T'HHmmss")}`,
    `DTEND;TZID=Europe/Rome:${start.plus({ minutes }).toFormat("yyyyMMdd'T'HHmmss")}`,
    ...extra,
    "END:VEVENT",
  ].join("\r\n");

/** The hours (Rome) offered to visitors on `day`. */
async function offeredHours(day: DateTime): Promise<number[]> {
  const response = await t.send("GET", `/api/availability?startDate=${day.toISODate()}&teacher_id=${t.teacherId}`);
  expect(response.statusCode).toBe(200);
  return (response.json().availableSlots as { startTime: string }[])
    .map((s) => DateTime.fromISO(s.startTime).setZone(ZONE))
    .filter((d) => d.hasSame(day, "day"))
    .map((d) => d.hour);
}

const addCalendar = (payload: Record<string, unknown>) =>
  t.send("POST", "/api/admin/calendars", { as: t.admin, payload });
const syncNow = (id: string) => t.send("POST", `/api/admin/calendars/${id}/sync`, { as: t.admin });
const listCalendars = async () => {
  const response = await t.send("GET", "/api/admin/calendars", { as: t.admin });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    calendars: { id: string; name: string; lastError: string | null; failingSince: string | null; busyCount: number }[];
    syncEveryMinutes: number;
  };
};

let nextDay = 4;
/** A fresh day (Rome) at least 48 hours ahead, with 9:00–12:00 open. */
async function openDay() {
  nextDay += 1;
  const day = romeDay(nextDay);
  await t.addAvailability(day.set({ hour: 9 }), 3);
  return day;
}

beforeAll(async () => {
  await t.setSettings({ bufferBetweenLessons: 30, maxAdvanceBooking: 90 });
});

describe(`ICS sources, on ${testEngine}`, () => {
  let ics: IcsServer;
  beforeAll(async () => {
    ics = await serveIcs(vcalendar());
  });
  afterAll(async () => {
    await ics?.stop();
    await db().calendarSource.deleteMany({});
  });

  it("hides every occurrence of a weekly event through the horizon, buffer included", async () => {
    const first = await openDay();
    const weeks = [0, 1, 2, 3, 4].map((w) => first.plus({ weeks: w }));
    for (const day of weeks.slice(1)) await t.addAvailability(day.set({ hour: 9 }), 3);
    for (const day of weeks) expect(await offeredHours(day)).toEqual([9, 10, 11]);

    ics.body = vcalendar(vevent("weekly-yoga", first.set({ hour: 10 }), 30, "RRULE:FREQ=WEEKLY", "SUMMARY:Yoga"));
    const added = await addCalendar({ kind: "ics", url: ics.url, name: "Personal" });
    expect(added.statusCode).toBe(201);
    expect(added.json().calendar).toMatchObject({ name: "Personal", kind: "ics", lastError: null });
    // 10:00–10:30 busy with a 30-minute buffer: the 9:00 and 10:00 lessons go, 11:00 stays.
    for (const day of weeks) expect(await offeredHours(day)).toEqual([11]);
    const stored = await db().calendarBusy.count();
    expect(stored).toBeGreaterThanOrEqual(12); // about 90 days of a weekly event
    expect((await listCalendars()).calendars[0].busyCount).toBe(stored);
    // The secret address is stored encrypted and never sent back.
    const row = await db().calendarSource.findFirstOrThrow({});
    expect(JSON.stringify(row)).not.toContain("private-8f3a9c2e");
    expect(added.body).not.toContain("private-8f3a9c2e");
    expect((await t.send("GET", "/api/admin/calendars", { as: t.admin })).body).not.toContain("private-8f3a9c2e");
  });

  it("keeps the last busy times when the source fails, and says what and since when", async () => {
    const day = await openDay();
    ics.body = vcalendar(vevent("dentist", day.set({ hour: 9 }), 60));
    const [source] = (await listCalendars()).calendars;
    const synced = await syncNow(source.id);
    expect(synced.statusCode).toBe(200);
    expect(synced.json()).toMatchObject({ success: true, busyEvents: 1 });
    expect(await offeredHours(day)).toEqual([11]);

    ics.body = "<html>Sign in to continue</html>";
    const failed = await syncNow(source.id);
    expect(failed.json()).toMatchObject({ success: false, error: "not-calendar" });
    const afterFailure = (await listCalendars()).calendars[0];
    expect(afterFailure.lastError).toBe("not-calendar");
    expect(afterFailure.failingSince).not.toBeNull();
    expect(await offeredHours(day)).toEqual([11]);

    await ics.stop();
    const unreachable = await syncNow(source.id);
    expect(unreachable.json().success).toBe(false);
    expect(unreachable.json().error).toMatch(/^unreachable/);
    const later = (await listCalendars()).calendars[0];
    expect(later.lastError).toMatch(/^unreachable/);
    // Since the first failure, not the latest.
    expect(later.failingSince).toBe(afterFailure.failingSince);
    expect(await offeredHours(day)).toEqual([11]);
    expect(later.busyCount).toBe(1);
  });

  it("refuses a source that cannot be read when it is added, and stores nothing", async () => {
    const before = await db().calendarSource.count();
    const refused = await addCalendar({ kind: "ics", url: "http://127.0.0.1:9/nothing.ics" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("The calendar could not be reached.");
    // In the teacher's language, the reason worded, never a code inside an Italian sentence.
    const inItalian = await t.send("POST", "/api/admin/calendars", {
      as: t.admin,
      payload: { kind: "ics", url: "file:///etc/passwd" },
      headers: { "accept-language": "it" },
    });
    expect(inItalian.statusCode).toBe(400);
    expect(inItalian.json().error).toBe("L'indirizzo non è un indirizzo web (https://…).");
    expect(await db().calendarSource.count()).toBe(before);
  });
});

describe(`the scheduled refresh, on ${testEngine}`, () => {
  let ics: IcsServer;
  beforeAll(async () => {
    ics = await serveIcs(vcalendar());
  });
  afterAll(async () => {
    await ics?.stop();
    await db().calendarSource.deleteMany({});
  });

  it("reads each due source once, even when two processes run the job at once", async () => {
    const day = await openDay();
    expect((await addCalendar({ kind: "ics", url: ics.url })).statusCode).toBe(201);
    ics.body = vcalendar(vevent("meeting", day.set({ hour: 11 }), 60));
    const readsBefore = ics.reads;
    const job = () => {
      const found = serverJobs({ db: db(), publicUrl: t.env.PUBLIC_URL, calendarSecret: t.env.calendarSecret }).find(
        (j) => j.name === "calendar refresh",
      );
      if (!found) throw new Error("no calendar refresh job");
      return found;
    };
    // Not due yet: it was read when it was added.
    expect(await job().run(new Date())).toEqual({ synced: 0, failed: 0 });
    expect(ics.reads).toBe(readsBefore);
    const later = new Date(Date.now() + 5 * 60_000);
    const results = await Promise.all([job().run(later), job().run(later)]);
    expect(results.reduce((n, r) => n + r.synced, 0)).toBe(1);
    expect(ics.reads).toBe(readsBefore + 1);
    // 11:00–12:00 busy, buffer 30 minutes: 10:00 and 11:00 go.
    expect(await offeredHours(day)).toEqual([9]);
  });
});

describe(`a booking racing a newly busy time, on ${testEngine}`, () => {
  let ics: IcsServer;
  beforeAll(async () => {
    ics = await serveIcs(vcalendar());
  });
  afterAll(async () => {
    await ics?.stop();
    await db().calendarSource.deleteMany({});
  });

  it("is refused as a taken slot is", async () => {
    const day = await openDay();
    const added = await addCalendar({ kind: "ics", url: ics.url });
    expect(added.statusCode).toBe(201);
    const student = await t.createStudent();
    // The student saw 10:00 free...
    expect(await offeredHours(day)).toEqual([9, 10, 11]);
    // ...and before she books, the teacher's calendar gets an event there and is refreshed.
    ics.body = vcalendar(vevent("call", day.set({ hour: 10, minute: 15 }), 30));
    expect((await syncNow(added.json().calendar.id)).json()).toMatchObject({ success: true, busyEvents: 1 });
    const booking = await t.send("POST", "/api/bookings", {
      as: student,
      payload: {
        studentInfo: studentInfo(),
        lesson_date: iso(day.set({ hour: 10 })),
        lessonType: "online",
        teacher_id: t.teacherId,
      },
    });
    expect(booking.statusCode).toBe(409);
    expect(booking.json().error).toMatch(/just booked by someone else/);
    expect(await db().booking.count({ where: { studentId: student.id } })).toBe(0);
  });

  it("refuses at the booking's re-check under the lock too, with a clean 409 and no row", async () => {
    const day = await openDay();
    const student = await t.createStudent();
    const [source] = (await listCalendars()).calendars;
    ics.body = vcalendar(vevent("late-call", day.set({ hour: 9 }), 30));
    // Refresh and booking at once: either the refresh's busy time is there when the booking
    // re-checks under the teacher's lock (409), or the booking committed first (then 200).
    const [booking] = await Promise.all([
      t.send("POST", "/api/bookings", {
        as: student,
        payload: {
          studentInfo: studentInfo(),
          lesson_date: iso(day.set({ hour: 9 })),
          lessonType: "online",
          teacher_id: t.teacherId,
        },
      }),
      syncNow(source.id),
    ]);
    const rows = await db().booking.count({ where: { studentId: student.id } });
    if (booking.statusCode === 409) expect(rows).toBe(0);
    else expect([booking.statusCode, rows]).toEqual([200, 1]);
  });
});

describe(`CalDAV sources (Radicale), on ${testEngine}`, () => {
  let radicale: Radicale;
  let calendarUrl: string;
  beforeAll(async () => {
    radicale = await startRadicale();
    calendarUrl = await radicale.makeCalendar("work", "Work");
    await radicale.makeCalendar("family", "Family");
  });
  afterAll(async () => {
    await radicale?.stop();
    await db().calendarSource.deleteMany({});
  });

  const account = () => ({ url: radicale.url, username: radicale.user, password: radicale.password });

  it("lists the account's calendars, and refuses a wrong password", async () => {
    const found = await t.send("POST", "/api/admin/calendars/discover", { as: t.admin, payload: account() });
    expect(found.statusCode).toBe(200);
    expect(
      found
        .json()
        .calendars.map((c: { name: string }) => c.name)
        .sort(),
    ).toEqual(["Family", "Work"]);
    const wrong = await t.send("POST", "/api/admin/calendars/discover", {
      as: t.admin,
      payload: { ...account(), password: "wrong" },
    });
    expect(wrong.statusCode).toBe(400);
    // Two calendars: adding without choosing one is refused.
    expect((await addCalendar({ kind: "caldav", ...account() })).statusCode).toBe(400);
    // Only a calendar the server listed.
    const elsewhere = await addCalendar({ kind: "caldav", ...account(), calendarUrl: "http://127.0.0.1:9/x/" });
    expect(elsewhere.statusCode).toBe(400);
  });

  it("hides a busy event's slots after a sync, and frees them once it is deleted", async () => {
    const day = await openDay();
    const added = await addCalendar({ kind: "caldav", ...account(), calendarUrl });
    expect(added.statusCode).toBe(201);
    const id = added.json().calendar.id as string;
    expect(added.json().calendar.name).toBe("Work");
    expect(await offeredHours(day)).toEqual([9, 10, 11]);

    await radicale.put(calendarUrl, "dentist", vcalendar(vevent("dentist", day.set({ hour: 10 }), 60)));
    await radicale.put(
      calendarUrl,
      "free-time",
      vcalendar(vevent("free-time", day.set({ hour: 9 }), 60, "TRANSP:TRANSPARENT")),
    );
    expect((await syncNow(id)).json()).toMatchObject({ success: true, busyEvents: 1 });
    // 10:00–11:00 busy, 30-minute buffer: every lesson of 9–12 touches it.
    expect(await offeredHours(day)).toEqual([]);

    // The teacher sees it as "busy (Work)" in her availability listing.
    const listing = await t.send("GET", `/api/admin/availability?start=${iso(day)}&end=${iso(day.plus({ days: 1 }))}`, {
      as: t.admin,
    });
    expect(listing.statusCode).toBe(200);
    const instant = (d: DateTime) => d.toJSDate().toISOString();
    expect(listing.json().busyTimes).toEqual([
      { startTime: instant(day.set({ hour: 10 })), endTime: instant(day.set({ hour: 11 })), calendar: "Work" },
    ]);

    // And in her agenda for the day.
    const agenda = await t.caller({ admin: t.admin }).admin.agenda({ view: "day", date: day.toISODate() ?? "" });
    expect(agenda.busyTimes).toEqual([
      { startTime: instant(day.set({ hour: 10 })), endTime: instant(day.set({ hour: 11 })), calendar: "Work" },
    ]);

    await radicale.remove(calendarUrl, "dentist");
    expect((await syncNow(id)).json()).toMatchObject({ success: true, busyEvents: 0 });
    expect(await offeredHours(day)).toEqual([9, 10, 11]);
  });

  it("keeps the address and the password encrypted at rest and never sends them back", async () => {
    const [source] = (await listCalendars()).calendars;
    const row = await db().calendarSource.findUniqueOrThrow({ where: { id: source.id } });
    const dump = JSON.stringify(row);
    expect(dump).not.toContain(radicale.password);
    expect(dump).not.toContain(`127.0.0.1:${new URL(radicale.url).port}`);
    expect(decryptCalendarSecret(row.passwordEncrypted ?? "", t.env.calendarSecret)).toBe(radicale.password);
    expect(() => decryptCalendarSecret(row.passwordEncrypted ?? "", "another key of at least 32 chars")).toThrow();

    const answers = [
      await t.send("GET", "/api/admin/calendars", { as: t.admin }),
      await syncNow(source.id),
      await t.send("GET", "/api/trpc/admin.calendars.list", { as: t.admin }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(radicale.password);
      expect(answer.body).not.toContain("passwordEncrypted");
      expect(answer.body).not.toContain("urlEncrypted");
    }
    // A student never reaches the calendars.
    const student = await t.createStudent();
    expect((await t.send("GET", "/api/admin/calendars", { as: student })).statusCode).toBe(401);
  });
});
