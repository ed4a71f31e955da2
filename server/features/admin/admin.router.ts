import { adminProcedure, router } from "../../trpc/init.ts";
import { countDashboardStats } from "./admin.data.ts";

export const adminRouter = router({
  me: adminProcedure.query(({ ctx }) => ({ id: ctx.admin.id, name: ctx.admin.name, email: ctx.admin.email })),
  dashboardStats: adminProcedure.query(({ ctx }) => countDashboardStats(ctx.db)),
});
