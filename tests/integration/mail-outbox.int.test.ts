// The email outbox against a real SMTP server on localhost: what arrives, retries with backoff,
// held mail without SMTP, reminders queued once, and two workers never sending a row twice.
import { DateTime } from "luxon";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedDatabase } from "../../prisma/seed.ts";
import { lessonFactsSelect } from "../../server/features/mail/mail.data.ts";
import {
  createSmtpTransport,
  loadMailContext,
  processOutbox,
  queueEmails,
  queueLessonReminders,
  RETRY_BACKOFF_MINUTES,
  startMailWorker,
} from "../../server/features/mail/mail.service.ts";
import { bookingCreatedEmail } from "../../server/features/mail/mail.templates.ts";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink.ts";
import { testEnv } from "../helpers/test-app.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-db.ts";

let database: TestDatabase;
let sink: SmtpSink;
let refuse: string | null = null;
const env = testEnv();
const db = () => database.prisma;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.prisma, env);
  sink = await startSmtpSink({ rejectWith: () => refuse });
});
afterAll(async () => {
  await sink?.stop();
  await database?.close();
});
beforeEach(async () => {
  refuse = null;
  sink.received.length = 0;
  await db().outboxEmail.deleteMany();
  await db().booking.deleteMany();
});

const transport = () => createSmtpTransport(sink.url, "English with Giulia <lessons@giulia.test>");
const ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:abc@giulia.test\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";

/** A lesson booked two days before it starts (`bookedAt` says otherwise). */
async function lessonAt(
  startsAt: Date,
  status: "pending" | "confirmed" | "cancelled" = "confirmed",
  studentTimezone: string | null = null,
  bookedAt = new Date(startsAt.getTime() - 48 * 3600_000),
) {
  const teacher = await db().teacher.findFirstOrThrow({ select: { id: true } });
  return db().booking.create({
    data: {
      teacherId: teacher.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3600_000),
      status,
      lessonType: "online",
      meetingLink: "https://meet.example/abc",
      studentName: "Sofia Bianchi",
      studentEmail: "sofia@student.test",
      studentTimezone,
      createdAt: bookedAt,
    },
    select: lessonFactsSelect,
  });
}

describe(`email outbox on ${testEngine}`, () => {
  it("the worker's first pass waits firstPassAfterMs (the server starts listening first), then sends", async () => {
    await queueEmails(db(), [
      { kind: "booking_created", toAddress: "sofia@student.test", subject: "Queued before the start", textBody: "Hi" },
    ]);
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const began = Date.now();
    const worker = startMailWorker({
      db: db(),
      env,
      log,
      intervalMs: 60_000,
      firstPassAfterMs: 600,
      transport: transport(),
    });
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(sink.received, "nothing sent before firstPassAfterMs").toHaveLength(0);
      while (sink.received.length === 0 && Date.now() - began < 10_000) await new Promise((r) => setTimeout(r, 20));
      expect(sink.received).toHaveLength(1);
      expect(Date.now() - began).toBeGreaterThanOrEqual(600);
    } finally {
      await worker.stop();
    }
  });

  it("delivers a booking email with its calendar file to the SMTP server, in the teacher's zone", async () => {
    const lesson = await lessonAt(new Date("2031-03-04T17:00:00Z"), "pending");
    const ctx = await loadMailContext(db(), env);
    const content = bookingCreatedEmail("Sofia", [lesson], ctx);
    await queueEmails(db(), [
      {
        kind: "booking_created",
        toAddress: "sofia@student.test",
        subject: content.subject,
        textBody: content.text,
        attachments: [
          { filename: "lesson.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: ics },
        ],
      },
    ]);
    const sent = await processOutbox({ db: db(), transport: transport(), host: "giulia.test" });
    expect(sent).toBe(1);
    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0];
    expect(mail.to).toEqual(["sofia@student.test"]);
    // A pending lesson is a request (issue 17: it was mailed as "booked").
    expect(mail.raw).toContain("Subject: Your English lesson request: awaiting confirmation");
    // 17:00 UTC on 4 March 2031 is 6 PM in Milano (CET).
    expect(mail.raw).toMatch(/Tuesday, 4 March 2031 at 6:00 PM/);
    expect(mail.raw).toContain("Payment is required before the first lesson.");
    expect(mail.raw).toMatch(/Content-Type: text\/calendar/i);
    expect(mail.raw).toMatch(/Message-ID: <[0-9a-f-]{36}@giulia\.test>/i);
    const row = await db().outboxEmail.findFirstOrThrow();
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    // A second pass finds nothing to send: nothing goes twice.
    expect(await processOutbox({ db: db(), transport: transport(), host: "giulia.test" })).toBe(0);
    expect(sink.received).toHaveLength(1);
  });

  it("retries a refused message with backoff, then marks it failed after the last attempt", async () => {
    refuse = "mailbox busy";
    await queueEmails(db(), [{ kind: "booking_confirmed", toAddress: "a@student.test", subject: "s", textBody: "t" }]);
    let now = new Date();
    await processOutbox({ db: db(), transport: transport(), host: "h", now });
    let row = await db().outboxEmail.findFirstOrThrow();
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/mailbox busy/);
    expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan((RETRY_BACKOFF_MINUTES[0] - 0.1) * 60_000);
    // Not due yet: nothing is attempted.
    await processOutbox({ db: db(), transport: transport(), host: "h", now });
    expect((await db().outboxEmail.findFirstOrThrow()).attempts).toBe(1);
    for (let attempt = 2; attempt <= RETRY_BACKOFF_MINUTES.length + 1; attempt++) {
      now = new Date((await db().outboxEmail.findFirstOrThrow()).nextAttemptAt.getTime() + 1000);
      await processOutbox({ db: db(), transport: transport(), host: "h", now });
    }
    row = await db().outboxEmail.findFirstOrThrow();
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(RETRY_BACKOFF_MINUTES.length + 1);
    expect(sink.received).toHaveLength(0);
  });

  it("sends nothing without SMTP: due mail is held for the admin area to show", async () => {
    await queueEmails(db(), [{ kind: "booking_created", toAddress: "b@student.test", subject: "s", textBody: "t" }]);
    expect(await processOutbox({ db: db(), transport: null, host: "h" })).toBe(0);
    expect((await db().outboxEmail.findFirstOrThrow()).status).toBe("held");
    // A later pass with SMTP does not send stale held mail.
    expect(await processOutbox({ db: db(), transport: transport(), host: "h" })).toBe(0);
    expect(sink.received).toHaveLength(0);
  });

  it("gives a row back when its worker dies mid-send (lease expiry), and sends it once", async () => {
    await queueEmails(db(), [{ kind: "booking_created", toAddress: "c@student.test", subject: "s", textBody: "t" }]);
    // A worker claims the row and dies before sending: simulate with a transport that never returns.
    const stuck = { send: () => new Promise<void>(() => {}), close() {} };
    void processOutbox({ db: db(), transport: stuck, host: "h" });
    await new Promise((r) => setTimeout(r, 300));
    expect(await processOutbox({ db: db(), transport: transport(), host: "h" })).toBe(0);
    const later = new Date(Date.now() + 3 * 60_000);
    expect(await processOutbox({ db: db(), transport: transport(), host: "h", now: later })).toBe(1);
    expect(sink.received).toHaveLength(1);
  });

  it("lets two workers share the outbox without sending any message twice", async () => {
    await queueEmails(
      db(),
      Array.from({ length: 30 }, (_, i) => ({
        kind: "booking_created",
        toAddress: `s${i}@student.test`,
        subject: `m${i}`,
        textBody: "t",
      })),
    );
    const [a, b] = await Promise.all([
      processOutbox({ db: db(), transport: transport(), host: "h" }),
      processOutbox({ db: db(), transport: transport(), host: "h" }),
    ]);
    await processOutbox({ db: db(), transport: transport(), host: "h" });
    expect(a + b).toBeLessThanOrEqual(30);
    const recipients = sink.received.map((m) => m.to[0]).sort();
    expect(recipients).toHaveLength(30);
    expect(new Set(recipients).size).toBe(30);
    expect(await db().outboxEmail.count({ where: { status: "sent" } })).toBe(30);
  });

  it("queues one reminder per lesson starting within 24 hours, however often and concurrently it runs", async () => {
    const now = new Date();
    const soon = await lessonAt(new Date(now.getTime() + 23 * 3600_000), "confirmed", "America/New_York");
    await lessonAt(new Date(now.getTime() + 30 * 3600_000));
    await lessonAt(new Date(now.getTime() + 20 * 3600_000), "cancelled");
    const ctx = await loadMailContext(db(), env);
    await Promise.all([queueLessonReminders(db(), ctx, now), queueLessonReminders(db(), ctx, now)]);
    await queueLessonReminders(db(), ctx, new Date(now.getTime() + 60_000));
    const reminders = await db().outboxEmail.findMany({ where: { kind: "lesson_reminder" } });
    expect(reminders).toHaveLength(1);
    expect(reminders[0].dedupeKey).toBe(`reminder:${soon.id}:${soon.startsAt.toISOString()}`);
    // It says when the lesson is, on the student's clock, never "tomorrow".
    const local = DateTime.fromJSDate(soon.startsAt, { zone: "America/New_York" });
    expect(reminders[0].subject).toBe(
      `Reminder: your English lesson on ${local.toFormat("d LLL")} at ${local.toFormat("h:mm a")}`,
    );
    expect(reminders[0].textBody).toContain(
      `Just a reminder of your lesson on ${DateTime.fromJSDate(soon.startsAt, { zone: "Europe/Rome" }).toFormat("cccc, d LLLL yyyy 'at' h:mm a")}`,
    );
    await processOutbox({ db: db(), transport: transport(), host: "h" });
    expect(sink.received.map((m) => m.to[0])).toEqual(["sofia@student.test"]);
    // Like every lesson email, the reminder gives the student's own time when their zone differs.
    const teacherTime = DateTime.fromJSDate(soon.startsAt, { zone: "Europe/Rome" }).toFormat("h:mm a");
    const studentTime = DateTime.fromJSDate(soon.startsAt, { zone: "America/New_York" }).toFormat("h:mm a");
    expect(reminders[0].textBody).toContain(teacherTime);
    expect(reminders[0].textBody).toMatch(new RegExp(`which is [^\\n]*${studentTime}[^\\n]* for you`));
  });

  it("queues no reminder for a lesson booked inside the reminder window", async () => {
    const now = new Date();
    // Booked 30 minutes before it starts, and one booked in the afternoon for the next morning.
    const late = await lessonAt(new Date(now.getTime() + 30 * 60_000), "confirmed", null, now);
    await lessonAt(new Date(now.getTime() + 18 * 3600_000), "confirmed", null, new Date(now.getTime() - 3600_000));
    // Booked exactly when its window opened: still owed one.
    const edge = await lessonAt(
      new Date(now.getTime() + 20 * 3600_000),
      "confirmed",
      null,
      new Date(now.getTime() - 4 * 3600_000),
    );
    const ctx = await loadMailContext(db(), env);
    await queueLessonReminders(db(), ctx, now);
    await queueLessonReminders(db(), ctx, new Date(now.getTime() + 10 * 60_000));
    const reminders = await db().outboxEmail.findMany({ where: { kind: "lesson_reminder" } });
    expect(reminders.map((r) => r.dedupeKey)).toEqual([`reminder:${edge.id}:${edge.startsAt.toISOString()}`]);
    expect(reminders.some((r) => r.dedupeKey?.includes(late.id))).toBe(false);
  });
});
