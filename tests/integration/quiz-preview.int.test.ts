// A test's start screen (issue 16, item 8): what the student reads before the clock starts, from
// quiz.preview, which stores nothing. The In-Depth Assessment says whether it is certified (issue 14).
import { describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "../../server/plugins/rate-limit.ts";
import { createInnerContext } from "../../server/trpc/context.ts";
import { createCaller } from "../../server/trpc/root.ts";
import { QUIZ_MESSAGES } from "../../shared/quiz-catalog.ts";
import { prepareTestApp } from "../helpers/test-app.ts";

const t = prepareTestApp();
let seq = 0;

async function newStudent() {
  const user = await t.database.prisma.user.create({
    data: { email: `p${++seq}-${Date.now()}@preview.test`, name: "Giorgio Neri" },
  });
  const student = { id: user.id, email: user.email, name: user.name, isAdmin: false as const, imageUrl: null };
  const caller = createCaller(
    createInnerContext({ db: t.database.prisma, env: t.env, rateLimiter: new MemoryRateLimiter() }, { student }),
  );
  return { id: user.id, caller };
}

const attemptsOf = (userId: string) => t.database.prisma.quizAttempt.count({ where: { userId } });

describe("the start screen of a test", () => {
  it("states questions, time limit and certificate of a level test, and stores no attempt", async () => {
    const s = await newStudent();
    const preview = await s.caller.quiz.preview({ kind: "level", level: "b1" });
    expect(preview).toMatchObject({
      title: "B1 Intermediate Test",
      questionCount: 45,
      adaptive: false,
      certification: { certified: true },
      inProgress: null,
    });
    expect(preview.timeLimitSeconds).toBeGreaterThan(0);
    expect(await attemptsOf(s.id)).toBe(0);
    // The attempt Start opens is the test the screen described.
    const started = await s.caller.quiz.start({ kind: "level", level: "b1" });
    expect(started.questions).toHaveLength(45);
    expect(started.timeLimitSeconds).toBe(preview.timeLimitSeconds);
  });

  it("the adaptive assessments say 'up to' their length; the quick one earns no certificate", async () => {
    const s = await newStudent();
    await expect(s.caller.quiz.preview({ kind: "general", type: "quick" })).resolves.toMatchObject({
      title: "Quick Assessment",
      questionCount: 15,
      adaptive: true,
      certification: null,
    });
    await expect(s.caller.quiz.preview({ kind: "general", type: "comprehensive" })).resolves.toMatchObject({
      title: "In-Depth Assessment",
      questionCount: 40,
      adaptive: true,
      certification: { certified: true },
    });
    await expect(
      s.caller.quiz.preview({ kind: "concept", concept: "present-simple", level: "b1" }),
    ).resolves.toMatchObject({ questionCount: 15, adaptive: false, certification: null });
    expect(await attemptsOf(s.id)).toBe(0);
  });

  it("an In-Depth Assessment within 24 hours of a certified one is practice, on the screen and in the runner", async () => {
    const s = await newStudent();
    const first = await s.caller.quiz.start({ kind: "general", type: "comprehensive" });
    expect(first.certification).toEqual({ certified: true, reasons: [], availableAt: null });
    await s.caller.quiz.submit({ attemptId: first.attemptId, answers: {} });

    const preview = await s.caller.quiz.preview({ kind: "general", type: "comprehensive" });
    expect(preview.certification).toMatchObject({ certified: false, reasons: ["cooldown"] });
    const availableAt = Date.parse(
      preview.certification?.certified === false ? (preview.certification.availableAt ?? "") : "",
    );
    const startedAt = Date.parse(first.startedAt);
    expect(availableAt - startedAt).toBe(24 * 60 * 60 * 1000);

    const second = await s.caller.quiz.start({ kind: "general", type: "comprehensive" });
    expect(second.certification).toEqual(preview.certification);
    // A refresh resumes the practice attempt and says the same.
    const resumed = await s.caller.quiz.start({ kind: "general", type: "comprehensive" });
    expect(resumed.attemptId).toBe(second.attemptId);
    expect(resumed.certification).toEqual(preview.certification);
  });

  it("an attempt in progress is described with its answers and time left, not a new test", async () => {
    const s = await newStudent();
    const quiz = await s.caller.quiz.start({ kind: "concept", concept: "present-simple", level: "b1" });
    const first = quiz.questions[0];
    if (!first) throw new Error("no question served");
    await s.caller.quiz.recordAnswer({ attemptId: quiz.attemptId, questionId: first.id, answer: 1 });
    const preview = await s.caller.quiz.preview({ kind: "concept", concept: "present-simple", level: "b1" });
    expect(preview.title).toBe(quiz.title);
    expect(preview.inProgress?.answered).toBe(1);
    expect(preview.inProgress?.secondsLeft).toBeGreaterThan(0);
    expect(preview.inProgress?.secondsLeft).toBeLessThanOrEqual(quiz.timeLimitSeconds);
    expect(await attemptsOf(s.id)).toBe(1);
  });

  it("a test that cannot be given fails on its screen with the message its start gives", async () => {
    const s = await newStudent();
    const refusal = (call: Promise<unknown>) =>
      call.then(
        () => null,
        (e: Error & { code?: string }) => e,
      );
    const onScreen = await refusal(s.caller.quiz.preview({ kind: "level", level: "z9" }));
    const onStart = await refusal(s.caller.quiz.start({ kind: "level", level: "z9" }));
    expect(onScreen).toMatchObject({ code: "BAD_REQUEST", message: QUIZ_MESSAGES.invalidLevel });
    expect(onStart?.message).toBe(onScreen?.message);
  });

  it("the personalised test's screen does not build it (no model call, nothing stored)", async () => {
    const s = await newStudent();
    await expect(s.caller.quiz.preview({ kind: "ai" })).resolves.toMatchObject({
      title: "Your Personalized Test",
      questionCount: 15,
      certification: null,
      inProgress: null,
    });
    expect(await attemptsOf(s.id)).toBe(0);
  });
});
