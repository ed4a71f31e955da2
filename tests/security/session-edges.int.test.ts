// Issue 27, items 7-9 (checklist 36-38): hostile bytes in cookies are no session and never a 5xx,
// sessions end at an absolute lifetime however often they are used, and every answer that
// depends on the session is `Cache-Control: no-store`. Routes and procedures are enumerated from
// the app, so a new one cannot be forgotten.
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSession,
  DEFAULT_SESSION_LIFETIMES,
  validateSessionToken,
} from "../../server/features/auth/session.service.ts";
import { expectEnumerated, fillPath, procedures, type Route, routeKey, routeTable } from "../helpers/app-surface.ts";
import { createUserWithSession, sessionForExistingUser, type TestUser } from "../helpers/booking-factory.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let student: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_SESSION_MAX_DAYS: "1" } });
  student = await createUserWithSession(t.database.prisma);
  admin = await sessionForExistingUser(t.database.prisma, "teacher@school.test", "admin");
});
afterAll(async () => {
  await t?.close();
});

/** One request to a route, its parameters filled, a JSON body for writes, same-site. */
function send(route: Route, cookie: string | undefined, params: Record<string, string> = {}) {
  const write = route.method !== "GET";
  const query = route.path.endsWith("/callback") ? "?code=c&state=s" : "";
  return t.app.inject({
    method: route.method as "GET",
    url: `${fillPath(route.path, params)}${query}`,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(write ? { "content-type": "application/json", "sec-fetch-site": "same-origin" } : {}),
    },
    payload: write ? "{}" : undefined,
  });
}

function sendProcedure(key: string, type: "query" | "mutation", cookie: string | undefined) {
  const cookies = cookie ? { cookie } : {};
  return type === "mutation"
    ? t.app.inject({
        method: "POST",
        url: `/api/trpc/${key}`,
        headers: { ...cookies, "content-type": "application/json", "sec-fetch-site": "same-origin" },
        payload: JSON.stringify({ json: {} }),
      })
    : t.app.inject({ method: "GET", url: `/api/trpc/${key}?input=${encodeURIComponent("{}")}`, headers: cookies });
}

const HOSTILE_COOKIES: [string, string][] = [
  ["NUL in both session cookies", "student_session=%00.%00; admin_session=%00.x"],
  ["a raw NUL-looking id", "student_session=%00; admin_session=.%00"],
  ["lone surrogates", "student_session=%ED%A0%80.%ED%A0%80; admin_session=%ED%B0%80.x"],
  ["bytes that are not UTF-8", "student_session=%FF%FE.%C0%AF; admin_session=%80"],
  ["10 KB values", `student_session=${"a".repeat(10_000)}; admin_session=${"b".repeat(5_000)}.${"c".repeat(5_000)}`],
  ["SQL in the id", `student_session='%3B DROP TABLE "User"%3B--.x; admin_session=1' OR '1'='1.x`],
  [
    "the right shape, unknown",
    `student_session=${"a".repeat(24)}.${"b".repeat(32)}; admin_session=${"c".repeat(24)}.${"d".repeat(32)}`,
  ],
  ["hostile sign-in flow cookies", "oauth_student=%00; oauth_admin=%ED%A0%80; oauth_state=%00"],
];

describe("hostile bytes in cookies (checklist 36)", () => {
  it.each(HOSTILE_COOKIES)("%s: no route and no procedure answers 5xx", async (_label, cookie) => {
    const routes = routeTable(t.app);
    expectEnumerated(routes.map(routeKey), ["GET /api/availability", "GET /api/student/profile"], 80);
    const failures: string[] = [];
    for (const route of routes) {
      const response = await send(route, cookie);
      if (response.statusCode >= 500) failures.push(`${routeKey(route)} -> ${response.statusCode}`);
    }
    for (const { key, type } of procedures()) {
      const response = await sendProcedure(key, type, cookie);
      if (response.statusCode >= 500) failures.push(`${key} -> ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it.each(HOSTILE_COOKIES.slice(0, 7))(
    "%s is no session: 401 where one is needed, and the cookie is cleared",
    async (_label, cookie) => {
      for (const url of ["/api/student/profile", "/api/admin/dashboard", "/api/student/lessons", "/api/admin/emails"]) {
        const response = await t.app.inject({ method: "GET", url, headers: { cookie } });
        expect(response.statusCode, url).toBe(401);
        const cleared = response.cookies.filter((c) => c.name.endsWith("_session"));
        expect(cleared.length, url).toBeGreaterThan(0);
        for (const c of cleared) expect(c.value).toBe("");
      }
    },
  );

  it("a hostile path parameter is a clean 4xx", async () => {
    const withParams = routeTable(t.app).filter((r) => r.path.includes("/:"));
    expect(withParams.length).toBeGreaterThan(15);
    const failures: string[] = [];
    for (const route of withParams) {
      for (const raw of ["%ED%A0%80", "%FF", "a".repeat(5000), "..%2F..%2Fetc%2Fpasswd", "%27%3B--"]) {
        const url = route.path.replace(/:(\w+)/g, raw);
        const response = await t.app.inject({
          method: route.method as "GET",
          url,
          headers: {
            cookie: `${student.cookie}; ${admin.cookie}`,
            ...(route.method !== "GET" ? { "content-type": "application/json", "sec-fetch-site": "same-origin" } : {}),
          },
          payload: route.method !== "GET" ? "{}" : undefined,
        });
        if (response.statusCode >= 500) failures.push(`${route.method} ${url.slice(0, 80)} -> ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("hostile bytes in headers (checklist 36)", () => {
  it.each([
    ["latin-1 bytes", "\u00ff\u00fe\u00e9"],
    ["a space and a tab", "key with\tspace"],
    ["10 KB", "k".repeat(10_000)],
  ])("an Idempotency-Key of %s is a clean 400 and books nothing", async (_label, key) => {
    const before = await t.database.prisma.booking.count();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/bookings/package",
      headers: {
        cookie: (await createUserWithSession(t.database.prisma)).cookie,
        "content-type": "application/json",
        "sec-fetch-site": "same-origin",
        "idempotency-key": key,
      },
      payload: "{}",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/Idempotency-Key/);
    expect(await t.database.prisma.booking.count()).toBe(before);
  });

  it("hostile values in the headers the app reads give no 5xx on any route", async () => {
    const headers = {
      "if-none-match": "\u00ff".repeat(2000),
      "accept-encoding": "\u00fe, br;q=\u00ff",
      "x-forwarded-for": "\u00ff, 999.999.1.1, ::::",
      "user-agent": "\u00ff".repeat(5000),
      "sec-fetch-site": "\u00ff",
      "accept-language": "\u00ff;q=x",
    };
    const failures: string[] = [];
    for (const route of routeTable(t.app).filter((r) => r.method === "GET")) {
      const response = await t.app.inject({ method: "GET", url: fillPath(route.path), headers });
      if (response.statusCode >= 500) failures.push(`${routeKey(route)} -> ${response.statusCode}`);
    }
    for (const page of ["/", "/book/pricing", "/student/dashboard", "/admin"]) {
      const response = await t.app.inject({ method: "GET", url: page, headers });
      if (response.statusCode >= 500) failures.push(`${page} -> ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("absolute session lifetime (checklist 37)", () => {
  it("a student session used every few days still ends 30 days after sign-in", async () => {
    const db = t.database.prisma;
    const start = new Date("2027-01-10T09:00:00Z");
    const { token, expiresAt } = await createSession(db, student.id, "student", start);
    expect(expiresAt.getTime()).toBe(start.getTime() + 30 * DAY);
    for (let day = 4; day < 30; day += 4) {
      const at = new Date(start.getTime() + day * DAY);
      const result = await validateSessionToken(db, token, "student", at);
      expect(result?.user.id, `day ${day}`).toBe(student.id);
      expect(result?.expiresAt.getTime()).toBeLessThanOrEqual(start.getTime() + 30 * DAY);
    }
    const justBefore = new Date(start.getTime() + 30 * DAY - 1);
    expect((await validateSessionToken(db, token, "student", justBefore))?.user.id).toBe(student.id);
    expect(await validateSessionToken(db, token, "student", new Date(start.getTime() + 30 * DAY))).toBeNull();
    expect(await db.session.count({ where: { id: token.split(".")[0] } })).toBe(0);
  });

  it("an admin session ends 7 days after sign-in by default, however recently used", async () => {
    const db = t.database.prisma;
    const start = new Date("2027-02-01T08:00:00Z");
    const { token, expiresAt } = await createSession(db, admin.id, "admin", start);
    expect(expiresAt.getTime()).toBe(start.getTime() + 7 * DAY);
    for (let hour = 12; hour < 7 * 24; hour += 12) {
      const at = new Date(start.getTime() + hour * 60 * 60 * 1000);
      expect((await validateSessionToken(db, token, "admin", at))?.user.id, `hour ${hour}`).toBe(admin.id);
    }
    expect(await validateSessionToken(db, token, "admin", new Date(start.getTime() + 7 * DAY))).toBeNull();
  });

  it("the lifetimes are settings: two days for a student ends it on the second day", async () => {
    const db = t.database.prisma;
    const lifetimes = { ...DEFAULT_SESSION_LIFETIMES, student: 2 };
    const start = new Date("2027-03-01T08:00:00Z");
    const { token, expiresAt } = await createSession(db, student.id, "student", start, lifetimes);
    expect(expiresAt.getTime()).toBe(start.getTime() + 2 * DAY);
    const dayOne = new Date(start.getTime() + DAY);
    expect((await validateSessionToken(db, token, "student", dayOne, lifetimes))?.user.id).toBe(student.id);
    const dayTwo = new Date(start.getTime() + 2 * DAY);
    expect(await validateSessionToken(db, token, "student", dayTwo, lifetimes)).toBeNull();
  });

  it("the app applies ADMIN_SESSION_MAX_DAYS: a day-old admin session is refused and its cookie cleared", async () => {
    const db = t.database.prisma;
    const fresh = await sessionForExistingUser(db, "teacher@school.test", "admin");
    const id = fresh.cookie.split("=")[1].split(".")[0];
    const ok = await t.app.inject({ method: "GET", url: "/api/admin/dashboard", headers: { cookie: fresh.cookie } });
    expect(ok.statusCode).toBe(200);
    await db.session.update({ where: { id }, data: { createdAt: new Date(Date.now() - DAY - 1000) } });
    const refused = await t.app.inject({
      method: "GET",
      url: "/api/admin/dashboard",
      headers: { cookie: fresh.cookie },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.cookies.find((c) => c.name === "admin_session")?.value).toBe("");
    expect(await db.session.count({ where: { id } })).toBe(0);
  });
});

describe("no-store on every answer that depends on the session (checklist 38)", () => {
  /** Fresh sessions for each call: a logout or an account deletion on the way ends the earlier ones. */
  const both = async () => {
    const [s, a] = await Promise.all([
      createUserWithSession(t.database.prisma),
      sessionForExistingUser(t.database.prisma, "teacher@school.test", "admin"),
    ]);
    return `${s.cookie}; ${a.cookie}`;
  };
  const isNoStore = (r: LightMyRequestResponse) => /\bno-store\b/.test(String(r.headers["cache-control"] ?? ""));
  /** An answer that does not depend on the session: the same without any cookie. */
  const sameWithout = (signedIn: LightMyRequestResponse, anonymous: LightMyRequestResponse) =>
    signedIn.statusCode === anonymous.statusCode && signedIn.body === anonymous.body;

  it("every REST route: no-store, or the very same answer without a session", async () => {
    const routes = routeTable(t.app);
    const missing: string[] = [];
    for (const route of routes) {
      const signedIn = await send(route, await both());
      if (isNoStore(signedIn)) continue;
      const anonymous = await send(route, undefined);
      if (!sameWithout(signedIn, anonymous)) missing.push(`${routeKey(route)} (${signedIn.statusCode})`);
    }
    expect(missing).toEqual([]);
  });

  it("every student and admin route and procedure is no-store, answered or refused", async () => {
    const personal = routeTable(t.app).filter(
      (r) =>
        (/^\/api\/(student|admin|files|quiz-results)\//.test(r.path) || r.path.endsWith("/status")) &&
        r.path !== "/api/admin/public-config", // the site's public settings, the same for everyone
    );
    expect(personal.length).toBeGreaterThan(60);
    const missing: string[] = [];
    for (const route of personal) {
      for (const cookie of [await both(), undefined]) {
        const response = await send(route, cookie);
        if (!isNoStore(response)) missing.push(`${routeKey(route)} ${cookie ? "signed in" : "anonymous"}`);
      }
    }
    for (const { key, type } of procedures().filter((p) => /^(portal|admin)\./.test(p.key))) {
      const response = await sendProcedure(key, type, await both());
      if (!isNoStore(response)) missing.push(key);
    }
    expect(missing).toEqual([]);
  });

  it("every procedure: no-store, or the very same answer without a session", async () => {
    const missing: string[] = [];
    for (const { key, type } of procedures()) {
      const signedIn = await sendProcedure(key, type, await both());
      if (isNoStore(signedIn)) continue;
      const anonymous = await sendProcedure(key, type, undefined);
      if (!sameWithout(signedIn, anonymous)) missing.push(`${key} (${signedIn.statusCode})`);
    }
    expect(missing).toEqual([]);
  });

  it("a real personal answer carries it: the student's lessons and the teacher's inbox", async () => {
    const student = await createUserWithSession(t.database.prisma);
    const admin = await sessionForExistingUser(t.database.prisma, "teacher@school.test", "admin");
    for (const [url, cookie] of [
      ["/api/student/lessons", student.cookie],
      ["/api/admin/inbox", admin.cookie],
      [`/api/trpc/portal.profile`, student.cookie],
    ] as const) {
      const response = await t.app.inject({ method: "GET", url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("private, no-store");
    }
  });
});
