import { adminProcedure } from "../../trpc/init.ts";
import { resolveTeacher } from "./admin.service.ts";

/** The signed-in admin's own Teacher row (every admin is a teacher). */
export const teacherProcedure = adminProcedure.use(async ({ ctx, next }) =>
  next({ ctx: { ...ctx, teacher: await resolveTeacher(ctx.db, ctx.admin) } }),
);
