// Scoring for quizzes the server did not issue (the built-in sample, a quiz passed in
// navigation state): done in the browser as the spec describes, and saved marked unverified.
import { addTo, type Breakdown, estimateLevel, percentOf } from "../../../../shared/quiz-scoring.ts";
import { trpcClient } from "../../trpc.ts";
import type { LocalQuiz, QuizResultDto, ResultsState, ReviewEntry } from "./quiz-types.ts";

export function scoreLocalQuiz(
  quiz: LocalQuiz,
  answers: Record<string, number>,
  studyTimeSeconds: number,
  retryPath: string,
): ResultsState {
  const skillBreakdown: Breakdown = {};
  const difficultyBreakdown: Breakdown = {};
  const levelBreakdown: Breakdown = {};
  const topicBreakdown: Breakdown = {};
  const review: ReviewEntry[] = quiz.questions.map((q) => {
    const selected = answers[q.id] ?? null;
    const isCorrect = selected === q.correctAnswer;
    addTo(skillBreakdown, q.skill, isCorrect);
    addTo(levelBreakdown, q.level, isCorrect);
    addTo(difficultyBreakdown, String(["A1", "A2", "B1", "B2", "C1", "C2"].indexOf(q.level) + 1), isCorrect);
    addTo(topicBreakdown, q.concept ?? q.topic, isCorrect);
    return {
      questionId: q.id,
      question: q.question,
      options: q.options,
      selectedAnswer: selected,
      correctAnswer: q.correctAnswer,
      isCorrect,
      explanation: q.explanation,
      skill: q.skill,
      level: q.level,
      concept: q.concept,
      topic: q.topic,
      isLate: false,
    };
  });
  const score = review.filter((r) => r.isCorrect).length;
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
