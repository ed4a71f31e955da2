// Restart safety of the outbox with real server processes. A deliberate crash test: two process
// starts, about 30 s on an idle machine and up to 90 s on a loaded 2-core one.
// A booking is made through server A, which is killed (SIGKILL) right after answering, before
// its worker's next pass; server B, started on the same database with SMTP_URL pointing at a real
// SMTP server on localhost, delivers the student's and the teacher's mail, each exactly once
// (one attempt per row: no row was claimed twice).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../../prisma/seed.ts";
import { openDatabase } from "../../server/db.ts";
import { createSession } from "../../server/features/auth/session.service.ts";
import { studentInfo } from "../helpers/booking-factory.ts";
import { freePort, type ServerProcess, startServerProcess, waitForHealth } from "../helpers/server-process.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { testEnv } from "../helpers/test-app.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-db.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "mail-restart-"));
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) {
    if (s.child.exitCode === null) s.child.kill("SIGKILL");
    await s.exited;
  }
  rmSync(scratch, { recursive: true, force: true });
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe(`outbox across server restarts on ${testEngine}`, () => {
  it("delivers mail queued by a killed process exactly once, from the next process", async () => {
    const sink = await startSmtpSink();
    const env = testEnv();
    const dataDir = path.join(scratch, "data");
    // PGlite: one process per directory, so the test prepares the data and closes it; PostgreSQL
    // stays open beside the servers.
    const database: TestDatabase =
      testEngine === "pglite" ? await openDatabase({ dataDir }) : await createTestDatabase();
    const db = database.prisma;
    // With demo data, as the servers (NODE_ENV=test) seed it: 12 weeks of availability.
    await seedDatabase(db, { ...env, withDemoData: true });
    // The demo's walk-in lessons of its first day are owed a reminder: this test follows one
    // booking's mail only.
    await db.booking.deleteMany({ where: { studentId: null } });
    const teacher = await db.teacher.findFirstOrThrow({ select: { id: true } });
    await db.teacher.update({ where: { id: teacher.id }, data: { email: "giulia@teacher.test" } });
    const student = await db.user.create({
      data: { email: "restart@student.test", name: "Rita", emailVerified: true },
    });
    const { token } = await createSession(db, student.id, "student");
    if (testEngine === "pglite") await database.close();

    const port = await freePort();
    const serverEnv = {
      ...(testEngine === "pglite" ? { DATA_DIR: dataDir, DATABASE_URL: "" } : { DATABASE_URL: database.url ?? "" }),
      ADMIN_EMAILS: "teacher@school.test",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: sink.url,
    };
    const boot = async () => {
      const server = await startServerProcess(serverEnv);
      servers.push(server);
      await waitForHealth(server);
      return server;
    };

    const a = await boot();
    const slots = (await (await fetch(`${a.url}/api/availability?teacher_id=${teacher.id}`)).json()) as {
      availableSlots: { startTime: string }[];
    };
    const lessonDate = slots.availableSlots[0]?.startTime;
    expect(lessonDate).toBeDefined();
    const booked = await fetch(`${a.url}/api/bookings`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `student_session=${token}`, origin: a.url },
      body: JSON.stringify({
        studentInfo: studentInfo({ name: "Rita Gialli" }),
        lesson_date: lessonDate,
        lessonType: "online",
        teacher_id: teacher.id,
      }),
    });
    expect(booked.status).toBe(200);
    a.child.kill("SIGKILL");
    await a.exited;
    // A's worker passes every 15 s: it almost surely died before sending. Either way, what
    // follows must end with each message delivered once.
    const sentByA = sink.received.length;

    const b = await boot();
    await until(() => sink.received.length >= 2);
    // Let B finish marking the rows sent, then stop it as a deploy would.
    await new Promise((r) => setTimeout(r, 1000));
    b.child.kill("SIGTERM");
    await b.exited;

    const recipients = sink.received.map((m) => m.to[0]).sort();
    expect(recipients).toEqual(["giulia@teacher.test", "restart@student.test"]);
    expect(sentByA).toBe(0);
    const studentMail = sink.received.find((m) => m.to[0] === "restart@student.test")?.raw ?? "";
    expect(studentMail).toContain("Subject: Your English lesson request: awaiting confirmation");
    expect(studentMail).toMatch(/Content-Type: text\/calendar/i);

    const check = testEngine === "pglite" ? await openDatabase({ dataDir }) : database;
    expect(await check.prisma.outboxEmail.findMany({ select: { status: true, attempts: true } })).toEqual([
      { status: "sent", attempts: 1 },
      { status: "sent", attempts: 1 },
    ]);
    await check.close();
    await sink.stop();
  }, 150_000);
});
