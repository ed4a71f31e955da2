// Input schemas of the quiz procedures, beside their router, validated at the edge (tRPC and REST)
// before any service runs. The client takes only types from here (StartQuizInput).

import { z } from "zod";
import { localeSchema } from "../../../shared/i18n/locale-schema.ts";
import { QUIZ_TYPES } from "../../../shared/quiz-catalog.ts";
import { singleLineText } from "../../../shared/text.ts";

/** Route values arrive as strings; the service checks them to give the spec's own messages. */
// Issue 31: `learnerId` (REST `learner_id`), the learner of the family taking the test; without
// it, the account holder's own learner.
const taker = { learnerId: z.uuid().optional() };
export const startQuizSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("level"), level: z.string().max(20), concept: z.string().max(40).optional(), ...taker }),
  z.object({ kind: z.literal("concept"), concept: z.string().max(40), level: z.string().max(20).optional(), ...taker }),
  z.object({ kind: z.literal("general"), type: z.string().max(20).optional(), ...taker }),
  z.object({ kind: z.literal("ai"), ...taker }),
  // The REST API's name for the General Level Assessments (POST /api/quiz/attempts).
  z.object({
    kind: z.literal("placement"),
    mode: z.enum(["quick", "in-depth"], { message: "Invalid mode: use 'quick' or 'in-depth'." }),
    ...taker,
  }),
]);
export type StartQuizInput = z.infer<typeof startQuizSchema>;

const answerIndex = z.number().int().min(0).max(3);
/** {questionId: optionIndex}; at most 100 entries (the longest quiz asks 45). */
export const answersSchema = z
  .record(z.string().max(100), answerIndex)
  .refine((a) => Object.keys(a).length <= 100, "Too many answers.");

export const recordAnswerSchema = z.object({
  attemptId: z.uuid(),
  questionId: z.string().max(100),
  answer: answerIndex,
});
export const submitAttemptSchema = z.object({ attemptId: z.uuid(), answers: answersSchema });

const tally = z.object({ correct: z.number().int().min(0), total: z.number().int().min(0) });
const breakdown = z.record(z.string().max(100), tally).refine((b) => Object.keys(b).length <= 60, "Too many keys.");

/** POST /api/quiz-results/save: the spec's body, plus attemptId/answers for a server-issued quiz. */
export const saveResultSchema = z
  .object({
    attemptId: z.uuid().optional(),
    answers: answersSchema.optional(),
    quizType: z.enum(QUIZ_TYPES),
    quizLevel: singleLineText(40).nullish(),
    quizConcept: singleLineText(40).nullish(),
    score: z.number().int().min(0).max(200),
    totalQuestions: z.number().int().min(1).max(200),
    estimatedLevel: singleLineText(40).nullish(),
    studyTimeSeconds: z
      .number()
      .int()
      .min(0)
      .max(24 * 3600)
      .default(0),
    metadata: z
      .object({
        skillBreakdown: breakdown.optional(),
        difficultyBreakdown: breakdown.optional(),
        levelBreakdown: breakdown.optional(),
        assessmentType: singleLineText(40).optional(),
        topic: singleLineText(200).optional(),
      })
      .optional(),
  })
  .refine((b) => b.score <= b.totalQuestions, { message: "score cannot exceed totalQuestions", path: ["score"] });
export type SaveResultInput = z.infer<typeof saveResultSchema>;

export const historyQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  quizType: z.enum(QUIZ_TYPES).optional(),
});

export const certificateCodeSchema = z.string().regex(/^[A-Z0-9-]{6,40}$/);

/** A result or certificate by its id. */
export const resultIdSchema = z.object({ id: z.uuid() });
export const certificateQuerySchema = z.object({ resultId: z.uuid() });
/** The public check; the service tests the code's form, so a malformed one is "not found". */
export const certificateLookupSchema = z.object({ code: z.string().max(200), locale: localeSchema.optional() });
