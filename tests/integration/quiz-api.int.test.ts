// The quiz API for integrations (issue 14, item 2), over HTTP as a client would call it:
// POST /api/quiz/attempts starts a test and gives its first block; POST
// /api/quiz/attempts/{id}/answers answers the current block and gives the next one or the result.
// Answers are indices into the options as served (they are shuffled per attempt).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSession } from "../../server/features/auth/session.service.ts";
import { QUIZ_LEVELS } from "../../shared/quiz-catalog.ts";
import { defined } from "../helpers/defined.ts";
import { servedKeys } from "../helpers/served-keys.ts";
import { prepareTestApp } from "../helpers/test-app.ts";

const t = prepareTestApp();
let seq = 0;

async function newStudent(name = "Sofia Bianchi") {
  const user = await t.database.prisma.user.create({ data: { email: `api${++seq}-${Date.now()}@quiz.test`, name } });
  const { token } = await createSession(t.database.prisma, user.id, "student");
  return `student_session=${token}`;
}

type Question = { id: string; question: string; options: string[] };
type Answered = {
  questions?: Question[];
  result?: {
    level: string | null;
    score: number;
    total: number;
    percentage: number;
    passed: boolean;
    certificateCode?: string;
    confidence?: number;
    review: { questionId: string; correctAnswer: number }[];
  };
};

async function post(cookie: string, url: string, payload: unknown) {
  const response = await t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", cookie, "sec-fetch-site": "same-origin" },
    payload: JSON.stringify(payload),
  });
  return { status: response.statusCode, body: response.json(), text: response.body };
}

/** Runs a test to the end through the API, answering with `choose`; returns the blocks and the result. */
async function take(cookie: string, start: unknown, choose: (key: number) => number) {
  const started = await post(cookie, "/api/quiz/attempts", start);
  expect(started.status, started.text).toBe(200);
  const attemptId: string = started.body.attemptId;
  const blocks: Question[][] = [];
  let questions: Question[] = started.body.questions;
  for (;;) {
    blocks.push(questions);
    // The spec's question; a question about a reading text also carries the text (docs/placement.md).
    for (const q of questions) {
      const { passage, ...rest } = q as Question & { passage?: Record<string, unknown> };
      expect(Object.keys(rest).sort()).toEqual(["id", "options", "question"]);
      if (passage) expect(Object.keys(passage).sort()).toEqual(["genre", "id", "text", "title"]);
    }
    const key = await servedKeys(t.database.prisma, { attemptId, questions });
    const answers = Object.fromEntries(questions.map((q) => [q.id, choose(defined(key.get(q.id)))]));
    const sent = await post(cookie, `/api/quiz/attempts/${attemptId}/answers`, { answers });
    expect(sent.status, sent.text).toBe(200);
    const body = sent.body as Answered;
    if (body.result) return { attemptId, blocks, result: body.result, raw: sent.text };
    questions = defined(body.questions);
  }
}

const right = (key: number) => key;
const wrong = (key: number) => (key + 1) % 4;

describe("POST /api/quiz/attempts and /answers, for each kind", () => {
  it("placement, quick: three blocks of 5, then the measured level; never a key before the end", async () => {
    const cookie = await newStudent();
    const run = await take(cookie, { kind: "placement", mode: "quick" }, right);
    expect(run.blocks.map((b) => b.length)).toEqual([5, 5, 5]);
    expect(new Set(run.blocks.flat().map((q) => q.id)).size).toBe(15);
    expect(run.result).toMatchObject({ score: 15, total: 15, percentage: 100 });
    expect(["C1", "C2"]).toContain(run.result.level);
    expect(run.result.confidence).toBeGreaterThan(0);
    expect(run.result.certificateCode).toBeUndefined();
    expect(run.result.review).toHaveLength(15);
  });

  it("placement, in-depth: eight blocks of 5; all wrong ends at A1", async () => {
    const cookie = await newStudent();
    const run = await take(cookie, { kind: "placement", mode: "in-depth" }, wrong);
    // A reading text of 6 questions fills its block (the seventh) with 6, and the last then has 4.
    const text = run.blocks[6].filter((q) => (q as { passage?: unknown }).passage).length;
    expect(run.blocks.map((b) => b.length)).toEqual(text === 6 ? [5, 5, 5, 5, 5, 5, 6, 4] : [5, 5, 5, 5, 5, 5, 5, 5]);
    expect(run.result).toMatchObject({ level: "A1", score: 0, total: 40 });
    // Placed at A1, but nothing was shown: not a pass, and no certificate.
    expect(run.result.passed).toBe(false);
    expect(run.result.certificateCode).toBeUndefined();
  });

  it("level: one block of 45; a passed certified attempt carries its certificate code", async () => {
    const cookie = await newStudent();
    const run = await take(cookie, { kind: "level", level: "A2" }, right);
    expect(run.blocks.map((b) => b.length)).toEqual([45]);
    expect(run.result).toMatchObject({ level: "A2", score: 45, total: 45, passed: true });
    expect(run.result.certificateCode).toMatch(/^[A-Z0-9-]+$/);
  });

  it("level: a failing attempt has not passed and carries no certificate", async () => {
    const cookie = await newStudent();
    const run = await take(cookie, { kind: "level", level: "B1" }, wrong);
    expect(run.result).toMatchObject({ level: "B1", score: 0, passed: false });
    expect(run.result.certificateCode).toBeUndefined();
  });

  it("concept, with and without a level; and the personalised test", async () => {
    const cookie = await newStudent();
    const atLevel = await take(cookie, { kind: "concept", concept: "articles", level: "B1" }, right);
    expect(atLevel.blocks.map((b) => b.length)).toEqual([15]);
    expect(atLevel.result).toMatchObject({ level: "B1", score: 15, passed: true });
    const mixed = await take(cookie, { kind: "concept", concept: "articles" }, wrong);
    expect(mixed.result).toMatchObject({ level: null, score: 0, passed: false });
    const ai = await take(cookie, { kind: "ai" }, right);
    expect(ai.result).toMatchObject({ score: ai.result.total, passed: true });
    expect(QUIZ_LEVELS as readonly (string | null)[]).toContain(ai.result.level);
  });

  it("starting again while a test is open resumes it: the same attempt and block", async () => {
    const cookie = await newStudent();
    const first = await post(cookie, "/api/quiz/attempts", { kind: "placement", mode: "quick" });
    const again = await post(cookie, "/api/quiz/attempts", { kind: "placement", mode: "quick" });
    expect(again.body.attemptId).toBe(first.body.attemptId);
    expect(again.body.questions).toEqual(first.body.questions);
  });
});

describe("refusals", () => {
  it("another student's attempt is a 404, and so is an unknown or malformed id", async () => {
    const owner = await newStudent();
    const started = await post(owner, "/api/quiz/attempts", { kind: "level", level: "A1" });
    const stranger = await newStudent("Marco Verdi");
    const notFound = { error: "The quiz you're looking for doesn't exist." };
    const theirs = await post(stranger, `/api/quiz/attempts/${started.body.attemptId}/answers`, { answers: {} });
    expect([theirs.status, theirs.body]).toEqual([404, notFound]);
    const unknown = await post(stranger, `/api/quiz/attempts/${randomUUID()}/answers`, { answers: {} });
    expect([unknown.status, unknown.body]).toEqual([404, notFound]);
    const malformed = await post(stranger, "/api/quiz/attempts/not-an-id/answers", { answers: {} });
    expect(malformed.status).toBe(404);
    // The owner's attempt is untouched by all this.
    const attempt = await t.database.prisma.quizAttempt.findUniqueOrThrow({ where: { id: started.body.attemptId } });
    expect(attempt.submittedAt).toBeNull();
  });

  it("a visitor is asked to sign in; bad starts and bad answers get a clear 400", async () => {
    expect((await post("", "/api/quiz/attempts", { kind: "placement", mode: "quick" })).status).toBe(401);
    const cookie = await newStudent();
    expect(await post(cookie, "/api/quiz/attempts", { kind: "placement", mode: "slow" })).toMatchObject({
      status: 400,
      body: { error: "Invalid mode: use 'quick' or 'in-depth'." },
    });
    expect(await post(cookie, "/api/quiz/attempts", { kind: "level", level: "Z9" })).toMatchObject({
      status: 400,
      body: { error: "Invalid level selected." },
    });
    const started = await post(cookie, "/api/quiz/attempts", { kind: "level", level: "A1" });
    const [first] = started.body.questions as Question[];
    const bad = await post(cookie, `/api/quiz/attempts/${started.body.attemptId}/answers`, {
      answers: { [first.id]: 7 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual(expect.any(String));
  });
});
