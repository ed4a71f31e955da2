// The adaptive General Level Assessments through tRPC on a real database (PGlite, or PostgreSQL
// with TEST_ENGINE=postgresql): served block by block, each block chosen from the answers so far,
// scored with a level and its precision (docs/placement.md).
import { describe, expect, it } from "vitest";
import { createSession } from "../../server/features/auth/session.service.ts";
import { MemoryRateLimiter } from "../../server/plugins/rate-limit.ts";
import { createInnerContext } from "../../server/trpc/context.ts";
import { createCaller } from "../../server/trpc/root.ts";
import { ASSESSMENT_SCALE, PLACEMENT_CERTIFICATE_CONFIDENCE, QUIZ_LEVELS } from "../../shared/quiz-catalog.ts";
import { defined } from "../helpers/defined.ts";
import { servedKeys } from "../helpers/served-keys.ts";
import { prepareTestApp } from "../helpers/test-app.ts";

type Student = { id: string; email: string; name: string; isAdmin: false; imageUrl: null };
type Caller = ReturnType<typeof createCaller>;
type Question = { id: string };

const t = prepareTestApp();
let seq = 0;

async function newStudent(name = "Sofia Bianchi") {
  const user = await t.database.prisma.user.create({ data: { email: `p${++seq}-${Date.now()}@quiz.test`, name } });
  await createSession(t.database.prisma, user.id, "student");
  const student: Student = { id: user.id, email: user.email, name: user.name, isAdmin: false, imageUrl: null };
  return student;
}

const callerFor = (student: Student) =>
  createCaller(
    createInnerContext({ db: t.database.prisma, env: t.env, rateLimiter: new MemoryRateLimiter() }, { student }),
  );

const attemptRow = (id: string) => t.database.prisma.quizAttempt.findUniqueOrThrow({ where: { id } });

/** The option chosen for a question (undefined: left blank). */
type Answerer = (key: number, question: Question) => number | undefined;
const right: Answerer = (key) => key;
const wrong: Answerer = (key) => (key + 1) % 4;
/** Always the first option served: options are shuffled per attempt, so this is a blind guess. */
const guess: Answerer = () => 0;

async function answersFor(attemptId: string, questions: Question[], answerer: Answerer) {
  const keys = await servedKeys(t.database.prisma, { attemptId, questions });
  return Object.fromEntries(
    questions.flatMap((q) => {
      const chosen = answerer(defined(keys.get(q.id)), q);
      return chosen === undefined ? [] : [[q.id, chosen]];
    }),
  );
}

/** A whole placement test through tRPC: every block answered by `answerer`, sent with answerBlock. */
async function takePlacement(caller: Caller, type: "quick" | "comprehensive", answerer: Answerer) {
  const started = await caller.quiz.start({ kind: "general", type });
  const blocks = [started.questions.map((q) => q.id)];
  /** Per block, how many questions about a reading text it served (docs/placement.md, "Reading texts"). */
  const texts = [started.questions.filter((q) => q.passage).length];
  const positions = [defined(started.block)];
  let questions = started.questions;
  for (;;) {
    const sent = await caller.quiz.answerBlock({
      attemptId: started.attemptId,
      answers: await answersFor(started.attemptId, questions, answerer),
    });
    if (sent.done) return { started, blocks, texts, positions, ...sent };
    questions = sent.questions;
    blocks.push(questions.map((q) => q.id));
    texts.push(questions.filter((q) => q.passage).length);
    positions.push(sent.block);
    expect(sent.answers).toEqual({});
  }
}

const levelIndex = (level: string) => QUIZ_LEVELS.indexOf(level as (typeof QUIZ_LEVELS)[number]);

describe("the adaptive placement tests, end to end", () => {
  it.each([
    ["quick", [5, 5, 5], 900],
    ["comprehensive", [5, 5, 5, 5, 5, 5, 5, 5], 2400],
  ] as const)("%s: blocks of %j, no item twice, a strong answerer ends high", async (type, fives, seconds) => {
    const student = await newStudent();
    const run = await takePlacement(callerFor(student), type, right);
    // A reading text of 6 questions fills its block with 6, and the next block has 4.
    const sizes = fives.map((size, i) => (run.texts[i] === 6 ? 6 : run.texts[i - 1] === 6 ? 4 : size));
    expect(run.started.timeLimitSeconds).toBe(seconds);
    expect(run.blocks.map((b) => b.length)).toEqual(sizes);
    const all = run.blocks.flat();
    expect(new Set(all).size).toBe(all.length);
    const total = all.length;
    expect(run.positions).toEqual(
      sizes.map((_, index) => ({
        index,
        count: sizes.length,
        offset: sizes.slice(0, index).reduce((a, b) => a + b, 0),
        total,
      })),
    );
    const { result, review } = run;
    expect(result).toMatchObject({ quizType: "general", score: total, totalQuestions: total, isVerified: true });
    const placement = defined(result.metadata.placement);
    expect(levelIndex(placement.level)).toBeGreaterThanOrEqual(levelIndex("C1"));
    expect(result.estimatedLevel).toBe(ASSESSMENT_SCALE[levelIndex(placement.level)]);
    expect(placement.confidence).toBe(placement.levelProbabilities[placement.level]);
    expect(placement.standardError).toBeGreaterThan(0);
    expect(Object.values(placement.levelProbabilities).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    expect(result.metadata.assessmentType).toBe(type);
    expect(Object.keys(defined(result.metadata.skillBreakdown)).length).toBeGreaterThan(0);
    expect(review.map((r) => r.questionId)).toEqual(all);
    // Opened again later (history), the result has the same review, in the order served.
    const reopened = await callerFor(student).quiz.result({ id: result.id });
    expect(reopened.review).toEqual(review);
    // The items were served in the order of the blocks; one response row each.
    const attempt = await attemptRow(run.started.attemptId);
    expect(attempt.questionIds).toEqual(all);
    expect(attempt.submittedAt).not.toBeNull();
    expect(await t.database.prisma.quizResponse.count({ where: { attemptId: attempt.id, correct: true } })).toBe(total);
    // The in-depth test certifies a level measured precisely enough; the quick one never does.
    if (type === "comprehensive") {
      expect(placement.confidence).toBeGreaterThanOrEqual(PLACEMENT_CERTIFICATE_CONFIDENCE);
      expect(result.certificateCode).toMatch(/^EWG-/);
    } else expect(result.certificateCode).toBeNull();
  });

  it.each([
    ["all wrong", "quick", wrong],
    ["all wrong", "comprehensive", wrong],
    ["a blind guesser", "comprehensive", guess],
  ] as const)("%s in the %s test ends at A1 (Foundation)", async (_who, type, answerer) => {
    const run = await takePlacement(callerFor(await newStudent()), type, answerer);
    expect(run.result.metadata.placement?.level).toBe("A1");
    expect(run.result.estimatedLevel).toBe("Foundation");
    // "A1, 99% sure" is what knowing nothing looks like: it is a placement, never a certificate.
    expect(run.result.metadata.placement?.measured).toBe(false);
    expect(run.result.certificateCode).toBeNull();
  });

  it("a blank In-Depth Assessment, every set sent with no answer, earns no certificate", async () => {
    const run = await takePlacement(callerFor(await newStudent()), "comprehensive", () => undefined);
    expect(run.result).toMatchObject({ score: 0, totalQuestions: 40, certificateCode: null });
    expect(run.result.metadata.placement).toMatchObject({ level: "A1", blocks: 8, measured: false });
  });

  it("a second test does not serve the items the student answered in the first", async () => {
    const caller = callerFor(await newStudent());
    const first = await takePlacement(caller, "quick", guess);
    const second = await takePlacement(caller, "quick", guess);
    expect(second.started.attemptId).not.toBe(first.started.attemptId);
    const before = new Set(first.blocks.flat());
    expect(second.blocks.flat().filter((id) => before.has(id))).toEqual([]);
  });
});

describe("between blocks", () => {
  it("a start while the test is open resumes it at its current block, with that block's saved answers", async () => {
    const caller = callerFor(await newStudent());
    const started = await caller.quiz.start({ kind: "general", type: "comprehensive" });
    expect(started.questions).toHaveLength(5);
    expect(started.block).toEqual({ index: 0, count: 8, offset: 0, total: 40 });
    const first = await caller.quiz.answerBlock({
      attemptId: started.attemptId,
      answers: await answersFor(started.attemptId, started.questions, right),
    });
    if (first.done) throw new Error("the test ended after one block");
    const [q1] = first.questions;
    expect(await caller.quiz.recordAnswer({ attemptId: started.attemptId, questionId: q1.id, answer: 2 })).toEqual({
      recorded: true,
    });
    const again = await caller.quiz.start({ kind: "general", type: "comprehensive" });
    expect(again.attemptId).toBe(started.attemptId);
    expect(again.questions).toEqual(first.questions);
    expect(again.block).toEqual({ index: 1, count: 8, offset: 5, total: 40 });
    expect(again.answers).toEqual({ [q1.id]: 2 });
    expect(again.startedAt).toBe(started.startedAt);
    for (const q of again.questions) expect(Object.keys(q).sort()).toEqual(["id", "options", "question"]);
  });

  it("answers of a block already sent are final; answers to items of other blocks are ignored", async () => {
    const caller = callerFor(await newStudent());
    const started = await caller.quiz.start({ kind: "general", type: "quick" });
    const firstAnswers = await answersFor(started.attemptId, started.questions, wrong);
    const sent = await caller.quiz.answerBlock({ attemptId: started.attemptId, answers: firstAnswers });
    if (sent.done) throw new Error("the test ended after one block");
    const firstRight = await answersFor(started.attemptId, started.questions, right);
    const old = started.questions[0].id;
    // Neither recordAnswer nor a later block can change an answer of the first block.
    expect(
      await caller.quiz.recordAnswer({ attemptId: started.attemptId, questionId: old, answer: firstRight[old] }),
    ).toEqual({ recorded: false });
    const secondRight = await answersFor(started.attemptId, sent.questions, right);
    const third = await caller.quiz.answerBlock({
      attemptId: started.attemptId,
      answers: { ...firstRight, ...secondRight, "a1-not-served-99": 1 },
    });
    if (third.done) throw new Error("the quick test ended after two blocks");
    const attempt = await attemptRow(started.attemptId);
    expect(attempt.answers).toEqual({ ...firstAnswers, ...secondRight });
    // quiz.submit ends the test with what was answered: the third block counts as unanswered.
    const { result, review } = await caller.quiz.submit({ attemptId: started.attemptId, answers: firstRight });
    expect(result).toMatchObject({ score: 5, totalQuestions: 15 });
    expect(review.slice(10).every((r) => r.selectedAnswer === null)).toBe(true);
    expect(await t.database.prisma.quizResponse.count({ where: { attemptId: started.attemptId } })).toBe(15);
  });

  it("submitting in the middle of the test scores the blocks served, and serves no more", async () => {
    const caller = callerFor(await newStudent());
    const started = await caller.quiz.start({ kind: "general", type: "comprehensive" });
    const answers = await answersFor(started.attemptId, started.questions, right);
    const { result } = await caller.quiz.submit({ attemptId: started.attemptId, answers });
    expect(result).toMatchObject({ score: 5, totalQuestions: 5, certificateCode: null });
    expect(result.metadata.placement?.blocks).toBe(1);
    const after = await caller.quiz.answerBlock({ attemptId: started.attemptId, answers });
    expect(after).toMatchObject({ done: true, result: { id: result.id, score: 5 } });
    expect((await attemptRow(started.attemptId)).questionIds).toHaveLength(5);
  });

  it("another student's attempt is NOT_FOUND", async () => {
    const owner = callerFor(await newStudent());
    const started = await owner.quiz.start({ kind: "general", type: "quick" });
    const stranger = callerFor(await newStudent("Marco Verdi"));
    await expect(stranger.quiz.answerBlock({ attemptId: started.attemptId, answers: {} })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "The quiz you're looking for doesn't exist.",
    });
    expect((await attemptRow(started.attemptId)).questionIds).toHaveLength(5);
  });

  it("two calls sending the same block serve one next block, and both get it", async () => {
    const caller = callerFor(await newStudent());
    const started = await caller.quiz.start({ kind: "general", type: "comprehensive" });
    const answers = await answersFor(started.attemptId, started.questions, right);
    const sends = await Promise.all(
      Array.from({ length: 4 }, () => caller.quiz.answerBlock({ attemptId: started.attemptId, answers })),
    );
    const served = sends.map((s) => (s.done ? [] : s.questions.map((q) => q.id)));
    expect(served[0]).toHaveLength(5);
    for (const ids of served) expect(ids).toEqual(served[0]);
    const attempt = await attemptRow(started.attemptId);
    expect(attempt.questionIds).toEqual([...started.questions.map((q) => q.id), ...served[0]]);
    expect((attempt.placement as { blockEnds: number[] }).blockEnds).toEqual([5, 10]);
    // A late repeat of the same send (a retry) gets that block again, and serves nothing.
    const repeat = await caller.quiz.answerBlock({ attemptId: started.attemptId, answers });
    expect(repeat.done ? [] : repeat.questions.map((q) => q.id)).toEqual(served[0]);
    expect((await attemptRow(started.attemptId)).questionIds).toHaveLength(10);
  });

  it("a block sent after the deadline and its grace ends the test with the answers recorded in time", async () => {
    const caller = callerFor(await newStudent());
    const started = await caller.quiz.start({ kind: "general", type: "quick" });
    const answers = await answersFor(started.attemptId, started.questions, right);
    const [a, b] = started.questions;
    for (const q of [a, b])
      await caller.quiz.recordAnswer({ attemptId: started.attemptId, questionId: q.id, answer: answers[q.id] });
    await t.database.prisma.quizAttempt.update({
      where: { id: started.attemptId },
      data: { startedAt: new Date(Date.now() - 960_000), deadlineAt: new Date(Date.now() - 60_000) },
    });
    const late = await caller.quiz.answerBlock({ attemptId: started.attemptId, answers });
    if (!late.done) throw new Error("a late block served another");
    expect(late.result).toMatchObject({ score: 2, totalQuestions: 5, studyTimeSeconds: 900 });
    expect(late.result.metadata.submittedLate).toBe(true);
    expect(late.review.filter((r) => r.isLate)).toHaveLength(3);
    expect((await attemptRow(started.attemptId)).questionIds).toHaveLength(5);
  });

  it("a fixed-form test is one block: answerBlock submits it", async () => {
    const caller = callerFor(await newStudent());
    const started = await caller.quiz.start({ kind: "concept", concept: "articles", level: "a1" });
    expect(started.block).toBeNull();
    const sent = await caller.quiz.answerBlock({
      attemptId: started.attemptId,
      answers: await answersFor(started.attemptId, started.questions, right),
    });
    expect(sent).toMatchObject({ done: true, result: { score: 15, totalQuestions: 15 } });
  });
});

describe("enemy items (issue 34, item 4)", () => {
  it("a placement test never serves two items of one point, in one block or across blocks", async () => {
    const db = t.database.prisma;
    // Every other bank item gets one of 20 points (25 items each), so a test of 40 that ignored
    // points would all but surely serve two of one; the rest keep none, so tests can still fill.
    const items = await db.quizQuestion.findMany({ select: { id: true, point: true }, orderBy: { id: "asc" } });
    const pointOf = new Map(items.map((item, i) => [item.id, i % 2 ? null : `point-${(i / 2) % 20}`]));
    for (let n = 0; n < 20; n++) {
      const ids = items.filter((_, i) => i % 2 === 0 && (i / 2) % 20 === n).map((item) => item.id);
      await db.quizQuestion.updateMany({ where: { id: { in: ids } }, data: { point: `point-${n}` } });
    }
    try {
      for (const [type, answerer] of [
        ["comprehensive", right],
        ["comprehensive", guess],
        ["quick", wrong],
      ] as const) {
        const run = await takePlacement(callerFor(await newStudent()), type, answerer);
        const served = run.blocks.flat();
        const points = served.flatMap((id) => pointOf.get(id) ?? []);
        expect(points.length).toBeGreaterThan(0);
        expect(new Set(points).size).toBe(points.length);
      }
    } finally {
      await db.quizQuestion.updateMany({ data: { point: null } });
      for (const item of items.filter((i) => i.point))
        await db.quizQuestion.update({ where: { id: item.id }, data: { point: item.point } });
    }
  });
});
