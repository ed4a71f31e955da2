// Calendar subscription feeds: a private, revocable URL per student and per teacher, serving all
// their lessons as valid iCalendar with the single files' UIDs, without a session.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "../../server/plugins/rate-limit.ts";
import { prepareBookingApp, romeDay, type TestUser } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp({ rateLimiter: new MemoryRateLimiter() });
const db = () => t.database.prisma;

const inject = (method: "GET" | "POST", url: string, user?: TestUser) =>
  t.send(method, url, { as: user, payload: method === "POST" ? {} : undefined });

/** The path of a feed URL, for inject(). */
const pathOf = (url: string) => new URL(url).pathname;

async function lessonFor(
  student: TestUser | null,
  day: number,
  status: "confirmed" | "cancelled" = "confirmed",
  teacher: string | null = t.teacherId,
) {
  const start = romeDay(day, 11);
  return db().booking.create({
    data: {
      teacherId: teacher,
      studentId: student?.id ?? null,
      startsAt: start.toJSDate(),
      endsAt: start.plus({ hours: 1 }).toJSDate(),
      status,
      icsSequence: status === "cancelled" ? 1 : 0,
      lessonType: "online",
      studentName: student?.name ?? "Walk-in",
      studentEmail: student?.email ?? "walkin@test.example",
    },
    select: { id: true },
  });
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((e) => ({
    uid: e.getFirstPropertyValue("uid") as string,
    sequence: Number(e.getFirstPropertyValue("sequence")),
    status: e.getFirstPropertyValue("status") as string,
  }));
}

describe(`calendar feeds on ${testEngine}`, () => {
  it("serves a student's own lessons as valid iCalendar with the single file's UID, cancelled ones marked", async () => {
    const sofia = await t.createStudent({ name: "Sofia" });
    const marco = await t.createStudent({ name: "Marco" });
    const kept = await lessonFor(sofia, 10);
    const cancelled = await lessonFor(sofia, 12, "cancelled");
    const foreign = await lessonFor(marco, 14);
    const marcoLink = (await inject("POST", "/api/student/calendar-feed/reset", marco)).json();

    expect((await inject("GET", "/api/student/calendar-feed", sofia)).json()).toEqual({
      active: false,
      created_at: null,
    });
    const created = await inject("POST", "/api/student/calendar-feed/reset", sofia);
    expect(created.statusCode).toBe(200);
    const link = created.json();
    expect(link.webcal_url).toMatch(/^webcal:\/\/localhost:3000\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(link.https_url).toBe(link.webcal_url.replace("webcal:", "http:"));
    expect((await inject("GET", "/api/student/calendar-feed", sofia)).json()).toMatchObject({ active: true });
    // The token is stored hashed: it appears nowhere in the database.
    const token = link.webcal_url.split("/").pop().replace(".ics", "");
    expect(await db().calendarFeed.count({ where: { tokenHash: token } })).toBe(0);

    // No session: the token alone.
    const feed = await inject("GET", pathOf(link.https_url));
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(feed.headers["cache-control"]).toMatch(/^private/);
    const events = parse(feed.body);
    expect(events.map((e) => e.uid).sort()).toEqual([`${kept.id}@localhost`, `${cancelled.id}@localhost`].sort());
    expect(events.find((e) => e.uid.startsWith(cancelled.id))).toMatchObject({ status: "CANCELLED", sequence: 1 });
    expect(feed.body).not.toContain(foreign.id);
    expect(feed.body).toContain("X-WR-CALNAME:My English lessons");
    expect(feed.body).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT1H");

    // The same UID and SEQUENCE as the single-booking file.
    const single = await inject("GET", `/api/calendar/booking/${kept.id}/ics`, sofia);
    expect(single.statusCode).toBe(200);
    expect(parse(single.body)[0]).toEqual(events.find((e) => e.uid.startsWith(kept.id)));

    // Reset revokes the old link: 404, and the new one works.
    const again = (await inject("POST", "/api/student/calendar-feed/reset", sofia)).json();
    expect((await inject("GET", pathOf(link.https_url))).statusCode).toBe(404);
    expect((await inject("GET", pathOf(again.https_url))).statusCode).toBe(200);
    // Sofia's resets revoke only her own link: Marco's still serves his lessons, none of hers.
    const marcoFeed = await inject("GET", pathOf(marcoLink.https_url));
    expect(marcoFeed.statusCode).toBe(200);
    expect(marcoFeed.body).toContain(foreign.id);
    expect(marcoFeed.body).not.toContain(kept.id);
    expect((await inject("GET", "/api/calendar/feed/not-a-token.ics")).statusCode).toBe(404);
    expect((await inject("GET", `/api/calendar/feed/${"A".repeat(43)}.ics`)).statusCode).toBe(404);
  });

  it("serves the teacher their assigned and the unassigned lessons, and only while they are an admin", async () => {
    const student = await t.createStudent();
    const mine = await lessonFor(student, 20);
    const unassigned = await lessonFor(student, 22, "confirmed", null);
    const other = await db().teacher.create({
      data: { name: "Other Teacher", email: "other@teacher.test" },
      select: { id: true },
    });
    const theirs = await lessonFor(student, 24, "confirmed", other.id);

    const link = await t.caller({ admin: t.admin }).admin.calendarFeed.reset();
    const body = (await inject("GET", pathOf(link.https_url))).body;
    const uids = parse(body).map((e) => e.uid);
    expect(uids).toContain(`${mine.id}@localhost`);
    expect(uids).toContain(`${unassigned.id}@localhost`);
    expect(uids).not.toContain(`${theirs.id}@localhost`);
    expect(await t.caller({ admin: t.admin }).admin.calendarFeed.get()).toMatchObject({ active: true });

    // A student cannot make or read a teacher feed; a demoted admin's link stops working.
    await expect(t.caller({ student }).admin.calendarFeed.reset()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect((await inject("POST", "/api/admin/calendar-feed/reset", student)).statusCode).toBe(401);
    await db().user.update({ where: { id: t.admin.id }, data: { isAdmin: false } });
    expect((await inject("GET", pathOf(link.https_url))).statusCode).toBe(404);
    await db().user.update({ where: { id: t.admin.id }, data: { isAdmin: true } });
  });

  it("rate limits the feed per client address", async () => {
    const student = await t.createStudent();
    const link = (await inject("POST", "/api/student/calendar-feed/reset", student)).json();
    const codes: number[] = [];
    for (let i = 0; i < 62; i++) codes.push((await inject("GET", pathOf(link.https_url))).statusCode);
    // Earlier tests of this file used part of the same minute's allowance (60 per address).
    expect(codes[0]).toBe(200);
    expect(codes.at(-1)).toBe(429);
    expect(codes.slice(codes.indexOf(429)).every((c) => c === 429)).toBe(true);
  });
});
