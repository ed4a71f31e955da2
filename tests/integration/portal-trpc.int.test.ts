// The portal's tRPC procedures beside the /api/student paths they stand for, on a real migrated
// database: for the same student each answers what its path answers (errors included), signed
// out each refuses, and student A's calls find nothing of student B's.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../server/features/auth/session.service.ts";
import { procedures } from "../helpers/app-surface.ts";
import {
  createPortalTestApp,
  createStudentWithData,
  type PortalStudent,
  portalSnapshot,
} from "../helpers/portal-factory.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { injectRest, injectTrpc } from "../helpers/transports.ts";

let t: TestApp;
let teacherId: string;
let A: PortalStudent;
let B: PortalStudent;

beforeAll(async () => {
  ({ t, teacherId, A, B } = await createPortalTestApp());
});
afterAll(async () => {
  await t?.close();
});

const rest = (student: PortalStudent | null, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
  injectRest(t.app, { method, url, payload, cookie: student?.cookie });

const trpc = (student: PortalStudent | null, path: string, input?: unknown, type?: "mutation") =>
  injectTrpc(t.app, { path, input, type, cookie: student?.cookie });

type Read = { procedure: string; input?: (s: PortalStudent) => unknown; url: (s: PortalStudent) => string };
const READS: Read[] = [
  { procedure: "portal.stats", url: () => "/api/student/stats" },
  { procedure: "portal.lessons", url: () => "/api/student/lessons" },
  {
    procedure: "portal.lessons",
    input: () => ({ upcoming: true, limit: 2 }),
    url: () => "/api/student/lessons?upcoming=true&limit=2",
  },
  { procedure: "portal.progress", url: () => "/api/student/progress" },
  { procedure: "portal.profile", url: () => "/api/student/profile" },
  { procedure: "portal.referrals", url: () => "/api/student/referrals" },
  { procedure: "portal.learners", url: () => "/api/student/learners" },
  { procedure: "portal.waitlist", url: () => "/api/student/waitlist" },
  { procedure: "portal.quizResults", url: () => "/api/student/quiz-results" },
  { procedure: "portal.levelProgress", url: () => "/api/student/progress/levels" },
  { procedure: "portal.resources", url: () => "/api/student/resources" },
  { procedure: "portal.files", url: () => "/api/student/files" },
  { procedure: "portal.notes", url: () => "/api/student/notes" },
  { procedure: "portal.cancellationSummary", url: () => "/api/student/cancellation-summary" },
  { procedure: "portal.cancellations", url: () => "/api/student/cancellations" },
  { procedure: "portal.credits", url: () => "/api/student/credits" },
  { procedure: "portal.documents", url: () => "/api/student/documents" },
  { procedure: "portal.calendarFeed.get", url: () => "/api/student/calendar-feed" },
  {
    procedure: "portal.cancellationCheck",
    input: (s) => ({ bookingId: s.upcoming.id }),
    url: (s) => `/api/student/can-cancel/${s.upcoming.id}`,
  },
  {
    procedure: "portal.cancellationCheck",
    input: (s) => ({ bookingId: s.single.id }),
    url: (s) => `/api/student/can-cancel/${s.single.id}`,
  },
  {
    procedure: "portal.moveCheck",
    input: (s) => ({ bookingId: s.upcoming.id }),
    url: (s) => `/api/student/can-move/${s.upcoming.id}`,
  },
  {
    procedure: "portal.moveCheck",
    input: (s) => ({ bookingId: s.single.id }),
    url: (s) => `/api/student/can-move/${s.single.id}`,
  },
  { procedure: "portal.orders", url: () => "/api/student/orders" },
  { procedure: "portal.order", input: (s) => ({ id: s.order.id }), url: (s) => `/api/student/orders/${s.order.id}` },
];

describe("each read answers what its REST path answers, for each student", () => {
  it.each(READS.map((r) => [r.procedure, r] as const))("%s", async (_name, read) => {
    for (const student of [A, B]) {
      const [byRest, byTrpc] = [
        await rest(student, "GET", read.url(student)),
        await trpc(student, read.procedure, read.input?.(student)),
      ];
      expect(byRest.statusCode).toBe(200);
      expect(byTrpc.statusCode).toBe(200);
      expect(byTrpc.data).toEqual(byRest.json());
    }
  });

  it("validateReferral is public and answers as /validate-referral/{code}, a bad code too", async () => {
    for (const code of ["brunocode", "NOPE1234", "../../etc"]) {
      const byRest = await rest(null, "GET", `/api/student/validate-referral/${encodeURIComponent(code)}`);
      const byTrpc = await trpc(null, "portal.validateReferral", { code });
      expect(byTrpc.statusCode).toBe(byRest.statusCode);
      if (byRest.statusCode === 200) expect(byTrpc.data).toEqual(byRest.json());
      else expect(byTrpc.message).toBe(byRest.json().error);
    }
  });
});

describe("each write does what its REST path does", () => {
  it("saveProfile answers as PUT /profile for the same input; the email stays", async () => {
    const input = { name: "Anna Maria Student", phone: "+39 222", englishLevel: "advanced", notes: "" };
    const byRest = await rest(A, "PUT", "/api/student/profile", input);
    const byTrpc = await trpc(A, "portal.saveProfile", input, "mutation");
    expect(byTrpc.data).toEqual(byRest.json());
    expect(byTrpc.data).toMatchObject({
      profile: { name: "Anna Maria Student", email: "anna@students.test", notes: null },
    });
  });

  it("saveLocale changes only the account's language, and refuses a language the site lacks", async () => {
    const before = await rest(A, "GET", "/api/student/profile");
    const saved = await trpc(A, "portal.saveLocale", { locale: "it" }, "mutation");
    expect(saved.data).toEqual({ locale: "it" });
    const after = await rest(A, "GET", "/api/student/profile");
    expect(after.json()).toEqual({ ...before.json(), profile: { ...before.json().profile, locale: "it" } });
    const refused = await trpc(A, "portal.saveLocale", { locale: "fr" }, "mutation");
    expect(refused.statusCode).toBe(400);
    expect(refused.message).toBe("The locale must be one of: en, it.");
    await trpc(A, "portal.saveLocale", { locale: "en" }, "mutation");
  });

  it("inviteFriend records a friend once, as POST /referrals does", async () => {
    const byTrpc = await trpc(A, "portal.inviteFriend", { email: "Twin.Friend@x.test" }, "mutation");
    const byRest = await rest(A, "POST", "/api/student/referrals", { email: "twin.friend@x.test" });
    expect(byTrpc.data).toEqual({ ...byRest.json(), created: true });
    expect(byRest.json().created).toBe(false);
    const self = await trpc(A, "portal.inviteFriend", { email: "anna@students.test" }, "mutation");
    expect(self.statusCode).toBe(400);
    expect(self.message).toBe(
      (await rest(A, "POST", "/api/student/referrals", { email: "anna@students.test" })).json().error,
    );
  });

  it("logFileAccess logs an access to an own file", async () => {
    const byTrpc = await trpc(A, "portal.logFileAccess", { fileId: A.file.id, accessType: "view" }, "mutation");
    expect(byTrpc.data).toEqual({ success: true });
    expect(await t.database.prisma.fileAccessLog.count({ where: { fileId: A.file.id, userId: A.user.id } })).toBe(1);
  });

  it("requestCancellation cancels an own lesson within the rules; a second answers as the REST path", async () => {
    const done = await trpc(
      B,
      "portal.requestCancellation",
      { booking_id: B.upcoming.id, reason: "a trip" },
      "mutation",
    );
    expect(done.statusCode).toBe(200);
    expect(done.data).toMatchObject({ status: "approved", remaining: 0 });
    const again = { booking_id: B.upcoming2.id, reason: "another" };
    const byTrpc = await trpc(B, "portal.requestCancellation", again, "mutation");
    const byRest = await rest(B, "POST", "/api/student/request-cancellation", again);
    expect(byTrpc.statusCode).toBe(byRest.statusCode);
    expect(byTrpc.message).toBe(byRest.json().error);
  });

  it("calendarFeed.reset makes the student's link, shown once, as POST /calendar-feed/reset does", async () => {
    const made = await trpc(A, "portal.calendarFeed.reset", undefined, "mutation");
    expect(made.data).toMatchObject({ active: true, webcal_url: expect.stringMatching(/^webcal:\/\/.+\.ics$/) });
    const byRest = (await rest(A, "POST", "/api/student/calendar-feed/reset", {})).json();
    expect(Object.keys(made.data as object).sort()).toEqual(Object.keys(byRest).sort());
    expect((await trpc(A, "portal.calendarFeed.get")).data).toEqual(
      (await rest(A, "GET", "/api/student/calendar-feed")).json(),
    );
  });

  it("deleteAccount erases the account as POST /delete-account does", async () => {
    const db = t.database.prisma;
    const [viaRest, viaTrpc] = [
      await createStudentWithData(db, teacherId, "carla", "CARLACODE"),
      await createStudentWithData(db, teacherId, "dario", "DARIOCODE"),
    ];
    const refused = await trpc(viaTrpc, "portal.deleteAccount", { confirmation: "delete" }, "mutation");
    expect(refused.statusCode).toBe(400);
    expect(await db.user.count({ where: { id: viaTrpc.user.id } })).toBe(1);
    const byRest = await rest(viaRest, "POST", "/api/student/delete-account", { confirmation: "DELETE" });
    const byTrpc = await trpc(viaTrpc, "portal.deleteAccount", { confirmation: "DELETE" }, "mutation");
    expect(byRest.statusCode).toBe(200);
    expect(byTrpc.data).toEqual(byRest.json());
    expect(await db.user.count({ where: { id: { in: [viaRest.user.id, viaTrpc.user.id] } } })).toBe(0);
    expect((await trpc(viaTrpc, "portal.profile")).statusCode).toBe(401);
  });
});

describe("isolation: A's calls find nothing of B's", () => {
  const foreign: [string, () => { procedure: string; input: unknown; url: string; method: "GET" | "POST" }][] = [
    [
      "read B's order",
      () => ({
        procedure: "portal.order",
        input: { id: B.order.id },
        url: `/api/student/orders/${B.order.id}`,
        method: "GET",
      }),
    ],
    [
      "check B's lesson",
      () => ({
        procedure: "portal.cancellationCheck",
        input: { bookingId: B.upcoming2.id },
        url: `/api/student/can-cancel/${B.upcoming2.id}`,
        method: "GET",
      }),
    ],
    [
      "cancel B's lesson",
      () => ({
        procedure: "portal.requestCancellation",
        input: { booking_id: B.upcoming2.id, reason: "mine now" },
        url: "/api/student/request-cancellation",
        method: "POST",
      }),
    ],
    [
      "check a move of B's lesson",
      () => ({
        procedure: "portal.moveCheck",
        input: { bookingId: B.upcoming2.id },
        url: `/api/student/can-move/${B.upcoming2.id}`,
        method: "GET",
      }),
    ],
    [
      "move B's lesson",
      () => ({
        procedure: "portal.moveLesson",
        input: { booking_id: B.upcoming2.id, lesson_date: "2031-01-01T10:00:00Z" },
        url: `/api/student/bookings/${B.upcoming2.id}/move`,
        method: "POST",
      }),
    ],
    [
      "log access to B's file",
      () => ({
        procedure: "portal.logFileAccess",
        input: { fileId: B.file.id, accessType: "download" },
        url: "/api/student/files/access-log",
        method: "POST",
      }),
    ],
    [
      "spend a credit that is not A's",
      () => ({
        procedure: "portal.rebook",
        input: { credit_id: randomUUID(), lesson_date: "2031-01-01T10:00:00Z" },
        url: "/api/student/rebook",
        method: "POST",
      }),
    ],
  ];

  it.each(foreign)("%s: 404 with the REST path's message, nothing of B's, B unchanged", async (_name, make) => {
    const snapshot = () => portalSnapshot(t.database.prisma, B);
    const before = await snapshot();
    const { procedure, input, url, method } = make();
    const byTrpc = await trpc(A, procedure, input, method === "POST" ? "mutation" : undefined);
    expect(byTrpc.statusCode).toBe(404);
    expect(byTrpc.message).toBe((await rest(A, method, url, method === "POST" ? input : undefined)).json().error);
    for (const secret of [B.user.name, B.user.email, B.file.title, "bruno"]) {
      expect(byTrpc.body.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(await snapshot()).toBe(before);
  });

  it("A's reads hold none of B's ids or texts", async () => {
    const answers = await Promise.all(READS.map((r) => trpc(A, r.procedure, r.input?.(A))));
    const everything = answers.map((a) => a.body).join("\n");
    for (const id of [B.user.id, B.order.id, B.upcoming.id, B.upcoming2.id, B.single.id, B.file.id, B.note.id]) {
      expect(everything).not.toContain(id);
    }
    for (const text of ["bruno", "BRUNOCODE", "PRIVATE note"])
      expect(everything.toLowerCase()).not.toContain(text.toLowerCase());
  });
});

describe("signed out, or signed in as the teacher", () => {
  const PUBLIC = new Set(["portal.status", "portal.validateReferral"]);
  const guarded = procedures().filter((p) => p.key.startsWith("portal.") && !PUBLIC.has(p.key));

  it.each(guarded.map((p) => [p.key, p.type] as const))("%s answers 401", async (key, type) => {
    const teacher = await t.database.prisma.user.findFirstOrThrow({ where: { isAdmin: true } });
    const { token } = await createSession(t.database.prisma, teacher.id, "admin");
    for (const cookie of [undefined, `admin_session=${token}`]) {
      const answer = await injectTrpc(t.app, { path: key, type, input: {}, cookie });
      expect(answer.statusCode, key).toBe(401);
      expect(answer.message).toBe("Please sign in to continue.");
    }
  });

  it("every portal procedure is checked in this file: a new one without a check fails here", () => {
    const checked = new Set([
      ...READS.map((r) => r.procedure),
      ...PUBLIC,
      // auth.int.test.ts: the session's own user.
      "portal.me",
      "portal.saveProfile",
      "portal.saveLocale",
      "portal.inviteFriend",
      // learners.int.test.ts: the caller's family only; another family's learner is a 404.
      "portal.addLearner",
      "portal.updateLearner",
      // waitlist.int.test.ts: another family's entries and offers are 404.
      "portal.joinWaitlist",
      "portal.withdrawWaitlist",
      "portal.waitlistOffer",
      "portal.acceptWaitlistOffer",
      // lesson-reports.int.test.ts: another family's lesson and its report are 404, nothing ticked.
      "portal.markHomework",
      "portal.logFileAccess",
      // portal-new-marker.int.test.ts: only the student's own shared notes.
      "portal.markNoteSeen",
      "portal.requestCancellation",
      // cant-come.int.test.ts: another family's lesson is 404, nothing recorded.
      "portal.tellTeacherCantCome",
      "portal.rebook",
      "portal.moveLesson",
      "portal.deleteAccount",
      "portal.calendarFeed.reset",
    ]);
    expect(procedures().filter((p) => p.key.startsWith("portal.") && !checked.has(p.key))).toEqual([]);
  });
});
