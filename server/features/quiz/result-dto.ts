import type { QuizLevel } from "../../../shared/quiz-catalog.ts";
import { type Breakdown, percentOf } from "../../../shared/quiz-scoring.ts";
import type { ResultRow } from "./quiz.data.ts";

export type ResultMetadata = {
  title?: string;
  skillBreakdown?: Breakdown;
  difficultyBreakdown?: Breakdown;
  levelBreakdown?: Breakdown;
  topicBreakdown?: Breakdown;
  assessmentType?: string;
  topic?: string;
  submittedLate?: boolean;
  /** A certified attempt answered faster than its questions can be read: scored, not certified. */
  tooFastToCertify?: boolean;
  /** A placement test's measurement: the level, how probable it is, the ability estimate and its standard error. */
  placement?: {
    level: QuizLevel;
    confidence: number;
    standardError: number;
    theta: number;
    levelProbabilities: Record<QuizLevel, number>;
    blocks: number;
    /** Measured precisely enough to certify (isPlacementMeasured); absent in results from before it. */
    measured?: boolean;
  };
};

/** Generated items are stored as `ai-<uuid>` and wait for review when an AI test serves them. */
const isAiGeneratedId = (ids: readonly string[]) => ids.some((id) => id.startsWith("ai-"));

export function toResultDto(r: ResultRow) {
  const metadata = (r.metadata ?? {}) as ResultMetadata;
  return {
    id: r.id,
    attemptId: r.attemptId,
    quizType: r.quizType,
    quizLevel: r.quizLevel,
    quizConcept: r.quizConcept,
    title: metadata.title ?? metadata.topic ?? r.quizType,
    score: r.score,
    totalQuestions: r.totalQuestions,
    percent: percentOf({ correct: r.score, total: r.totalQuestions }),
    estimatedLevel: r.estimatedLevel,
    studyTimeSeconds: r.studyTimeSeconds,
    metadata,
    isVerified: r.isVerified,
    certificateCode: r.certificateCode,
    /** The test served AI-generated items that no teacher had reviewed: practice only. */
    hasUnreviewedAiItems: r.quizType === "ai" && isAiGeneratedId(r.attempt?.questionIds ?? []),
    createdAt: r.createdAt.toISOString(),
  };
}
export type ResultDto = ReturnType<typeof toResultDto>;
