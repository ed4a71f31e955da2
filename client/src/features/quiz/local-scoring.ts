// Scoring for quizzes the server did not issue (the built-in sample, a quiz passed in
// navigation state): done in the browser as the spec describes, and saved marked unverified.
import { levelDifficulty } from "../../../../shared/quiz-catalog.ts";
import { estimateLevel, percentOf, scoreAnswers } from "../../../../shared/quiz-scoring.ts";
import { trpcClient } from "../../trpc.ts";
import type { LocalQuiz, QuizResultDto, ResultsState } from "./quiz-types.ts";

export function scoreLocalQuiz(
  quiz: LocalQuiz,
  answers: Record<string, number>,
  studyTimeSeconds: number,
  retryPath: string,
): ResultsState {
  const questions = quiz.questions.map((q) => ({ ...q, difficulty: levelDifficulty(q.level) }));
  const { score, review, skillBreakdown, difficultyBreakdown, levelBreakdown, topicBreakdown } = scoreAnswers(
    questions,
    answers,
  );
  const result: QuizResultDto = {
    id: `local-${quiz.id}`,
    attemptId: null,
    quizType: quiz.quizType,
    quizLevel: quiz.level,
    quizConcept: null,
    title: quiz.title,
    score,
    totalQuestions: quiz.questions.length,
    percent: percentOf({ correct: score, total: quiz.questions.length }),
    estimatedLevel: estimateLevel(levelBreakdown),
    studyTimeSeconds,
    metadata: {
      title: quiz.title,
      skillBreakdown,
      difficultyBreakdown,
      levelBreakdown,
      topicBreakdown,
      assessmentType: quiz.quizType,
      topic: quiz.topic,
    },
    isVerified: false,
    certificateCode: null,
    hasUnreviewedAiItems: false,
    createdAt: new Date().toISOString(),
  };
  // Sent without waiting for the answer; a failure is only logged (§7, §8).
  void trpcClient.quiz.save
    .mutate({
      quizType: quiz.quizType,
      quizLevel: result.quizLevel,
      quizConcept: null,
      score,
      totalQuestions: result.totalQuestions,
      estimatedLevel: result.estimatedLevel,
      studyTimeSeconds,
      metadata: {
        skillBreakdown,
        difficultyBreakdown,
        levelBreakdown,
        assessmentType: quiz.quizType,
        topic: quiz.topic,
      },
    })
    .catch((error) => console.error("Failed to save quiz result", error));
  return { result, review, retryPath };
}
