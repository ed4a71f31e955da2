// A student's quiz results: saving one (scored by the server when it holds the attempt), the
// history and the totals.

import { CONCEPT_LEVELS, GENERAL_ASSESSMENTS, QUIZ_LEVELS } from "../../../shared/quiz-catalog.ts";
import { scoreAnswers } from "../../../shared/quiz-scoring.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import type { SessionUser } from "../auth/session.data.ts";
import { submitAttempt } from "./attempts.service.ts";
import type { Services } from "./question-plans.service.ts";
import { findOwnAttempt, findOwnResult, insertUnverifiedResult, listOwnResults, sumOwnResults } from "./quiz.data.ts";
import type { SaveResultInput } from "./quiz.schemas.ts";
import { toResultDto } from "./result-dto.ts";
import { reviewFor, type ShownReviewEntry } from "./result-review.ts";
import { servedQuestions } from "./served.ts";

/** The hub's distinct tests: 2 general assessments, 6 level tests, 9 concept tests, the AI test. */
export const AVAILABLE_QUIZZES =
  Object.keys(GENERAL_ASSESSMENTS).length + QUIZ_LEVELS.length + Object.keys(CONCEPT_LEVELS).length + 1;

/**
 * POST /api/quiz-results/save. With an attemptId the server scores the attempt itself and the
 * body's score, level and breakdowns are ignored. Without one (the built-in sample, a quiz
 * passed in navigation state) the browser's score is stored as it is, marked unverified.
 */
export async function saveResult(services: Services, student: SessionUser, body: SaveResultInput) {
  if (body.attemptId)
    return submitAttempt(services, student, { attemptId: body.attemptId, answers: body.answers ?? {} });
  const row = await insertUnverifiedResult(services.db, {
    userId: student.id,
    quizType: body.quizType,
    quizLevel: body.quizLevel ?? null,
    quizConcept: body.quizConcept ?? null,
    score: body.score,
    totalQuestions: body.totalQuestions,
    estimatedLevel: body.estimatedLevel ?? null,
    studyTimeSeconds: body.studyTimeSeconds,
    metadata: { ...(body.metadata ?? {}), title: body.metadata?.topic ?? "Practice quiz" },
  });
  return { result: toResultDto(row), review: null };
}

export async function getOwnResult(services: Services, student: SessionUser, resultId: string) {
  const result = await findOwnResult(services.db, resultId, student.id);
  if (!result) throw new AppError("NOT_FOUND", "Result not found.");
  let review: ShownReviewEntry[] | null = null;
  if (result.attemptId) {
    const attempt = await findOwnAttempt(services.db, result.attemptId, student.id);
    if (attempt?.submittedAt) {
      // In the order this attempt served the options: the stored answers index into it.
      const questions = await servedQuestions(services.db, attempt);
      review = reviewFor(attempt, scoreAnswers(questions, (attempt.answers ?? {}) as Record<string, number>).review);
    }
  }
  return { result: toResultDto(result), review };
}

export async function listHistory(db: Db, student: SessionUser, filter: { limit: number; quizType?: string }) {
  return { results: (await listOwnResults(db, student.id, filter)).map(toResultDto) };
}

/** The hub's tiles: average score in percent, study time in minutes; all 0 without results. */
export async function getStats(db: Db, student: SessionUser) {
  const rows = await sumOwnResults(db, student.id);
  const percents = rows.map((r) => (r.totalQuestions ? (r.score / r.totalQuestions) * 100 : 0));
  return {
    stats: {
      totalQuizzes: AVAILABLE_QUIZZES,
      completedQuizzes: rows.length,
      averageScore: percents.length ? Math.round(percents.reduce((a, b) => a + b, 0) / percents.length) : 0,
      studyTime: Math.round(rows.reduce((a, r) => a + r.studyTimeSeconds, 0) / 60),
    },
  };
}
