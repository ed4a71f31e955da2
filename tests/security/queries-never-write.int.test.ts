// Checklist #11 ("queries that write"): every tRPC query and every GET route, called as a visitor,
// as a student and as the teacher with plausible inputs (real ids of the demo data), leaves every
// table exactly as it was: same row count and same content hash. The only documented exception:
// a session's expiry is extended when it is used (the Session table is compared by row count).
// GET /api/files/download/:name records a student's download of a shared file in FileAccessLog
// and stamps SharedFile.lastViewedAt (issue 4 item 9 asks for that audit trail); that case is
// asserted separately below.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changedTables, fillPath, fingerprint, procedures, routeTable } from "../helpers/app-surface.ts";
import { createUserWithSession, sessionForExistingUser } from "../helpers/booking-factory.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let viewers: [string, string | undefined][];
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  const db = t.database.prisma;
  const demo = await sessionForExistingUser(db, "demo.student@example.com", "student");
  const admin = await sessionForExistingUser(db, "teacher@school.test", "admin");
  const other = await createUserWithSession(db);
  viewers = [
    ["visitor", undefined],
    ["demo student", demo.cookie],
    ["another student", other.cookie],
    ["teacher", admin.cookie],
  ];
  const booking = await db.booking.findFirstOrThrow({ where: { studentId: demo.id } });
  const note = await db.studentNote.findFirst();
  const pkg = await db.package.findFirstOrThrow();
  const teacher = await db.teacher.findFirstOrThrow();
  const referrer = await db.user.findFirstOrThrow({ where: { referralCode: { not: null } } });
  const quiz = await db.quizResult.findFirst();
  ids = {
    id: booking.id,
    bookingId: booking.id,
    noteId: note?.id ?? booking.id,
    packageId: pkg.id,
    teacherId: teacher.id,
    studentId: demo.id,
    code: referrer.referralCode ?? "NOPE",
    resultId: quiz?.id ?? booking.id,
    name: "0123456789abcdef0123456789abcdef.pdf",
    kind: "group-signup",
  };
});
afterAll(async () => {
  await t?.close();
});

/** Plausible inputs per query; every query is also called with no input and an empty object. */
function inputsFor(key: string): unknown[] {
  const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const later = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
  const plausible: Record<string, unknown[]> = {
    "booking.package": [{ id: ids.packageId }],
    "booking.availability": [
      { startDate: day, endDate: later },
      { startDate: day, endDate: later, teacherId: ids.teacherId },
    ],
    "booking.quote": [{ packageId: ids.packageId }, { packageId: ids.packageId, referralCode: ids.code }],
    "booking.getBooking": [{ id: ids.bookingId }],
    "admin.bookings.list": [{ status: "all" }, { status: "pending", search: "Sofia" }],
    "admin.bookings.get": [{ id: ids.bookingId }],
    "admin.students": [{ search: "Sofia" }],
    "admin.notes.list": [{ studentId: ids.studentId }],
    "admin.notes.get": [{ id: ids.noteId }],
    "admin.files.list": [{ studentId: ids.studentId }],
    "admin.availability.list": [{ startDate: day, endDate: later }],
    "quiz.result": [{ id: ids.resultId }],
    "quiz.certificate": [{ resultId: ids.resultId }],
    "quiz.preview": [
      { kind: "level", level: "b1" },
      { kind: "general", type: "comprehensive" },
      { kind: "concept", concept: "present-simple", level: "mixed" },
      { kind: "ai" },
    ],
  };
  return [undefined, {}, ...(plausible[key] ?? [])];
}

/** Query strings per GET route, besides none. */
const QUERY_STRINGS: Record<string, string[]> = {
  "/api/availability": ["?startDate=2030-01-01&endDate=2030-01-14", "?admin=true"],
  "/api/student/lessons": ["?upcoming=true&limit=5", "?status=completed"],
  "/api/admin/bookings": ["?status=pending", "?search=Sofia"],
  "/api/admin/students": ["?search=Sofia"],
  "/api/admin/student-notes": [`?student_id=STUDENT`],
  "/api/admin/shared-files": [`?student_id=STUDENT`],
  "/api/admin/availability": ["?startDate=2030-01-01&endDate=2030-01-14"],
  "/api/student-auth/google": ["?next=/student/dashboard"],
  "/api/auth/google/callback": ["?code=x&state=y"],
  "/api/student-auth/google/callback": ["?code=x&state=y", "?error=access_denied"],
};

describe("tRPC queries", () => {
  const queries = procedures().filter((p) => p.type === "query");

  it.each(queries)("$key writes nothing, for any viewer and input", async ({ key }) => {
    const before = await fingerprint(t.database.prisma);
    for (const [who, cookie] of viewers) {
      for (const input of inputsFor(key)) {
        const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
        const response = await t.app.inject({
          method: "GET",
          url: `/api/trpc/${key}${query}`,
          headers: cookie ? { cookie } : {},
        });
        expect(response.statusCode, `${key} as ${who} with ${JSON.stringify(input)}`).toBeLessThan(500);
      }
    }
    expect(changedTables(before, await fingerprint(t.database.prisma)), key).toEqual([]);
  });
});

describe("GET routes", () => {
  it("every GET route writes nothing, for any viewer", async () => {
    const gets = routeTable(t.app).filter((r) => r.method === "GET");
    expect(gets.length).toBeGreaterThanOrEqual(40);
    for (const { path } of gets) {
      const before = await fingerprint(t.database.prisma);
      for (const suffix of ["", ...(QUERY_STRINGS[path] ?? [])]) {
        const url = fillPath(path, ids) + suffix.replace("STUDENT", ids.studentId);
        for (const [who, cookie] of viewers) {
          const response = await t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
          expect(response.statusCode, `GET ${url} as ${who}`).toBeLessThan(500);
        }
      }
      expect(changedTables(before, await fingerprint(t.database.prisma)), `GET ${path}`).toEqual([]);
    }
  });

  it("the one documented exception: a student's download of a shared file adds one access-log row and stamps the file's lastViewedAt, nothing else", async () => {
    const db = t.database.prisma;
    const admin = viewers.find(([w]) => w === "teacher")?.[1] as string;
    const student = viewers.find(([w]) => w === "demo student")?.[1] as string;
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fe0def46b80000000049454e44ae426082",
      "hex",
    );
    const boundary = "----sheet";
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/files/upload",
      headers: {
        cookie: admin,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "sec-fetch-site": "same-origin",
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sheet.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode).toBe(200);
    const fileUrl = upload.json().fileUrl as string;
    const share = await t.app.inject({
      method: "POST",
      url: "/api/admin/shared-files",
      headers: { cookie: admin, "content-type": "application/json", "sec-fetch-site": "same-origin" },
      payload: { student_id: ids.studentId, title: "Sheet", file_url: fileUrl, file_type: "image" },
    });
    expect(share.statusCode).toBe(200);
    const before = await fingerprint(db);
    const download = await t.app.inject({ method: "GET", url: fileUrl, headers: { cookie: student } });
    expect(download.statusCode).toBe(200);
    // One FileAccessLog row and the file's lastViewedAt ("viewed" in the teacher's file list).
    expect(changedTables(before, await fingerprint(db))).toEqual(["FileAccessLog", "SharedFile"]);
    // The teacher's own download of the same file is not a student access: nothing written.
    const again = await fingerprint(db);
    expect((await t.app.inject({ method: "GET", url: fileUrl, headers: { cookie: admin } })).statusCode).toBe(200);
    expect(changedTables(again, await fingerprint(db))).toEqual([]);
  });
});
