// The settings' time zone is the teacher's zone everywhere, not only in the booking grid: the
// public config gives it to the portal (lesson times, deadlines, rebooking) and the portal's
// weekly figures (streaks, and lessons per week, computed alike) count the teacher's weeks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../server/features/auth/session.service.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.prisma;
  const teacher = await db.teacher.findFirstOrThrow({ select: { id: true } });
  const user = await db.user.create({
    data: { email: "zoe@students.test", name: "Zoe Student", emailVerified: true, referralCode: "ZOE2025" },
  });
  cookie = `student_session=${(await createSession(db, user.id, "student")).token}`;
  const lesson = (startsAt: string) => ({
    studentId: user.id,
    teacherId: teacher.id,
    studentName: user.name,
    studentEmail: user.email,
    lessonType: "online",
    status: "completed" as const,
    startsAt: new Date(startsAt),
    endsAt: new Date(new Date(startsAt).getTime() + 3_600_000),
  });
  // Sunday 2 March 2025, 23:30 in London (UTC then) is already Monday 3 March, 00:30 in Rome:
  // ISO week 9 in London, week 10 in Rome. The second lesson is in week 11 for both.
  await db.booking.create({ data: lesson("2025-03-02T23:30:00Z") });
  await db.booking.create({ data: lesson("2025-03-12T10:00:00Z") });
}, 60_000);

afterAll(async () => {
  await t.close();
});

const progress = async () =>
  (await t.app.inject({ method: "GET", url: "/api/student/progress", headers: { cookie } })).json();
const publicConfig = async () => (await t.app.inject({ method: "GET", url: "/api/admin/public-config" })).json();

describe("the teacher's zone from the settings", () => {
  it("is Europe/Rome by default: two consecutive weeks", async () => {
    expect((await publicConfig()).contact.timezone).toBe("Europe/Rome");
    expect((await progress()).stats.longestStreak).toBe(2);
  });

  it("follows the setting: in London the same lessons are two weeks apart", async () => {
    await t.database.prisma.adminSettings.update({ where: { id: "site" }, data: { timezone: "Europe/London" } });
    expect((await publicConfig()).contact.timezone).toBe("Europe/London");
    expect((await progress()).stats.longestStreak).toBe(1);
  });

  it("falls back to Europe/Rome when the stored zone is not a real one", async () => {
    await t.database.prisma.adminSettings.update({ where: { id: "site" }, data: { timezone: "Mars/Olympus" } });
    expect((await publicConfig()).contact.timezone).toBe("Europe/Rome");
    expect((await progress()).stats.longestStreak).toBe(2);
  });
});
