// The admin lists page (issue 17, item 6): more rows than one page, many of them with identical
// timestamps, walked page by page over REST and tRPC. Every row must come exactly once, the
// total must be the filtered count, and bad paging parameters get a 400 a person can read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../server/features/auth/session.service.ts";
import { createSession } from "../../server/features/auth/session.service.ts";
import { createInnerContext } from "../../server/trpc/context.ts";
import { createCaller } from "../../server/trpc/root.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let admin: SessionUser;
let cookie: string;
let students: { id: string; email: string }[] = [];

const db = () => t.database.prisma;
const asAdmin = () =>
  createCaller(
    createInnerContext(
      { db: db(), env: t.env, rateLimiter: { hit: async () => ({ allowed: true, retryAfterSeconds: 0 }) } },
      { admin },
    ),
  );
/** One instant for many rows: only the id can order them. */
const SAME = new Date("2024-03-05T10:00:00.000Z");
const PAGE = 7;

async function get(url: string) {
  const res = await t.app.inject({ method: "GET", url, headers: { cookie } });
  return { status: res.statusCode, body: res.json() };
}

type Page = { ids: string[]; total: number };

/**
 * Walks every page until the total is reached (and one page past it), asserting each page's
 * size, and returns the ids in the order served.
 */
async function walk(fetchPage: (offset: number) => Promise<Page>, limit = PAGE) {
  const ids: string[] = [];
  let total = -1;
  for (let offset = 0; ; offset += limit) {
    const page = await fetchPage(offset);
    if (total === -1) total = page.total;
    expect(page.total, "the total is the same on every page").toBe(total);
    expect(page.ids.length).toBe(Math.max(0, Math.min(limit, total - offset)));
    ids.push(...page.ids);
    if (offset >= total) break;
    expect(offset / limit).toBeLessThan(200);
  }
  return { ids, total };
}

function expectEachOnce(served: { ids: string[]; total: number }, expected: string[]) {
  expect(expected.length, "the fixture has more rows than one page").toBeGreaterThan(PAGE);
  expect(new Set(served.ids).size, "no row is served twice").toBe(served.ids.length);
  expect(served.total).toBe(expected.length);
  expect([...served.ids].sort()).toEqual([...expected].sort());
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

/** The pages of an admin REST list (`/api/admin/<path>`, its rows under `key`) with the filter `q`. */
const restPages =
  (path: string, key: string) =>
  (q: string, limit = PAGE) =>
  async (offset: number) => {
    const { status, body } = await get(`/api/admin/${path}?limit=${limit}&offset=${offset}${q}`);
    expect(status).toBe(200);
    return { ids: ids(body[key]), total: body.total };
  };

/** The pages of an admin tRPC list, its rows under `key`. */
const trpcPages =
  <K extends string>(
    key: K,
    list: (paging: { limit: number; offset: number }) => Promise<Record<K, { id: string }[]> & { total: number }>,
  ) =>
  async (offset: number) => {
    const r = await list({ limit: PAGE, offset });
    return { ids: ids(r[key]), total: r.total };
  };

/** The paged admin lists, each over REST and over tRPC. */
const pagedLists = {
  bookings: {
    rest: restPages("bookings", "bookings"),
    trpc: trpcPages("bookings", (paging) => asAdmin().admin.bookings.list(paging)),
  },
  students: {
    rest: restPages("students", "students"),
    trpc: trpcPages("students", (paging) => asAdmin().admin.students(paging)),
  },
  notes: {
    rest: restPages("student-notes", "notes"),
    trpc: trpcPages("notes", (paging) => asAdmin().admin.notes.list(paging)),
  },
  files: {
    rest: restPages("shared-files", "files"),
    trpc: trpcPages("files", (paging) => asAdmin().admin.files.list(paging)),
  },
  emails: {
    rest: restPages("emails", "emails"),
    trpc: trpcPages("emails", (paging) => asAdmin().admin.emails.list(paging)),
  },
};

/** Walks a whole list over REST and over tRPC: every one of `all` once on each. */
async function expectEachOnceOnBoth(list: (typeof pagedLists)[keyof typeof pagedLists], all: string[]) {
  expectEachOnce(await walk(list.rest("")), all);
  expectEachOnce(await walk(list.trpc), all);
}

/** `count` rows made by `row`, every one created at the SAME instant. */
const createdTogether = <T extends object>(count: number, row: (i: number) => T) =>
  Array.from({ length: count }, (_, i) => ({ ...row(i), createdAt: SAME }));

beforeAll(async () => {
  t = await createTestApp();
  const p = db();
  const teacher = await p.user.findUniqueOrThrow({ where: { email: "teacher@school.test" } });
  admin = { id: teacher.id, email: teacher.email, name: teacher.name, isAdmin: true, imageUrl: null };
  cookie = `admin_session=${(await createSession(p, teacher.id, "admin")).token}`;
  // 45 students joined at the same instant: 15 "Paging" ones with an intermediate profile, 15
  // whose level comes only from their latest booking, 15 others.
  await p.user.createMany({
    data: createdTogether(45, (i) => ({
      email: `student${i}@paging.test`,
      name: i < 15 ? `Paging Student ${i}` : `Other Student ${i}`,
      englishLevel: i < 15 ? "intermediate" : null,
    })),
  });
  const numberOf = (email: string) => Number(/^student(\d+)@/.exec(email)?.[1]);
  students = (await p.user.findMany({ where: { email: { endsWith: "@paging.test" } } })).sort(
    (a, b) => numberOf(a.email) - numberOf(b.email),
  );
});
afterAll(async () => {
  await t?.close();
});

describe("the admin lists page", () => {
  it("bookings: every row once, with equal creation and start times; search and status combine with paging", async () => {
    // 120 bookings created at one instant, in groups of 6 sharing a start time; no teacher, so
    // the no-overlap rule does not apply and start times can be equal too.
    await db().booking.createMany({
      data: createdTogether(120, (i) => {
        const startsAt = new Date(Date.UTC(2021, 0, 1 + Math.floor(i / 6), 9));
        return {
          teacherId: null,
          studentId: students[i % 45].id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 3_600_000),
          status: i % 3 === 0 ? "cancelled" : "completed",
          lessonType: "online",
          studentName: i % 2 === 0 ? "Alice Paging" : "Bruno Other",
          studentEmail: `b${i}@paging.test`,
          // The latest booking of students 15..29 is one of 105..119.
          englishLevel: i >= 105 ? "advanced" : "beginner",
        };
      }),
    });
    const all = ids(await db().booking.findMany({ select: { id: true } }));
    const rest = pagedLists.bookings.rest;
    expectEachOnce(await walk(rest("")), all);
    const trpc = await walk(pagedLists.bookings.trpc);
    expectEachOnce(trpc, all);
    // The same order on both transports.
    expect(trpc.ids).toEqual((await walk(rest(""))).ids);

    const filtered = ids(
      await db().booking.findMany({
        where: { status: "cancelled", studentName: { contains: "alice", mode: "insensitive" } },
        select: { id: true },
      }),
    );
    expect(filtered.length).toBe(20);
    expectEachOnce(await walk(rest("&status=cancelled&search=alice")), filtered);
    const filteredTrpc = await walk(
      trpcPages("bookings", (paging) =>
        asAdmin().admin.bookings.list({ ...paging, status: "cancelled", search: "alice" }),
      ),
    );
    expectEachOnce(filteredTrpc, filtered);
  });

  it("students: every student once with the total; search and level (profile or latest booking) combine with paging", async () => {
    const all = ids(await db().user.findMany({ where: { isAdmin: false }, select: { id: true } }));
    const rest = pagedLists.students.rest;
    await expectEachOnceOnBoth(pagedLists.students, all);
    expectEachOnce(await walk(rest("&search=Paging%20Student")), ids(students.slice(0, 15)));

    // Students with no profile level show their latest booking's: the level filter and the
    // total follow what the list shows.
    const shown = await get("/api/admin/students");
    expect(shown.body.total).toBe(all.length);
    expect(shown.body.students).toHaveLength(all.length);
    const advanced = shown.body.students
      .filter((s: { english_level: string | null }) => s.english_level === "advanced")
      .map((s: { id: string }) => s.id);
    const beginners = shown.body.students
      .filter((s: { english_level: string | null }) => s.english_level === "beginner")
      .map((s: { id: string }) => s.id);
    expect(beginners.length).toBe(15);
    expect(advanced.length).toBe(15);
    // The counters by level count every student, not one page.
    const page = await get("/api/admin/students?limit=5&search=Paging%20Student");
    expect(page.body.counts).toEqual({ all: all.length, beginner: 15, intermediate: 15, advanced: 15 });
    expectEachOnce(await walk(rest("&level=beginner")), beginners);
    const adv = await walk(rest("&level=advanced"));
    expect(new Set(adv.ids).size).toBe(adv.ids.length);
    expect([...adv.ids].sort()).toEqual([...advanced].sort());
    expect(adv.total).toBe(advanced.length);
    // Search and level together: every student matches "paging" (their email), 15 are intermediate.
    const intermediate = shown.body.students
      .filter((s: { english_level: string | null }) => s.english_level === "intermediate")
      .map((s: { id: string }) => s.id);
    expect(intermediate).toHaveLength(15);
    expectEachOnce(await walk(rest("&search=paging&level=intermediate")), intermediate);
  });

  it("notes: every note once with equal note dates and creation times; student and private filters combine", async () => {
    await db().studentNote.createMany({
      data: createdTogether(60, (i) => ({
        studentId: students[i % 2].id,
        authorId: admin.id,
        teacherNote: `Note ${i}`,
        noteDate: SAME,
        isPrivate: i % 4 === 0,
      })),
    });
    const all = ids(await db().studentNote.findMany({ select: { id: true } }));
    await expectEachOnceOnBoth(pagedLists.notes, all);
    const ofFirst = ids(
      await db().studentNote.findMany({ where: { studentId: students[0].id }, select: { id: true } }),
    );
    expectEachOnce(await walk(pagedLists.notes.rest(`&student_id=${students[0].id}`)), ofFirst);
    const privateOfFirst = ids(
      await db().studentNote.findMany({ where: { studentId: students[0].id, isPrivate: true }, select: { id: true } }),
    );
    expect(privateOfFirst.length).toBe(15);
    expectEachOnce(
      await walk(pagedLists.notes.rest(`&student_id=${students[0].id}&private_only=true`)),
      privateOfFirst,
    );
  });

  it("files: every file once with equal creation times; active and type filters combine", async () => {
    await db().sharedFile.createMany({
      data: createdTogether(60, (i) => ({
        studentId: students[i % 3].id,
        title: `File ${i}`,
        fileType: i % 2 === 0 ? "link" : "document",
        fileUrl: `https://example.com/${i}`,
        isActive: i % 5 !== 0,
      })),
    });
    const all = ids(await db().sharedFile.findMany({ select: { id: true } }));
    await expectEachOnceOnBoth(pagedLists.files, all);
    const activeLinks = ids(
      await db().sharedFile.findMany({ where: { isActive: true, fileType: "link" }, select: { id: true } }),
    );
    expect(activeLinks.length).toBe(24);
    expectEachOnce(await walk(pagedLists.files.rest("&is_active=true&file_type=link")), activeLinks);
  });

  it("inbox: availability requests and group sign-ups each page on their own, open ones first, with totals and open counts", async () => {
    const handledAt = new Date("2024-04-01T08:00:00.000Z");
    await db().availabilityRequest.createMany({
      data: createdTogether(40, (i) => ({
        name: `Request ${i}`,
        email: `r${i}@paging.test`,
        availability: "Evenings",
        location: "Online",
        handledAt: i % 2 === 0 ? handledAt : null,
      })),
    });
    const event = await db().groupEvent.findFirstOrThrow();
    const pack = await db().groupPackage.findFirstOrThrow();
    await db().groupSignup.createMany({
      data: createdTogether(30, (i) => ({
        eventId: event.id,
        groupPackageId: pack.id,
        name: `Signup ${i}`,
        email: `g${i}@paging.test`,
        priceCents: 9000,
        handledAt: i % 3 === 0 ? handledAt : null,
      })),
    });
    const requests = ids(await db().availabilityRequest.findMany({ select: { id: true } }));
    const signups = ids(await db().groupSignup.findMany({ select: { id: true } }));
    const servedRequests = await walk(async (offset) => {
      const { status, body } = await get(`/api/admin/inbox?limit=${PAGE}&requests_offset=${offset}&signups_offset=3`);
      expect(status).toBe(200);
      expect(body.open).toEqual({ availabilityRequests: 20, groupSignups: 20 });
      expect(body.totals.groupSignups).toBe(30);
      return { ids: ids(body.availabilityRequests), total: body.totals.availabilityRequests };
    });
    expectEachOnce(servedRequests, requests);
    // Open requests come first.
    const open = new Set(ids(await db().availabilityRequest.findMany({ where: { handledAt: null } })));
    expect(servedRequests.ids.slice(0, 20).every((id) => open.has(id))).toBe(true);
    expectEachOnce(
      await walk(async (offset) => {
        const r = await asAdmin().admin.inbox.list({ limit: PAGE, signups_offset: offset });
        return { ids: ids(r.groupSignups), total: r.totals.groupSignups };
      }),
      signups,
    );
    // Without parameters (the spec's call) both arrays come, with their totals.
    const plain = await get("/api/admin/inbox");
    expect(plain.body.availabilityRequests).toHaveLength(40);
    expect(plain.body.groupSignups).toHaveLength(30);
  });

  it("email: every outbox row once with equal creation times; the status filter combines with paging", async () => {
    await db().outboxEmail.createMany({
      data: createdTogether(50, (i) => ({
        kind: "booking_created",
        toAddress: `e${i}@paging.test`,
        subject: `Subject ${i}`,
        textBody: "Body",
        status: i % 5 === 0 ? "failed" : "sent",
        sentAt: i % 5 === 0 ? null : SAME,
      })),
    });
    const all = ids(await db().outboxEmail.findMany({ select: { id: true } }));
    await expectEachOnceOnBoth(pagedLists.emails, all);
    const failed = ids(await db().outboxEmail.findMany({ where: { status: "failed" }, select: { id: true } }));
    expect(failed.length).toBe(10);
    expectEachOnce(await walk(pagedLists.emails.rest("&status=failed", 3), 3), failed);
  });

  it("refuses bad paging parameters with a clear 400 on every list, over REST and tRPC", async () => {
    const lists = [
      "/api/admin/bookings",
      "/api/admin/students",
      "/api/admin/student-notes",
      "/api/admin/shared-files",
      "/api/admin/emails",
    ];
    for (const url of lists) {
      for (const bad of ["limit=0", "limit=abc", "limit=1000", "limit=2.5", "limit=", "limit=-3"]) {
        const { status, body } = await get(`${url}?${bad}`);
        expect(status, `${url}?${bad}`).toBe(400);
        expect(body.error).toMatch(/^The page size \(limit\) must be a whole number from 1 to (100|200)\.$/);
      }
      for (const bad of ["offset=-1", "offset=x", "offset=1.5", "offset=99999999999"]) {
        const { status, body } = await get(`${url}?${bad}`);
        expect(status, `${url}?${bad}`).toBe(400);
        expect(body.error).toBe("The page start (offset) must be a whole number from 0 to 10000000.");
      }
    }
    for (const bad of ["requests_offset=-1", "signups_offset=abc"]) {
      const { status, body } = await get(`/api/admin/inbox?${bad}`);
      expect(status).toBe(400);
      expect(body.error).toMatch(/^The page start \((requests|signups)_offset\) must be a whole number/);
    }
    expect((await get("/api/admin/inbox?limit=0")).status).toBe(400);
    // An offset past the end is not an error: an empty page with the total.
    const past = await get("/api/admin/bookings?offset=5000&limit=10");
    expect(past.status).toBe(200);
    expect(past.body.bookings).toEqual([]);
    expect(past.body.total).toBeGreaterThan(0);

    await expect(asAdmin().admin.bookings.list({ limit: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(asAdmin().admin.students({ offset: -1 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(asAdmin().admin.inbox.list({ requests_offset: 1.5 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(asAdmin().admin.emails.list({ limit: 101 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
