// REST adapters under /api/admin: every route here requires the admin role, re-read from the
// database with the session on each request. (GET /api/admin/public-config is public and lives
// in public.http.ts, outside this encapsulated plugin.)
import type { FastifyInstance } from "fastify";
import type { Db } from "../db.ts";
import { AppError } from "../errors.ts";
import { countDashboardStats } from "../features/admin/admin.data.ts";

export async function adminRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.addHook("onRequest", async (request) => {
    const admin = await request.sessionUser("admin");
    if (!admin) throw new AppError("UNAUTHORIZED", "Please sign in as the teacher.");
    if (!admin.isAdmin) throw new AppError("FORBIDDEN", "Administrator access required.");
  });

  app.get("/dashboard", async () => ({ stats: await countDashboardStats(opts.db) }));
}
