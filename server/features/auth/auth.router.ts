// Who is signed in, for the student and the teacher sessions (GET /api/student-auth/status and
// /api/auth/status). Public: a visitor gets `authenticated: false`, never an error. Sign-in and
// logout stay REST (server/http/auth.http.ts): they set and clear cookies.
import type { Context } from "../../trpc/context.ts";
import { publicProcedure, router } from "../../trpc/init.ts";
import type { SessionKind } from "./session.service.ts";

async function sessionStatus(ctx: Context, kind: SessionKind) {
  const user = await ctx.sessionUser(kind);
  // A teacher's session whose admin right was taken away counts as signed out.
  if (!user || (kind === "admin" && !user.isAdmin)) return { authenticated: false as const, user: null };
  return {
    authenticated: true as const,
    user: { id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin, image_url: user.imageUrl },
  };
}

export const authRouter = router({
  studentStatus: publicProcedure.query(({ ctx }) => sessionStatus(ctx, "student")),
  adminStatus: publicProcedure.query(({ ctx }) => sessionStatus(ctx, "admin")),
});
