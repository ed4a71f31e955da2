import {
  limitCallOf,
  rateLimitedProcedure,
  rateLimitedStudentProcedure,
  router,
  studentProcedure,
} from "../../trpc/init.ts";
import { answerBlock, previewQuiz, recordAnswer, startQuiz, submitAttempt } from "./attempts.service.ts";
import { getOwnCertificate, verifyCertificate } from "./certificates.service.ts";
import { countQuestionsByLevel } from "./quiz.data.ts";
import {
  certificateLookupSchema,
  certificateQuerySchema,
  historyQuerySchema,
  recordAnswerSchema,
  resultIdSchema,
  saveResultSchema,
  startQuizSchema,
  submitAttemptSchema,
} from "./quiz.schemas.ts";
import { getOwnResult, getStats, listHistory, saveResult } from "./results.service.ts";

export const quizRouter = router({
  questionCounts: studentProcedure.query(({ ctx }) => countQuestionsByLevel(ctx.db)),
  /** Whether the AI test writes new items with a model (their items are not reviewed) or uses the bank only. */
  aiStatus: studentProcedure.query(({ ctx }) => ({ aiGenerationOn: Boolean(ctx.env.ai) })),
  /** A test's start screen: questions, time limit, certificate or practice, an attempt in progress. Stores nothing. */
  preview: studentProcedure.input(startQuizSchema).query(({ ctx, input }) => previewQuiz(ctx, ctx.student, input)),
  /** Starts (or resumes, while unfinished and in time) a server-kept attempt: questions without answer keys, the clock, saved answers. */
  start: rateLimitedStudentProcedure("write")
    .input(startQuizSchema)
    .mutation(async ({ ctx, input }) => {
      // Each AI-personalised test may call the paid model endpoint: a few per minute is plenty.
      if (input.kind === "ai") await limitCallOf(ctx, "quiz-ai");
      return startQuiz(ctx, ctx.student, input);
    }),
  recordAnswer: rateLimitedStudentProcedure("write")
    .input(recordAnswerSchema)
    .mutation(({ ctx, input }) => recordAnswer(ctx, ctx.student, input)),
  /** Sends the current block's answers: the next block of a placement test, or the result when the test is over. */
  answerBlock: rateLimitedStudentProcedure("write")
    .input(submitAttemptSchema)
    .mutation(({ ctx, input }) => answerBlock(ctx, ctx.student, input)),
  submit: rateLimitedStudentProcedure("write")
    .input(submitAttemptSchema)
    .mutation(({ ctx, input }) => submitAttempt(ctx, ctx.student, input)),
  /** POST /api/quiz-results/save: a result scored in the browser (or a server attempt by its id). */
  save: rateLimitedStudentProcedure("write")
    .input(saveResultSchema)
    .mutation(async ({ ctx, input }) => ({ success: true, ...(await saveResult(ctx, ctx.student, input)) })),
  history: studentProcedure
    .input(historyQuerySchema.prefault({}))
    .query(({ ctx, input }) => listHistory(ctx.db, ctx.student, input)),
  stats: studentProcedure.query(({ ctx }) => getStats(ctx.db, ctx.student)),
  result: studentProcedure.input(resultIdSchema).query(({ ctx, input }) => getOwnResult(ctx, ctx.student, input.id)),
  certificate: studentProcedure
    .input(certificateQuerySchema)
    .query(({ ctx, input }) => getOwnCertificate(ctx, ctx.student, input.resultId)),
  // Public on purpose: anyone holding the code may check it; the answer names only the first
  // name and the last name's initial.
  verifyCertificate: rateLimitedProcedure("code-lookup")
    .input(certificateLookupSchema)
    .query(({ ctx, input }) => verifyCertificate(ctx.db, input.code, input.locale)),
});
