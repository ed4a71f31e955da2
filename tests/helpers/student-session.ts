// A student's browser in tests that sign in through the test OIDC issuer and book through the REST
// API: the referral tests drive both the same way.
import type { DateTime } from "luxon";
import { afterAll, beforeAll, expect } from "vitest";
import { addAvailability, iso, romeDay, SEEDED_ADMIN, sessionForExistingUser, studentInfo } from "./booking-factory.ts";
import { completeSignIn, type IdentityClaims, type Issuer, startIssuer } from "./oidc-issuer.ts";
import { CookieJar, createTestApp, injectAs, type TestApp } from "./test-app.ts";

export type Session = { cookie: string };

/** Google sign-in as a student through the issuer: start, authorise, callback. Returns the session cookie. */
export async function signInThroughIssuer(t: TestApp, issuer: Issuer, claims: IdentityClaims): Promise<Session> {
  const jar = new CookieJar();
  issuer.willIssue(claims);
  const start = jar.store(await t.app.inject({ method: "GET", url: "/api/student-auth/google" }));
  expect(start.statusCode).toBe(302);
  const { response: done } = await completeSignIn(t.app, jar, start);
  expect(done.headers.location).toBe("/student/dashboard");
  return { cookie: `student_session=${jar.get("student_session")}` };
}

/** A request as `who` (or signed out), the payload sent as JSON. */
export function callAs(
  t: TestApp,
  method: "GET" | "POST" | "PUT",
  url: string,
  who: Session | null,
  payload?: unknown,
) {
  return injectAs(t.app, method, url, { as: who, payload });
}

/** The Standard Package (6 lessons, €192) in six hours opened from `day`, with or without a referral code. */
export async function bookStandardPackage(
  t: TestApp,
  teacherId: string,
  day: DateTime,
  who: Session,
  referralCode?: string,
) {
  await addAvailability(t.database.prisma, teacherId, day, 6);
  const starts: DateTime[] = [0, 1, 2, 3, 4, 5].map((h) => day.plus({ hours: h }));
  const response = await callAs(t, "POST", "/api/bookings/package", who, {
    studentInfo: studentInfo(),
    lesson_dates: starts.map(iso),
    lessonType: "online",
    teacher_id: teacherId,
    packageInfo: { id: "standard-6", name: "Standard Package", lessons: 6, totalPrice: 192 },
    ...(referralCode ? { referralCode } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().order;
}

/**
 * A test OIDC issuer and an app that signs students in through it (as Google client `client`),
 * with the seeded teacher's id and an admin session; close with `t.close()` and `issuer.stop()`.
 */
export async function startAppWithIssuer(client: string) {
  const issuer = await startIssuer();
  const t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: `${client}-client`,
      GOOGLE_CLIENT_SECRET: `${client}-secret`,
      OIDC_ISSUER: issuer.url,
      ADMIN_EMAILS: SEEDED_ADMIN,
    },
  });
  const db = t.database.prisma;
  const teacherId = (await db.teacher.findFirstOrThrow({ select: { id: true } })).id;
  const admin = await sessionForExistingUser(db, SEEDED_ADMIN, "admin");
  return { issuer, t, teacherId, admin };
}

export type IssuerApp = Awaited<ReturnType<typeof startAppWithIssuer>> & {
  db(): TestApp["database"]["prisma"];
  signIn(claims: IdentityClaims): Promise<Session>;
  call(method: "GET" | "POST" | "PUT", url: string, who: Session | null, payload?: unknown): ReturnType<typeof callAs>;
  /** The Standard Package (6 lessons, €192) on a fresh day two weeks or more ahead, each call a day later. */
  bookPackage(who: Session, referralCode?: string): ReturnType<typeof bookStandardPackage>;
  /** How many days ahead the last bookPackage booked. */
  lastBookedDay(): number;
  /** GET /api/student/referrals as `who`, answered 200. */
  referralData(who: Session): Promise<unknown>;
};

/**
 * A test file's app behind its own OIDC issuer (startAppWithIssuer, started and stopped by the
 * file's hooks), with the referral tests' shorthands bound to it.
 */
export function prepareIssuerApp(client: string): IssuerApp {
  let nextDay = 4;
  const app = {
    db: () => app.t.database.prisma,
    signIn: (claims) => signInThroughIssuer(app.t, app.issuer, claims),
    call: (method, url, who, payload) => callAs(app.t, method, url, who, payload),
    bookPackage: (who, referralCode) => {
      nextDay += 1;
      return bookStandardPackage(app.t, app.teacherId, romeDay(nextDay, 9), who, referralCode);
    },
    lastBookedDay: () => nextDay,
    referralData: async (who) => {
      const response = await callAs(app.t, "GET", "/api/student/referrals", who);
      expect(response.statusCode).toBe(200);
      return response.json();
    },
  } as IssuerApp;
  beforeAll(async () => {
    Object.assign(app, await startAppWithIssuer(client));
  });
  afterAll(async () => {
    await app.t?.close();
    await app.issuer?.stop();
  });
  return app;
}
