// Reading texts (testlets, issue 34, item 2) in the In-Depth Assessment through tRPC and REST on a
// real database: a block that serves a text serves it whole, its questions first and in order,
// each carrying the text; the quick test serves none; level tests draw no text's questions; the
// estimate scores a text as one unit (the state keeps each question's text).
import { describe, expect, it } from "vitest";
import { createSession } from "../../server/features/auth/session.service.ts";
import { READING_BLOCKS } from "../../server/features/quiz/placement/placement.ts";
import type { PlacementState } from "../../server/features/quiz/placement.service.ts";
import { MemoryRateLimiter } from "../../server/plugins/rate-limit.ts";
import { createInnerContext } from "../../server/trpc/context.ts";
import { createCaller } from "../../server/trpc/root.ts";
import { levelDifficulty, QUIZ_LEVELS } from "../../shared/quiz-catalog.ts";
import { defined } from "../helpers/defined.ts";
import { servedKeys } from "../helpers/served-keys.ts";
import { prepareTestApp } from "../helpers/test-app.ts";

const t = prepareTestApp();
let seq = 0;

/** Two texts at every level, of 5 and 6 questions. */
async function insertTexts() {
  const db = t.database.prisma;
  for (const level of QUIZ_LEVELS) {
    for (const [n, size] of [
      [1, 5],
      [2, 6],
    ] as const) {
      const id = `${level.toLowerCase()}-text-test-${n}`;
      await db.quizTestlet.create({
        data: {
          id,
          level,
          title: `A ${level} text number ${n}`,
          topic: `reading: test ${id}`,
          genre: "article",
          text: `First paragraph of ${id}.\n\nSecond paragraph of ${id}.`,
        },
      });
      await db.quizQuestion.createMany({
        data: Array.from({ length: size }, (_, q) => ({
          id: `${id}-q${q + 1}`,
          question: `Question ${q + 1} about ${id}?`,
          options: ["first answer", "second answer", "third answer", "fourth answer"],
          correctAnswer: q % 4,
          explanation: "The text says so; 'second answer' is what it does not say.",
          skill: "reading",
          level,
          difficulty: levelDifficulty(level),
          concept: q === 0 ? "reading-gist" : "reading-detail",
          topic: `reading: test ${id}`,
          point: `${id}-point-${q + 1}`,
          testletId: id,
          testletPosition: q + 1,
        })),
      });
    }
  }
}

async function newStudent() {
  const user = await t.database.prisma.user.create({
    data: { email: `text${++seq}-${Date.now()}@quiz.test`, name: "Chiara Neri" },
  });
  const session = await createSession(t.database.prisma, user.id, "student");
  const student = { id: user.id, email: user.email, name: user.name, isAdmin: false as const, imageUrl: null };
  const caller = createCaller(
    createInnerContext({ db: t.database.prisma, env: t.env, rateLimiter: new MemoryRateLimiter() }, { student }),
  );
  return { student, caller, session };
}

type Served = { id: string; passage?: { id: string; title: string; text: string } };

describe("reading texts in the placement tests", () => {
  it("the In-Depth Assessment serves one text whole in its seventh block, each question with the text, scored as one unit", async () => {
    await insertTexts();
    const { caller } = await newStudent();
    const started = await caller.quiz.start({ kind: "general", type: "comprehensive" });
    const blocks: Served[][] = [started.questions];
    let questions: Served[] = started.questions;
    for (;;) {
      const keys = await servedKeys(t.database.prisma, { attemptId: started.attemptId, questions });
      const sent = await caller.quiz.answerBlock({
        attemptId: started.attemptId,
        answers: Object.fromEntries(questions.map((q) => [q.id, defined(keys.get(q.id))])),
      });
      if (sent.done) break;
      questions = sent.questions;
      blocks.push(questions);
    }
    expect(blocks).toHaveLength(8);
    expect(blocks.flat()).toHaveLength(40);
    const [reading] = READING_BLOCKS.comprehensive;
    blocks.forEach((block, index) => {
      if (index !== reading) expect(block.some((q) => q.passage)).toBe(false);
    });
    const block = blocks[reading];
    const passage = defined(block[0].passage);
    const text = block.filter((q) => q.passage);
    // Whole, first, in order; the block is 5, or 6 for a text of 6 (then the last block is 4).
    expect(text.map((q) => q.id)).toEqual(text.map((_, i) => `${passage.id}-q${i + 1}`));
    expect(block.slice(0, text.length)).toEqual(text);
    expect(text.every((q) => q.passage?.id === passage.id)).toBe(true);
    // The text as stored (the bank's own texts, or the ones this test added).
    const stored = await t.database.prisma.quizTestlet.findUniqueOrThrow({ where: { id: passage.id } });
    expect(passage).toEqual({ id: stored.id, title: stored.title, genre: stored.genre, text: stored.text });
    expect(block).toHaveLength(Math.max(5, text.length));
    expect(blocks[7]).toHaveLength(text.length === 6 ? 4 : 5);
    // The state the estimate reads names each question's text, so they are scored together.
    const attempt = await t.database.prisma.quizAttempt.findUniqueOrThrow({ where: { id: started.attemptId } });
    const state = attempt.placement as PlacementState;
    for (const q of text) expect(state.items[q.id]).toMatchObject({ testlet: passage.id });
    expect(Object.values(state.items).filter((p) => p.testlet)).toHaveLength(text.length);
  });

  it("the quick test serves no text, and a level test draws no text's questions", async () => {
    const { caller } = await newStudent();
    const quick = await caller.quiz.start({ kind: "general", type: "quick" });
    let questions: Served[] = quick.questions;
    const served: Served[] = [...questions];
    for (;;) {
      const sent = await caller.quiz.answerBlock({
        attemptId: quick.attemptId,
        answers: Object.fromEntries(questions.map((q) => [q.id, 0])),
      });
      if (sent.done) break;
      questions = sent.questions;
      served.push(...questions);
    }
    expect(served).toHaveLength(15);
    expect(served.some((q) => q.passage || q.id.includes("-text-"))).toBe(false);
    for (const level of ["b1", "c1"]) {
      const test = await caller.quiz.start({ kind: "level", level });
      expect(test.questions.some((q) => q.id.includes("-text-"))).toBe(false);
    }
  });

  it("REST: a started attempt's questions carry the text the same way", async () => {
    const { session } = await newStudent();
    const started = await t.app.inject({
      method: "POST",
      url: "/api/quiz/attempts",
      payload: { kind: "general", type: "comprehensive" },
      headers: {
        "content-type": "application/json",
        cookie: `student_session=${session.token}`,
        "sec-fetch-site": "same-origin",
      },
    });
    expect(started.statusCode).toBe(200);
    const body = started.json() as { attemptId: string; questions: Served[] };
    // The first block holds no text: the questions keep their spec shape.
    for (const q of body.questions) expect(Object.keys(q).sort()).toEqual(["id", "options", "question"]);
  });
});
