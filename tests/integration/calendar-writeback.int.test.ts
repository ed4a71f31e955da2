// Lessons in the teacher's own calendar, kept in step (issue 32, item 2), against a real CalDAV
// server (Radicale, started here): a confirmed lesson is written with its calendar UID, a move
// keeps the UID and raises SEQUENCE, a cancellation deletes it, a server that is down gets the
// write later and one event in the end; an event she deletes or moves in her calendar is reported
// after a refresh, and each of her three answers (cancel, move, keep) works, while the family is
// never changed without her. Every object written is read back by Radicale and folds at 75 octets.
// Run on PGlite and PostgreSQL.
import type { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverJobs } from "../../server/features/ops/scheduler.ts";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser } from "../helpers/booking-factory.ts";
import { type Radicale, startRadicale } from "../helpers/radicale.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;

let radicale: Radicale;
let lessonsUrl: string;
let workUrl: string;
let receivingId: string;
let student: TestUser;

const host = () => new URL(t.env.PUBLIC_URL).hostname;
const uidOf = (bookingId: string) => `${bookingId}@${host()}`;

const writeBack = (now = new Date()) => {
  const job = serverJobs({ db: db(), publicUrl: t.env.PUBLIC_URL, calendarSecret: t.env.calendarSecret }).find(
    (j) => j.name === "calendar write-back",
  );
  if (!job) throw new Error("no calendar write-back job");
  return job.run(now);
};

const account = () => ({ url: radicale.url, username: radicale.user, password: radicale.password });

/** The lesson objects Radicale holds in the receiving calendar, by UID. */
async function lessonObjects() {
  const objects = await radicale.list(lessonsUrl);
  return objects.map((o) => ({
    name: o.name,
    text: o.text,
    uid: /^UID:(.*)$/m.exec(o.text.replace(/\r\n[ \t]/g, ""))?.[1]?.trim() ?? "",
    sequence: Number(/^SEQUENCE:(\d+)/m.exec(o.text)?.[1] ?? -1),
    start: /^DTSTART:(\d{8}T\d{6}Z)/m.exec(o.text)?.[1] ?? "",
  }));
}

const utcStamp = (d: DateTime) => d.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");

let nextDay = 6;
/** Books and confirms an in-person lesson at 10:00 (Rome) on a fresh day; its id. */
async function confirmedLesson(location = "Via Vetere 3, Milano (portineria: citofono è più comodo)") {
  nextDay += 1;
  const day = romeDay(nextDay);
  await t.addAvailability(day.set({ hour: 9 }), 4);
  const booked = await t.send("POST", "/api/bookings", {
    as: student,
    payload: {
      studentInfo: studentInfo({ name: "Matilde Esposito" }),
      lesson_date: iso(day.set({ hour: 10 })),
      lessonType: "in-person",
      location,
      teacher_id: t.teacherId,
    },
  });
  expect(booked.statusCode, booked.body).toBe(200);
  const id = (booked.json().booking?.id ?? booked.json().bookings?.[0]?.id) as string;
  const confirmed = await t.send("PUT", `/api/admin/bookings/${id}`, { as: t.admin, payload: { status: "confirmed" } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { id, day };
}

const syncNow = async () => {
  const synced = await t.send("POST", `/api/admin/calendars/${receivingId}/sync`, { as: t.admin });
  expect(synced.statusCode, synced.body).toBe(200);
  expect(synced.json().success).toBe(true);
};

type Change = { id: string; kind: string; lessonId: string; startsAt: string; newStartsAt: string | null };
const listChanges = async () => {
  const listed = await t.send("GET", "/api/admin/calendars", { as: t.admin });
  expect(listed.statusCode).toBe(200);
  return listed.json().changes as Change[];
};
const resolve = (id: string, action: "cancel" | "move" | "keep") =>
  t.caller({ admin: t.admin }).admin.calendars.resolveChange({ id, action });
const mailsTo = (bookingKind: string) =>
  db().outboxEmail.count({ where: { toAddress: student.email, kind: bookingKind } });

beforeAll(async () => {
  await t.setSettings({ bufferBetweenLessons: 30, maxAdvanceBooking: 90 });
  radicale = await startRadicale();
  lessonsUrl = await radicale.makeCalendar("lessons", "Lessons");
  workUrl = await radicale.makeCalendar("work", "Work");
  student = await t.createStudent();
});
afterAll(async () => {
  await radicale?.stop();
  await db().calendarSource.deleteMany({});
});

describe(`lessons written into the teacher's calendar, on ${testEngine}`, () => {
  it("writes the upcoming confirmed lessons once when the calendar is connected to receive them", async () => {
    const { id, day } = await confirmedLesson();
    // An ICS address can only be read.
    const ics = await t.send("POST", "/api/admin/calendars", {
      as: t.admin,
      payload: { kind: "ics", url: "http://127.0.0.1:9/basic.ics", receivesLessons: true },
    });
    expect(ics.statusCode).toBe(400);
    expect(ics.json().error).toBe("An ICS address can only be read: choose a CalDAV calendar to receive your lessons.");

    const work = await t.send("POST", "/api/admin/calendars", {
      as: t.admin,
      payload: { kind: "caldav", ...account(), calendarUrl: workUrl },
    });
    expect(work.statusCode, work.body).toBe(201);
    expect(work.json().calendar.receivesLessons).toBe(false);
    const added = await t.send("POST", "/api/admin/calendars", {
      as: t.admin,
      payload: { kind: "caldav", ...account(), calendarUrl: lessonsUrl, receivesLessons: true },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().calendar.receivesLessons).toBe(true);
    receivingId = added.json().calendar.id;

    const [object, ...others] = await lessonObjects();
    expect(others).toEqual([]);
    expect(object.name).toBe(`${uidOf(id)}.ics`);
    expect(object.uid).toBe(uidOf(id));
    expect(object.start).toBe(utcStamp(day.set({ hour: 10 })));
    const unfolded = object.text.replace(/\r\n[ \t]/g, "");
    expect(unfolded).toContain("Matilde Esposito");
    expect(unfolded).toMatch(/^SUMMARY:.*in person/m);
    expect(unfolded).toContain("LOCATION:Via Vetere 3\\, Milano (portineria: citofono è più comodo)");
    expect(unfolded).not.toContain("METHOD:");
    for (const line of object.text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    // The work calendar got nothing, and the lesson is no busy time of hers.
    expect(await radicale.list(workUrl)).toEqual([]);
    expect((await t.send("GET", "/api/admin/calendars", { as: t.admin })).json().calendars).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: receivingId, busyCount: 0 })]),
    );

    // Passes after it write nothing again: still one event, unchanged.
    expect(await writeBack()).toMatchObject({ queued: 0, written: 0, failed: 0 });
    await syncNow();
    expect(await listChanges()).toEqual([]);
    expect((await lessonObjects()).map((o) => [o.uid, o.sequence])).toEqual([[object.uid, object.sequence]]);

    // One calendar receives lessons at a time; an ICS source cannot, in words.
    const other = await t.send("PUT", `/api/admin/calendars/${work.json().calendar.id}`, {
      as: t.admin,
      payload: { receivesLessons: true },
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(await db().calendarSource.count({ where: { receivesLessons: true } })).toBe(1);
    // Switching stops the writing but leaves her events where they are.
    expect(await lessonObjects()).toHaveLength(1);
    const back = await t.send("PUT", `/api/admin/calendars/${receivingId}`, {
      as: t.admin,
      payload: { receivesLessons: true },
    });
    expect(back.statusCode).toBe(200);
    expect(await db().calendarSource.findUniqueOrThrow({ where: { id: work.json().calendar.id } })).toMatchObject({
      receivesLessons: false,
    });
    await writeBack();
    // The same lesson at the same address: still one event.
    expect((await lessonObjects()).map((o) => o.uid)).toEqual([uidOf(id)]);
  });

  it("moves the event with the same UID and a higher SEQUENCE, and removes it when cancelled", async () => {
    const { id, day } = await confirmedLesson();
    await writeBack();
    const before = (await lessonObjects()).find((o) => o.uid === uidOf(id));
    expect(before).toBeDefined();

    const to = day.set({ hour: 12 });
    const moved = await t.send("PUT", `/api/admin/bookings/${id}`, {
      as: t.admin,
      payload: { status: "confirmed", lesson_date: iso(to) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await writeBack()).toMatchObject({ queued: 1, written: 1 });
    const after = (await lessonObjects()).filter((o) => o.uid === uidOf(id));
    expect(after).toHaveLength(1);
    expect(after[0].name).toBe(before?.name);
    expect(after[0].start).toBe(utcStamp(to));
    expect(after[0].sequence).toBeGreaterThan(before?.sequence ?? 0);
    // Our own move is not her change.
    await syncNow();
    expect(await listChanges()).toEqual([]);

    const cancelled = await t.send("PUT", `/api/admin/bookings/${id}`, {
      as: t.admin,
      payload: { status: "cancelled" },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await writeBack()).toMatchObject({ queued: 1, written: 1 });
    expect((await lessonObjects()).filter((o) => o.uid === uidOf(id))).toEqual([]);
    expect(await db().calendarLessonEvent.count({ where: { bookingId: id } })).toBe(0);
  });

  it("retries while the server is down, and ends with one event", async () => {
    const { id } = await confirmedLesson();
    await radicale.down();
    const now = new Date();
    try {
      expect(await writeBack(now)).toMatchObject({ queued: 1, written: 0, failed: 1 });
      const row = await db().calendarLessonEvent.findFirstOrThrow({ where: { bookingId: id } });
      expect(row.action).toBe("put");
      expect(row.lastError).toMatch(/^unreachable/);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    } finally {
      await radicale.up();
    }
    // Not due yet: nothing is tried.
    expect(await writeBack(now)).toMatchObject({ written: 0, failed: 0 });
    expect((await lessonObjects()).filter((o) => o.uid === uidOf(id))).toEqual([]);
    expect(await writeBack(new Date(now.getTime() + 2 * 60_000))).toMatchObject({ written: 1, failed: 0 });
    expect((await lessonObjects()).filter((o) => o.uid === uidOf(id))).toHaveLength(1);

    // A write whose answer was lost (the server took it, we never knew) is made again at the same
    // address: still one event.
    await db().calendarLessonEvent.updateMany({
      where: { bookingId: id },
      data: { writtenAt: null, etag: null, action: "put", nextAttemptAt: new Date() },
    });
    expect(await writeBack()).toMatchObject({ written: 1, failed: 0 });
    expect((await lessonObjects()).filter((o) => o.uid === uidOf(id))).toHaveLength(1);
  });

  it("reports an event she deleted, and cancels the lesson when she says so (the family told)", async () => {
    const { id } = await confirmedLesson();
    await writeBack();
    await syncNow();
    expect(await listChanges()).toEqual([]);
    await radicale.remove(lessonsUrl, encodeURIComponent(uidOf(id)));
    const mailsBefore = await mailsTo("booking_cancelled");
    await syncNow();
    const [change, ...more] = await listChanges();
    expect(more).toEqual([]);
    expect(change).toMatchObject({ kind: "deleted", lessonId: id, newStartsAt: null });
    // Nothing happened to the lesson or the family without her.
    expect((await db().booking.findUniqueOrThrow({ where: { id } })).status).toBe("confirmed");
    expect(await mailsTo("booking_cancelled")).toBe(mailsBefore);
    // A second refresh reports it once, and writes nothing over her deletion.
    await writeBack();
    await syncNow();
    expect(await listChanges()).toHaveLength(1);
    expect((await lessonObjects()).filter((o) => o.uid === uidOf(id))).toEqual([]);

    await expect(resolve(change.id, "move")).rejects.toThrow(/no new time/);
    expect(await resolve(change.id, "cancel")).toEqual({ success: true });
    expect((await db().booking.findUniqueOrThrow({ where: { id } })).status).toBe("cancelled");
    expect(await mailsTo("booking_cancelled")).toBe(mailsBefore + 1);
    expect(await listChanges()).toEqual([]);
    expect(await db().calendarLessonEvent.count({ where: { bookingId: id } })).toBe(0);
    await expect(resolve(change.id, "keep")).rejects.toThrow(/already settled/);
  });

  it("writes the lesson back when she keeps it", async () => {
    const { id } = await confirmedLesson();
    await writeBack();
    const [written] = (await lessonObjects()).filter((o) => o.uid === uidOf(id));
    await radicale.remove(lessonsUrl, encodeURIComponent(uidOf(id)));
    await syncNow();
    const [change] = await listChanges();
    expect(change).toMatchObject({ kind: "deleted", lessonId: id });

    expect(await resolve(change.id, "keep")).toEqual({ success: true });
    const [again, ...more] = (await lessonObjects()).filter((o) => o.uid === uidOf(id));
    expect(more).toEqual([]);
    expect(again.start).toBe(written.start);
    expect(again.sequence).toBeGreaterThan(written.sequence);
    expect((await db().booking.findUniqueOrThrow({ where: { id } })).status).toBe("confirmed");
    await syncNow();
    expect(await listChanges()).toEqual([]);
  });

  it("reports an event she moved with its new time, and moves the lesson there when she says so", async () => {
    const { id, day } = await confirmedLesson();
    await writeBack();
    const [written] = (await lessonObjects()).filter((o) => o.uid === uidOf(id));
    // Her calendar app moves the event to 15:30 (Rome) and raises its SEQUENCE.
    const newTime = day.set({ hour: 15, minute: 30 });
    const hers = written.text
      .replace(/^DTSTART:.*$/m, `DTSTART:${utcStamp(newTime)}`)
      .replace(/^DURATION:.*$/m, "DURATION:PT1H")
      .replace(/^SEQUENCE:.*$/m, `SEQUENCE:${written.sequence + 1}`);
    await radicale.put(lessonsUrl, encodeURIComponent(uidOf(id)), hers);
    const movedMails = await mailsTo("booking_moved");
    await syncNow();
    const [change, ...more] = await listChanges();
    expect(more).toEqual([]);
    expect(change).toMatchObject({ kind: "moved", lessonId: id, newStartsAt: newTime.toUTC().toISO() });
    expect((await db().booking.findUniqueOrThrow({ where: { id } })).startsAt.toISOString()).toBe(
      day.set({ hour: 10 }).toUTC().toISO(),
    );
    expect(await mailsTo("booking_moved")).toBe(movedMails);
    // Her moved event is a lesson, not a busy time of hers.
    expect((await db().calendarBusy.count({ where: { sourceId: receivingId } })) ?? 0).toBe(0);

    expect(await resolve(change.id, "move")).toEqual({ success: true });
    expect((await db().booking.findUniqueOrThrow({ where: { id } })).startsAt.toISOString()).toBe(
      newTime.toUTC().toISO(),
    );
    expect(await mailsTo("booking_moved")).toBe(movedMails + 1);
    const [ours, ...others] = (await lessonObjects()).filter((o) => o.uid === uidOf(id));
    expect(others).toEqual([]);
    expect(ours.start).toBe(utcStamp(newTime));
    expect(ours.sequence).toBeGreaterThan(written.sequence + 1);
    await syncNow();
    expect(await listChanges()).toEqual([]);
  });

  it("stops writing when the calendar no longer receives lessons, leaving her events", async () => {
    const held = (await lessonObjects()).length;
    const off = await t.send("PUT", `/api/admin/calendars/${receivingId}`, {
      as: t.admin,
      payload: { receivesLessons: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().calendar.receivesLessons).toBe(false);
    await confirmedLesson();
    await writeBack();
    expect(await lessonObjects()).toHaveLength(held);
    expect(await db().calendarLessonEvent.count({ where: { sourceId: receivingId } })).toBe(0);
  });
});
