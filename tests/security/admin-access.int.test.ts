// Privilege escalation (SECURITY-CHECKLIST #13): every admin procedure and every admin REST
// route refuses visitors, student sessions and non-admin accounts. The lists are enumerated
// from the router and the route table, so a new procedure or route without a role check fails.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../server/features/auth/session.service.ts";
import { appRouter } from "../../server/trpc/root.ts";
import { expectEnumerated, routeKey, routeTable } from "../helpers/app-surface.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let studentCookie: string;
let forgedAdminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const student = await t.database.prisma.user.create({ data: { email: "pupil@test.example", name: "Pupil" } });
  studentCookie = `student_session=${(await createSession(t.database.prisma, student.id, "student")).token}`;
  // A student holding an admin-kind session: still refused, the role is read from the user row.
  forgedAdminCookie = `admin_session=${(await createSession(t.database.prisma, student.id, "admin")).token}`;
});
afterAll(async () => {
  await t?.close();
});

const adminProcedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
)
  .filter(([key]) => key.startsWith("admin."))
  .map(([key, proc]) => ({ key, type: proc._def.type }));
/** Procedures of every panel: the enumeration must find them. */
const PANEL_PROCEDURES = [
  "admin.bookings.update",
  "admin.notes.create",
  "admin.files.create",
  "admin.availability.bulk",
  "admin.settings.update",
  "admin.inbox.list",
];
/** Admin routes of spec §7: the route table must hold them. */
const SPEC_ADMIN_ROUTES = [
  "GET /api/admin/dashboard",
  "PUT /api/admin/bookings/:id",
  "GET /api/admin/student-notes/tags/all",
  "DELETE /api/admin/shared-files/:id",
  "PUT /api/admin/settings",
  "POST /api/availability/bulk",
  "GET /api/availability/schedule",
  "DELETE /api/availability/schedule",
];

describe("the whole admin tRPC router", () => {
  it("has the procedures of every panel", () => {
    expectEnumerated(
      adminProcedures.map((p) => p.key),
      PANEL_PROCEDURES,
      25,
    );
  });

  it.each(adminProcedures)(
    "$key refuses visitors (401), students (401) and non-admin accounts (403)",
    async ({ key, type }) => {
      const call = (cookie?: string) =>
        type === "query"
          ? t.app.inject({
              method: "GET",
              url: `/api/trpc/${key}?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`,
              headers: cookie ? { cookie } : {},
            })
          : t.app.inject({
              method: "POST",
              url: `/api/trpc/${key}`,
              headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
              payload: JSON.stringify({ json: {} }),
            });
      expect((await call()).statusCode).toBe(401);
      expect((await call(studentCookie)).statusCode).toBe(401);
      expect((await call(forgedAdminCookie)).statusCode).toBe(403);
    },
  );
});

describe("every admin REST route", () => {
  const routes = () =>
    routeTable(t.app, ["HEAD"]).filter(
      (r) =>
        ((r.path.startsWith("/api/admin/") && r.path !== "/api/admin/public-config") ||
          r.path.startsWith("/api/availability")) &&
        // GET /api/availability is the visitors' grid; the rest under it is the teacher's.
        !(r.path === "/api/availability" && r.method === "GET"),
    );

  it("finds the routes of §7 in the table", () => {
    expectEnumerated(routes().map(routeKey), SPEC_ADMIN_ROUTES, 20);
  });

  it("refuses visitors and students with 401 and non-admin accounts with 403, changing nothing", async () => {
    const db = t.database.prisma;
    const before = [
      await db.availabilitySlot.count(),
      await db.studentNote.count(),
      await db.sharedFile.count(),
      await db.booking.count(),
    ];
    for (const { method, path } of routes()) {
      const url = path.replace(":kind", "group-signup").replace(/:id|:name/g, randomUUID());
      const send = (cookie?: string) =>
        t.app.inject({
          method: method as "GET",
          url,
          headers: {
            ...(method === "GET" || method === "DELETE" ? {} : { "content-type": "application/json" }),
            ...(cookie ? { cookie } : {}),
          },
          ...(method === "GET" || method === "DELETE" ? {} : { payload: "{}" }),
        });
      expect((await send()).statusCode, `${method} ${path} visitor`).toBe(401);
      expect((await send(studentCookie)).statusCode, `${method} ${path} student`).toBe(401);
      expect((await send(forgedAdminCookie)).statusCode, `${method} ${path} non-admin`).toBe(403);
    }
    expect([
      await db.availabilitySlot.count(),
      await db.studentNote.count(),
      await db.sharedFile.count(),
      await db.booking.count(),
    ]).toEqual(before);
  });

  it("keeps the public config public", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/admin/public-config" })).statusCode).toBe(200);
  });
});
