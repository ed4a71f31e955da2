// Checklist #10 and #11 over the WHOLE surface: every tRPC mutation (enumerated from the router)
// and every REST write (every non-GET route of Fastify's table) refuses a cross-site request made
// with valid student and admin cookies, in every shape a browser can send without our script, and
// nothing in any table changed. A new mutation or route is covered the day it is added.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  changedTables,
  expectEnumerated,
  fillPath,
  fingerprint,
  procedures,
  routeKey,
  routeTable,
} from "../helpers/app-surface.ts";
import { createUserWithSession, sessionForExistingUser } from "../helpers/booking-factory.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  const student = await createUserWithSession(t.database.prisma);
  const admin = await sessionForExistingUser(t.database.prisma, "teacher@school.test", "admin");
  // Both sessions at once: a forged request rides on whatever the victim's browser holds.
  cookie = `${student.cookie}; ${admin.cookie}`;
});
afterAll(async () => {
  await t?.close();
});

const CROSS_SITE = "Cross-site requests are not allowed.";
const mutations = procedures().filter((p) => p.type === "mutation");
const body = JSON.stringify({ json: {} });
/** Writes of every kind (uploads, logout, bookings, admin writes): the route table must hold them. */
const KNOWN_WRITES = [
  "POST /api/files/upload",
  "POST /api/files/upload-student-profile-photo",
  "POST /api/student-auth/logout",
  "POST /api/auth/logout",
  "POST /api/bookings",
  "PUT /api/student/profile",
  "DELETE /api/admin/student-notes/:id",
  "POST /api/quiz-results/save",
];
const multipart = (payload: string) =>
  `--x\r\nContent-Disposition: form-data; name="json"\r\n\r\n${payload}\r\n--x--\r\n`;

/** The shapes a hostile page can POST: fetch/XHR cross-site, a form with each enctype. */
const shapes: [string, Record<string, string>, (payload: string) => string, number[]][] = [
  ["JSON marked cross-site", { "content-type": "application/json", "sec-fetch-site": "cross-site" }, (p) => p, [403]],
  ["JSON from a sibling site", { "content-type": "application/json", "sec-fetch-site": "same-site" }, (p) => p, [403]],
  [
    "JSON with a foreign Origin",
    { "content-type": "application/json", origin: "https://evil.example" },
    (p) => p,
    [403],
  ],
  [
    "text/plain form, foreign Origin",
    { "content-type": "text/plain", origin: "https://evil.example" },
    (p) => p,
    [403],
  ],
  ["text/plain form, cross-site", { "content-type": "text/plain", "sec-fetch-site": "cross-site" }, (p) => p, [403]],
  [
    "multipart form, cross-site",
    { "content-type": "multipart/form-data; boundary=x", "sec-fetch-site": "cross-site" },
    multipart,
    [403],
  ],
  [
    "urlencoded form, foreign Origin",
    { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    (p) => `json=${encodeURIComponent(p)}`,
    [403],
  ],
];

describe("every tRPC mutation", () => {
  it("is enumerated from the router (booking, admin and quiz writes are all there)", () => {
    const keys = mutations.map((m) => m.key);
    for (const k of ["booking.createBooking", "admin.notes.create", "admin.availability.deleteSlot", "quiz.submit"]) {
      expect(keys).toContain(k);
    }
    expect(keys.length).toBeGreaterThanOrEqual(20);
  });

  it.each(mutations)("$key refuses every cross-site shape and changes no table", async ({ key }) => {
    const before = await fingerprint(t.database.prisma);
    for (const [label, headers, encode, codes] of shapes) {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/trpc/${key}`,
        headers: { ...headers, cookie },
        payload: encode(body),
      });
      expect(codes, `${key}: ${label} -> ${response.statusCode}`).toContain(response.statusCode);
    }
    // Same-site content types without any fetch metadata (an old browser's form) are not JSON: 415.
    for (const type of ["text/plain", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded"]) {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/trpc/${key}`,
        headers: { "content-type": type, cookie },
        payload: type.startsWith("multipart") ? multipart(body) : body,
      });
      expect(response.statusCode, `${key}: ${type} without Origin`).toBe(415);
    }
    // A mutation can never be reached with GET (a link or an <img>).
    const viaGet = await t.app.inject({
      method: "GET",
      url: `/api/trpc/${key}?input=${encodeURIComponent(body)}`,
      headers: { cookie },
    });
    expect(viaGet.statusCode, `${key} via GET`).toBeGreaterThanOrEqual(400);
    expect(changedTables(before, await fingerprint(t.database.prisma)), key).toEqual([]);

    // The control: the same request from our own origin reaches the procedure (no CSRF refusal).
    const own = await t.app.inject({
      method: "POST",
      url: `/api/trpc/${key}`,
      headers: {
        "content-type": "application/json",
        "sec-fetch-site": "same-origin",
        origin: t.env.PUBLIC_URL,
        cookie,
      },
      payload: body,
    });
    expect(own.statusCode, `${key} same-origin`).not.toBe(415);
    expect(own.body).not.toContain(CROSS_SITE);
  });
});

describe("every REST write", () => {
  const writes = () => routeTable(t.app).filter((r) => r.method !== "GET");

  it("is enumerated from the route table (uploads, logout, bookings, admin writes)", () => {
    expectEnumerated(writes().map(routeKey), KNOWN_WRITES, 30);
  });

  it("refuses every write from another site with 403, before any side effect", async () => {
    const ids = {
      id: (await t.database.prisma.booking.findFirstOrThrow()).id,
      kind: "group-signup",
      name: "x",
      code: "X",
    };
    for (const { method, path } of writes()) {
      const url = fillPath(path, ids);
      const before = await fingerprint(t.database.prisma);
      for (const [label, headers, encode] of shapes) {
        const payload = encode(JSON.stringify({ name: "Mallory", lesson_date: "2031-01-07T10:00:00.000Z" }));
        const response = await t.app.inject({
          method: method as "POST",
          url,
          headers: { ...headers, cookie },
          payload,
        });
        expect(response.statusCode, `${method} ${path}: ${label}`).toBe(403);
        expect(response.json()).toEqual({ error: CROSS_SITE });
      }
      expect(changedTables(before, await fingerprint(t.database.prisma)), `${method} ${path}`).toEqual([]);
    }
    // Sessions are intact: the cross-site logouts above did not sign anyone out.
    const status = await t.app.inject({ method: "GET", url: "/api/student-auth/status", headers: { cookie } });
    expect(status.json().authenticated).toBe(true);
  });
});
