import { publicProcedure, rateLimitedStudentProcedure, router, studentProcedure } from "../../trpc/init.ts";
import { getFeedStatus, resetFeed } from "../calendar/calendar-feed.service.ts";

export const portalRouter = router({
  status: publicProcedure.query(async ({ ctx }) => {
    const student = await ctx.sessionUser("student");
    return student
      ? { authenticated: true as const, user: { id: student.id, name: student.name, email: student.email } }
      : { authenticated: false as const, user: null };
  }),
  me: studentProcedure.query(({ ctx }) => ({ id: ctx.student.id, name: ctx.student.name, email: ctx.student.email })),
  calendarFeed: router({
    get: studentProcedure.query(({ ctx }) => getFeedStatus(ctx.db, ctx.student.id, "student")),
    reset: rateLimitedStudentProcedure("write").mutation(({ ctx }) =>
      resetFeed(ctx.db, ctx.student.id, "student", ctx.env.PUBLIC_URL),
    ),
  }),
});
