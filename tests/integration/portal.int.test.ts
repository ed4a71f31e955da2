// The student portal through its REST paths, on a real migrated database (PGlite, or
// PostgreSQL with TEST_ENGINE=postgresql): every /api/student call, the cancellation policy,
// the lesson lifecycle job, and a table-driven isolation test between two students.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../server/features/auth/session.service.ts";
import { lessonCompletionJob, startScheduler } from "../../server/features/ops/scheduler.ts";
import { completeEndedLessons } from "../../server/features/portal/portal.data.ts";
import { routeTable } from "../helpers/app-surface.ts";
import { createOrderOfSix } from "../helpers/lesson-rows.ts";
import {
  createPortalTestApp,
  DAY,
  HOUR,
  nextSlot,
  type PortalStudent,
  portalSnapshot,
} from "../helpers/portal-factory.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { injectRest } from "../helpers/transports.ts";

let t: TestApp;

type Student = PortalStudent;
let A: Student;
let B: Student;
let teacherId: string;

/** "+01:00" or "+02:00": Milano's UTC offset on that day. */
function offsetOf(day: Date) {
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Rome", timeZoneName: "longOffset" })
      .formatToParts(day)
      .find((p) => p.type === "timeZoneName")?.value ?? "GMT+01:00";
  return name.replace("GMT", "") || "+00:00";
}

const call = (student: Student | null, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  injectRest(t.app, { method, url, payload, cookie: student?.cookie });

beforeAll(async () => {
  ({ t, teacherId, A, B } = await createPortalTestApp());
});
afterAll(async () => {
  await t?.close();
});

/** A concrete student path as its route: the id in it becomes the route's parameter. */
const routePattern = (url: string) =>
  url
    .replace(/\/can-(cancel|move)\/.*/, "/can-$1/:bookingId")
    .replace(/\/bookings\/[^/]+\/move$/, "/bookings/:id/move")
    .replace(/\/orders\/[0-9a-f-]{36}$/, "/orders/:id")
    .replace(/\/learners\/[0-9a-f-]{36}$/, "/learners/:id")
    .replace(/\/waitlist\/[0-9a-f-]{36}$/, "/waitlist/:id")
    .replace(/\/lessons\/[0-9a-f-]{36}\/homework$/, "/lessons/:id/homework")
    .replace(/\/documents\/[0-9a-f-]{36}\/pdf$/, "/documents/:id/pdf");

const STUDENT_ROUTES: ["GET" | "POST" | "PUT" | "DELETE", string, unknown?][] = [
  ["GET", "/api/student/stats"],
  ["GET", "/api/student/profile"],
  ["PUT", "/api/student/profile", { name: "X" }],
  ["GET", "/api/student/lessons"],
  ["GET", "/api/student/progress"],
  ["GET", "/api/student/orders"],
  ["GET", "/api/student/credits"],
  ["GET", "/api/student/documents"],
  ["GET", "/api/student/documents/00000000-0000-4000-8000-000000000000/pdf"],
  ["GET", "/api/student/orders/00000000-0000-4000-8000-000000000000"],
  ["GET", "/api/student/referrals"],
  ["POST", "/api/student/referrals", { email: "x@y.test" }],
  ["GET", "/api/student/learners"],
  ["POST", "/api/student/learners", { name: "X", ageGroup: "child" }],
  ["PUT", "/api/student/learners/00000000-0000-4000-8000-000000000000", { name: "X", ageGroup: "child" }],
  ["GET", "/api/student/quiz-results"],
  ["GET", "/api/student/progress/levels"],
  ["GET", "/api/student/resources"],
  ["GET", "/api/student/files"],
  ["GET", "/api/student/notes"],
  ["POST", "/api/student/files/access-log", { fileId: "00000000-0000-4000-8000-000000000000", accessType: "view" }],
  ["GET", "/api/student/cancellation-summary"],
  ["GET", "/api/student/can-cancel/00000000-0000-4000-8000-000000000000"],
  ["POST", "/api/student/request-cancellation", { booking_id: "00000000-0000-4000-8000-000000000000", reason: "x" }],
  ["GET", "/api/student/cancellations"],
  ["GET", "/api/student/can-move/00000000-0000-4000-8000-000000000000"],
  ["POST", "/api/student/bookings/00000000-0000-4000-8000-000000000000/move", { lesson_date: "2031-01-01T10:00:00Z" }],
  ["GET", "/api/student/calendar-feed"],
  ["POST", "/api/student/calendar-feed/reset", {}],
  [
    "POST",
    "/api/student/rebook",
    { credit_id: "00000000-0000-4000-8000-000000000000", lesson_date: "2031-01-01T10:00:00Z" },
  ],
  ["GET", "/api/student/export"],
  ["POST", "/api/student/delete-account", { confirmation: "DELETE" }],
  ["GET", "/api/student/waitlist"],
  ["POST", "/api/student/waitlist", { weekday: 2, from: "14:00", to: "18:00" }],
  ["DELETE", "/api/student/waitlist/00000000-0000-4000-8000-000000000000"],
  ["POST", "/api/student/lessons/00000000-0000-4000-8000-000000000000/homework", { done: true }],
];

describe("signed out", () => {
  it.each(STUDENT_ROUTES)("%s %s answers 401 and changes nothing", async (method, url, payload) => {
    const before = await t.database.prisma.referral.count();
    const response = await call(null, method, url, payload);
    expect(response.statusCode).toBe(401);
    expect(await t.database.prisma.referral.count()).toBe(before);
  });

  it("refuses an admin session on the student routes", async () => {
    const teacher = await t.database.prisma.user.findFirstOrThrow({ where: { isAdmin: true } });
    const { token } = await createSession(t.database.prisma, teacher.id, "admin");
    const response = await t.app.inject({
      method: "GET",
      url: "/api/student/stats",
      headers: { cookie: `admin_session=${token}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("every /api/student route", () => {
  it("is in the table above (so it is checked signed out) or is the public validate-referral", () => {
    // Every method but HEAD: an OPTIONS route of its own would be a student route too.
    const served = routeTable(t.app, ["HEAD"])
      .filter((r) => r.path.startsWith("/api/student/"))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    const known = STUDENT_ROUTES.map(([m, url]) => `${m} ${routePattern(url)}`);
    expect(served.length).toBeGreaterThan(10);
    expect(served).toEqual([...new Set([...known, "GET /api/student/validate-referral/:code"])].sort());
  });
});

describe("dashboard, lessons, profile", () => {
  it("GET /stats counts only the student's own things", async () => {
    const response = await call(A, "GET", "/api/student/stats");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      totalLessons: 4,
      completedLessons: 1,
      upcomingLessons: 3,
      referralCount: 1,
      resourceCount: 1,
      completedQuizzes: 1,
    });
  });

  it("GET /lessons lists all lessons; upcoming=true with limit gives the next ones in order", async () => {
    const all = (await call(A, "GET", "/api/student/lessons")).json().lessons;
    expect(all.map((l: { id: string }) => l.id).sort()).toEqual(
      [A.completed.id, A.upcoming.id, A.upcoming2.id, A.single.id].sort(),
    );
    expect(all[0]).toMatchObject({
      lesson_type: "online",
      status: expect.any(String),
      lesson_date: expect.any(String),
    });
    const next = (await call(A, "GET", "/api/student/lessons?upcoming=true&limit=2")).json().lessons;
    expect(next.map((l: { id: string }) => l.id)).toEqual([A.upcoming.id, A.upcoming2.id]);
    expect(next[0].google_meet_link).toBe("https://meet.example/abc");
    expect((await call(A, "GET", "/api/student/lessons?limit=0")).statusCode).toBe(400);
  });

  it("GET/PUT /profile reads and updates the own profile; email cannot be changed; bad input is refused", async () => {
    const profile = (await call(A, "GET", "/api/student/profile")).json().profile;
    expect(profile).toMatchObject({ email: "anna@students.test", referralCode: "ANNACODE" });
    const saved = await call(A, "PUT", "/api/student/profile", {
      name: "Anna Maria Student",
      email: "hijack@evil.test",
      phone: "+39 222",
      englishLevel: "advanced",
      preferredType: "in-person",
      preferredLocation: "Milano centro",
      notes: "",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile).toMatchObject({
      name: "Anna Maria Student",
      email: "anna@students.test",
      englishLevel: "advanced",
      notes: null,
    });
    const bad = await call(A, "PUT", "/api/student/profile", { name: "", englishLevel: "expert" });
    expect(bad.statusCode).toBe(400);
    const row = await t.database.prisma.user.findUniqueOrThrow({ where: { id: A.user.id } });
    expect(row).toMatchObject({ name: "Anna Maria Student", email: "anna@students.test", phone: "+39 222" });
  });

  it("GET /progress derives tiles, achievements and charts", async () => {
    const body = (await call(A, "GET", "/api/student/progress")).json();
    expect(body.stats).toMatchObject({ completedLessons: 1, studyMinutes: 60, longestStreak: 1, quizCount: 1 });
    expect(body.completed.map((a: { id: string }) => a.id)).toEqual(
      expect.arrayContaining(["lessons-1", "quizzes-1", "resources-1", "studyMinutes-1"]),
    );
    // Issue 17: a friend who only signed up (registered) is not a referral achievement yet; it
    // counts once their first lesson is completed (this test had "referrals-1" unlocked).
    expect(body.next.find((a: { category: string }) => a.category === "referrals")).toMatchObject({
      level: 1,
      current: 0,
    });
    expect(body.next.find((a: { category: string }) => a.category === "lessons")).toMatchObject({
      level: 2,
      target: 3,
      current: 1,
    });
    expect(body.lessonsPerWeek).toHaveLength(12);
    expect(body.quizScores).toEqual([expect.objectContaining({ accuracy: 0.7 })]);
  });
});

describe("referrals", () => {
  it("GET /referrals returns stats, history and available discounts in euro", async () => {
    const body = (await call(A, "GET", "/api/student/referrals")).json();
    expect(body.stats).toEqual({
      referral_code: "ANNACODE",
      total_referrals: 1,
      completed_referrals: 0,
      total_earned: 0,
    });
    expect(body.referrals).toEqual([
      expect.objectContaining({
        referred_email: "anna-friend@x.test",
        referred_name: "anna friend",
        status: "registered",
        discount_earned: 0,
      }),
    ]);
    expect(body.discounts).toEqual([expect.objectContaining({ id: A.discount.id, percentage: 10 })]);
  });

  it("POST /referrals records an invited friend once; refuses a bad email and the own address", async () => {
    const first = await call(A, "POST", "/api/student/referrals", { email: "New.Friend@x.test" });
    expect(first.statusCode).toBe(201);
    const again = await call(A, "POST", "/api/student/referrals", { email: "new.friend@x.test" });
    expect(again.statusCode).toBe(200);
    expect(again.json().referral.id).toBe(first.json().referral.id);
    expect((await call(A, "POST", "/api/student/referrals", { email: "not-an-email" })).statusCode).toBe(400);
    expect((await call(A, "POST", "/api/student/referrals", { email: "anna@students.test" })).statusCode).toBe(400);
    expect(await t.database.prisma.referral.count({ where: { referrerId: A.user.id } })).toBe(2);
  });

  it("GET /validate-referral/{code} is public and gives only the referrer's first name", async () => {
    const ok = await call(null, "GET", "/api/student/validate-referral/brunocode");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true, code: "BRUNOCODE", referrer: { name: "Bruno" } });
    for (const code of ["NOPE1234", "../../etc", "%00"]) {
      const bad = await call(null, "GET", `/api/student/validate-referral/${encodeURIComponent(code)}`);
      expect(bad.statusCode).toBe(404);
      expect(bad.json()).toEqual({ error: "Invalid referral code" });
    }
  });
});

describe("quiz results, resources, files, notes", () => {
  it("GET /quiz-results gives accuracy as a 0-1 fraction", async () => {
    const { results } = (await call(A, "GET", "/api/student/quiz-results")).json();
    expect(results).toEqual([expect.objectContaining({ id: A.quiz.id, score: 7, total_questions: 10, accuracy: 0.7 })]);
  });

  it("GET /resources, /files list only active files; /notes never include private notes", async () => {
    expect((await call(A, "GET", "/api/student/resources")).json().resources.map((r: { id: string }) => r.id)).toEqual([
      A.file.id,
    ]);
    const files = (await call(A, "GET", "/api/student/files")).json();
    expect(files).toEqual([
      expect.objectContaining({
        id: A.file.id,
        title: "anna worksheet",
        file_type: "document",
        file_size: 1234,
        last_viewed_at: null,
      }),
    ]);
    const notes = (await call(A, "GET", "/api/student/notes")).json();
    expect(notes).toEqual([
      expect.objectContaining({ id: A.note.id, teacher_note: "anna public note", tags: ["grammar"] }),
    ]);
    const everything = JSON.stringify([files, notes]);
    expect(everything).not.toContain("PRIVATE");
    expect(everything).not.toContain(A.inactiveFile.id);
  });

  it("POST /files/access-log logs an access to an own active file; refuses an inactive one", async () => {
    const ok = await call(A, "POST", "/api/student/files/access-log", { fileId: A.file.id, accessType: "download" });
    expect(ok.statusCode).toBe(200);
    expect(
      await t.database.prisma.fileAccessLog.count({
        where: { fileId: A.file.id, userId: A.user.id, accessType: "download" },
      }),
    ).toBe(1);
    expect(
      (await t.database.prisma.sharedFile.findUniqueOrThrow({ where: { id: A.file.id } })).lastViewedAt,
    ).not.toBeNull();
    const inactive = await call(A, "POST", "/api/student/files/access-log", {
      fileId: A.inactiveFile.id,
      accessType: "view",
    });
    expect(inactive.statusCode).toBe(404);
    expect(
      (await call(A, "POST", "/api/student/files/access-log", { fileId: A.file.id, accessType: "delete" })).statusCode,
    ).toBe(400);
  });
});

describe("cancellations (§9)", () => {
  it("GET /can-cancel shows what the policy leaves; a single lesson is not cancellable", async () => {
    const body = (await call(A, "GET", `/api/student/can-cancel/${A.upcoming.id}`)).json();
    expect(body).toMatchObject({
      can_cancel: true,
      allowance: 1,
      used: 0,
      remaining: 1,
      remaining_after: 0,
      notice: "24 hours",
    });
    const single = (await call(A, "GET", `/api/student/can-cancel/${A.single.id}`)).json();
    expect(single).toMatchObject({
      can_cancel: false,
      reason: "Single lessons cannot be cancelled, refunded or moved.",
    });
  });

  it("cancels within the rules at once: slot freed, request approved, credit granted", async () => {
    const before = await t.database.prisma.booking.findUniqueOrThrow({ where: { id: A.upcoming.id } });
    const response = await call(A, "POST", "/api/student/request-cancellation", {
      booking_id: A.upcoming.id,
      reason: "Work trip",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "approved", remaining: 0, credit_id: expect.any(String) });
    const after = await t.database.prisma.booking.findUniqueOrThrow({ where: { id: A.upcoming.id } });
    expect(after).toMatchObject({
      status: "cancelled",
      cancellationReason: "Work trip",
      icsSequence: before.icsSequence + 1,
    });
    expect(after.cancelledAt).toBeInstanceOf(Date);
    expect(
      await t.database.prisma.cancellationRequest.count({ where: { bookingId: A.upcoming.id, status: "approved" } }),
    ).toBe(1);
    expect(
      await t.database.prisma.lessonCredit.count({ where: { sourceBookingId: A.upcoming.id, usedBookingId: null } }),
    ).toBe(1);
    // The slot is free again: another booking of the same teacher at the same time is accepted.
    const rebook = await t.database.prisma.booking.create({
      data: {
        studentId: B.user.id,
        teacherId,
        startsAt: after.startsAt,
        endsAt: after.endsAt,
        studentName: "B",
        studentEmail: "b@x.test",
        lessonType: "online",
      },
    });
    await t.database.prisma.booking.delete({ where: { id: rebook.id } });
  });

  it("refuses a second cancellation of a 6-lesson package, with the reason, and records it as refused", async () => {
    const response = await call(A, "POST", "/api/student/request-cancellation", {
      booking_id: A.upcoming2.id,
      reason: "Ill",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("You have used the free cancellation of this package.");
    expect((await t.database.prisma.booking.findUniqueOrThrow({ where: { id: A.upcoming2.id } })).status).toBe(
      "pending",
    );
    expect(
      await t.database.prisma.cancellationRequest.findFirst({ where: { bookingId: A.upcoming2.id } }),
    ).toMatchObject({
      status: "refused",
      decision: "You have used the free cancellation of this package.",
    });
    expect(await t.database.prisma.lessonCredit.count({ where: { sourceBookingId: A.upcoming2.id } })).toBe(0);
  });

  it("refuses without the notice the admin's policy asks for (1 week)", async () => {
    await t.database.prisma.adminSettings.update({ where: { id: "site" }, data: { cancellationPolicy: "1 week" } });
    try {
      const check = (await call(B, "GET", `/api/student/can-cancel/${B.upcoming.id}`)).json();
      expect(check).toMatchObject({
        can_cancel: false,
        notice: "1 week",
        reason: "Cancellations need at least 1 week notice before the lesson starts.",
      });
      const response = await call(B, "POST", "/api/student/request-cancellation", {
        booking_id: B.upcoming.id,
        reason: "x",
      });
      expect(response.statusCode).toBe(409);
      expect((await t.database.prisma.booking.findUniqueOrThrow({ where: { id: B.upcoming.id } })).status).toBe(
        "confirmed",
      );
    } finally {
      await t.database.prisma.adminSettings.update({ where: { id: "site" }, data: { cancellationPolicy: "24 hours" } });
    }
  });

  it("GET /cancellations and /cancellation-summary report requests, packages and credits", async () => {
    const { cancellations } = (await call(A, "GET", "/api/student/cancellations")).json();
    expect(cancellations.map((c: { status: string }) => c.status).sort()).toEqual(["approved", "refused"]);
    const summary = (await call(A, "GET", "/api/student/cancellation-summary")).json();
    expect(summary.policy).toMatchObject({ notice: "24 hours", notice_hours: 24 });
    expect(summary.packages.find((p: { order_id: string }) => p.order_id === A.order.id)).toMatchObject({
      lessons: 6,
      allowance: 1,
      used: 1,
      remaining: 0,
    });
    expect(summary.credits).toEqual([expect.objectContaining({ source_booking_id: A.upcoming.id })]);
  });

  it("lets only one of two simultaneous requests spend the last free cancellation", async () => {
    const db = t.database.prisma;
    const order = await createOrderOfSix(db, B.user.id);
    const base = {
      studentId: B.user.id,
      teacherId,
      studentName: "B",
      studentEmail: "b@x.test",
      lessonType: "online",
      orderId: order.id,
      status: "confirmed" as const,
    };
    const x = await db.booking.create({ data: { ...base, ...nextSlot(20 * DAY) } });
    const y = await db.booking.create({ data: { ...base, ...nextSlot(21 * DAY) } });
    const results = await Promise.all([
      call(B, "POST", "/api/student/request-cancellation", { booking_id: x.id, reason: "a" }),
      call(B, "POST", "/api/student/request-cancellation", { booking_id: y.id, reason: "b" }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error).toBe(
      "You have used the free cancellation of this package.",
    );
    expect(await db.booking.count({ where: { orderId: order.id, status: "cancelled" } })).toBe(1);
    expect(await db.lessonCredit.count({ where: { sourceBookingId: { in: [x.id, y.id] } } })).toBe(1);
  });
});

describe("rebooking with a credit", () => {
  it("books one lesson at no charge in an offered slot, once; B cannot spend A's credit", async () => {
    const db = t.database.prisma;
    const credit = await db.lessonCredit.findFirstOrThrow({ where: { studentId: A.user.id, usedBookingId: null } });
    // Availability 10 days ahead, 09:00-12:00 in Milano.
    const day = new Date(Date.now() + 10 * DAY);
    const ymd = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/Rome",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(day);
    const nine = new Date(`${ymd}T09:00:00${offsetOf(day)}`);
    await db.availabilitySlot.create({
      data: { teacherId, startsAt: nine, endsAt: new Date(nine.getTime() + 3 * HOUR) },
    });
    const ten = new Date(nine.getTime() + HOUR);

    const offGrid = await call(A, "POST", "/api/student/rebook", {
      credit_id: credit.id,
      lesson_date: new Date(nine.getTime() + 90 * 60_000).toISOString(),
    });
    expect(offGrid.statusCode).toBe(409);
    const notOffered = await call(A, "POST", "/api/student/rebook", {
      credit_id: credit.id,
      lesson_date: new Date(nine.getTime() + 5 * HOUR).toISOString(),
    });
    expect(notOffered.statusCode).toBe(409);

    const foreign = await call(B, "POST", "/api/student/rebook", {
      credit_id: credit.id,
      lesson_date: ten.toISOString(),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await db.booking.count({ where: { startsAt: ten } })).toBe(0);

    const ok = await call(A, "POST", "/api/student/rebook", { credit_id: credit.id, lesson_date: ten.toISOString() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().booking).toMatchObject({ price: 0, lesson_date: ten.toISOString() });
    const booking = await db.booking.findUniqueOrThrow({ where: { id: ok.json().booking.id } });
    expect(booking).toMatchObject({ studentId: A.user.id, orderId: A.order.id, teacherId });
    expect((await db.lessonCredit.findUniqueOrThrow({ where: { id: credit.id } })).usedBookingId).toBe(booking.id);

    const twice = await call(A, "POST", "/api/student/rebook", {
      credit_id: credit.id,
      lesson_date: new Date(ten.getTime() + HOUR).toISOString(),
    });
    expect(twice.statusCode).toBe(404);
    expect(await db.booking.count({ where: { studentId: A.user.id, orderId: A.order.id } })).toBe(4);
  });
});

describe("isolation: student A can read or change nothing of student B's", () => {
  const foreign: [string, () => ["GET" | "POST" | "PUT", string, unknown?]][] = [
    ["can-cancel B's lesson", () => ["GET", `/api/student/can-cancel/${B.upcoming2.id}`]],
    ["read B's order and its payment", () => ["GET", `/api/student/orders/${B.order.id}`]],
    ["download B's receipt", () => ["GET", `/api/student/documents/${B.document.id}/pdf`]],
    [
      "cancel B's lesson",
      () => ["POST", "/api/student/request-cancellation", { booking_id: B.upcoming2.id, reason: "mine now" }],
    ],
    [
      "cancel B's single lesson",
      () => ["POST", "/api/student/request-cancellation", { booking_id: B.single.id, reason: "x" }],
    ],
    ["can-move B's lesson", () => ["GET", `/api/student/can-move/${B.upcoming2.id}`]],
    [
      "move B's lesson",
      () => [
        "POST",
        `/api/student/bookings/${B.upcoming2.id}/move`,
        { lesson_date: new Date(B.upcoming2.startsAt.getTime() + 7 * DAY).toISOString() },
      ],
    ],
    [
      "log access to B's file",
      () => ["POST", "/api/student/files/access-log", { fileId: B.file.id, accessType: "download" }],
    ],
    [
      "log access to B's inactive file",
      () => ["POST", "/api/student/files/access-log", { fileId: B.inactiveFile.id, accessType: "view" }],
    ],
  ];

  it.each(foreign)("%s: 404 with nothing of B's in the answer, B unchanged", async (_name, route) => {
    const snapshot = () => portalSnapshot(t.database.prisma, B);
    const before = await snapshot();
    const [method, url, payload] = route();
    const response = await call(A, method, url, payload);
    expect(response.statusCode).toBe(404);
    for (const secret of [B.user.name, B.user.email, B.upcoming2.startsAt.toISOString(), B.file.title, "bruno"]) {
      expect(response.body.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(await snapshot()).toBe(before);
  });

  const lists: [string, string][] = [
    ["lessons", "/api/student/lessons"],
    ["lessons upcoming", "/api/student/lessons?upcoming=true&limit=5"],
    ["files", "/api/student/files"],
    ["resources", "/api/student/resources"],
    ["notes", "/api/student/notes"],
    ["referrals", "/api/student/referrals"],
    ["learners", "/api/student/learners"],
    ["waitlist", "/api/student/waitlist"],
    ["quiz results", "/api/student/quiz-results"],
    ["level progress", "/api/student/progress/levels"],
    ["cancellations", "/api/student/cancellations"],
    ["cancellation summary", "/api/student/cancellation-summary"],
    ["profile", "/api/student/profile"],
    ["progress", "/api/student/progress"],
    ["orders", "/api/student/orders"],
    ["credits", "/api/student/credits"],
    ["documents", "/api/student/documents"],
    ["stats", "/api/student/stats"],
    ["calendar feed", "/api/student/calendar-feed"],
    ["data export", "/api/student/export"],
  ];
  it.each(lists)("A's %s hold none of B's ids or texts", async (_name, url) => {
    const response = await call(A, "GET", url);
    expect(response.statusCode).toBe(200);
    const ids = [
      B.user.id,
      B.order.id,
      B.completed.id,
      B.upcoming.id,
      B.upcoming2.id,
      B.single.id,
      B.file.id,
      B.inactiveFile.id,
      B.note.id,
      B.privateNote.id,
      B.referral.id,
      B.discount.id,
      B.quiz.id,
      B.document.id,
    ];
    for (const id of ids) expect(response.body).not.toContain(id);
    // "PRIVATE note" is the text of both students' private notes (A's own never reaches A either).
    for (const text of ["bruno", "BRUNOCODE", "PRIVATE note"])
      expect(response.body.toLowerCase()).not.toContain(text.toLowerCase());
  });

  // Writes that take no id of anyone else's: they act on the caller alone, each checked where named.
  const callerOnly: Record<string, string> = {
    "PUT /api/student/profile": "A's profile update never touches B (below)",
    "POST /api/student/referrals": "POST /referrals records an invited friend once (referrals)",
    "POST /api/student/learners": "learners.int.test.ts: a learner is added to the caller's family only",
    "PUT /api/student/learners/:id": "learners.int.test.ts: another family's learner answers 404, unchanged",
    "POST /api/student/waitlist": "waitlist.int.test.ts: an entry joins the caller's waitlist only",
    "DELETE /api/student/waitlist/:id": "waitlist.int.test.ts: another family's entry answers 404, still waiting",
    "POST /api/student/lessons/:id/homework":
      "lesson-reports.int.test.ts: another family's lesson and its report answer 404, nothing ticked",
    "POST /api/student/rebook": "B cannot spend A's credit (rebooking with a credit)",
    "POST /api/student/calendar-feed/reset": "calendar-feed.int.test.ts: a reset revokes only the caller's link",
    "POST /api/student/delete-account": "privacy.int.test.ts: deleting one account leaves the other whole",
  };

  it("covers every student route: a new one without an isolation check fails here", () => {
    const served = routeTable(t.app, ["HEAD"])
      .filter((r) => r.path.startsWith("/api/student/") && r.path !== "/api/student/validate-referral/:code")
      .map((r) => `${r.method} ${r.path}`);
    const checked = new Set([
      ...lists.map(([, url]) => `GET ${url.split("?")[0]}`),
      ...foreign.map(([, route]) => {
        const [method, url] = route();
        return `${method} ${routePattern(url)}`;
      }),
      ...Object.keys(callerOnly),
    ]);
    expect(served.length).toBeGreaterThan(10);
    expect(served.filter((route) => !checked.has(route))).toEqual([]);
  });

  it("A's profile update never touches B", async () => {
    const before = await t.database.prisma.user.findUniqueOrThrow({ where: { id: B.user.id } });
    await call(A, "PUT", "/api/student/profile", { id: B.user.id, name: "Overwritten" });
    const after = await t.database.prisma.user.findUniqueOrThrow({ where: { id: B.user.id } });
    expect(after.name).toBe(before.name);
    expect((await t.database.prisma.user.findUniqueOrThrow({ where: { id: A.user.id } })).name).toBe("Overwritten");
  });
});

describe("lessons move on by themselves", () => {
  it("completes confirmed lessons whose end has passed, leaves pending ones, moves the referral on", async () => {
    const db = t.database.prisma;
    const friend = await db.user.create({
      data: { email: "friend-of-b@x.test", name: "Friend", referredById: B.user.id },
    });
    // Issue 17: the referral moves on when a lesson of the friend's first order (the one bought
    // through it) is completed, so the lessons belong to that order.
    const order = await db.bookingOrder.create({
      data: {
        studentId: friend.id,
        packageId: "standard-6",
        lessons: 6,
        basePriceCents: 19200,
        totalPriceCents: 17280,
      },
    });
    const referral = await db.referral.create({
      data: {
        referrerId: B.user.id,
        referredEmail: friend.email,
        referredUserId: friend.id,
        status: "first_lesson_booked",
        orderId: order.id,
      },
    });
    const base = {
      orderId: order.id,
      studentId: friend.id,
      teacherId,
      studentName: "Friend",
      studentEmail: friend.email,
      lessonType: "online",
    };
    const ended = await db.booking.create({ data: { ...base, ...nextSlot(-3 * DAY), status: "confirmed" } });
    const pendingPast = await db.booking.create({ data: { ...base, ...nextSlot(-4 * DAY), status: "pending" } });
    const running = await db.booking.create({
      data: {
        ...base,
        startsAt: new Date(Date.now() - 30 * 60_000),
        endsAt: new Date(Date.now() + 30 * 60_000),
        teacherId: null,
        status: "confirmed",
      },
    });

    const moved = await completeEndedLessons(db, new Date());
    expect(moved.lessons).toBeGreaterThanOrEqual(1);
    expect((await db.booking.findUniqueOrThrow({ where: { id: ended.id } })).status).toBe("completed");
    expect((await db.booking.findUniqueOrThrow({ where: { id: pendingPast.id } })).status).toBe("pending");
    expect((await db.booking.findUniqueOrThrow({ where: { id: running.id } })).status).toBe("confirmed");
    expect((await db.referral.findUniqueOrThrow({ where: { id: referral.id } })).status).toBe("first_lesson_completed");
    // Idempotent.
    expect((await completeEndedLessons(db, new Date())).lessons).toBe(0);
  });

  it("the job's stop waits for the pass under way, so the database is never closed beneath it", async () => {
    const db = t.database.prisma;
    const student = await db.user.create({ data: { email: "job-stop@x.test", name: "Job Stop" } });
    const ended = await db.booking.create({
      data: {
        studentId: student.id,
        teacherId,
        studentName: "Job Stop",
        studentEmail: student.email,
        lessonType: "online",
        ...nextSlot(-5 * DAY),
        status: "confirmed",
      },
    });
    const errors: object[] = [];
    const log = { info: () => {}, error: (o: object) => errors.push(o) };
    const stop = startScheduler([lessonCompletionJob(db, 60_000)], log); // starts a pass at once
    await stop();
    expect((await db.booking.findUniqueOrThrow({ where: { id: ended.id } })).status).toBe("completed");
    expect(errors).toEqual([]);
  });
});
