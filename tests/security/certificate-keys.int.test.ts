// Issue 27, item 3 (checklist 32): keys revealed by reviews, to any account, do not buy a
// certificate, and an attempt answered faster than a person can read is not certified. Through
// tRPC and the public REST verification on a real database (PGlite, or PostgreSQL with
// TEST_ENGINE=postgresql), with the reading floor on as in production.
import { describe, expect, it } from "vitest";
import { createSession } from "../../server/features/auth/session.service.ts";
import { keyExposureOf, minimumReadingSeconds } from "../../server/features/quiz/certification.ts";
import { MemoryRateLimiter } from "../../server/plugins/rate-limit.ts";
import { createInnerContext } from "../../server/trpc/context.ts";
import { createCaller } from "../../server/trpc/root.ts";
import { defined } from "../helpers/defined.ts";
import { servedKeys } from "../helpers/served-keys.ts";
import { prepareTestApp } from "../helpers/test-app.ts";

type Student = { id: string; email: string; name: string; isAdmin: false; imageUrl: null };
type Caller = ReturnType<typeof createCaller>;
type Served = { attemptId: string; questions: { id: string; question: string; options: string[] }[] };

const t = prepareTestApp({ env: { QUIZ_READING_SCALE: "1" } });
const db = () => t.database.prisma;
let seq = 0;
const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

async function newStudent(name = "Marta Rossi") {
  const user = await db().user.create({ data: { email: `k${++seq}-${Date.now()}@keys.test`, name } });
  await createSession(db(), user.id, "student");
  const student: Student = { id: user.id, email: user.email, name: user.name, isAdmin: false, imageUrl: null };
  const caller = createCaller(
    createInnerContext({ db: db(), env: t.env, rateLimiter: new MemoryRateLimiter() }, { student }),
  );
  return { student, caller };
}

/** The server's record of when the attempt's items were served, moved `ms` back (a paced student). */
async function servedEarlier(attemptId: string, ms: number) {
  const a = await db().quizAttempt.findUniqueOrThrow({ where: { id: attemptId } });
  await db().quizAttempt.update({
    where: { id: attemptId },
    data: { startedAt: new Date(a.startedAt.getTime() - ms), deadlineAt: new Date(a.deadlineAt.getTime() - ms) },
  });
}

/** Every question answered right, as a client that knew the keys would send it. */
async function rightAnswers(quiz: Served) {
  const key = await servedKeys(db(), quiz);
  return Object.fromEntries(quiz.questions.map((q) => [q.id, defined(key.get(q.id))]));
}

const readingMs = (quiz: Served) => quiz.questions.reduce((s, q) => s + minimumReadingSeconds(q), 0) * SECOND;

/** The student's certificates, and whether the public verification knows each. */
async function certificatesOf(studentId: string) {
  const rows = await db().quizResult.findMany({
    where: { userId: studentId, certificateCode: { not: null } },
    select: { certificateCode: true },
  });
  return Promise.all(
    rows.map(async (r) => ({
      code: r.certificateCode,
      verifies: (await t.app.inject({ method: "GET", url: `/api/certificates/${r.certificateCode}` })).statusCode,
    })),
  );
}

/** A blank submission's review, keyed by question: the key's text where the review shows it. */
async function harvest(caller: Caller, quiz: Served, into: Map<string, string>) {
  const { review } = await caller.quiz.submit({ attemptId: quiz.attemptId, answers: {} });
  for (const r of review) if (r.correctAnswer !== null) into.set(r.questionId, defined(r.options[r.correctAnswer]));
  return review;
}

describe("keys harvested by a second account", () => {
  it("a puppet's practice reviews reveal keys that no fresh account's certified attempt serves", async () => {
    const puppet = await newStudent("Puppet Account");
    const harvested = new Map<string, string>();
    // The puppet's first attempt is certified: its review shows no key, no explanation, no mark.
    const first = await puppet.caller.quiz.start({ kind: "level", level: "b2" });
    expect(first.certification?.certified).toBe(true);
    const withheld = await harvest(puppet.caller, first, harvested);
    expect(withheld).toHaveLength(45);
    for (const r of withheld) expect(r).toMatchObject({ correctAnswer: null, isCorrect: null, explanation: null });
    expect(harvested.size).toBe(0);
    // Reopened from the history, the same.
    const firstResult = defined((await puppet.caller.quiz.history({ limit: 1 })).results[0]);
    expect(
      (await puppet.caller.quiz.result({ id: firstResult.id })).review?.every((r) => r.correctAnswer === null),
    ).toBe(true);

    // Six practice attempts (the 24 hours hold back a second certified one), sent blank for their keys.
    for (let round = 0; round < 6; round++) {
      const practice = await puppet.caller.quiz.start({ kind: "level", level: "b2" });
      expect(practice.certification?.certified).toBe(false);
      expect(practice.certification?.reasons).toContain("cooldown");
      const review = await harvest(puppet.caller, practice, harvested);
      expect(review.every((r) => r.correctAnswer !== null && r.explanation !== null)).toBe(true);
    }
    expect(harvested.size).toBeGreaterThanOrEqual(90);
    // Every key shown is now revealed to everyone, and none of them belongs to the level's reserve.
    const bank = await db().quizQuestion.findMany({
      where: { level: "B2", source: "bank", isActive: true, retiredAt: null, reviewStatus: "reviewed" },
      select: { id: true, level: true, concept: true, keyRevealedAt: true },
    });
    const revealed = bank.filter((i) => i.keyRevealedAt !== null).map((i) => i.id);
    expect(revealed.sort()).toEqual([...harvested.keys()].sort());
    const keys = keyExposureOf(bank, new Date());
    expect(keys.reserved.size).toBeGreaterThanOrEqual(45);
    expect([...harvested.keys()].filter((id) => keys.reserved.has(id))).toEqual([]);

    // A fresh account's certified attempt, paced like a person, answered with every key harvested.
    const attacker = await newStudent("Fresh Account");
    const attack = await attacker.caller.quiz.start({ kind: "level", level: "b2" });
    expect(attack.certification?.certified).toBe(true);
    expect(attack.questions.filter((q) => harvested.has(q.id))).toEqual([]);
    const answers = Object.fromEntries(
      attack.questions.map((q) => [q.id, Math.max(0, q.options.indexOf(harvested.get(q.id) ?? ""))]),
    );
    await servedEarlier(attack.attemptId, 40 * 60 * SECOND);
    const { result, review } = await attacker.caller.quiz.submit({ attemptId: attack.attemptId, answers });
    expect(result.score).toBeLessThan(27);
    expect(result.certificateCode).toBeNull();
    expect(result.metadata.tooFastToCertify).toBeUndefined();
    expect(review.every((r) => r.correctAnswer === null)).toBe(true);
    expect(await certificatesOf(attacker.student.id)).toEqual([]);
  });

  it("with too few unrevealed keys left, no certified attempt is offered, and the screen says why", async () => {
    // A year of practice has shown every C1 key but 40.
    const c1 = await db().quizQuestion.findMany({ where: { level: "C1", source: "bank" }, select: { id: true } });
    const now = Date.now();
    await db().quizQuestion.updateMany({
      where: { id: { in: c1.slice(40).map((i) => i.id) } },
      data: { keyRevealedAt: new Date(now - HOUR) },
    });
    const { student, caller } = await newStudent();
    const preview = await caller.quiz.preview({ kind: "level", level: "c1" });
    expect(preview.certification).toMatchObject({ certified: false, reasons: ["revealed"] });
    // Available again when the fifth of those keys has rested a year.
    expect(Date.parse(defined(preview.certification?.availableAt))).toBeGreaterThan(now + 364 * 24 * HOUR);

    const quiz = await caller.quiz.start({ kind: "level", level: "c1" });
    expect(quiz.certification).toEqual(preview.certification);
    await servedEarlier(quiz.attemptId, 40 * 60 * SECOND);
    const { result } = await caller.quiz.submit({ attemptId: quiz.attemptId, answers: await rightAnswers(quiz) });
    expect(result).toMatchObject({ score: 45, certificateCode: null });
    expect(await certificatesOf(student.id)).toEqual([]);
  });
});

describe("answers faster than a person can read", () => {
  it("a level test answered right in about a second is scored, not certified, and says so", async () => {
    const { student, caller } = await newStudent();
    const quiz = await caller.quiz.start({ kind: "level", level: "a2" });
    expect(quiz.certification?.certified).toBe(true);
    await servedEarlier(quiz.attemptId, SECOND);
    const { result } = await caller.quiz.submit({ attemptId: quiz.attemptId, answers: await rightAnswers(quiz) });
    expect(result).toMatchObject({ score: 45, isVerified: true, certificateCode: null });
    expect(result.metadata.tooFastToCertify).toBe(true);
    await expect(caller.quiz.certificate({ resultId: result.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await certificatesOf(student.id)).toEqual([]);
  });

  it("just under the reading time is not certified; just over it earns a certificate that verifies", async () => {
    const hasty = await newStudent();
    const rushed = await hasty.caller.quiz.start({ kind: "level", level: "b1" });
    await servedEarlier(rushed.attemptId, readingMs(rushed) - 5 * SECOND);
    const late = await hasty.caller.quiz.submit({ attemptId: rushed.attemptId, answers: await rightAnswers(rushed) });
    expect(late.result).toMatchObject({ score: 45, certificateCode: null });
    expect(late.result.metadata.tooFastToCertify).toBe(true);

    const honest = await newStudent("Chiara Galli");
    const paced = await honest.caller.quiz.start({ kind: "level", level: "b1" });
    expect(paced.certification?.certified).toBe(true);
    // A strong student on B1 needs a few minutes; the time limit is far longer.
    expect(readingMs(paced)).toBeLessThan(paced.timeLimitSeconds * SECOND * 0.25);
    await servedEarlier(paced.attemptId, readingMs(paced) + 5 * SECOND);
    const { result } = await honest.caller.quiz.submit({
      attemptId: paced.attemptId,
      answers: await rightAnswers(paced),
    });
    expect(result.metadata.tooFastToCertify).toBeUndefined();
    const code = defined(result.certificateCode);
    expect(await certificatesOf(honest.student.id)).toEqual([{ code, verifies: 200 }]);
  });

  it("an In-Depth Assessment answered right at machine speed is placed but not certified", async () => {
    const { student, caller } = await newStudent();
    const started = await caller.quiz.start({ kind: "general", type: "comprehensive" });
    expect(started.certification?.certified).toBe(true);
    let block: Served = started;
    for (;;) {
      const sent = await caller.quiz.answerBlock({ attemptId: started.attemptId, answers: await rightAnswers(block) });
      if (sent.done) {
        expect(sent.result.metadata.placement?.measured).toBe(true);
        expect(sent.result.certificateCode).toBeNull();
        expect(sent.result.metadata.tooFastToCertify).toBe(true);
        expect(sent.review.every((r) => r.correctAnswer === null && r.isCorrect === null)).toBe(true);
        break;
      }
      block = { attemptId: started.attemptId, questions: sent.questions };
    }
    expect(await certificatesOf(student.id)).toEqual([]);
  });
});
