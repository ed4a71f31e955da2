import { router, studentProcedure } from "../../trpc/init.ts";
import { countQuestionsByLevel } from "./quiz.data.ts";

export const quizRouter = router({
  questionCounts: studentProcedure.query(({ ctx }) => countQuestionsByLevel(ctx.db)),
});
