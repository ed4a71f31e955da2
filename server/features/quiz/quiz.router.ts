import { z } from "zod";
import { recordAnswerSchema, startQuizSchema, submitAttemptSchema } from "../../../shared/quiz-schemas.ts";
import { limitCallOf, rateLimitedStudentProcedure, router, studentProcedure } from "../../trpc/init.ts";
import { countQuestionsByLevel } from "./quiz.data.ts";
import { getOwnCertificate, getOwnResult, recordAnswer, startQuiz, submitAttempt } from "./quiz.service.ts";

export const quizRouter = router({
  questionCounts: studentProcedure.query(({ ctx }) => countQuestionsByLevel(ctx.db)),
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
  submit: rateLimitedStudentProcedure("write")
    .input(submitAttemptSchema)
    .mutation(({ ctx, input }) => submitAttempt(ctx, ctx.student, input)),
  result: studentProcedure
    .input(z.object({ id: z.uuid() }))
    .query(({ ctx, input }) => getOwnResult(ctx, ctx.student, input.id)),
  certificate: studentProcedure
    .input(z.object({ resultId: z.uuid() }))
    .query(({ ctx, input }) => getOwnCertificate(ctx, ctx.student, input.resultId)),
});
