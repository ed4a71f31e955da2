// Certificates that mean what they say, and only server-scored results count (issue 14, items 3
// and 5), on a real database (PGlite, or PostgreSQL with TEST_ENGINE=postgresql).
import { describe, expect, it } from "vitest";
import { createSession } from "../../server/features/auth/session.service.ts";
import { RESERVE_PER_LEVEL } from "../../server/features/quiz/certification.ts";
import { buildLearnerProfile } from "../../server/features/quiz/question-plans.service.ts";
import { MemoryRateLimiter } from "../../server/plugins/rate-limit.ts";
import { createInnerContext } from "../../server/trpc/context.ts";
import { createCaller } from "../../server/trpc/root.ts";
import { defined } from "../helpers/defined.ts";
import { servedKeys } from "../helpers/served-keys.ts";
import { prepareTestApp } from "../helpers/test-app.ts";

type Student = { id: string; email: string; name: string; isAdmin: false; imageUrl: null };
type Started = { attemptId: string; questions: { id: string; options: string[] }[] };

const t = prepareTestApp();
let seq = 0;
const HOUR = 60 * 60 * 1000;

async function newStudent(name = "Sofia Bianchi") {
  const user = await t.database.prisma.user.create({ data: { email: `t${++seq}-${Date.now()}@trust.test`, name } });
  const { token } = await createSession(t.database.prisma, user.id, "student");
  const student: Student = { id: user.id, email: user.email, name: user.name, isAdmin: false, imageUrl: null };
  return { student, cookie: `student_session=${token}`, caller: callerFor(student) };
}

const callerFor = (student: Student) =>
  createCaller(
    createInnerContext({ db: t.database.prisma, env: t.env, rateLimiter: new MemoryRateLimiter() }, { student }),
  );

/** Answers the first `right` questions correctly and leaves the rest blank. */
async function answersWith(quiz: Started, right: number) {
  const key = await servedKeys(t.database.prisma, quiz);
  return Object.fromEntries(quiz.questions.slice(0, right).map((q) => [q.id, defined(key.get(q.id))]));
}

/** Moves an attempt's start (and deadline) back, as if it had been started `ms` earlier. */
async function startedEarlier(attemptId: string, ms: number) {
  const db = t.database.prisma;
  const a = await db.quizAttempt.findUniqueOrThrow({ where: { id: attemptId } });
  await db.quizAttempt.update({
    where: { id: attemptId },
    data: { startedAt: new Date(a.startedAt.getTime() - ms), deadlineAt: new Date(a.deadlineAt.getTime() - ms) },
  });
}

describe("certificates only for passed, certified level tests", () => {
  it("a failing attempt gets no certificate; the pass mark (27 of 45) does", async () => {
    const failing = await newStudent();
    const quiz = await failing.caller.quiz.start({ kind: "level", level: "a1" });
    expect(quiz.certification).toEqual({ certified: true, reasons: [], availableAt: null });
    const { result } = await failing.caller.quiz.submit({
      attemptId: quiz.attemptId,
      answers: await answersWith(quiz, 26),
    });
    expect(result).toMatchObject({ score: 26, isVerified: true, certificateCode: null });
    await expect(failing.caller.quiz.certificate({ resultId: result.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    const passing = await newStudent();
    const pass = await passing.caller.quiz.start({ kind: "level", level: "a1" });
    const passed = await passing.caller.quiz.submit({
      attemptId: pass.attemptId,
      answers: await answersWith(pass, 27),
    });
    expect(passed.result.certificateCode).toMatch(/^EWG-/);
  });

  it("a failing level result holding a code from before the rule does not verify", async () => {
    const { student, caller } = await newStudent();
    const old = await t.database.prisma.quizResult.create({
      data: {
        userId: student.id,
        quizType: "level",
        quizLevel: "A1",
        score: 11,
        totalQuestions: 45,
        isVerified: true,
        certificateCode: "EWG-FAIL-EDAT-0024",
      },
    });
    const response = await t.app.inject({ method: "GET", url: "/api/certificates/EWG-FAIL-EDAT-0024" });
    expect(response.statusCode).toBe(404);
    await expect(caller.quiz.certificate({ resultId: old.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("the holder's name is the one at issue: a rename changes neither the certificate nor its verification", async () => {
    const { student, caller } = await newStudent("Giulia Verdi");
    const quiz = await caller.quiz.start({ kind: "level", level: "b1" });
    const { result } = await caller.quiz.submit({ attemptId: quiz.attemptId, answers: await answersWith(quiz, 40) });
    const code = defined(result.certificateCode);
    await t.database.prisma.user.update({ where: { id: student.id }, data: { name: "Paola Neri" } });

    expect(await caller.quiz.certificate({ resultId: result.id })).toMatchObject({ name: "Giulia Verdi", code });
    const response = await t.app.inject({ method: "GET", url: `/api/certificates/${code}` });
    expect(response.json().certificate).toMatchObject({ holder: "Giulia V.", code });
    expect(response.body).not.toMatch(/Paola|Neri/);
  });
});

describe("certified and practice attempts", () => {
  it("a second attempt within 24 hours is practice, says until when, and earns nothing even at 100%", async () => {
    const { caller } = await newStudent();
    const first = await caller.quiz.start({ kind: "level", level: "a2" });
    expect(first.certification?.certified).toBe(true);
    await caller.quiz.submit({ attemptId: first.attemptId, answers: {} });

    const second = await caller.quiz.start({ kind: "level", level: "a2" });
    expect(second.certification).toEqual({
      certified: false,
      reasons: ["cooldown"],
      availableAt: new Date(Date.parse(first.startedAt) + 24 * HOUR).toISOString(),
    });
    // It avoids the items the first attempt showed (the bank has enough unseen ones).
    const firstIds = new Set(first.questions.map((q) => q.id));
    expect(second.questions.some((q) => firstIds.has(q.id))).toBe(false);
    // Resuming it says the same.
    expect((await caller.quiz.start({ kind: "level", level: "a2" })).certification).toEqual(second.certification);
    const { result } = await caller.quiz.submit({
      attemptId: second.attemptId,
      answers: await answersWith(second, 45),
    });
    expect(result).toMatchObject({ score: 45, certificateCode: null });

    // 24 hours after the first certified start, a certified attempt is possible again.
    await startedEarlier(first.attemptId, 24 * HOUR + 1000);
    const third = await caller.quiz.start({ kind: "level", level: "a2" });
    expect(third.certification?.certified).toBe(true);
    const seen = new Set([...firstIds, ...second.questions.map((q) => q.id)]);
    expect(third.questions.some((q) => seen.has(q.id))).toBe(false);
  });

  it("keys from another test's review while a certified attempt is open do not buy its certificate", async () => {
    const { caller } = await newStudent();
    // Certified attempts take the level's reserve first, which practice never serves: two of them
    // (a day apart) leave the third to items outside it, which the concept tests below also serve.
    // (This runs before the harvesting test, whose practice reviews reveal those items.)
    for (let i = 0; i < 2; i++) {
      const earlier = await caller.quiz.start({ kind: "level", level: "a1" });
      expect(earlier.certification?.certified).toBe(true);
      await caller.quiz.submit({ attemptId: earlier.attemptId, answers: {} });
      await startedEarlier(earlier.attemptId, 25 * HOUR);
    }
    const certified = await caller.quiz.start({ kind: "level", level: "a1" });
    expect(certified.certification?.certified).toBe(true);
    const inCertified = new Set(certified.questions.map((q) => q.id));
    const harvested = new Map<string, string>();
    // Tests of A1 concepts draw from the same items: submitted blank, their reviews give keys.
    for (const input of [
      { kind: "concept", concept: "articles", level: "a1" },
      { kind: "concept", concept: "present-simple", level: "a1" },
      { kind: "level", level: "a1", concept: "articles" },
      { kind: "level", level: "a1", concept: "present-simple" },
    ] as const) {
      const quiz = await caller.quiz.start(input);
      const { review } = await caller.quiz.submit({ attemptId: quiz.attemptId, answers: {} });
      for (const r of review) harvested.set(r.questionId, defined(r.options[defined(r.correctAnswer)]));
    }
    const overlap = certified.questions.filter((q) => harvested.has(q.id));
    expect(overlap.length).toBeGreaterThan(0);
    // The student knows 27 answers: the harvested keys and, for the rest, honest ones.
    const key = await servedKeys(t.database.prisma, certified);
    const answers = Object.fromEntries(
      certified.questions
        .slice(0, 27)
        .map((q) => [
          q.id,
          harvested.has(q.id) ? q.options.indexOf(defined(harvested.get(q.id))) : defined(key.get(q.id)),
        ]),
    );
    const { result } = await caller.quiz.submit({ attemptId: certified.attemptId, answers });
    expect(result.score).toBe(27);
    expect(inCertified.size).toBe(45);
    expect(result.certificateCode).toBeNull();
  });

  it("harvesting keys from reviews over several attempts never leads to a certificate", async () => {
    const { student, caller } = await newStudent();
    const db = t.database.prisma;
    // What A1 level tests serve: a reading text's questions are the placement tests' only.
    const bank = await db.quizQuestion.count({
      where: { level: "A1", source: "bank", isActive: true, testletId: null },
    });
    const harvested = new Map<string, string>();
    // Blank attempts, each practice review giving every key (certified ones give none), until the
    // student holds every key practice ever shows: all but the level's reserve.
    for (let round = 0; harvested.size < bank - RESERVE_PER_LEVEL; round++) {
      expect(round).toBeLessThan(10);
      const quiz = await caller.quiz.start({ kind: "level", level: "a1" });
      const { review } = await caller.quiz.submit({ attemptId: quiz.attemptId, answers: {} });
      for (const r of review)
        if (r.correctAnswer !== null) harvested.set(r.questionId, defined(r.options[r.correctAnswer]));
      // The next attempt comes a day later, so the 24 hours never hold it back.
      await startedEarlier(quiz.attemptId, 25 * HOUR);
    }
    // A day later again: no certified attempt is left to take, and every key is known.
    const attack = await caller.quiz.start({ kind: "level", level: "a1" });
    expect(attack.certification).toMatchObject({ certified: false, reasons: ["seen"] });
    const answers = Object.fromEntries(
      attack.questions.map((q) => [q.id, q.options.indexOf(defined(harvested.get(q.id)))]),
    );
    const { result } = await caller.quiz.submit({ attemptId: attack.attemptId, answers });
    expect(result.score).toBe(45);
    expect(result.certificateCode).toBeNull();
    expect(await db.quizResult.count({ where: { userId: student.id, certificateCode: { not: null } } })).toBe(0);
  });
});

describe("one open attempt per test", () => {
  it.each([
    ["level", { kind: "level", level: "c1" }],
    ["level with a concept", { kind: "level", level: "b1", concept: "articles" }],
    ["concept", { kind: "concept", concept: "articles", level: "mixed" }],
    ["general", { kind: "general", type: "comprehensive" }],
    ["personalised", { kind: "ai" }],
  ] as const)("two %s starts racing each other get the same attempt", async (_name, input) => {
    const { student, caller } = await newStudent();
    const [a, b] = await Promise.all([caller.quiz.start(input), caller.quiz.start(input)]);
    expect(b.attemptId).toBe(a.attemptId);
    expect(b.questions).toEqual(a.questions);
    expect(await t.database.prisma.quizAttempt.count({ where: { userId: student.id } })).toBe(1);
    expect((await caller.quiz.start(input)).attemptId).toBe(a.attemptId);
  });
});

describe("self-reported results are stored and shown, never counted", () => {
  it("change no average, stat, achievement or dashboard count, and do not shape the AI test's profile", async () => {
    const { student, cookie, caller } = await newStudent();
    const quiz = await caller.quiz.start({ kind: "concept", concept: "articles", level: "b2" });
    await caller.quiz.submit({ attemptId: quiz.attemptId, answers: await answersWith(quiz, 6) });

    const snapshot = async () => ({
      stats: (await t.app.inject({ method: "GET", url: "/api/quiz-results/stats", headers: { cookie } })).json(),
      progress: await caller.portal.progress(),
      dashboard: await caller.portal.stats(),
      profile: await buildLearnerProfile(t.database.prisma, student.id),
    });
    const before = await snapshot();
    expect(before.stats.stats).toMatchObject({ completedQuizzes: 1, averageScore: 40 });

    // Twelve perfect scores with hours of study time and a breakdown that would move the profile.
    for (let i = 0; i < 12; i++) {
      const saved = await t.app.inject({
        method: "POST",
        url: "/api/quiz-results/save",
        headers: { "content-type": "application/json", cookie },
        payload: {
          quizType: i === 0 ? "general" : "ai",
          score: 15,
          totalQuestions: 15,
          estimatedLevel: "Expert",
          studyTimeSeconds: 7200,
          metadata: {
            topic: "Sample quiz",
            levelBreakdown: { C2: { correct: 15, total: 15 } },
            topicBreakdown: { idioms: { correct: 0, total: 15 } },
          },
        },
      });
      expect(saved.statusCode).toBe(200);
    }
    expect(await snapshot()).toEqual(before);

    // Stored and shown, marked as self-reported.
    const history = (
      await t.app.inject({ method: "GET", url: "/api/quiz-results/history?limit=20", headers: { cookie } })
    ).json().results;
    expect(history).toHaveLength(13);
    expect(history.filter((r: { isVerified: boolean }) => !r.isVerified)).toHaveLength(12);
    const listed = (await t.app.inject({ method: "GET", url: "/api/student/quiz-results", headers: { cookie } })).json()
      .results;
    expect(listed.map((r: { is_verified: boolean }) => r.is_verified).sort()).toEqual([...Array(12).fill(false), true]);
  });
});
