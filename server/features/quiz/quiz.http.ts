// The quiz area's spec paths as mappings onto the quiz router: /api/quiz-results/* (students only)
// and the public certificate verification; and the quiz API for integrations, /api/quiz/attempts,
// on the same procedures the quiz pages call.

import { type ProcedureRoute, route } from "../../http/procedure-routes.ts";
import type { AnsweredBlock } from "./attempts.service.ts";
import { passesLevelTest } from "./certification.ts";

type Finished = Extract<AnsweredBlock, { done: true }>;

/**
 * A finished test as the API states it. A placement's `level` is the measured level and it has
 * `passed` when that level was measured (precisely enough to certify, and A1 itself shown: a blank
 * test is not a pass); any other test has passed at 60% of its questions.
 */
function toApiResult({ result, review }: Finished) {
  const placement = result.metadata.placement;
  return {
    level: placement?.level ?? (result.quizLevel === "mixed" ? null : result.quizLevel),
    score: result.score,
    total: result.totalQuestions,
    percentage: result.percent,
    passed: placement ? placement.measured === true : passesLevelTest(result.score, result.totalQuestions),
    ...(result.certificateCode ? { certificateCode: result.certificateCode } : {}),
    ...(placement ? { confidence: placement.confidence } : {}),
    review,
  };
}

/** The REST body's `learner_id` as the procedure's `learnerId`; anything else as sent. */
function withLearnerId(body: unknown) {
  if (!body || typeof body !== "object" || !("learner_id" in body)) return body;
  const { learner_id, ...rest } = body as Record<string, unknown>;
  return { ...rest, learnerId: learner_id };
}

export const quizProcedureRoutes: ProcedureRoute[] = [
  route("POST", "/api/quiz-results/save", "quiz.save", { input: ({ body }) => body }),
  route("GET", "/api/quiz-results/history", "quiz.history", { input: ({ query }) => query }),
  route("GET", "/api/quiz-results/stats", "quiz.stats"),
  // Public on purpose: anyone holding the code may check it; the answer names only the first
  // name and the last name's initial.
  route("GET", "/api/certificates/:code", "quiz.verifyCertificate", { input: ({ params }) => ({ code: params.code }) }),
  // Starts (or resumes) a test: its first block of questions, without keys, options in the order
  // served; answers are indices into those options.
  // Issue 31: `learner_id`, the learner of the family taking it (snake_case as bookings have it).
  route("POST", "/api/quiz/attempts", "quiz.start", { input: ({ body }) => withLearnerId(body) }),
  // Answers the current block: the next block, or the result when the test is over. A fixed-form
  // test is one block.
  route("POST", "/api/quiz/attempts/:attemptId/answers", "quiz.answerBlock", {
    input: ({ params, body }) => ({ attemptId: params.attemptId, answers: (body as { answers?: unknown }).answers }),
    body: (sent) =>
      sent.done
        ? { result: toApiResult(sent) }
        : { questions: sent.questions, block: sent.block, answers: sent.answers },
  }),
];
