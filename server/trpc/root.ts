import { adminRouter } from "../features/admin/admin.router.ts";
import { authRouter } from "../features/auth/auth.router.ts";
import { bookingRouter } from "../features/booking/booking.router.ts";
import { portalRouter } from "../features/portal/portal.router.ts";
import { quizRouter } from "../features/quiz/quiz.router.ts";
import { createCallerFactory, router } from "./init.ts";

export const appRouter = router({
  booking: bookingRouter,
  portal: portalRouter,
  admin: adminRouter,
  quiz: quizRouter,
  auth: authRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
