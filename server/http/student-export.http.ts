// GET /api/student/export: a download, not a call, so a plain route (decision 0006).
import type { FastifyInstance } from "fastify";
import type { Db } from "../db.ts";
import { requireStudent } from "../features/auth/roles.ts";
import * as privacy from "../features/privacy/privacy.service.ts";

/** GET /api/student/export: a JSON copy of everything about the student, as a download. */
export async function studentExportRoute(app: FastifyInstance, opts: { db: Db }) {
  app.get("/api/student/export", async (request, reply) => {
    const student = await requireStudent(request.sessionUser);
    const data = await privacy.exportStudentData(opts.db, student.id);
    return reply
      .header("Content-Disposition", `attachment; filename="${privacy.exportFileName()}"`)
      .header("Cache-Control", "private, no-store")
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(data, null, 2));
  });
}
