// Two real server processes on one PostgreSQL database and one Redis, as behind a load balancer:
// a session made through one is valid on the other, the 50-way race for one slot split across
// both books it exactly once, the sign-in rate limit is counted once for both, and a lesson
// starting within 24 hours gets exactly one reminder although both processes run the mail worker.
// PostgreSQL only: PGlite belongs to one process. Takes about 30 s (mostly the two starts).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../../prisma/seed.ts";
import { createSession } from "../../server/features/auth/session.service.ts";
import { studentInfo } from "../helpers/booking-factory.ts";
import { isRedisUp, redisUrl } from "../helpers/redis.ts";
import { type ServerProcess, startServerProcess, waitForHealth } from "../helpers/server-process.ts";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink.ts";
import { testEnv } from "../helpers/test-app.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-db.ts";

const AUTH_LIMIT = 6;

const runs = testEngine === "postgresql";
const redisUp = runs ? await isRedisUp() : false;

describe.runIf(runs && redisUp)("two server processes on one PostgreSQL database", () => {
  let database: TestDatabase;
  let smtp: SmtpSink;
  let dataDir: string;
  let servers: ServerProcess[] = [];
  let teacherId: string;
  // A client address of our own (both processes trust the proxy header), so rate-limit counters
  // in the shared Redis never mix with another run's.
  const clientIp = `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

  beforeAll(async () => {
    database = await createTestDatabase("postgresql");
    smtp = await startSmtpSink();
    dataDir = mkdtempSync(path.join(os.tmpdir(), "multi-process-"));
    const shared = {
      DATABASE_URL: database.url as string,
      REDIS_URL: redisUrl,
      SMTP_URL: smtp.url,
      MAIL_WORKER_INTERVAL_MS: "300",
      // One DATA_DIR for both: with DATABASE_URL it holds neither the database nor the uploads
      // (uploads-across-processes.int.test.ts runs two servers with different ones).
      DATA_DIR: dataDir,
      ADMIN_EMAILS: "teacher@school.test",
      TRUST_PROXY: "true",
      RATE_LIMIT_AUTH: String(AUTH_LIMIT),
      RATE_LIMIT_BOOKING: "100000",
      GOOGLE_CLIENT_ID: "",
    };
    // Seed once up front (as a first deploy would), so the two starts below find it done.
    await seedDatabase(database.prisma, testEnv({ ...shared, DATA_DIR: "memory://" }));
    teacherId = (await database.prisma.teacher.findFirstOrThrow({ select: { id: true } })).id;
    const [a, b] = await Promise.all([startServerProcess(shared), startServerProcess(shared)]);
    servers = [a, b];
    await Promise.all(servers.map((s) => waitForHealth(s, 90_000)));
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) {
      s.child.kill("SIGTERM");
      await Promise.race([s.exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    await smtp?.stop();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  async function student(label: string) {
    const user = await database.prisma.user.create({
      data: {
        email: `${label}-${randomBytes(3).toString("hex")}@students.test`,
        name: `${label} Student`,
        emailVerified: true,
      },
      select: { id: true, email: true },
    });
    const { token } = await createSession(database.prisma, user.id, "student");
    return { ...user, cookie: `student_session=${token}` };
  }

  const call = (server: ServerProcess, url: string, init: RequestInit = {}) =>
    fetch(`${server.url}${url}`, {
      redirect: "manual",
      ...init,
      headers: { "x-forwarded-for": clientIp, ...(init.headers as Record<string, string>) },
    });

  it("serves a session made through one process on the other, and a logout on one ends it on both", async () => {
    const s = await student("shared");
    for (const server of servers) {
      const response = await call(server, "/api/student/profile", { headers: { cookie: s.cookie } });
      expect(response.status).toBe(200);
      expect((await response.json()).profile.email).toBe(s.email);
    }
    const logout = await call(servers[0], "/api/student-auth/logout", {
      method: "POST",
      headers: { cookie: s.cookie },
    });
    expect(logout.status).toBe(200);
    expect((await call(servers[1], "/api/student/profile", { headers: { cookie: s.cookie } })).status).toBe(401);
  });

  it("books one slot once when 50 students race for it through both processes", async () => {
    const from = DateTime.now().setZone("Europe/Rome").plus({ days: 3 }).toISODate();
    const grid = await (await call(servers[1], `/api/availability?startDate=${from}&teacher_id=${teacherId}`)).json();
    const slot = (grid.availableSlots as { startTime: string }[])[0];
    expect(slot, "the seeded availability offers a slot").toBeTruthy();
    const students = await Promise.all(Array.from({ length: 50 }, (_, i) => student(`racer${i}`)));
    const payload = JSON.stringify({
      studentInfo: studentInfo(),
      lesson_date: slot.startTime,
      lessonType: "online",
      teacher_id: teacherId,
    });
    const responses = await Promise.all(
      students.map((s, i) =>
        call(servers[i % 2], "/api/bookings", {
          method: "POST",
          headers: { "content-type": "application/json", cookie: s.cookie },
          body: payload,
        }),
      ),
    );
    const codes = responses.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    for (const r of responses.filter((r) => r.status === 409))
      expect((await r.json()).error).toMatch(/was just booked/);
    expect(await database.prisma.booking.count({ where: { startsAt: new Date(slot.startTime) } })).toBe(1);
  });

  it("counts the sign-in rate limit once for both processes (through Redis)", async () => {
    const codes: number[] = [];
    for (let i = 0; i < AUTH_LIMIT + 3; i++) {
      codes.push((await call(servers[i % 2], "/api/student-auth/google")).status);
    }
    // Each process alone would allow AUTH_LIMIT; together they allow AUTH_LIMIT in total.
    expect(codes.slice(0, AUTH_LIMIT).every((c) => c === 302)).toBe(true);
    expect(codes.slice(AUTH_LIMIT)).toEqual([429, 429, 429]);
  });

  it("sends a lesson's 24-hour reminder once although both processes run the mail worker", async () => {
    const s = await student("reminded");
    const startsAt = new Date(Date.now() + 23 * 3_600_000);
    const lesson = await database.prisma.booking.create({
      data: {
        studentId: s.id,
        teacherId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        status: "confirmed",
        lessonType: "online",
        studentName: "Reminded Student",
        studentEmail: s.email,
        // Booked before the reminder window opened: a lesson booked inside it is owed none.
        createdAt: new Date(startsAt.getTime() - 48 * 3_600_000),
      },
    });
    const toStudent = () => smtp.received.filter((m) => m.to.includes(s.email));
    const deadline = Date.now() + 15_000;
    while (toStudent().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(toStudent()).toHaveLength(1);
    // Give both workers several more passes: nothing else may arrive.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(toStudent()).toHaveLength(1);
    expect(toStudent()[0].raw).toMatch(/Subject: .*/);
    const rows = await database.prisma.outboxEmail.findMany({
      where: { kind: "lesson_reminder", toAddress: s.email },
      select: { status: true, attempts: true, dedupeKey: true },
    });
    expect(rows).toEqual([
      { status: "sent", attempts: 1, dedupeKey: `reminder:${lesson.id}:${startsAt.toISOString()}` },
    ]);
  });
});
