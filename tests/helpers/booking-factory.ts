// Factories for booking tests: students with real sessions, availability in the teacher's zone,
// site settings, and tRPC callers with the same services the app uses.
import type { LightMyRequestResponse } from "fastify";
import { DateTime } from "luxon";
import { beforeAll } from "vitest";
import { newReferralCode } from "../../server/codes.ts";
import type { Db } from "../../server/db.ts";
import type { Env } from "../../server/env.ts";
import { createSession } from "../../server/features/auth/session.service.ts";
import { MemoryRateLimiter } from "../../server/plugins/rate-limit.ts";
import { createInnerContext } from "../../server/trpc/context.ts";
import { createCaller } from "../../server/trpc/root.ts";
import { injectAs, prepareTestApp, type TestApp } from "./test-app.ts";

export const ZONE = "Europe/Rome";
/** The teacher the seed creates, whose account ADMIN_EMAILS makes the admin in tests. */
export const SEEDED_ADMIN = "teacher@school.test";
let counter = 0;

export type TestUser = {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  imageUrl: string | null;
  referralCode: string;
  cookie: string;
};

/** A user with a real session of the given kind; `cookie` goes straight into inject(). */
export async function createUserWithSession(
  db: Db,
  opts: { kind?: "student" | "admin"; email?: string; name?: string; isAdmin?: boolean } = {},
): Promise<TestUser> {
  const kind = opts.kind ?? "student";
  counter++;
  const user = await db.user.create({
    data: {
      email: opts.email ?? `student${counter}-${Date.now()}@test.example`,
      name: opts.name ?? `Student ${counter}`,
      emailVerified: true,
      isAdmin: opts.isAdmin ?? kind === "admin",
      referralCode: newReferralCode(),
    },
    select: { id: true, email: true, name: true, isAdmin: true, imageUrl: true, referralCode: true },
  });
  const { token } = await createSession(db, user.id, kind);
  return { ...user, referralCode: user.referralCode ?? "", cookie: `${kind}_session=${token}` };
}

/** A session for a user the seed created (the admin of ADMIN_EMAILS). */
export async function sessionForExistingUser(db: Db, email: string, kind: "student" | "admin"): Promise<TestUser> {
  const user = await db.user.findUniqueOrThrow({
    where: { email },
    select: { id: true, email: true, name: true, isAdmin: true, imageUrl: true, referralCode: true },
  });
  const { token } = await createSession(db, user.id, kind);
  return { ...user, referralCode: user.referralCode ?? "", cookie: `${kind}_session=${token}` };
}

export type BookingTestApp = TestApp & {
  /** The seeded teacher, and the admin session of her account. */
  teacherId: string;
  admin: TestUser;
  /** The factories below, on this app's database (and the seeded teacher, and its env). */
  createStudent(opts?: Parameters<typeof createUserWithSession>[1]): Promise<TestUser>;
  addAvailability(start: DateTime, hours: number, recurring?: string): Promise<{ id: string }>;
  setSettings(data: Parameters<typeof setSettings>[1]): Promise<void>;
  caller(as?: Parameters<typeof callerFor>[2], rateLimiter?: MemoryRateLimiter): ReturnType<typeof callerFor>;
  /** inject() as `as` (or a visitor); a `payload` goes as JSON. */
  send(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    opts?: { as?: TestUser; payload?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
};

/**
 * A test file's app (prepareTestApp) with the seeded teacher, her admin session, and the factories
 * below on its database.
 */
export function prepareBookingApp(opts: Parameters<typeof prepareTestApp>[0] = {}): BookingTestApp {
  // Filled in by the hooks: prepareTestApp's first, then the one below.
  const suite = prepareTestApp(opts) as BookingTestApp;
  beforeAll(async () => {
    const db = suite.database.prisma;
    const teacher = await db.teacher.findFirstOrThrow({ where: { email: SEEDED_ADMIN }, select: { id: true } });
    const admin = await sessionForExistingUser(db, SEEDED_ADMIN, "admin");
    Object.assign(suite, {
      teacherId: teacher.id,
      admin,
      createStudent: (opts) => createUserWithSession(db, opts),
      addAvailability: (start, hours, recurring) => addAvailability(db, teacher.id, start, hours, recurring),
      setSettings: (data) => setSettings(db, data),
      caller: (as, rateLimiter) => callerFor(db, suite.env, as, rateLimiter),
      send: (method, url, opts) => injectAs(suite.app, method, url, opts),
    } satisfies Omit<BookingTestApp, keyof TestApp>);
  });
  return suite;
}

export const sessionUserOf = (u: TestUser) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  isAdmin: u.isAdmin,
  imageUrl: u.imageUrl,
});

/** A tRPC caller as this student (or admin, or a visitor), without HTTP. */
export function callerFor(
  db: Db,
  env: Env,
  as: { student?: TestUser; admin?: TestUser } = {},
  rateLimiter = new MemoryRateLimiter(),
) {
  return createCaller(
    createInnerContext(
      { db, env, rateLimiter },
      { student: as.student ? sessionUserOf(as.student) : null, admin: as.admin ? sessionUserOf(as.admin) : null },
    ),
  );
}

/** A day `daysAhead` from today in Rome at `hour`:00 local. */
export function romeDay(daysAhead: number, hour = 0): DateTime {
  return DateTime.now().setZone(ZONE).startOf("day").plus({ days: daysAhead }).set({ hour });
}

export async function addAvailability(db: Db, teacherId: string, start: DateTime, hours: number, recurring = "none") {
  return db.availabilitySlot.create({
    data: { teacherId, startsAt: start.toJSDate(), endsAt: start.plus({ hours }).toJSDate(), recurring },
    select: { id: true },
  });
}

export async function setSettings(
  db: Db,
  data: {
    bufferBetweenLessons?: number;
    maxAdvanceBooking?: number;
    autoConfirmBookings?: boolean;
    defaultMeetingLink?: string | null;
    timezone?: string;
  },
) {
  await db.adminSettings.upsert({ where: { id: "site" }, create: { id: "site", ...data }, update: data });
}

export const studentInfo = (overrides: Record<string, unknown> = {}) => ({
  name: "Luca Neri",
  email: "ignored@test.example",
  phone: "+39 333 000 1111",
  english_level: "intermediate" as const,
  lesson_focus: "Business meetings",
  notes: "",
  ...overrides,
});

export const iso = (d: DateTime) => d.toUTC().toISO() as string;

/**
 * Books the five-lesson online package as `student` on `day`'s five hours from its hour (opened as
 * availability first), through the API; the answer's body. Fails the test unless it is a 200.
 */
export async function bookOnlinePackage(t: BookingTestApp, student: TestUser, day: DateTime) {
  await t.addAvailability(day, 5);
  const response = await t.send("POST", "/api/bookings/package", {
    as: student,
    payload: {
      studentInfo: studentInfo({ name: student.name }),
      lesson_dates: [0, 1, 2, 3, 4].map((h) => iso(day.plus({ hours: h }))),
      lessonType: "online",
      teacher_id: t.teacherId,
      packageInfo: { id: "online-5", name: "Online Starter", lessons: 5, totalPrice: 1 },
    },
  });
  if (response.statusCode !== 200) throw new Error(`booking the package: ${response.statusCode} ${response.body}`);
  return response.json() as { order: { id: string; totalPrice: number }; bookings: { id: string; order_id: string }[] };
}
