// Progress on one CEFR scale (issue 31, item 4) on a real migrated database (PGlite, or PostgreSQL
// with TEST_ENGINE=postgresql): a learner's points from every source — a placement result with its
// precision, a level test taken through the quiz API and scored from its stored answers, the
// teacher's skill tags written through the report path — on one scale, oldest first; the family
// sees only its own learners; the teacher's glance (moved up this term, not measured for three
// months) with an injected clock.
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { getProgressGlance } from "../../server/features/admin/level-glance.service.ts";
import { LABEL_DIFFICULTY } from "../../server/features/quiz/placement/irt.ts";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser } from "../helpers/booking-factory.ts";
import { defined } from "../helpers/defined.ts";
import { servedKeys } from "../helpers/served-keys.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
let nextDay = 3;
let seq = 0;

beforeAll(async () => {
  await t.setSettings({ bufferBetweenLessons: 0, maxAdvanceBooking: 90, autoConfirmBookings: true });
});

/** A family account with its own learner (the account holder) named like the account. */
async function family(name: string) {
  const student = await t.createStudent({ name, email: `levels-${++seq}-${Date.now()}@family.test` });
  const self = await db().learner.create({
    data: { accountId: student.id, name, nameKey: name.toLowerCase(), ageGroup: "adult", isSelf: true },
  });
  return { student, self };
}

/** A verified placement result for the learner, as the adaptive test stores it, dated `at`. */
async function placed(student: TestUser, learnerId: string, at: Date, theta: number, standardError = 0.3) {
  const attempt = await db().quizAttempt.create({
    data: {
      userId: student.id,
      quizType: "general",
      title: "General Level Assessment",
      questionIds: [],
      startedAt: at,
      deadlineAt: new Date(at.getTime() + 900_000),
      submittedAt: at,
      variant: "quick",
    },
  });
  return db().quizResult.create({
    data: {
      userId: student.id,
      learnerId,
      attemptId: attempt.id,
      quizType: "general",
      score: 10,
      totalQuestions: 15,
      isVerified: true,
      createdAt: at,
      metadata: { title: "General Level Assessment", placement: { theta, standardError } },
    },
  });
}

/** A B2 level test through the quiz API, every answer right: scored and stored by the server. */
async function levelTest(student: TestUser) {
  const caller = t.caller({ student });
  const quiz = await caller.quiz.start({ kind: "level", level: "b2" });
  const keys = await servedKeys(db(), quiz);
  const answers = Object.fromEntries(quiz.questions.map((q) => [q.id, defined(keys.get(q.id))]));
  return caller.quiz.submit({ attemptId: quiz.attemptId, answers });
}

/** A lesson for the learner named `learner`, booked through the API, moved to `at` (past), with a report tagging `skills`. */
async function taggedLesson(student: TestUser, learner: string, at: Date, skills: { skill: string; level: string }[]) {
  nextDay += 1;
  const start = romeDay(nextDay, 10);
  await t.addAvailability(start, 1);
  const booked = await t.send("POST", "/api/bookings", {
    as: student,
    payload: {
      studentInfo: studentInfo({ name: learner, email: student.email }),
      lesson_date: iso(start),
      lessonType: "online",
      teacher_id: t.teacherId,
    },
  });
  expect(booked.statusCode, booked.body).toBe(200);
  const id = booked.json().booking.id as string;
  await db().booking.update({ where: { id }, data: { startsAt: at, endsAt: new Date(at.getTime() + 3_600_000) } });
  const report = await t.send("PUT", `/api/admin/bookings/${id}/report`, {
    as: t.admin,
    payload: { summary: "Talked about holidays", skills },
  });
  expect(report.statusCode, report.body).toBe(200);
  return db().booking.findUniqueOrThrow({ where: { id }, select: { learnerId: true } });
}

const levels = (student: TestUser | null, learnerId?: string) =>
  t.send("GET", `/api/student/progress/levels${learnerId ? `?learner_id=${learnerId}` : ""}`, {
    ...(student ? { as: student } : {}),
  });

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const rome = (text: string) => DateTime.fromISO(text, { zone: "Europe/Rome" }).toJSDate();

describe(`progress on one CEFR scale on ${testEngine}`, () => {
  it("gives a learner's points from every source on one scale, oldest first: placed B1, then tagged B2", async () => {
    const { student, self } = await family("Sofia Bianchi");
    await placed(student, self.id, daysAgo(60), LABEL_DIFFICULTY.B1);
    const lesson = await taggedLesson(student, "Sofia Bianchi", daysAgo(20), [
      { skill: "speaking", level: "B2" },
      { skill: "writing", level: "B1" },
    ]);
    expect(lesson.learnerId).toBe(self.id);
    const submitted = await levelTest(student);
    expect(submitted.result).toMatchObject({ quizType: "level", isVerified: true });

    const response = await levels(student, self.id);
    expect(response.statusCode, response.body).toBe(200);
    const { learner_id, points } = response.json();
    expect(learner_id).toBe(self.id);
    expect(points.map((p: { source: string }) => p.source)).toEqual(["placement", "teacher", "teacher", "level_test"]);
    const dates = points.map((p: { date: string }) => p.date);
    expect([...dates].sort()).toEqual(dates);
    const [placement, ...rest] = points;
    expect(placement).toMatchObject({ level: "B1", ability: LABEL_DIFFICULTY.B1, precision: 0.3 });
    const speaking = rest.find((p: { label: string }) => p.label === "speaking");
    expect(speaking).toMatchObject({ source: "teacher", level: "B2", ability: LABEL_DIFFICULTY.B2 });
    expect(speaking.ability - placement.ability).toBe(1.5);
    // Every answer right on a B2 test reads at least B2, with a precision of its own.
    const test = defined(points.at(-1));
    expect(test.ability).toBeGreaterThanOrEqual(LABEL_DIFFICULTY.B2);
    expect(test.precision).toBeGreaterThan(0);
    // Without learner_id: the account holder's own learner.
    expect((await levels(student)).json()).toEqual(response.json());
    // The same over tRPC.
    expect(await t.caller({ student }).portal.levelProgress({ learner_id: self.id })).toEqual(response.json());
  });

  it("keeps a child's points apart from the parent's, and another family's learner is a 404", async () => {
    const { student: parent, self } = await family("Marta Gallo");
    await placed(parent, self.id, daysAgo(30), LABEL_DIFFICULTY.B2);
    const child = await taggedLesson(parent, "Nico Gallo", daysAgo(10), [{ skill: "reading", level: "A2" }]);
    const childId = defined(child.learnerId);
    expect(childId).not.toBe(self.id);

    const childPoints = (await levels(parent, childId)).json().points;
    expect(childPoints).toEqual([expect.objectContaining({ source: "teacher", level: "A2", label: "reading" })]);
    const parentPoints = (await levels(parent, self.id)).json().points;
    expect(parentPoints).toEqual([expect.objectContaining({ source: "placement", level: "B2" })]);

    const { student: other } = await family("Ugo Riva");
    const refused = await levels(other, childId);
    expect(refused.statusCode).toBe(404);
    expect(JSON.stringify(refused.json())).not.toContain("reading");
    expect((await levels(null, childId)).statusCode).toBe(401);
    // The teacher reads the child's points for the profile; a learner named under another family is a 404.
    const admin = t.caller({ admin: t.admin });
    expect((await admin.admin.learnerLevels({ student_id: parent.id, learner_id: childId })).points).toEqual(
      childPoints,
    );
    await expect(admin.admin.learnerLevels({ student_id: other.id, learner_id: childId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("shows the teacher who moved up a level this term and who has not been measured for three months", async () => {
    // The clock: mid-November, in the term that began on 1 September (the teacher's zone).
    const now = rome("2026-11-15T12:00");
    const { student: up, self: upSelf } = await family("Elena Moved");
    await placed(up, upSelf.id, rome("2026-09-10T16:00"), LABEL_DIFFICULTY.B1);
    await taggedLesson(up, "Elena Moved", rome("2026-10-20T10:00"), [{ skill: "speaking", level: "B2" }]);
    const { student: quiet, self: quietSelf } = await family("Paolo Quiet");
    await placed(quiet, quietSelf.id, rome("2026-08-01T10:00"), LABEL_DIFFICULTY.A2);
    const { self: never } = await family("Gina Never");
    // Placed B1 last term and B1 again this term: measured, not moved.
    const { student: same, self: sameSelf } = await family("Rita Same");
    await placed(same, sameSelf.id, rome("2026-06-10T10:00"), LABEL_DIFFICULTY.B1);
    await placed(same, sameSelf.id, rome("2026-10-01T10:00"), LABEL_DIFFICULTY.B1 + 0.2);

    const glance = await getProgressGlance(db(), now);
    const of = (id: string) => defined(glance.learners.find((l) => l.learner_id === id));
    expect(of(upSelf.id)).toMatchObject({
      name: "Elena Moved",
      student_id: up.id,
      guardian: null,
      moved_up: { from: "B1", to: "B2" },
      stale: false,
      latest: { source: "teacher", level: "B2" },
    });
    expect(of(quietSelf.id)).toMatchObject({ moved_up: null, stale: true, latest: { level: "A2" } });
    expect(of(never.id)).toMatchObject({ moved_up: null, stale: true, latest: null });
    expect(of(sameSelf.id)).toMatchObject({ moved_up: null, stale: false });

    // Over REST, for the teacher only; a child names its guardian.
    const rest = await t.send("GET", "/api/admin/progress", { as: t.admin });
    expect(rest.statusCode, rest.body).toBe(200);
    const ids = rest.json().learners.map((l: { learner_id: string }) => l.learner_id);
    expect(ids).toEqual(expect.arrayContaining([upSelf.id, quietSelf.id, never.id]));
    const child = await taggedLesson(up, "Leo Moved", rome("2026-10-21T10:00"), [{ skill: "reading", level: "A1" }]);
    const childRow = (await t.send("GET", "/api/admin/progress", { as: t.admin }))
      .json()
      .learners.find((l: { learner_id: string }) => l.learner_id === child.learnerId);
    expect(childRow).toMatchObject({ name: "Leo Moved", guardian: { name: "Elena Moved", email: up.email } });
    expect((await t.send("GET", "/api/admin/progress", { as: up })).statusCode).toBe(401);
    expect((await t.send("GET", "/api/admin/progress")).statusCode).toBe(401);
  });
});
