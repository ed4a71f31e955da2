// The teacher's question bank on a real database (PGlite, or PostgreSQL with
// TEST_ENGINE=postgresql): item statistics after scripted attempts, retiring and correcting items
// (old results intact, new tests serve the correction and never the retired item), the bank sync
// keeping the teacher's changes, the calibration job, and AI items held for review.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogueAndSettings } from "../../prisma/seed.ts";
import { createSession } from "../../server/features/auth/session.service.ts";
import { runCalibration } from "../../server/features/quiz/calibration.service.ts";
import { completeAttempt, insertAttempt } from "../../server/features/quiz/quiz.data.ts";
import { MemoryRateLimiter } from "../../server/plugins/rate-limit.ts";
import { createInnerContext } from "../../server/trpc/context.ts";
import { createCaller } from "../../server/trpc/root.ts";
import { CORRECTION_MESSAGES } from "../../shared/question-bank-schemas.ts";
import { defined } from "../helpers/defined.ts";
import { createTestApp, prepareTestApp, type TestApp } from "../helpers/test-app.ts";

const t = prepareTestApp();
const db = () => t.database.prisma;
let seq = 0;

type Student = { id: string; email: string; name: string; isAdmin: false; imageUrl: null };

async function newStudent() {
  const user = await db().user.create({
    data: { email: `bank${++seq}-${Date.now()}@quiz.test`, name: "Sofia Bianchi" },
  });
  const student: Student = { id: user.id, email: user.email, name: user.name, isAdmin: false, imageUrl: null };
  return student;
}

const studentCaller = (app: TestApp, student: Student) =>
  createCaller(
    createInnerContext({ db: app.database.prisma, env: app.env, rateLimiter: new MemoryRateLimiter() }, { student }),
  );

async function asTeacher(app: TestApp = t) {
  const teacher = await app.database.prisma.user.findUniqueOrThrow({ where: { email: "teacher@school.test" } });
  return createCaller(
    createInnerContext(
      { db: app.database.prisma, env: app.env, rateLimiter: new MemoryRateLimiter() },
      { admin: { id: teacher.id, email: teacher.email, name: teacher.name, isAdmin: true, imageUrl: null } },
    ),
  );
}

/** Bank items of one level (or cell), in id order. */
async function bankItems(where: { level?: string; concept?: string }, n: number) {
  const rows = await db().quizQuestion.findMany({
    where: { source: "bank", isActive: true, retiredAt: null, ...where },
    select: { id: true, correctAnswer: true },
    orderBy: { id: "asc" },
    take: n,
  });
  expect(rows).toHaveLength(n);
  return rows;
}

const now = new Date("2026-11-20T10:00:00Z");

/**
 * One scored attempt through the server's own storage: `answers` says which items were right.
 * `theta` is stored the way the adaptive placement stores its estimate.
 */
async function scriptedAttempt(
  items: { id: string; correctAnswer: number }[],
  answers: boolean[],
  opts: { quizType?: string; theta?: number; blank?: boolean; chosen?: number[] } = {},
) {
  const student = await newStudent();
  const attempt = await insertAttempt(db(), {
    userId: student.id,
    quizType: opts.quizType ?? "level",
    quizLevel: null,
    quizConcept: null,
    variant: opts.quizType === "general" ? "comprehensive" : null,
    title: "Scripted",
    questionIds: items.map((i) => i.id),
    optionOrders: {},
    startedAt: now,
    deadlineAt: new Date(now.getTime() + 3_600_000),
  });
  await completeAttempt(
    db(),
    attempt.id,
    {
      submittedAt: now,
      answers: {},
      responses: items.map((item, i) => ({
        questionId: item.id,
        chosen:
          opts.chosen?.[i] ?? (opts.blank ? null : answers[i] ? item.correctAnswer : (item.correctAnswer + 1) % 4),
        correct: answers[i],
      })),
    },
    {
      userId: student.id,
      quizType: opts.quizType ?? "level",
      quizLevel: null,
      quizConcept: null,
      score: answers.filter(Boolean).length,
      totalQuestions: items.length,
      estimatedLevel: null,
      studyTimeSeconds: 60,
      metadata: opts.theta === undefined ? {} : { placement: { theta: opts.theta } },
      certificateCode: null,
      certificateName: null,
    },
  );
  return attempt.id;
}

async function listed(id: string) {
  const teacher = await asTeacher();
  const { items } = await teacher.admin.questionBank.list({ search: id, limit: 100 });
  return defined(items.find((i) => i.id === id));
}

// Runs first: the statistics count every response in the database.
describe("item statistics", () => {
  it("facility and point-biserial after a batch of scripted attempts, computed by hand", async () => {
    const [x, y, z] = await bankItems({ level: "B1" }, 3);
    // Four attempts of the same three items (1 = right):
    //        X  Y  Z
    //   A1   1  1  1
    //   A2   1  1  0
    //   A3   1  0  0
    //   A4   0  1  1
    await scriptedAttempt([x, y, z], [true, true, true]);
    await scriptedAttempt([x, y, z], [true, true, false]);
    await scriptedAttempt([x, y, z], [true, false, false]);
    await scriptedAttempt([x, y, z], [false, true, true]);
    // The rest-score is the share of the attempt's other items right.
    // X: x = 1,1,1,0; rest = 1, .5, 0, 1 (means .75 and .625).
    //    deviations x: .25,.25,.25,-.75; rest: .375,-.125,-.625,.375
    //    r = (.09375 - .03125 - .15625 - .28125) / sqrt(.75 * .6875) = -.375 / sqrt(.515625)
    // Y: x = 1,1,0,1; rest = 1, .5, .5, .5 -> r = .125 / sqrt(.75 * .1875) = 1/3
    // Z: x = 1,0,0,1; rest = 1, 1, .5, .5 -> covariance 0 -> r = 0
    const sx = await listed(x.id);
    expect(sx.stats).toMatchObject({ served: 4, correct: 3, discriminationAnswers: 4 });
    expect(sx.stats.facility).toBeCloseTo(0.75, 10);
    expect(sx.stats.discrimination).toBeCloseTo(-0.375 / Math.sqrt(0.515625), 10);
    const sy = await listed(y.id);
    expect(sy.stats.facility).toBeCloseTo(0.75, 10);
    expect(sy.stats.discrimination).toBeCloseTo(1 / 3, 10);
    const sz = await listed(z.id);
    expect(sz.stats).toMatchObject({ served: 4, correct: 2, facility: 0.5 });
    expect(sz.stats.discrimination).toBeCloseTo(0, 10);
    // Four answers are too few to flag anything, however the figures look.
    expect(sx.flags).toEqual([]);
    // An attempt sent without a single answer (given up, or sent blank to read the keys) adds nothing.
    await scriptedAttempt([x, y, z], [false, false, false], { blank: true });
    expect((await listed(z.id)).stats).toMatchObject({ served: 4, correct: 2, facility: 0.5 });
    // An item nobody answered has no figures.
    const [unseen] = await bankItems({ level: "C2" }, 1);
    expect((await listed(unseen.id)).stats).toMatchObject({ served: 0, facility: null, discrimination: null });
  });

  it("flags an item far harder than its level and one with negative discrimination, once answered 20 times", async () => {
    const [p, ...easy] = await bankItems({ level: "A1" }, 5);
    // P (A1) is missed by 20 students who get the other four A1 items right.
    for (let i = 0; i < 20; i++) await scriptedAttempt([p, ...easy], [false, true, true, true, true]);
    const [n] = (await bankItems({ level: "B1" }, 10)).slice(5);
    const others = (await bankItems({ level: "A2" }, 4)).map((r) => r);
    // N (B1) is right exactly when the four A2 items are wrong, and wrong when they are right.
    for (let i = 0; i < 20; i++) {
      const strong = i % 2 === 0;
      await scriptedAttempt([n, ...others], [!strong, strong, strong, strong, strong]);
    }
    const sp = await listed(p.id);
    expect(sp.stats).toMatchObject({ served: 20, correct: 0, facility: 0 });
    expect(sp.flags).toContain("too-hard");
    expect(defined(sp.stats.expectedFacility)).toBeGreaterThan(0.5);
    for (const e of easy) expect((await listed(e.id)).flags).toEqual([]);
    const sn = await listed(n.id);
    expect(sn.stats.facility).toBe(0.5);
    expect(sn.stats.discrimination).toBeCloseTo(-1, 10);
    expect(sn.flags).toContain("negative-discrimination");

    const teacher = await asTeacher();
    const flagged = await teacher.admin.questionBank.list({ flaggedOnly: true, limit: 100 });
    expect(flagged.items.map((i) => i.id).sort()).toEqual([n.id, p.id].sort());
    expect(flagged.counts.flagged).toBe(2);
    const a1 = await teacher.admin.questionBank.list({ flaggedOnly: true, level: "A1" });
    expect(a1.items.map((i) => i.id)).toEqual([p.id]);
    // Paging: a page of one, with the filtered total.
    const page = await teacher.admin.questionBank.list({ level: "A1", limit: 1, offset: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(await db().quizQuestion.count({ where: { level: "A1" } }));
  });
});

describe("distractor analysis (issue 34, item 7)", () => {
  it("each option's share in the stronger and weaker half of those who answered, split at their median ability", async () => {
    // Items no other test answers: C2 beyond the first five.
    const [d, ...fillers] = (await bankItems({ level: "C2" }, 10)).slice(5);
    const key = d.correctAnswer;
    const [near, lure, far] = [1, 2, 3].map((step) => (key + step) % 4);
    // Twenty placements with their stored ability: ten stronger (1.0 to 1.9), ten weaker (-1.0 to
    // -1.9). The stronger choose the key 7 times and the lure 3 times; the weaker the key once, the
    // lure once, and the other two wrong options 4 times each.
    const stronger = [key, key, key, key, key, key, key, lure, lure, lure];
    const weaker = [key, lure, near, near, near, near, far, far, far, far];
    for (const [group, sign] of [
      [stronger, 1],
      [weaker, -1],
    ] as const) {
      for (const [i, option] of group.entries()) {
        await scriptedAttempt([d, ...fillers], [option === key, true, true, true, true], {
          quizType: "general",
          theta: sign * (1 + i / 10),
          chosen: [option, ...fillers.map((f) => f.correctAnswer)],
        });
      }
    }
    const sd = await listed(d.id);
    expect(sd.stats.halves).toEqual({ stronger: 10, weaker: 10 });
    const shares = sd.stats.options.map((o) => [o.stronger, o.weaker]);
    expect(shares[key]).toEqual([0.7, 0.1]);
    expect(shares[lure]).toEqual([0.3, 0.1]);
    expect(shares[near]).toEqual([0, 0.4]);
    expect(shares[far]).toEqual([0, 0.4]);
    // The lure draws the stronger (30 % against 10 %); the key's own lead is no flag.
    expect(sd.stats.attractsStronger).toEqual([lure]);
    expect(sd.flags).toContain("distractor-attracts-stronger");
    // The fillers, all right, have no distractor chosen at all.
    const filler = await listed(fillers[0].id);
    expect(filler.stats.attractsStronger).toEqual([]);
    expect(filler.stats.options[fillers[0].correctAnswer]).toEqual({ stronger: 1, weaker: 1 });
    const teacher = await asTeacher();
    const flagged = await teacher.admin.questionBank.list({ flaggedOnly: true, level: "C2", limit: 100 });
    expect(flagged.items.map((i) => i.id)).toContain(d.id);
  });
});

describe("who may use the question bank view", () => {
  it("refuses students and visitors", async () => {
    const student = await newStudent();
    const caller = studentCaller(t, student);
    await expect(caller.admin.questionBank.list({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(caller.admin.questionBank.retire({ id: "a1-x" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(
      caller.admin.questionBank.correct({
        id: "a1-x",
        item: {
          question: "She ___ tea.",
          options: ["a", "b", "c", "d"],
          correctAnswer: 0,
          explanation: "x".repeat(20),
          level: "A1",
          concept: null,
        },
      }),
    ).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(caller.admin.questionBank.approve({ id: "a1-x" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const { token } = await createSession(db(), student.id, "student");
    for (const [path, body] of [
      ["admin.questionBank.list", null],
      ["admin.questionBank.retire", { id: "a1-x" }],
    ] as const) {
      for (const cookie of [undefined, `student_session=${token}`]) {
        const response = await t.app.inject({
          method: body ? "POST" : "GET",
          url: `/api/trpc/${path}${body ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`}`,
          headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
          ...(body ? { payload: JSON.stringify({ json: body }) } : {}),
        });
        expect(response.statusCode).toBe(401);
      }
    }
  });
});

describe("retiring and correcting items", () => {
  it("old results keep the retired item; new tests never serve it and serve the correction", async () => {
    // The smallest level-and-concept cell: a test of it serves every live item of the cell. (A
    // reading text's questions have reading concepts, which no concept test serves.)
    const cells = await db().quizQuestion.groupBy({
      by: ["level", "concept"],
      where: { source: "bank", isActive: true, retiredAt: null, concept: { not: null }, testletId: null },
      _count: { _all: true },
      orderBy: { _count: { id: "asc" } },
      take: 1,
    });
    const cell = defined(cells[0]);
    const level = cell.level;
    const concept = defined(cell.concept);
    expect(cell._count._all).toBeLessThanOrEqual(15);

    const student = await newStudent();
    const caller = studentCaller(t, student);
    const first = await caller.quiz.start({ kind: "level", level, concept });
    const served = first.questions.map((q) => q.id);
    const [retiredId, correctedId] = served;
    const { result } = await caller.quiz.submit({ attemptId: first.attemptId, answers: {} });

    const teacher = await asTeacher();
    const retired = await teacher.admin.questionBank.retire({ id: retiredId });
    expect(retired.item).toMatchObject({ id: retiredId, status: "retired" });
    const old = await db().quizQuestion.findUniqueOrThrow({ where: { id: correctedId } });
    const correction = {
      question: `${old.question} (corrected)`,
      options: ["first choice", "second choice", "third choice", "fourth choice"],
      correctAnswer: 2,
      explanation: "The third choice is right; the second looks close but changes the meaning.",
      level: old.level as "A1",
      concept: old.concept,
    };
    const corrected = await teacher.admin.questionBank.correct({ id: correctedId, item: correction });
    expect(corrected.item).toMatchObject({
      id: `${correctedId}-v2`,
      version: 2,
      replacesId: correctedId,
      status: "live",
      question: correction.question,
      correctAnswer: 2,
    });
    expect((await listed(correctedId)).status).toBe("retired");
    // Neither can be changed again; the correction can (version 3, from the first id).
    await expect(teacher.admin.questionBank.retire({ id: retiredId })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(teacher.admin.questionBank.correct({ id: correctedId, item: correction })).rejects.toMatchObject({
      code: "CONFLICT",
    });

    // The old result and its responses still speak of the items it was scored on.
    const again = await caller.quiz.result({ id: result.id });
    expect(again.result).toMatchObject({ score: result.score, totalQuestions: served.length });
    const reviewed = defined(again.review).find((r) => r.questionId === correctedId);
    expect(defined(reviewed).question).toBe(old.question);
    expect(defined(again.review).map((r) => r.questionId)).toContain(retiredId);
    const responses = await db().quizResponse.findMany({ where: { attemptId: first.attemptId } });
    expect(responses.map((r) => r.questionId).sort()).toEqual([...served].sort());
    const kept = await db().quizQuestion.findUniqueOrThrow({ where: { id: correctedId } });
    expect(kept.question).toBe(old.question);

    // New tests of the cell: never the retired items, always the correction (the cell is served whole).
    for (let i = 0; i < 3; i++) {
      const quiz = await caller.quiz.start({ kind: "level", level, concept });
      const ids = quiz.questions.map((q) => q.id);
      expect(ids).not.toContain(retiredId);
      expect(ids).not.toContain(correctedId);
      expect(ids).toContain(`${correctedId}-v2`);
      const served2 = quiz.questions.find((q) => q.id === `${correctedId}-v2`);
      expect([...defined(served2).options].sort()).toEqual([...correction.options].sort());
      await caller.quiz.submit({ attemptId: quiz.attemptId, answers: {} });
    }
    // The general assessment's pool leaves them out as well.
    const general = await caller.quiz.start({ kind: "general", type: "comprehensive" });
    expect(general.questions.map((q) => q.id)).not.toContain(retiredId);
    expect(general.questions.map((q) => q.id)).not.toContain(correctedId);
    await caller.quiz.submit({ attemptId: general.attemptId, answers: {} });

    // A restart's bank sync (the data files changed) neither brings the retired item back nor
    // undoes the correction.
    await db().appMeta.delete({ where: { key: "catalogue-checksum" } });
    await seedCatalogueAndSettings(db());
    const afterSync = await db().quizQuestion.findMany({
      where: { id: { in: [retiredId, correctedId, `${correctedId}-v2`] } },
      select: { id: true, retiredAt: true, isActive: true, question: true },
      orderBy: { id: "asc" },
    });
    expect(afterSync).toEqual(
      [
        { id: correctedId, retiredAt: expect.any(Date), isActive: true, question: old.question },
        { id: `${correctedId}-v2`, retiredAt: null, isActive: true, question: correction.question },
        { id: retiredId, retiredAt: expect.any(Date), isActive: true, question: expect.any(String) },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
    const quiz = await caller.quiz.start({ kind: "level", level, concept });
    expect(quiz.questions.map((q) => q.id)).not.toContain(retiredId);
    expect(quiz.questions.map((q) => q.id)).toContain(`${correctedId}-v2`);
    await caller.quiz.submit({ attemptId: quiz.attemptId, answers: {} });

    // A second correction numbers from the first id.
    const third = await teacher.admin.questionBank.correct({ id: `${correctedId}-v2`, item: correction });
    expect(third.item).toMatchObject({ id: `${correctedId}-v3`, version: 3, replacesId: `${correctedId}-v2` });
  });

  it("refuses a correction the bank checker would refuse, with a clear message", async () => {
    const teacher = await asTeacher();
    const [item] = await bankItems({ level: "B2" }, 1);
    const base = {
      question: "They ___ here since May.",
      options: ["have lived", "live", "are living", "lived"],
      correctAnswer: 0,
      explanation: "Since May asks for the present perfect; 'lived' would end the time.",
      level: "B2" as const,
      concept: null,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ options: ["have lived", "live", "Live", "lived"] }, CORRECTION_MESSAGES.distinct],
      [{ options: ["have lived", "live", "lived"] }, CORRECTION_MESSAGES.option],
      [{ correctAnswer: 4 }, CORRECTION_MESSAGES.key],
      [{ explanation: "Because." }, CORRECTION_MESSAGES.explanation],
      [{ options: ["have lived", "", "are living", "lived"] }, CORRECTION_MESSAGES.option],
    ];
    for (const [change, message] of cases) {
      await expect(
        teacher.admin.questionBank.correct({ id: item.id, item: { ...base, ...change } as typeof base }),
      ).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining(message) });
    }
    expect((await listed(item.id)).status).toBe("live");
    await expect(teacher.admin.questionBank.retire({ id: "no-such-item" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("the calibration job", () => {
  it("re-estimates items from placement answers, from stored or estimated abilities, nearer the label with fewer", async () => {
    const [k, m] = await bankItems({ level: "C1" }, 2);
    const fillers = await bankItems({ level: "B2" }, 4);
    // 35 placement attempts with a stored ability: K is right exactly above ability 0, far below
    // its C1 label (2.25 logits). M is answered only 29 times, the same way: it moves less.
    for (let i = 0; i < 35; i++) {
      const theta = -3 + (6 * i) / 34;
      const items = i < 29 ? [k, m] : [k];
      await scriptedAttempt(
        items,
        items.map(() => theta > 0),
        { quizType: "general", theta },
      );
    }
    // 5 placement attempts without a stored ability: estimated from their responses (all right:
    // a strong learner, who gets K right too).
    for (let i = 0; i < 5; i++) {
      await scriptedAttempt([k, ...fillers], [true, true, true, true, true], { quizType: "general" });
    }
    // Answers outside placement tests do not count.
    for (let i = 0; i < 3; i++) await scriptedAttempt([m], [false]);

    const at = new Date("2026-11-21T03:00:00Z");
    const outcome = await runCalibration(db(), at);
    expect(outcome.calibrated).toBeGreaterThanOrEqual(2);
    const rows = await db().quizQuestion.findMany({
      where: { id: { in: [k.id, m.id] } },
      select: { id: true, calibratedDifficulty: true, calibratedDiscrimination: true, calibratedAt: true },
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    const kc = defined(byId.get(k.id));
    expect(kc.calibratedAt).toEqual(at);
    expect(defined(kc.calibratedDifficulty)).toBeLessThan(2.25 - 0.75);
    expect(defined(kc.calibratedDiscrimination)).toBeGreaterThan(1);
    // Shrunk toward the label in proportion to the answers (40 for K, 29 for M): M stays nearer C1.
    const mc = defined(byId.get(m.id));
    expect(mc.calibratedAt).toEqual(at);
    expect(defined(mc.calibratedDifficulty)).toBeLessThan(2.25 - 0.5);
    expect(defined(mc.calibratedDifficulty)).toBeGreaterThan(defined(kc.calibratedDifficulty));
    // The view shows it.
    expect((await listed(k.id)).calibratedDifficulty).toBeCloseTo(defined(kc.calibratedDifficulty), 10);
  });
});

// ---------------------------------------------------------------------------------------------
// AI items against a local OpenAI-compatible endpoint: held for review, never in bank tests.

const aiItem = (i: number) => ({
  question: `Generated question number ${i}: he ___ football on Sundays.`,
  options: ["play", "plays", "playing", "played"],
  correctAnswer: 1,
  explanation: "Third person singular in the present simple takes -s: he plays, not 'play'.",
  level: "A2",
  skill: "grammar",
  concept: "present-simple",
  topic: "present simple",
});

async function readBody(req: IncomingMessage) {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text;
}

describe("AI-generated items", () => {
  let fake: Server;
  let ai: TestApp;
  beforeAll(async () => {
    fake = createServer(async (req, res) => {
      await readBody(req);
      const content = JSON.stringify({ questions: Array.from({ length: 15 }, (_, i) => aiItem(i + 1)) });
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id: "x",
          object: "chat.completion",
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        }),
      );
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    const port = (fake.address() as AddressInfo).port;
    ai = await createTestApp({
      database: t.database,
      env: { AI_API_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_API_KEY: "k", AI_MODEL: "m", AI_TIMEOUT_MS: "2000" },
    });
  });
  afterAll(async () => {
    await ai?.app.close();
    fake?.closeAllConnections();
    await new Promise((resolve) => fake?.close(resolve));
  });

  it("are stored pending, labelled on the result, reviewed by the teacher, and never reach a bank test", async () => {
    const student = await newStudent();
    const caller = studentCaller(ai, student);
    expect(await caller.quiz.aiStatus()).toEqual({ aiGenerationOn: true });
    expect(await studentCaller(t, student).quiz.aiStatus()).toEqual({ aiGenerationOn: false });

    const quiz = await caller.quiz.start({ kind: "ai" });
    const aiIds = quiz.questions.map((q) => q.id).filter((id) => id.startsWith("ai-"));
    expect(aiIds).toHaveLength(15);
    const stored = await db().quizQuestion.findMany({ where: { id: { in: aiIds } }, select: { reviewStatus: true } });
    expect(stored.every((q) => q.reviewStatus === "pending")).toBe(true);
    const { result } = await caller.quiz.submit({ attemptId: quiz.attemptId, answers: {} });
    expect(result).toMatchObject({ quizType: "ai", hasUnreviewedAiItems: true, certificateCode: null });
    expect((await caller.quiz.result({ id: result.id })).result.hasUnreviewedAiItems).toBe(true);

    // The teacher sees them waiting for review, approves one and retires another.
    const teacher = await asTeacher(ai);
    const pending = await teacher.admin.questionBank.list({ status: "pending", limit: 100 });
    expect(pending.aiGenerationOn).toBe(true);
    expect(pending.items.map((i) => i.id).sort()).toEqual([...aiIds].sort());
    expect(pending.items.every((i) => i.source === "ai")).toBe(true);
    const approved = await teacher.admin.questionBank.approve({ id: defined(aiIds[0]) });
    expect(approved.item.status).toBe("live");
    await expect(teacher.admin.questionBank.approve({ id: defined(aiIds[0]) })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await teacher.admin.questionBank.retire({ id: defined(aiIds[1]) });
    expect((await teacher.admin.questionBank.list({ status: "pending", limit: 100 })).total).toBe(13);

    // Bank tests of the same level and concept never serve a generated item.
    for (const input of [
      { kind: "level", level: "A2", concept: "present-simple" },
      { kind: "concept", concept: "present-simple", level: "A2" },
      { kind: "general", type: "comprehensive" },
    ] as const) {
      const bankQuiz = await caller.quiz.start(input);
      expect(bankQuiz.questions.some((q) => q.id.startsWith("ai-"))).toBe(false);
      await caller.quiz.submit({ attemptId: bankQuiz.attemptId, answers: {} });
    }
    // A bank-only result is not labelled.
    const level = await caller.quiz.start({ kind: "level", level: "A2" });
    const levelResult = await caller.quiz.submit({ attemptId: level.attemptId, answers: {} });
    expect(levelResult.result.hasUnreviewedAiItems).toBe(false);
  });
});
