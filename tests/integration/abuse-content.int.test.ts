// Issue 17, items 5 and 8: what a hostile visitor's text, photos and repeated requests leave
// behind. Calendar files, feeds and mail attachments carry no bare CR or LF from user text (cleaned
// at the edge, and again by the calendar writers); a replaced photo leaves no file and no row; the
// teacher's photo is stored on Save Changes and kept by an update that omits it; a refused
// cancellation request emails the teacher once, not once per click.
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addAvailability,
  callerFor,
  createUserWithSession,
  iso,
  romeDay,
  sessionForExistingUser,
  studentInfo,
  type TestUser,
} from "../helpers/booking-factory.ts";
import { createOrderOfSix } from "../helpers/lesson-rows.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { testEngine } from "../helpers/test-db.ts";

let t: TestApp;
let dataDir: string;
let uploadDir: string;
let admin: TestUser;
let teacherId: string;
const db = () => t.database.prisma;

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fe0def46b80000000049454e44ae426082",
  "hex",
);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "abuse-content-"));
  uploadDir = path.join(dataDir, "uploads");
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = await sessionForExistingUser(db(), "teacher@school.test", "admin");
  teacherId = (await db().teacher.findFirstOrThrow({ select: { id: true } })).id;
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const json = (method: "POST" | "PUT", url: string, body: unknown, user?: TestUser) =>
  t.app.inject({
    method,
    url,
    headers: { "content-type": "application/json", ...(user ? { cookie: user.cookie } : {}) },
    payload: JSON.stringify(body),
  });
const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: "GET", url, headers: user ? { cookie: user.cookie } : {} });

/** A CR not followed by LF, or an LF not preceded by CR: a line break iCalendar does not have. */
const BARE_BREAK = /\r(?!\n)|(?<!\r)\n/;
/** Events as a calendar app sees them: lines that are exactly BEGIN:VEVENT (the words may stay inside a value). */
const events = (ics: string) => ics.split("\r\n").filter((line) => line === "BEGIN:VEVENT").length;
const INJECTION = "\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:Free lessons\rDTSTART:20300101T000000Z";

describe(`calendar files, feeds and mail attachments on ${testEngine}`, () => {
  it("carry no bare CR or LF from names and locations, and no forged event", async () => {
    const student = await createUserWithSession(db(), { name: `Eve${INJECTION}` });
    const start = romeDay(4, 10);
    await addAvailability(db(), teacherId, start, 1);
    const booked = await json(
      "POST",
      "/api/bookings",
      {
        studentInfo: studentInfo({ name: `Eve${INJECTION}`, phone: "+39\r\n333\u0007 000" }),
        lesson_date: iso(start),
        lessonType: "in-person",
        location: `Duomo${INJECTION}`,
        teacher_id: teacherId,
      },
      student,
    );
    expect(booked.statusCode).toBe(200);
    const bookingId = booked.json().booking.id as string;
    // Cleaned at the edge: one line, the words kept.
    const row = await db().booking.findUniqueOrThrow({ where: { id: bookingId } });
    expect(row.location).toBe("Duomo END:VEVENT BEGIN:VEVENT SUMMARY:Free lessons DTSTART:20300101T000000Z");
    expect(row.studentName).toMatch(/^Eve END:VEVENT/);
    expect(row.studentPhone).toBe("+39 333 000");

    const check = (label: string, ics: string, expected: number) => {
      expect(ics, label).not.toMatch(BARE_BREAK);
      expect(events(ics), label).toBe(expected);
      expect(ics, label).not.toMatch(/\r\nSUMMARY:Free lessons/);
    };
    const single = await get(`/api/calendar/booking/${bookingId}/ics`, student);
    expect(single.statusCode).toBe(200);
    check("download", single.body, 1);

    const studentFeed = (await json("POST", "/api/student/calendar-feed/reset", {}, student)).json();
    check("student feed", (await get(new URL(studentFeed.https_url).pathname)).body, 1);
    const teacherFeed = await callerFor(db(), t.env, { admin }).admin.calendarFeed.reset();
    const teacherBody = (await get(new URL(teacherFeed.https_url).pathname)).body;
    expect(teacherBody).not.toMatch(BARE_BREAK);
    expect(teacherBody).toContain(bookingId);

    const mails = await db().outboxEmail.findMany({
      where: { OR: [{ toAddress: student.email }, { toAddress: admin.email }] },
    });
    const attachments = mails.flatMap((m) => (m.attachments ?? []) as { content: string }[]);
    expect(attachments.length).toBeGreaterThan(0);
    for (const a of attachments) check("mail attachment", a.content, 1);
    for (const m of mails) expect(m.subject).not.toMatch(/[\r\n]/);

    // Defence in depth: text stored before the edge cleaned it (or by another path) is made one
    // line by the writers themselves.
    await db().booking.update({
      where: { id: bookingId },
      data: { location: `Brera${INJECTION}`, studentName: `Mallory${INJECTION}` },
    });
    await db().teacher.update({ where: { id: teacherId }, data: { name: `Giulia${INJECTION}` } });
    try {
      const again = await get(`/api/calendar/booking/${bookingId}/ics`, student);
      check("download of raw stored text", again.body, 1);
      expect(again.body).toContain("Brera END:VEVENT");
      check("student feed of raw stored text", (await get(new URL(studentFeed.https_url).pathname)).body, 1);
      const teacherAgain = (await get(new URL(teacherFeed.https_url).pathname)).body;
      expect(teacherAgain).not.toMatch(BARE_BREAK);
      expect(teacherAgain).toContain("Mallory END:VEVENT");
    } finally {
      await db().teacher.update({ where: { id: teacherId }, data: { name: "Teacher" } });
    }
  });
});

function multipart(name: string, data: Buffer) {
  const boundary = "----abuse-content";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nprofile\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
const uploadPhoto = async (url: string, user: TestUser) => {
  const body = multipart("me.png", PNG);
  const r = await t.app.inject({
    method: "POST",
    url,
    payload: body.payload,
    headers: { ...body.headers, cookie: user.cookie },
  });
  expect(r.statusCode).toBe(200);
  return r.json().imageUrl as string;
};
const storedName = (url: string) => url.split("/").pop() as string;
const onDisk = (url: string) => existsSync(path.join(uploadDir, storedName(url)));
const rowOf = (url: string) => db().upload.findUnique({ where: { storedName: storedName(url) } });

describe(`profile photos on ${testEngine}`, () => {
  it("a student's replaced photo leaves no file and no row", async () => {
    const student = await createUserWithSession(db());
    const first = await uploadPhoto("/api/files/upload-student-profile-photo", student);
    expect(onDisk(first)).toBe(true);
    const second = await uploadPhoto("/api/files/upload-student-profile-photo", student);
    expect((await db().user.findUniqueOrThrow({ where: { id: student.id } })).imageUrl).toBe(second);
    expect(onDisk(first)).toBe(false);
    expect(await rowOf(first)).toBeNull();
    expect(onDisk(second)).toBe(true);
    expect(await rowOf(second)).not.toBeNull();
  });

  it("the teacher's photo is stored on Save Changes, an update without it keeps it, a replaced one is deleted", async () => {
    const teacherImage = async () => (await db().teacher.findUniqueOrThrow({ where: { id: teacherId } })).imageUrl;
    const saved = (await get("/api/admin/settings", admin)).json().settings;
    const before = await teacherImage();

    // Uploading only keeps the file: the public card does not change before Save Changes.
    const first = await uploadPhoto("/api/files/upload-profile-photo", admin);
    expect(onDisk(first)).toBe(true);
    expect(await teacherImage()).toBe(before);
    const put = (profile: Record<string, unknown>) =>
      json("PUT", "/api/admin/settings", { settings: { ...saved, profile } }, admin);
    expect((await put({ ...saved.profile, image_url: first })).statusCode).toBe(200);
    expect(await teacherImage()).toBe(first);

    // An update that omits the photo (REST and tRPC) keeps it.
    const { image_url: _omitted, ...withoutImage } = saved.profile;
    const kept = await put({ ...withoutImage, bio: "Updated without the photo" });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().settings.profile.image_url).toBe(first);
    await callerFor(db(), t.env, { admin }).admin.settings.update({
      settings: { ...saved, profile: { ...withoutImage, bio: "Again over tRPC" } },
    });
    expect(await teacherImage()).toBe(first);

    // Replacing it deletes the old file and row; a photo uploaded and never saved goes after a while.
    const second = await uploadPhoto("/api/files/upload-profile-photo", admin);
    const abandoned = await uploadPhoto("/api/files/upload-profile-photo", admin);
    await db().upload.update({
      where: { storedName: storedName(abandoned) },
      data: { createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) },
    });
    expect((await put({ ...saved.profile, image_url: second })).statusCode).toBe(200);
    expect(await teacherImage()).toBe(second);
    expect(onDisk(first)).toBe(false);
    expect(await rowOf(first)).toBeNull();
    expect(onDisk(abandoned)).toBe(false);
    expect(await rowOf(abandoned)).toBeNull();
    expect(onDisk(second)).toBe(true);

    // Removing the photo on purpose (null) still works, and deletes it too.
    expect((await put({ ...saved.profile, image_url: null })).statusCode).toBe(200);
    expect(await teacherImage()).toBeNull();
    expect(onDisk(second)).toBe(false);
    expect(readdirSync(uploadDir).filter((f) => f.startsWith(".partial"))).toEqual([]);
  });
});

describe(`refused cancellation requests on ${testEngine}`, () => {
  it("email the teacher once for a lesson, however often the student asks", async () => {
    const student = await createUserWithSession(db());
    const order = await createOrderOfSix(db(), student.id);
    // Two hours away: inside every notice period, so each request is refused.
    const startsAt = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const lesson = await db().booking.create({
      data: {
        studentId: student.id,
        teacherId,
        studentName: student.name,
        studentEmail: student.email,
        lessonType: "online",
        orderId: order.id,
        status: "confirmed",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 60 * 60 * 1000),
      },
    });
    const teacherMails = () =>
      db().outboxEmail.count({ where: { kind: "teacher_cancellation", textBody: { contains: student.email } } });
    for (let i = 0; i < 4; i++) {
      const r = await json(
        "POST",
        "/api/student/request-cancellation",
        { booking_id: lesson.id, reason: `Ill ${i}` },
        student,
      );
      expect(r.statusCode).toBe(409);
    }
    expect(await db().cancellationRequest.count({ where: { bookingId: lesson.id, status: "refused" } })).toBe(4);
    expect(await teacherMails()).toBe(1);
  });
});
